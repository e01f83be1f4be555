package dev.sustain.pattern;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * All zeros, handed out as zero-copy slices of one zeroed buffer: the best case for a controller
 * that compresses or deduplicates. It carries no header, so a zeros run cannot be verified. One
 * instance per run, called from the runner thread.
 */
public final class ZerosPattern implements DataPattern {

  private final MemorySegment zeros;

  /**
   * @param arena owns the zeroed buffer (closed with the run)
   * @param maxRequestBytes the largest request that will be asked for
   */
  public ZerosPattern(Arena arena, int maxRequestBytes) {
    // Arena.allocate hands out zeroed memory.
    this.zeros = arena.allocate(maxRequestBytes, BlockFormat.BLOCK_BYTES);
  }

  @Override
  public String name() {
    return "zeros";
  }

  @Override
  public MemorySegment bytesFor(long offsetBytes, int lengthBytes, MemorySegment slotBuffer) {
    return zeros.asSlice(0, lengthBytes);
  }
}
