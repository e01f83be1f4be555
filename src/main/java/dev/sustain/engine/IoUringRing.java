package dev.sustain.engine;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

/**
 * One io_uring instance over the raw syscalls: the mapped submission ring, completion ring and SQE
 * array, read through the offsets the kernel returns in {@code io_uring_params}. Heads and tails
 * shared with the kernel are read with acquire and written with release ordering; everything else
 * is plain memory. Not thread-safe: one submitting thread, as io_uring itself prefers.
 *
 * <p>Layouts (include/uapi/linux/io_uring.h): {@code io_uring_params} is 120 bytes with {@code
 * sq_off} at 40 and {@code cq_off} at 80; an SQE is 64 bytes, a CQE 16.
 */
final class IoUringRing implements AutoCloseable {

  static final byte OP_NOP = 0;
  static final byte OP_FSYNC = 3;
  static final byte OP_READ_FIXED = 4;
  static final byte OP_WRITE_FIXED = 5;
  static final byte OP_ASYNC_CANCEL = 14;
  static final byte OP_READ = 22;
  static final byte OP_WRITE = 23;

  static final int SETUP_CLAMP = 1 << 4;
  static final int SETUP_R_DISABLED = 1 << 6;
  static final int SETUP_SUBMIT_ALL = 1 << 7;
  static final int SETUP_COOP_TASKRUN = 1 << 8;
  static final int SETUP_SINGLE_ISSUER = 1 << 12;
  static final int SETUP_DEFER_TASKRUN = 1 << 13;

  static final int FEAT_SINGLE_MMAP = 1;
  static final int FEAT_NODROP = 1 << 1;
  static final int FEAT_EXT_ARG = 1 << 8;

  static final int ENTER_GETEVENTS = 1;
  static final int ENTER_EXT_ARG = 1 << 3;

  static final int ASYNC_CANCEL_ANY = 1 << 2;

  /** SQE flag: {@code fd} is an index into the registered files, not a descriptor. */
  static final byte SQE_FIXED_FILE = 1;

  static final int REGISTER_BUFFERS = 0;
  static final int UNREGISTER_BUFFERS = 1;
  static final int REGISTER_FILES = 2;
  static final int UNREGISTER_FILES = 3;
  static final int REGISTER_ENABLE_RINGS = 12;

  private static final long OFF_SQ_RING = 0L;
  private static final long OFF_CQ_RING = 0x8000000L;
  private static final long OFF_SQES = 0x10000000L;
  private static final int PARAMS_BYTES = 120;
  private static final int SQE_BYTES = 64;
  private static final int CQE_BYTES = 16;
  private static final int GETEVENTS_ARG_BYTES = 24;

  private static final VarHandle INT = ValueLayout.JAVA_INT.varHandle();
  private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG;

  private final Arena arena = Arena.ofShared();
  private final MemorySegment errno;
  private final MemorySegment getEventsArg;
  private final MemorySegment timespec;

  final int ringFd;
  final int sqEntries;
  final int cqEntries;
  final int features;
  final int setupFlags;

  private final long sqRingAddress;
  private final long sqRingBytes;
  private final long cqRingAddress;
  private final long cqRingBytes;
  private final long sqesAddress;
  private final long sqesBytes;

  private final MemorySegment sqRing;
  private final MemorySegment cqRing;
  private final MemorySegment sqes;
  private final long sqHeadOffset;
  private final long sqTailOffset;
  private final int sqMask;
  private final long cqHeadOffset;
  private final long cqTailOffset;
  private final int cqMask;
  private final long cqesOffset;

  /** Our copy of the SQ tail: SQEs up to here are filled; published to the kernel by submit. */
  private int sqTail;

  /** Our copy of the CQ head: completions before here are consumed. */
  private int cqHead;

  private boolean closed;
  private boolean enabled;

