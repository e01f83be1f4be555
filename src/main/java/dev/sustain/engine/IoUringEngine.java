package dev.sustain.engine;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The Linux io_uring engine: requests go straight from the slot's native buffer to the kernel
 * through a shared submission ring, with one io_uring_enter per batch and none per request when
 * completions are already posted. Bound to the raw syscalls with java.lang.foreign; no native
 * library. Completions carry the kernel's result: bytes, or a negated errno (e.g. {@code -22}
 * EINVAL for misaligned O_DIRECT, {@code -28} ENOSPC).
 *
 * <p>Used by one runner thread at a time, as {@link IoEngine} says. Use {@link #probe()} before
 * choosing it: io_uring can be disabled by sysctl or blocked by seccomp.
 */
public final class IoUringEngine implements IoEngine {

  /** user_data at or above this marks the engine's own requests (cancel), not a slot. */
  private static final long INTERNAL_USER_DATA = 1L << 62;

  /** How long close() waits for requests in flight once it has asked the kernel to cancel them. */
  private static final long CLOSE_WAIT_NANOS = 2_000_000_000L;

  /**
   * Setup flags tried first (Linux 6.1+), as fio uses them: one submitting thread, completion work
   * deferred to the moments that thread waits (fewer wake-ups and no interrupts of its work). The
   * ring starts disabled and is enabled by the first thread that uses it, which need not be the one
   * that opened it. A kernel that refuses them gets a plain ring.
   */
  private static final int PREFERRED_SETUP_FLAGS =
      Integer.getInteger(
          "sustain.uring.setupFlags",
          IoUringRing.SETUP_CLAMP
              | IoUringRing.SETUP_SUBMIT_ALL
              | IoUringRing.SETUP_COOP_TASKRUN
              | IoUringRing.SETUP_SINGLE_ISSUER
              | IoUringRing.SETUP_DEFER_TASKRUN
              | IoUringRing.SETUP_R_DISABLED);

  private static volatile String probeResult;

  private final Arena arena = Arena.ofShared();
  private final MemorySegment errno = LinuxNative.newErrnoBuffer(arena);
  private final IoUringRing.CqeHandler handler = this::onCompletion;

  private IoUringRing ring;
  private int fd = -1;
  private Path path;
  private boolean closed;

  /** Slots in flight by {@link IoSlot#index}; null where none. */
  private IoSlot[] inFlightSlots = new IoSlot[0];

  private int inFlight;
  private int delivered;
  private CompletionSink sink;

  /** Registered (fixed) buffers: addresses and sizes, searched linearly (there are few). */
  private long[] fixedStart = new long[0];

  private long[] fixedEnd = new long[0];

  /**
   * Whether this kernel and process allow io_uring: cheap (one io_uring_setup and close, once per
   * process) and never throws.
   *
   * @return null when usable, else why not (for run.json and {@code --engine uring} errors)
   */
  public static String probe() {
    String result = probeResult;
    if (result == null) {
      result = runProbe();
      probeResult = result;
    }
    return result.isEmpty() ? null : result;
  }

  /** True when {@link #probe()} found io_uring usable. */
  public static boolean isAvailable() {
    return probe() == null;
  }

  private static String runProbe() {
    try {
      if (LinuxNative.UNAVAILABLE != null) {
        return LinuxNative.UNAVAILABLE;
      }
      String disabled = disabledBySysctl(Path.of("/proc/sys/kernel/io_uring_disabled"));
      if (disabled != null) {
        return disabled;
      }
      try (IoUringRing r = new IoUringRing(2, 0)) {
        if ((r.features & IoUringRing.FEAT_EXT_ARG) == 0) {
          return "kernel too old for io_uring waits with a timeout (needs Linux 5.11)";
        }
      }
      return "";
    } catch (IOException | RuntimeException | Error e) {
      // An Error here is the FFM linker failing (e.g. native access denied): not usable, no more.
      String message = e.getMessage() == null ? e.toString() : e.getMessage();
      return "io_uring unavailable: " + message;
    }
  }

  /**
   * Reads the kernel.io_uring_disabled sysctl (Linux 6.6+): 2 turns io_uring off for everyone, 1
   * for processes outside kernel.io_uring_group (root passes). Missing or unreadable: no verdict,
   * the setup call decides.
   *
   * @return why io_uring is off, or null when the sysctl does not forbid it outright
   */
  static String disabledBySysctl(Path sysctl) {
    try {
      if (Files.isReadable(sysctl) && Files.readString(sysctl).trim().equals("2")) {
        return "io_uring is disabled (kernel.io_uring_disabled = 2)";
      }
    } catch (IOException e) {
      return null;
    }
    return null;
  }

  /** Creates an engine; nothing native happens until {@link #open}. */
  public IoUringEngine() {
    if (LinuxNative.UNAVAILABLE != null) {
      arena.close();
      throw new UnsupportedOperationException(
          "io_uring engine unavailable: " + LinuxNative.UNAVAILABLE);
    }
  }

  @Override
  public String name() {
    return "uring";
  }

  @Override
  public void open(Path path, OpenOptions options, int queueDepth) throws ErrnoException {
    if (closed) {
      throw closedFailure();
    }
    if (ring != null) {
      throw new IllegalStateException("already open: " + this.path);
    }
    if (queueDepth < 1) {
      throw new IllegalArgumentException("queue depth must be at least 1: " + queueDepth);
    }
    int flags = options.write() ? LinuxNative.O_WRONLY : LinuxNative.O_RDONLY;
    flags |= LinuxNative.O_CLOEXEC;
    if (options.create()) {
      flags |= LinuxNative.O_CREAT;
    }
    if (options.direct()) {
      flags |= LinuxNative.O_DIRECT;
    }
    String file = path.toString();
    int result;
    try (Arena call = Arena.ofConfined()) {
      result = LinuxNative.open(errno, call.allocateFrom(file), flags, 0644);
    }
    if (result < 0) {
      throw openFailure(file, -result, options);
    }
    int descriptor = result;
    try {
      ring = newRing(queueDepth);
    } catch (ErrnoException | RuntimeException e) {
      LinuxNative.close(errno, descriptor);
      throw e;
    }
    this.fd = descriptor;
    this.path = path;
    this.inFlightSlots = new IoSlot[queueDepth];
  }

  private static IoUringRing newRing(int queueDepth) throws ErrnoException {
    try {
      return new IoUringRing(queueDepth, PREFERRED_SETUP_FLAGS);
    } catch (ErrnoException e) {
      // Flags this kernel does not know: EINVAL. Plain rings work from 5.1 on.
      return new IoUringRing(queueDepth, IoUringRing.SETUP_CLAMP);
    }
  }

  private static ErrnoException openFailure(String file, int errnoValue, OpenOptions options) {
    String reason = Errno.describe(errnoValue);
    if (errnoValue == Errno.EINVAL && options.direct()) {
      reason += ": this file system refuses O_DIRECT";
    }
    return new ErrnoException(file + ": " + reason, errnoValue);
  }

  private ErrnoException closedFailure() {
    return new ErrnoException(
        "the io_uring engine" + (path != null ? " on " + path : "") + " is closed", Errno.EBADF);
  }

  /**
   * Registers buffers with the kernel so requests inside them skip pinning pages per request
   * (READ_FIXED/WRITE_FIXED). Optional; call after {@link #open} and before submitting. Each buffer
   * must stay alive until {@link #close}.
   *
   * @return true when the kernel accepted them (false: plain requests are used, nothing lost)
   */
  public boolean registerBuffers(MemorySegment... buffers) throws ErrnoException {
    checkOpen();
    for (MemorySegment b : buffers) {
      if (!b.isNative() || b.byteSize() == 0 || b.byteSize() > (1L << 30)) {
        throw new IllegalArgumentException("fixed buffers are native, 1 B to 1 GiB: " + b);
      }
    }
    if (buffers.length == 0 || ring.registerBuffers(buffers) < 0) {
      return false;
    }
    fixedStart = new long[buffers.length];
    fixedEnd = new long[buffers.length];
    for (int i = 0; i < buffers.length; i++) {
      fixedStart[i] = buffers[i].address();
      fixedEnd[i] = buffers[i].address() + buffers[i].byteSize();
    }
    return true;
  }

  @Override
  public void submit(IoSlot slot) throws ErrnoException {
    checkOpen();
    MemorySegment buffer = slot.buffer;
    int length = slot.lengthBytes;
    // The kernel trusts these addresses: check here what FFM would check on a Java access.
    if (buffer == null || !buffer.isNative()) {
      throw new IllegalArgumentException("slot " + slot.index + " needs a native buffer");
    }
    if (length < 0 || buffer.byteSize() < length) {
      throw new IllegalArgumentException(
          "slot " + slot.index + ": length " + length + " exceeds its buffer " + buffer.byteSize());
    }
    if (!slot.write && buffer.isReadOnly()) {
      throw new IllegalArgumentException("slot " + slot.index + ": read into a read-only buffer");
    }
    if (slot.offsetBytes < 0) {
      throw new IllegalArgumentException("negative offset " + slot.offsetBytes);
    }
    int index = slot.index;
    if (index >= inFlightSlots.length) {
      inFlightSlots = Arrays.copyOf(inFlightSlots, Math.max(index + 1, 2 * inFlightSlots.length));
    }
    if (inFlightSlots[index] != null) {
      throw new IllegalStateException("slot " + index + " is already in flight");
    }
    if (inFlight >= ring.cqEntries) {
      throw new IllegalStateException("more requests in flight than the ring holds: " + inFlight);
    }
    if (ring.sqFull()) {
      commit();
    }
    long address = buffer.address();
    byte opcode = slot.write ? IoUringRing.OP_WRITE : IoUringRing.OP_READ;
    int bufIndex = fixedIndex(address, length);
    if (bufIndex >= 0) {
      opcode = slot.write ? IoUringRing.OP_WRITE_FIXED : IoUringRing.OP_READ_FIXED;
    } else {
      bufIndex = 0;
    }
    slot.result = 0;
    slot.failure = null;
    ring.prepare(opcode, fd, slot.offsetBytes, address, length, 0, index, bufIndex);
    inFlightSlots[index] = slot;
    inFlight++;
  }

  private int fixedIndex(long address, int length) {
    long[] starts = fixedStart;
    for (int i = 0; i < starts.length; i++) {
      if (address >= starts[i] && address + length <= fixedEnd[i]) {
        return i;
      }
    }
    return -1;
  }

  @Override
  public void commit() throws ErrnoException {
    checkOpen();
    while (true) {
      // With deferred completion work, this same call also posts what has finished.
      long r = ring.submit(ring.defersTaskRun());
      if (r == -Errno.EEXIST) {
        throw new ErrnoException(
            "io_uring on " + path + " is used from a second thread; one thread must drive it",
            Errno.EEXIST);
      }
      if (r >= 0 || r == -Errno.EAGAIN || r == -Errno.EBUSY) {
        // EAGAIN/EBUSY: the kernel is short of resources; what is left goes with the next enter.
        return;
      }
      if (r != -Errno.EINTR) {
        throw new ErrnoException(
            "io_uring_enter (submit) on " + path + ": " + Errno.describe(r), (int) -r);
      }
    }
  }

  @Override
  public int reap(int minCompletions, long timeoutNanos, CompletionSink sink)
      throws ErrnoException {
    checkOpen();
    this.sink = sink;
    this.delivered = 0;
    try {
      // Completions already posted cost no syscall.
      ring.drain(handler);
      long start = System.nanoTime();
      boolean entered = false;
      while (delivered < minCompletions && inFlight > 0) {
        long remaining = timeoutNanos - (System.nanoTime() - start);
        if (remaining <= 0) {
          if (!entered && ring.defersTaskRun()) {
            // A zero timeout still deserves what has finished: only an enter posts it here.
            ring.submit(true);
            ring.drain(handler);
          }
          break;
        }
        entered = true;
        // One io_uring_enter both pushes anything not yet committed and waits.
        int want = Math.min(minCompletions - delivered, inFlight);
        long r = ring.enter(want, remaining);
        ring.drain(handler);
        if (r == -Errno.ETIME) {
          break;
        }
        if (r == -Errno.EEXIST) {
          throw new ErrnoException(
              "io_uring on " + path + " is used from a second thread; one thread must drive it",
              Errno.EEXIST);
        }
        if (r < 0 && r != -Errno.EINTR && r != -Errno.EAGAIN && r != -Errno.EBUSY) {
          throw new ErrnoException(
              "io_uring_enter (wait) on " + path + ": " + Errno.describe(r), (int) -r);
        }
      }
      if (ring.unsubmitted() > 0) {
        commit(); // never leave queued requests unsubmitted across a reap that did not wait
      }
      return delivered;
    } finally {
      this.sink = null;
    }
  }

  private void onCompletion(long userData, int result) {
    if (userData >= INTERNAL_USER_DATA || userData < 0 || userData >= inFlightSlots.length) {
      return;
    }
    IoSlot slot = inFlightSlots[(int) userData];
    if (slot == null) {
      return;
    }
    inFlightSlots[(int) userData] = null;
    inFlight--;
    slot.result = result;
    if (sink != null) {
      delivered++;
      sink.completed(slot);
    }
  }

  @Override
  public void sync() throws ErrnoException {
    checkOpen();
    int r = LinuxNative.fsync(errno, fd);
    if (r < 0) {
      throw new ErrnoException("fsync " + path + ": " + Errno.describe(r), -r);
    }
  }

  /** Requests submitted and not yet reaped. */
  public int inFlight() {
    return inFlight;
  }

  @Override
  public void close() throws ErrnoException {
    if (closed) {
      return;
    }
    closed = true;
    int closeResult = 0;
    try {
      if (ring != null) {
        abandonInFlight();
        ring.close();
      }
    } finally {
      if (fd >= 0) {
        closeResult = LinuxNative.close(errno, fd);
        fd = -1;
      }
      ring = null;
      arena.close();
    }
    if (closeResult < 0) {
      throw new ErrnoException("close " + path + ": " + Errno.describe(closeResult), -closeResult);
    }
  }

  /**
   * Asks the kernel to cancel what is in flight, then waits a bounded time for the completions.
   * Requests already at the device cannot be cancelled and finish on their own.
   */
  private void abandonInFlight() {
    sink = null;
    if (inFlight == 0) {
      return;
    }
    if (!ring.sqFull()) {
      ring.prepare(
          IoUringRing.OP_ASYNC_CANCEL,
          -1,
          0,
          0,
          0,
          IoUringRing.ASYNC_CANCEL_ANY,
          INTERNAL_USER_DATA,
          0);
    }
    waitQuietly(CLOSE_WAIT_NANOS);
    // Whatever is still in flight is the kernel's to finish when the ring is closed.
  }

  private void waitQuietly(long timeoutNanos) {
    long start = System.nanoTime();
    while (inFlight > 0) {
      long remaining = timeoutNanos - (System.nanoTime() - start);
      if (remaining <= 0) {
        return;
      }
      long r = ring.enter(1, remaining);
      ring.drain(handler);
      if (r < 0 && r != -Errno.EINTR && r != -Errno.EAGAIN && r != -Errno.EBUSY) {
        return; // ETIME, or a failure: closing the ring cancels the rest
      }
    }
  }

  private void checkOpen() throws ErrnoException {
    if (closed || ring == null) {
      throw closedFailure();
    }
    if (ring.disabled()) {
      long r = ring.enable();
      if (r < 0) {
        throw new ErrnoException("io_uring enable on " + path + ": " + Errno.describe(r), (int) -r);
      }
    }
  }
}
