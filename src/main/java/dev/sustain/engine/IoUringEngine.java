package dev.sustain.engine;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
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

  /** The buffers registered with the ring (fixed buffers). */
  private final RegisteredBuffers fixed = new RegisteredBuffers();

  /** Requests sent as READ_FIXED/WRITE_FIXED, for tests that must see which path ran. */
  private long fixedRequests;

  /** False to behave as if the kernel refused every registration (the fallback, in tests). */
  private final boolean register;

  /**
   * 0xFF, or 0 in rehearsal (see {@link #rehearse}): requests are then sent as NOPs (opcode 0) that
   * complete with all their bytes. A mask, not a branch: the JIT compiles one path for both, so the
   * code a rehearsal compiled is the code the run uses, with no trap when rehearsal ends.
   */
  private int opcodeMask = 0xFF;

  /** The descriptor is registered: requests name file 0 of the ring with SQE_FIXED_FILE. */
  private boolean fileRegistered;

  /**
   * Whether this kernel and process allow io_uring: cheap (one io_uring_setup and close, once per
   * process) and never throws.
   *
   * @return null when usable, else why not (for run.json and {@code --engine uring} errors)
   */
  public static String probe() {
    return IoUringProbe.probe();
  }

  /** True when {@link #probe()} found io_uring usable. */
  public static boolean isAvailable() {
    return probe() == null;
  }

  /** See {@link IoUringProbe#disabledBySysctl}. */
  static String disabledBySysctl(Path sysctl) {
    return IoUringProbe.disabledBySysctl(sysctl);
  }

  /**
   * Creates an engine; nothing native happens until {@link #open}. The file it opens is registered
   * with its ring, and so are the buffers offered to {@link #registerBuffers}, as fio's {@code
   * registerfiles} and {@code fixedbufs} do; where the kernel refuses (RLIMIT_MEMLOCK for buffers)
   * requests go the plain way.
   */
  public IoUringEngine() {
    this(true);
  }

  /**
   * @param register false to register nothing, as if every registration were refused: the plain
   *     path, for tests that must cover it where the kernel would accept
   */
  IoUringEngine(boolean register) {
    this.register = register;
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
    // Allowed before the ring is enabled; a kernel that refuses leaves the plain descriptor.
    fileRegistered = register && ring.registerFiles(descriptor) >= 0;
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
   * (READ_FIXED/WRITE_FIXED). Optional; call after {@link #open} and before submitting. Buffers
   * registered before are dropped. A request is sent fixed only while its buffer's memory is alive.
   *
   * @return true when the kernel accepted them; false when it refused (RLIMIT_MEMLOCK: the pages
   *     would be locked in memory): plain requests are used, nothing lost
   */
  @Override
  public boolean registerBuffers(MemorySegment... buffers) throws ErrnoException {
    checkOpen();
    for (MemorySegment b : buffers) {
      if (!b.isNative() || b.byteSize() == 0 || b.byteSize() > (1L << 30)) {
        throw new IllegalArgumentException("fixed buffers are native, 1 B to 1 GiB: " + b);
      }
    }
    if (fixed.any()) {
      ring.unregisterBuffers();
      fixed.clear();
    }
    if (!register || buffers.length == 0 || ring.registerBuffers(buffers) < 0) {
      return false;
    }
    fixed.set(buffers);
    return true;
  }

  @Override
  public boolean rehearse(boolean on) {
    int mask = on ? 0 : 0xFF;
    if (mask != opcodeMask && inFlight > 0) {
      throw new IllegalStateException("rehearsal changes only with nothing in flight");
    }
    opcodeMask = mask;
    return true;
  }

  @Override
  public boolean fixedBuffers() {
    return fixed.any();
  }

  @Override
  public boolean fixedFile() {
    return fileRegistered;
  }

  /** Requests sent as READ_FIXED or WRITE_FIXED so far. */
  long fixedRequests() {
    return fixedRequests;
  }

  @Override
  public void submit(IoSlot slot) throws ErrnoException {
    checkOpen();
    checkSlot(slot);
    MemorySegment buffer = slot.buffer;
    int length = slot.lengthBytes;
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
    int bufIndex = fixed.indexOf(address, length);
    if (bufIndex >= 0) {
      opcode = slot.write ? IoUringRing.OP_WRITE_FIXED : IoUringRing.OP_READ_FIXED;
      fixedRequests += opcodeMask & 1;
    } else {
      bufIndex = 0;
    }
    opcode = (byte) (opcode & opcodeMask); // a NOP (0) in rehearsal, which ignores the rest
    slot.result = 0;
    slot.failure = null;
    if (fileRegistered) {
      ring.prepare(
          opcode,
          IoUringRing.SQE_FIXED_FILE,
          0,
          slot.offsetBytes,
          address,
          length,
          0,
          index,
          bufIndex);
    } else {
      ring.prepare(opcode, (byte) 0, fd, slot.offsetBytes, address, length, 0, index, bufIndex);
    }
    inFlightSlots[index] = slot;
    inFlight++;
  }

  /** The kernel trusts a request's addresses: checked here as FFM would check a Java access. */
  private static void checkSlot(IoSlot slot) {
    MemorySegment buffer = slot.buffer;
    int length = slot.lengthBytes;
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
    // A rehearsal's NOP completes with 0: it counts as all the request's bytes.
    slot.result = result + (slot.lengthBytes & ((opcodeMask - 1) >> 31));
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
        if (fileRegistered && inFlight == 0) {
          ring.unregisterFiles(); // the file is closed when close returns, as a plain one is
        }
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
          INTERNAL_USER_DATA);
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
