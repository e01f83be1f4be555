package dev.sustain.pattern;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * The on-disk layout of a verifiable 4 KiB block, shared by the writer and the checker. Every block
 * starts with a 32-byte header, little-endian, readable in a hex dump:
 *
 * <pre>
 *   0  8  magic "SUSTAIN" + format version 1
 *   8  8  run id (random per run)
 *  16  8  the block's own offset in the target, bytes
 *  24  4  payload bytes: header + pseudo-random bytes (4096 for random; less for compress:N,
 *         the rest of the block is zeros)
 *  28  4  header check: a hash of bytes 0..27
 * 32  ..  pseudo-random longs derived from (run id, offset) alone, then zeros
 * </pre>
 *
 * There is no stored checksum of the content: the checker derives the content again from the header
 * and compares every byte, which is stronger than any hash and costs what writing it cost.
 * Stateless and thread-safe.
 */
public final class BlockFormat {

  /** Every block is checked on its own: 4 KiB, the page and sector size of today's drives. */
  public static final int BLOCK_BYTES = 4096;

  public static final int HEADER_BYTES = 32;

  /** "SUSTAIN" then the format version byte 1, read as a little-endian long. */
  public static final long MAGIC = 0x014e494154535553L;

  static final ValueLayout.OfLong LONG =
      ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
  static final ValueLayout.OfInt INT =
      ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

  private static final int LONGS_PER_BLOCK = BLOCK_BYTES / Long.BYTES;
  private static final int HEADER_LONGS = HEADER_BYTES / Long.BYTES;
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
   * The {@code i}-th long of a block's content. Counter-based (no state carried from one long to
   * the next), so the CPU computes many at once: one multiply per 8 bytes, several GB/s per core.
   * Not cryptographic; it only has to defeat compression and deduplication, and it does (deflate
   * cannot shrink it).
   */
  static long contentLong(long seed, int i) {
    long z = seed + i * GOLDEN;
    z ^= z >>> 32;
    z *= MUL;
    return z ^ (z >>> 29);
  }

  static int headerCheck(long runId, long offsetBytes, int payloadBytes) {
    long h = mix(MAGIC ^ mix(runId ^ mix(offsetBytes ^ mix(payloadBytes))));
    return (int) (h ^ (h >>> 32));
  }

  /** Longs in one block: the size of the scratch arrays the methods below take. */
  static final int BLOCK_LONGS = LONGS_PER_BLOCK;

  /**
   * Writes one block (header, content, zero tail) at {@code at} in {@code segment}. The longs are
   * made in {@code scratch} (a plain array: fast from the first call, long before the JIT has
   * compiled anything) and copied in one bulk move.
   *
   * @param scratch at least {@link #BLOCK_LONGS} longs, owned by the calling thread
   */
  static void writeBlock(
      MemorySegment segment,
      long at,
      long runId,
      long offsetBytes,
      int payloadBytes,
      long[] scratch) {
    scratch[0] = MAGIC;
    scratch[1] = runId;
    scratch[2] = offsetBytes;
    // Bytes 24..27 the payload, 28..31 the check, as two little-endian ints.
    scratch[3] =
        (payloadBytes & 0xffffffffL) | ((long) headerCheck(runId, offsetBytes, payloadBytes) << 32);
    long seed = blockSeed(runId, offsetBytes);
    int payloadLongs = payloadBytes / Long.BYTES;
    for (int i = HEADER_LONGS; i < payloadLongs; i++) {
      scratch[i] = contentLong(seed, i);
    }
    MemorySegment.copy(scratch, 0, segment, LONG, at, payloadLongs);
    if (payloadBytes < BLOCK_BYTES) {
      segment.asSlice(at + payloadBytes, BLOCK_BYTES - payloadBytes).fill((byte) 0);
    }
  }

  /**
   * The header of the block at {@code at}, if it is one of ours and intact; null otherwise (a
   * zeroed block, noise, another program's data).
   */
  public static Header readHeader(MemorySegment segment, long at) {
    if (segment.get(LONG, at) != MAGIC) {
      return null;
    }
    long runId = segment.get(LONG, at + 8);
    long offset = segment.get(LONG, at + 16);
    int payload = segment.get(INT, at + 24);
    int check = segment.get(INT, at + 28);
    if (check != headerCheck(runId, offset, payload)
        || !validPayload(payload)
        || offset < 0
        || offset % BLOCK_BYTES != 0) {
      return null;
    }
    return new Header(runId, offset, payload);
  }

  static boolean validPayload(int payloadBytes) {
    return payloadBytes >= HEADER_BYTES
        && payloadBytes <= BLOCK_BYTES
        && payloadBytes % Long.BYTES == 0;
  }

  /**
   * True when the block at {@code at} is exactly what {@code (runId, offsetBytes, payloadBytes)}
   * produce after its header: the pseudo-random longs, then zeros to the end of the block.
   *
   * @param scratch at least {@link #BLOCK_LONGS} longs, owned by the calling thread
   */
  static boolean contentMatches(
      MemorySegment segment,
      long at,
      long runId,
      long offsetBytes,
      int payloadBytes,
      long[] scratch) {
    MemorySegment.copy(segment, LONG, at, scratch, 0, LONGS_PER_BLOCK);
    long seed = blockSeed(runId, offsetBytes);
    int payloadLongs = payloadBytes / Long.BYTES;
    // Accumulate differences rather than branch per long: the loop stays as fast as generation.
    long diff = 0;
    for (int i = HEADER_LONGS; i < payloadLongs; i++) {
      diff |= scratch[i] ^ contentLong(seed, i);
    }
    for (int i = payloadLongs; i < LONGS_PER_BLOCK; i++) {
      diff |= scratch[i];
    }
    return diff == 0;
  }

  /**
   * A block header as read from the medium.
   *
   * @param runId the run that wrote it
   * @param offsetBytes where that run wrote it
   * @param payloadBytes header plus pseudo-random bytes; zeros follow
   */
  public record Header(long runId, long offsetBytes, int payloadBytes) {}
}