  /**
   * Creates a ring with room for {@code entries} submissions (rounded up to a power of two by the
   * kernel) and twice as many completions.
   *
   * @throws ErrnoException with the errno when the kernel refuses (disabled, seccomp, no memory)
   */
  IoUringRing(int entries, int flags) throws ErrnoException {
    this.errno = LinuxNative.newErrnoBuffer(arena);
    this.getEventsArg = arena.allocate(GETEVENTS_ARG_BYTES, 8);
    this.timespec = arena.allocate(16, 8);
    getEventsArg.set(LONG, 16, timespec.address());
    MemorySegment params = arena.allocate(PARAMS_BYTES, 8);
    params.set(ValueLayout.JAVA_INT, 8, flags);
    long fd =
        LinuxNative.syscall(
            errno, LinuxNative.SYS_IO_URING_SETUP, entries, params.address(), 0, 0, 0, 0);
    if (fd < 0) {
      arena.close();
      throw new ErrnoException("io_uring_setup: " + Errno.describe(fd), (int) -fd);
    }
    this.ringFd = (int) fd;
    this.setupFlags = flags;
    this.enabled = (flags & SETUP_R_DISABLED) == 0;
    this.sqEntries = params.get(ValueLayout.JAVA_INT, 0);
    this.cqEntries = params.get(ValueLayout.JAVA_INT, 4);
    this.features = params.get(ValueLayout.JAVA_INT, 20);
    int sqOff = 40;
    int cqOff = 80;
    int sqArray = params.get(ValueLayout.JAVA_INT, sqOff + 24);
    long cqBytes = params.get(ValueLayout.JAVA_INT, cqOff + 20) + (long) CQE_BYTES * cqEntries;
    Mapped m =
        Mapped.of(errno, ringFd, features, sqArray + 4L * sqEntries, cqBytes, sqEntries, arena);
    this.sqRingAddress = m.sqAddress;
    this.sqRingBytes = m.sqBytes;
    this.cqRingAddress = m.cqAddress;
    this.cqRingBytes = m.cqBytes;
    this.sqesAddress = m.sqesAddress;
    this.sqesBytes = (long) SQE_BYTES * sqEntries;
    // Global-scope views of memory we unmap ourselves in close(): no liveness check on the hot
    // path.
    this.sqRing = MemorySegment.ofAddress(m.sqAddress).reinterpret(m.sqBytes);
    this.cqRing = MemorySegment.ofAddress(m.cqAddress).reinterpret(m.cqBytes);
    this.sqes = MemorySegment.ofAddress(m.sqesAddress).reinterpret(sqesBytes);
    this.sqHeadOffset = params.get(ValueLayout.JAVA_INT, sqOff);
    this.sqTailOffset = params.get(ValueLayout.JAVA_INT, sqOff + 4);
    this.sqMask = sqRing.get(ValueLayout.JAVA_INT, params.get(ValueLayout.JAVA_INT, sqOff + 8));
    this.cqHeadOffset = params.get(ValueLayout.JAVA_INT, cqOff);
    this.cqTailOffset = params.get(ValueLayout.JAVA_INT, cqOff + 4);
    this.cqMask = cqRing.get(ValueLayout.JAVA_INT, params.get(ValueLayout.JAVA_INT, cqOff + 8));
    this.cqesOffset = params.get(ValueLayout.JAVA_INT, cqOff + 20);
    // SQEs are used in ring order, so the indirection array is the identity, written once.
    for (int i = 0; i < sqEntries; i++) {
      sqRing.set(ValueLayout.JAVA_INT, sqArray + 4L * i, i);
    }
    this.sqTail = (int) INT.getAcquire(sqRing, sqTailOffset);
    this.cqHead = (int) INT.getAcquire(cqRing, cqHeadOffset);
  }

  /**
   * A ring's three mappings: the submission ring, the completion ring (the same mapping with
   * FEAT_SINGLE_MMAP) and the SQEs. A mapping that fails unmaps those made and closes the ring.
   */
  private record Mapped(
      long sqAddress, long sqBytes, long cqAddress, long cqBytes, long sqesAddress) {

    /** The ring's mappings; on failure the ring is closed, and {@code arena} with it. */
    static Mapped of(
        MemorySegment errno,
        int ringFd,
        int features,
        long sqBytes,
        long cqBytes,
        int sqEntries,
        Arena arena)
        throws ErrnoException {
      long sqesBytes = (long) SQE_BYTES * sqEntries;
      boolean single = (features & FEAT_SINGLE_MMAP) != 0;
      if (single) {
        sqBytes = Math.max(sqBytes, cqBytes);
        cqBytes = sqBytes;
      }
      long sqAddress = LinuxNative.mmapShared(errno, sqBytes, ringFd, OFF_SQ_RING);
      long cqAddress = single ? sqAddress : -1;
      long sqesAddr = -1;
      if (sqAddress >= 0 && !single) {
        cqAddress = LinuxNative.mmapShared(errno, cqBytes, ringFd, OFF_CQ_RING);
      }
      if (sqAddress >= 0 && cqAddress >= 0) {
        sqesAddr = LinuxNative.mmapShared(errno, sqesBytes, ringFd, OFF_SQES);
      }
      if (sqAddress < 0 || cqAddress < 0 || sqesAddr < 0) {
        long failure = sqAddress < 0 ? sqAddress : cqAddress < 0 ? cqAddress : sqesAddr;
        if (sqAddress >= 0) {
          LinuxNative.munmap(errno, sqAddress, sqBytes);
        }
        if (!single && cqAddress >= 0) {
          LinuxNative.munmap(errno, cqAddress, cqBytes);
        }
        LinuxNative.close(errno, ringFd);
        arena.close();
        throw new ErrnoException(
            "mmap of the io_uring rings: " + Errno.describe(failure), (int) -failure);
      }
      return new Mapped(sqAddress, sqBytes, cqAddress, cqBytes, sqesAddr);
    }
  }

