package dev.sustain.engine;

import java.lang.foreign.MemorySegment;
import java.nio.file.Path;

/**
 * The contract between the runner and an I/O engine, after fio's {@code ioengine_ops}: open a file,
 * queue requests, push them to the kernel, reap completions, close. The runner keeps at most the
 * queue depth given to {@link #open} in flight and owns every timing decision; an engine never
 * sleeps except inside {@link #reap} waiting for a completion.
 *
 * <p>Every failure an engine reports is an {@link ErrnoException}, thrown or left in {@link
 * IoSlot#failure}, or a negated errno in {@link IoSlot#result}: callers decide by the number.
 *
 * <p>Engines are used by one runner thread: {@code submit}, {@code commit} and {@code reap} are
 * never called concurrently. Implementations may use threads of their own inside.
 */
public interface IoEngine extends AutoCloseable {

  /** The name users give with {@code --engine}: {@code uring}, {@code threads}, {@code null}. */
  String name();

  /**
   * Opens {@code path} for the run. The file must exist unless {@code options.create()}.
   *
   * @param queueDepth the most requests the runner will have in flight at once
   * @throws ErrnoException when the file cannot be opened with these options (e.g. EINVAL: O_DIRECT
   *     refused)
   */
  void open(Path path, OpenOptions options, int queueDepth) throws ErrnoException;

  /** Queues one request. May hold it until {@link #commit}; never blocks on the device. */
  void submit(IoSlot slot) throws ErrnoException;

  /** Pushes the queued requests to the kernel. */
  void commit() throws ErrnoException;

  /**
   * Waits until at least {@code minCompletions} requests have completed or {@code timeoutNanos} has
   * passed, hands every completed slot to {@code sink} (with {@link IoSlot#result} set) and returns
   * how many it handed over.
   */
  int reap(int minCompletions, long timeoutNanos, CompletionSink sink) throws ErrnoException;

  /**
   * The alignment, in bytes, that direct I/O through this engine needs for offsets and lengths of a
   * file in {@code folder}: the device's logical block, or more where the engine's own layer
   * insists (the JDK's FileChannel wants the file system's block).
   */
  default long directAlignmentBytes(Path folder, long logicalBlockBytes) throws ErrnoException {
    return logicalBlockBytes;
  }

  /**
   * Offers the memory every request's buffer will come from, for the engine to register with the
   * kernel once instead of mapping it per request (io_uring's fixed buffers). Optional: call after
   * {@link #open}, before submitting; the memory must stay alive while requests use it.
   *
   * @return true when the engine registered it; false when it has no use for it or the kernel
   *     refused (requests then go the plain way: nothing is lost)
   */
  default boolean registerBuffers(MemorySegment... buffers) throws ErrnoException {
    return false;
  }

  /** True when requests in registered buffers go as fixed-buffer requests (io_uring). */
  default boolean fixedBuffers() {
    return false;
  }

  /** True when the open file is registered with the kernel (io_uring's fixed file). */
  default boolean fixedFile() {
    return false;
  }

  /**
   * Turns rehearsal on or off. While it is on, every request completes with all its bytes without
   * touching the file (io_uring sends a NOP), through the same submission and completion path: a
   * caller runs its loop once before its clock starts, so that the JIT has compiled it by then.
   *
   * @return true when the engine rehearses; false when it cannot (requests would do real I/O)
   */
  default boolean rehearse(boolean on) {
    return false;
  }

  /** Flushes written data to stable storage (fsync). */
  void sync() throws ErrnoException;

  /** Closes the file. Requests still in flight are waited for or abandoned; never hangs. */
  @Override
  void close() throws ErrnoException;

  /** Receives completed slots on the runner's thread. */
  @FunctionalInterface
  interface CompletionSink {
    void completed(IoSlot slot);
  }

  /**
   * How the target is opened.
   *
   * @param direct O_DIRECT: bypass the page cache (buffers and offsets must be aligned)
   * @param write open for writing (else reading)
   * @param create create the file when missing
   */
  record OpenOptions(boolean direct, boolean write, boolean create) {}
}
