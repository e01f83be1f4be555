package dev.sustain.pattern;

import java.lang.foreign.MemorySegment;

/**
 * The bytes that belong at an offset of the target. Called on the runner's hot path once per
 * request, so producing the data must cost far less than writing it: a pattern may return a slice
 * of a pre-generated pool (no copy) or fill the slot's own buffer. Thread-safety: one instance per
 * run, called from the runner thread only.
 */
public interface DataPattern {

  /**
   * The name users give with {@code --pattern}: {@code random}, {@code zeros}, {@code compress:50}.
   */
  String name();

  /**
   * The memory to write at {@code offsetBytes}, {@code lengthBytes} long, aligned for direct I/O.
   *
   * @param slotBuffer a buffer owned by the request slot, at least {@code lengthBytes} long and
   *     4096-aligned, that the pattern may fill and return
   */
  MemorySegment bytesFor(long offsetBytes, int lengthBytes, MemorySegment slotBuffer);

  /**
   * Readies a request slot's own buffer before the run's clock starts (the runner calls it once per
   * slot), so that {@link #bytesFor} has less to do per request. Nothing by default.
   */
  default void prepare(MemorySegment slotBuffer) {}
}
