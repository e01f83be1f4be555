package dev.sustain.pattern;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.SplittableRandom;

/**
 * Incompressible data from a pool of random bytes generated once before the run, handed out as
 * zero-copy slices so the hot path costs nothing. Successive requests start at different 4
 * KiB-aligned places in the pool, so neighbouring blocks differ and a drive that deduplicates whole
 * requests finds nothing to save.
 */
public final class RandomPool implements DataPattern {

  /** 64 MiB: far larger than any controller's compression window, and quick to make (~50 ms). */
  public static final int DEFAULT_POOL_BYTES = 64 << 20;

  private static final long ALIGN = 4096;

  private final MemorySegment pool;
  private final long poolBytes;
  private long cursor;

  /**
   * @param arena the arena that owns the pool (closed with the run)
   * @param maxRequestBytes the largest request that will be asked for
   * @param seed the random seed
   */
  public RandomPool(Arena arena, int maxRequestBytes, long seed) {
    this.poolBytes = DEFAULT_POOL_BYTES;
    this.pool = arena.allocate(poolBytes + maxRequestBytes, ALIGN);
    SplittableRandom random = new SplittableRandom(seed);
    long longs = pool.byteSize() / Long.BYTES;
    for (long i = 0; i < longs; i++) {
      pool.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i, random.nextLong());
    }
  }

  @Override
  public String name() {
    return "random";
  }

  @Override
  public MemorySegment bytesFor(long offsetBytes, int lengthBytes, MemorySegment slotBuffer) {
    // Advance by the request plus one odd number of 4 KiB pages, so slices do not line up with
    // the previous pass over the pool.
    long start = cursor;
    cursor += lengthBytes + 3 * ALIGN;
    cursor -= cursor % ALIGN;
    if (cursor >= poolBytes) {
      cursor = (cursor - poolBytes) % (7 * ALIGN);
    }
    return pool.asSlice(start, lengthBytes);
  }
}
