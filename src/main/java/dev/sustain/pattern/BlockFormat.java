package dev.sustain.pattern;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The on-disk layout of a verifiable 4 KiB block, shared by the writer and the checker. Every block
 * starts with a 32-byte header, little-endian, readable in a hex dump. Version 2 (written now):
 *
 * <pre>
 *   0  8  magic "SUSTAIN" + format version 2
 *   8  8  run id (random per run)
 *  16  8  the block's own offset in the target, bytes
 *  24  2  payload bytes: header + pseudo-random bytes (4096 for random; less for compress:N,
 *         the rest of the block is zeros)
 *  26  2  content region: which of the run's 4 KiB random blocks the content is
 *  28  4  header check: a hash of the run id, the offset and bytes 24..27
 * 32  ..  longs 4.. of the region's random block, to the payload; then zeros
 * </pre>
 *
 * A region's content is derived from (run id, region) alone, so the checker regenerates it and
 * compares every byte (stronger than any checksum), while the writer fills each request buffer with
 * regions once and afterwards rewrites only the 32-byte headers per request: verifiable data at the
 * cost of fio's reused buffers, far above what any drive writes (bench/pattern-jmh.sh). Every block
 * still differs from every other (its header), the regions a run uses do not overlap, so no
 * compressor or deduplicating controller finds anything to save within a request buffer.
 *
 * <p>Version 1 (read, no longer written) has the payload in bytes 24..27 and no region: its content
 * is a 16 MiB pool of random longs read from a place chosen by hashing (run id, offset). Old kept
 * files are checked by the rule they were written with. Thread-safe.
 */
public final class BlockFormat {

  /** Every block is checked on its own: 4 KiB, the page and sector size of today's drives. */
  public static final int BLOCK_BYTES = 4096;

  public static final int HEADER_BYTES = 32;

  /** "SUSTAIN" then the format version byte 2, read as a little-endian long. */
  public static final long MAGIC = 0x024e494154535553L;

  /** The magic of version 1 blocks, which kept files of earlier versions hold. */
  public static final long MAGIC_V1 = 0x014e494154535553L;

  /** The regions a writer uses in turn: 64 MiB of distinct content, far past any window. */
  static final int REGIONS_WRITTEN = 1 << 14;

  static final ValueLayout.OfLong LONG =
      ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
  static final ValueLayout.OfInt INT =
      ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

  private static final int LONGS_PER_BLOCK = BLOCK_BYTES / Long.BYTES;
  private static final int HEADER_LONGS = HEADER_BYTES / Long.BYTES;
  private static final int REGIONS = 1 << 16;
  private static final long GOLDEN = 0x9e3779b97f4a7c15L;
  private static final long MUL = 0xd6e8feb86659fd93L;

  private BlockFormat() {}