  /** SQEs filled but not yet consumed by the kernel. */
  int unsubmitted() {
    return sqTail - (int) INT.getAcquire(sqRing, sqHeadOffset);
  }

  /** True when every SQE is filled and waiting for the kernel. */
  boolean sqFull() {
    return unsubmitted() >= sqEntries;
  }

  /**
   * Fills the next SQE. The caller makes sure there is room ({@link #sqFull}). All 64 bytes are
   * written, so nothing from the entry's previous use leaks into this one.
   */
  void prepare(
      byte opcode, int fd, long offset, long address, int length, int opFlags, long userData) {
    prepare(opcode, (byte) 0, fd, offset, address, length, opFlags, userData, 0);
  }

  /**
   * @param sqeFlags e.g. {@link #SQE_FIXED_FILE}
   * @param bufIndex the registered buffer of a READ_FIXED or WRITE_FIXED
   */
  void prepare(
      byte opcode,
      byte sqeFlags,
      int fd,
      long offset,
      long address,
      int length,
      int opFlags,
      long userData,
      int bufIndex) {
    long base = (long) (sqTail & sqMask) * SQE_BYTES;
    // opcode(1) flags(1) ioprio(2) fd(4)
    sqes.set(LONG, base, (opcode & 0xFFL) | ((sqeFlags & 0xFFL) << 8) | ((long) fd << 32));
    sqes.set(LONG, base + 8, offset);
    sqes.set(LONG, base + 16, address);
    sqes.set(LONG, base + 24, (length & 0xFFFFFFFFL) | ((long) opFlags << 32));
    sqes.set(LONG, base + 32, userData);
    // buf_index(2) personality(2) splice_fd_in(4)
    sqes.set(LONG, base + 40, bufIndex & 0xFFFFL);
    sqes.set(LONG, base + 48, 0L);
    sqes.set(LONG, base + 56, 0L);
    sqTail++;
  }

  /** True when completions are posted only while the submitter waits in io_uring_enter. */
  boolean defersTaskRun() {
    return (setupFlags & SETUP_DEFER_TASKRUN) != 0;
  }

  /** True until {@link #enable} is called on a ring made with {@code IORING_SETUP_R_DISABLED}. */
  boolean disabled() {
    return !enabled;
  }

  /**
   * Enables a ring made disabled; with SINGLE_ISSUER the calling thread becomes its only submitter.
   *
   * @return 0, or {@code -errno}
   */
  long enable() {
    long r = register(REGISTER_ENABLE_RINGS, 0, 0);
    if (r >= 0) {
      enabled = true;
    }
    return r;
  }

  /**
   * Publishes the filled SQEs and pushes them to the kernel without waiting. With {@code
   * flushCompletions} the same call also runs deferred completion work, so that finished requests
   * are in the CQ ring when it returns.
   *
   * @return SQEs consumed, or {@code -errno}
   */
  long submit(boolean flushCompletions) {
    INT.setRelease(sqRing, sqTailOffset, sqTail);
    int toSubmit = unsubmitted();
    if (toSubmit == 0 && !flushCompletions) {
      return 0;
    }
    return LinuxNative.syscall(
        errno,
        LinuxNative.SYS_IO_URING_ENTER,
        ringFd,
        toSubmit,
        0,
        flushCompletions ? ENTER_GETEVENTS : 0,
        0,
        0);
  }