  /** SplitMix64's finaliser: a good 64-bit mix, used for seeds and the header check. */
  static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }

  /** The seed of one block's content: every (run, offset) pair gets its own stream. */
  static long blockSeed(long runId, long offsetBytes) {
    return mix(runId ^ mix(offsetBytes + GOLDEN));
  }

  /**
   * The {@code i}-th long of a content stream. Counter-based (no state carried from one long to the
   * next), so the CPU computes many at once. Not cryptographic; it only has to defeat compression
   * and deduplication, and it does (deflate cannot shrink it).
   */
  static long contentLong(long seed, int i) {
    long z = seed + i * GOLDEN;
    z ^= z >>> 32;
    z *= MUL;
    return z ^ (z >>> 29);
  }

  /** Longs in one block: the size of the scratch arrays the methods below take. */
  static final int BLOCK_LONGS = LONGS_PER_BLOCK;

  // ---- version 2 ----

  /** The per-run part of the header check, computed once per run by the writer. */
  static long runKey(long runId) {
    return mix(runId ^ MAGIC);
  }

  /** The header check of a version 2 block: two mixes on the writer's hot path. */
  static int headerCheck(long runKey, long offsetBytes, int payloadAndRegion) {
    long h = mix(mix(runKey ^ offsetBytes) ^ (payloadAndRegion & 0xffffffffL));
    return (int) (h ^ (h >>> 32));
  }

  /** Bytes 24..27 of a version 2 header. */
  static int payloadAndRegion(int payloadBytes, int region) {
    return (payloadBytes & 0xffff) | (region << 16);
  }

  /** The run whose regions {@link #regionLongs} last made; a run and its checks use one id. */
  private static volatile Regions lastRegions;

  private record Regions(long runId, AtomicReferenceArray<long[]> blocks) {}

  /**
   * The 4 KiB random block of {@code region} (its first {@link #HEADER_LONGS} longs unused), for
   * the checker: made on first use and kept while that run id is in use, so a read-back compares
   * with memory instead of generating; a run's file holds {@link #REGIONS_WRITTEN} regions at most
   * (64 MiB).
   */
  static long[] regionLongs(long runId, int region) {
    Regions r = lastRegions;
    if (r == null || r.runId() != runId) {
      r = new Regions(runId, new AtomicReferenceArray<>(REGIONS));
      lastRegions = r;
    }
    long[] longs = r.blocks().get(region);
    if (longs == null) {
      longs = regionContent(runId, region, new long[LONGS_PER_BLOCK]);
      r.blocks().set(region, longs); // equal content whichever thread wins
    }
    return longs;
  }

  /**
   * Makes the random block of {@code region} in {@code longs} (from index {@link #HEADER_LONGS} on)
   * and returns it.
   */
  static long[] regionContent(long runId, int region, long[] longs) {
    long seed = mix(mix(runId ^ GOLDEN) + region);
    for (int i = HEADER_LONGS; i < LONGS_PER_BLOCK; i++) {
      longs[i] = contentLong(seed, i);
    }
    return longs;
  }

  /**
   * Writes one whole block (header, the region's content, zero tail) at {@code at} in {@code
   * segment}: done once per part of a request buffer, after which {@link #rewriteHeader} suffices.
   * The content is made in {@code scratch} rather than kept: a writer needs each region once, and
   * keeps nothing on the heap for it.
   *
   * @param scratch at least {@link #BLOCK_LONGS} longs, owned by the calling thread
   */
  static void writeBlock(
      MemorySegment segment,
      long at,
      long runId,
      long offsetBytes,
      int payloadBytes,
      int region,
      long[] scratch) {
    int field = payloadAndRegion(payloadBytes, region);
    segment.set(LONG, at, MAGIC);
    segment.set(LONG, at + 8, runId);
    segment.set(LONG, at + 16, offsetBytes);
    segment.set(INT, at + 24, field);
    segment.set(INT, at + 28, headerCheck(runKey(runId), offsetBytes, field));
    int payloadLongs = payloadBytes / Long.BYTES;
    MemorySegment.copy(
        regionContent(runId, region, scratch),
        HEADER_LONGS,
        segment,
        LONG,
        at + HEADER_BYTES,
        payloadLongs - HEADER_LONGS);
    if (payloadBytes < BLOCK_BYTES) {
      segment.asSlice(at + payloadBytes, BLOCK_BYTES - payloadBytes).fill((byte) 0);
    }
  }

  /**
   * Points the block at {@code at}, already written by {@link #writeBlock} for this run and
   * payload, at a new offset: the offset and the check change, the content stays. The hot path of
   * verifiable data: 12 bytes written per 4 KiB.
   *
   * @param runKey {@link #runKey} of {@code runId}
   * @return false when the block holds anything else (not yet written, another run or layout): the
   *     caller writes it whole
   */
  static boolean rewriteHeader(
      MemorySegment segment, long at, long runId, long runKey, long offsetBytes, int payloadBytes) {
    int field = segment.get(INT, at + 24);
    if (segment.get(LONG, at) != MAGIC
        || segment.get(LONG, at + 8) != runId
        || (field & 0xffff) != payloadBytes) {
      return false;
    }
    segment.set(LONG, at + 16, offsetBytes);
    segment.set(INT, at + 28, headerCheck(runKey, offsetBytes, field));
    return true;
  }

  // ---- version 1 (read only) ----

  /** 2^21 longs = 16 MiB: version 1's pool, made only to check version 1 blocks. */
  private static final int POOL_LONGS = 1 << 21;

  private static volatile Pool lastPool;

  private record Pool(long runId, long[] longs) {}

  /** Version 1's random pool of {@code runId}, made once and kept while that run id is in use. */
  private static long[] poolV1(long runId) {
    Pool p = lastPool;
    if (p != null && p.runId() == runId) {
      return p.longs();
    }
    long[] longs = new long[POOL_LONGS + LONGS_PER_BLOCK];
    long seed = mix(runId ^ GOLDEN);
    for (int i = 0; i < longs.length; i++) {
      longs[i] = contentLong(seed, i);
    }
    lastPool = new Pool(runId, longs);
    return longs;
  }

  private static int headerCheckV1(long runId, long offsetBytes, int payloadBytes) {
    long h = mix(MAGIC_V1 ^ mix(runId ^ mix(offsetBytes ^ mix(payloadBytes))));
    return (int) (h ^ (h >>> 32));
  }

  // ---- reading ----

  /**
   * The header of the block at {@code at}, if it is one of ours (either version) and intact; null
   * otherwise (a zeroed block, noise, another program's data).
   */
  public static Header readHeader(MemorySegment segment, long at) {
    long magic = segment.get(LONG, at);
    if (magic != MAGIC && magic != MAGIC_V1) {
      return null;
    }
    long runId = segment.get(LONG, at + 8);
    long offset = segment.get(LONG, at + 16);
    int field = segment.get(INT, at + 24);
    int check = segment.get(INT, at + 28);
    Header h;
    if (magic == MAGIC) {
      if (check != headerCheck(runKey(runId), offset, field)) {
        return null;
      }
      h = new Header(2, runId, offset, field & 0xffff, field >>> 16);
    } else {
      if (check != headerCheckV1(runId, offset, field)) {
        return null;
      }
      h = new Header(1, runId, offset, field, -1);
    }
    return validPayload(h.payloadBytes()) && offset >= 0 && offset % BLOCK_BYTES == 0 ? h : null;
  }

  /**
   * True when the block at {@code at} is all 0x00 or all 0xFF: a device's answer for a block never
   * written or discarded (most return zeros; some flash returns ones after an erase). Only called
   * for blocks without a header, so a good block never pays for it.
   */
  public static boolean blank(MemorySegment segment, long at) {
    long first = segment.get(LONG, at);
    if (first != 0 && first != -1L) {
      return false;
    }
    for (int i = 1; i < LONGS_PER_BLOCK; i++) {
      if (segment.get(LONG, at + (long) i * Long.BYTES) != first) {
        return false;
      }
    }
    return true;
  }

  static boolean validPayload(int payloadBytes) {
    return payloadBytes >= HEADER_BYTES
        && payloadBytes <= BLOCK_BYTES
        && payloadBytes % Long.BYTES == 0;
  }

  /**
   * True when the block at {@code at} is exactly what its intact header {@code h} says after the
   * header: the random longs, then zeros to the end of the block.
   *
   * @param scratch at least {@link #BLOCK_LONGS} longs, owned by the calling thread
   */
  static boolean contentMatches(MemorySegment segment, long at, Header h, long[] scratch) {
    MemorySegment.copy(segment, LONG, at, scratch, 0, LONGS_PER_BLOCK);
    long[] content;
    int start;
    if (h.version() == 1) {
      content = poolV1(h.runId());
      start = (int) (blockSeed(h.runId(), h.offsetBytes()) & (POOL_LONGS - 1));
    } else {
      content = regionLongs(h.runId(), h.region());
      start = 0;
    }
    int payloadLongs = h.payloadBytes() / Long.BYTES;
    // Accumulate differences rather than branch per long: the loop stays as fast as a copy.
    long diff = 0;
    for (int i = HEADER_LONGS; i < payloadLongs; i++) {
      diff |= scratch[i] ^ content[start + i];
    }
    for (int i = payloadLongs; i < LONGS_PER_BLOCK; i++) {
      diff |= scratch[i];
    }
    return diff == 0;
  }

  /**
   * A block header as read from the medium.
   *
   * @param version the block format: 2, or 1 for files kept from earlier versions
   * @param runId the run that wrote it
   * @param offsetBytes where that run wrote it
   * @param payloadBytes header plus pseudo-random bytes; zeros follow
   * @param region which of the run's random blocks the content is (version 2); -1 for version 1
   */
  public record Header(int version, long runId, long offsetBytes, int payloadBytes, int region) {}
}