  /**
   * Publishes the filled SQEs and waits until {@code minComplete} completions are posted, at most
   * {@code timeoutNanos}.
   *
   * @return what io_uring_enter returns: SQEs consumed, or {@code -errno} ({@code -ETIME} on
   *     timeout, {@code -EINTR} on a signal)
   */
  long enter(int minComplete, long timeoutNanos) {
    if (minComplete <= 0) {
      return submit(defersTaskRun());
    }
    INT.setRelease(sqRing, sqTailOffset, sqTail);
    int toSubmit = unsubmitted();
    timespec.set(LONG, 0, timeoutNanos / 1_000_000_000L);
    timespec.set(LONG, 8, timeoutNanos % 1_000_000_000L);
    return LinuxNative.syscall(
        errno,
        LinuxNative.SYS_IO_URING_ENTER,
        ringFd,
        toSubmit,
        minComplete,
        ENTER_GETEVENTS | ENTER_EXT_ARG,
        getEventsArg.address(),
        GETEVENTS_ARG_BYTES);
  }

  /** Receives one completion queue entry. */
  @FunctionalInterface
  interface CqeHandler {
    void completion(long userData, int result);
  }

  /** Hands every posted completion to {@code handler}, oldest first; returns how many. */
  int drain(CqeHandler handler) {
    int tail = (int) INT.getAcquire(cqRing, cqTailOffset);
    int n = 0;
    while (cqHead != tail) {
      long cqe = cqesOffset + (long) (cqHead & cqMask) * CQE_BYTES;
      long userData = cqRing.get(LONG, cqe);
      int result = cqRing.get(ValueLayout.JAVA_INT, cqe + 8);
      cqHead++;
      // Give the entry back before the handler runs: it may submit and complete more.
      INT.setRelease(cqRing, cqHeadOffset, cqHead);
      handler.completion(userData, result);
      n++;
      if (cqHead == tail) {
        tail = (int) INT.getAcquire(cqRing, cqTailOffset);
      }
    }
    return n;
  }

  /**
   * Registers fixed buffers (io_uring_register IORING_REGISTER_BUFFERS).
   *
   * @return 0, or {@code -errno}
   */
  long registerBuffers(MemorySegment[] buffers) {
    MemorySegment iovecs = arena.allocate(16L * buffers.length, 8);
    for (int i = 0; i < buffers.length; i++) {
      iovecs.set(LONG, 16L * i, buffers[i].address());
      iovecs.set(LONG, 16L * i + 8, buffers[i].byteSize());
    }
    return register(REGISTER_BUFFERS, iovecs.address(), buffers.length);
  }

  /**
   * Drops the registered buffers (io_uring_register IORING_UNREGISTER_BUFFERS).
   *
   * @return 0, or {@code -errno}
   */
  long unregisterBuffers() {
    return register(UNREGISTER_BUFFERS, 0, 0);
  }

  /**
   * Registers descriptors (io_uring_register IORING_REGISTER_FILES): requests then name a file by
   * its index and the kernel skips looking the descriptor up and counting references per request.
   *
   * @return 0, or {@code -errno}
   */
  long registerFiles(int... fds) {
    MemorySegment array = arena.allocate(4L * fds.length, 4);
    for (int i = 0; i < fds.length; i++) {
      array.setAtIndex(ValueLayout.JAVA_INT, i, fds[i]);
    }
    return register(REGISTER_FILES, array.address(), fds.length);
  }

  /**
   * Drops the registered files (IORING_UNREGISTER_FILES). The kernel frees a closed ring in the
   * background, and a file still registered then stays open for a moment after close: a file system
   * could not be unmounted right after a run. Waits for requests using them: call it only with
   * nothing in flight.
   *
   * @return 0, or {@code -errno}
   */
  long unregisterFiles() {
    return register(UNREGISTER_FILES, 0, 0);
  }

  /** {@code io_uring_register(ring, opcode, arg, count)}: 0 (or a count), or {@code -errno}. */
  private long register(int opcode, long arg, int count) {
    return LinuxNative.syscall(
        errno, LinuxNative.SYS_IO_URING_REGISTER, ringFd, opcode, arg, count, 0, 0);
  }

  /** Unmaps the rings and closes the ring; the kernel cancels what is still in flight. */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    LinuxNative.munmap(errno, sqesAddress, sqesBytes);
    LinuxNative.munmap(errno, sqRingAddress, sqRingBytes);
    if (cqRingAddress != sqRingAddress) {
      LinuxNative.munmap(errno, cqRingAddress, cqRingBytes);
    }
    LinuxNative.close(errno, ringFd);
    arena.close();
  }
}
