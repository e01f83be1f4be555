package dev.sustain.pattern;

import java.lang.foreign.MemorySegment;

/**
 * Data that can be checked afterwards with no stored copy: every 4 KiB block carries a header
 * (magic, run id, its own offset, a header check) and content derived from the run id and the
 * offset alone (see {@link BlockFormat}). With {@code compressPercent} 0 this is the incompressible
 * {@code random} pattern; with N &gt; 0 the last N% of every block is zeros, so the data compresses
 * to about (100-N)%, like fio's {@code buffer_compress_percentage} ({@code compress:N}).
 *
 * <p>It fills the slot's buffer (about 9 GB/s on one core, see bench/PatternBench.java), so it
 * suits any drive slower than that. Requests and offsets must be multiples of 4 KiB. One instance
 * per run; {@link #bytesFor} is called from one thread, {@link #check} is stateless and
 * thread-safe.
 */
public final class VerifiablePattern implements DataPattern {

  private final long runId;
  private final int compressPercent;
  private final int payloadBytes;

  /**
   * @param runId the run id written into every header; verification needs it (kept in run.json, and
   *     in every block)
   * @param compressPercent 0 for incompressible data, 1..100 for the share of each block that is
   *     zeros
   */
  public VerifiablePattern(long runId, int compressPercent) {
    if (compressPercent < 0 || compressPercent > 100) {
      throw new IllegalArgumentException(
          "compress percentage must be 0..100, not " + compressPercent);
    }
    this.runId = runId;
    this.compressPercent = compressPercent;
    this.payloadBytes = payloadBytesFor(compressPercent);
  }

  /**
   * Bytes of header and random content in each block for {@code compressPercent}: (100-N)% of 4
   * KiB, in whole longs, never less than the header.
   */
  static int payloadBytesFor(int compressPercent) {
    long random = Math.round(BlockFormat.BLOCK_BYTES * (100 - compressPercent) / 100.0);
    random = random / Long.BYTES * Long.BYTES;
    return (int) Math.max(BlockFormat.HEADER_BYTES, random);
  }

  /** A checker for blocks of whatever run wrote {@code header} (for a file with no run folder). */
  public static VerifiablePattern forHeader(BlockFormat.Header header) {
    VerifiablePattern p = new VerifiablePattern(header.runId(), 0);
    return p.payloadBytes == header.payloadBytes()
        ? p
        : new VerifiablePattern(header.runId(), percentFor(header.payloadBytes()));
  }

  private static int percentFor(int payloadBytes) {
    for (int n = 0; n <= 100; n++) {
      if (payloadBytesFor(n) == payloadBytes) {
        return n;
      }
    }
    // Not a layout this version writes; the nearest percentage keeps the checker honest: every
    // block will then fail the payload comparison and be reported as corrupted.
    return (int)
        Math.round(100.0 * (BlockFormat.BLOCK_BYTES - payloadBytes) / BlockFormat.BLOCK_BYTES);
  }

  @Override
  public String name() {
    return compressPercent == 0 ? "random" : "compress:" + compressPercent;
  }

  public long runId() {
    return runId;
  }

  public int compressPercent() {
    return compressPercent;
  }

  /** Header and random bytes at the start of each block; zeros fill the rest. */
  public int payloadBytes() {
    return payloadBytes;
  }

  @Override
  public MemorySegment bytesFor(long offsetBytes, int lengthBytes, MemorySegment slotBuffer) {
    if (offsetBytes % BlockFormat.BLOCK_BYTES != 0 || lengthBytes % BlockFormat.BLOCK_BYTES != 0) {
      throw new IllegalArgumentException(
          "verifiable data needs offsets and request sizes in whole 4 KiB blocks, not "
              + lengthBytes
              + " bytes at "
              + offsetBytes);
    }
    if (slotBuffer.byteSize() < lengthBytes) {
      throw new IllegalArgumentException(
          "slot buffer of " + slotBuffer.byteSize() + " bytes is smaller than the request");
    }
    fill(slotBuffer, offsetBytes, lengthBytes);
    return slotBuffer.asSlice(0, lengthBytes);
  }

  /** Writes the blocks for {@code [offsetBytes, offsetBytes + lengthBytes)} into {@code target}. */
  public void fill(MemorySegment target, long offsetBytes, int lengthBytes) {
    for (int at = 0; at < lengthBytes; at += BlockFormat.BLOCK_BYTES) {
      BlockFormat.writeBlock(target, at, runId, offsetBytes + at, payloadBytes);
    }
  }

  /**
   * Checks the 4 KiB block at {@code at} in {@code segment}, read from {@code offsetBytes} of the
   * target.
   */
  public BlockVerdict check(long offsetBytes, MemorySegment segment, long at) {
    BlockFormat.Header h = BlockFormat.readHeader(segment, at);
    if (h == null || h.runId() != runId || h.payloadBytes() != payloadBytes) {
      return BlockVerdict.CORRUPTED;
    }
    if (!BlockFormat.contentMatches(segment, at, runId, h.offsetBytes(), payloadBytes)) {
      return BlockVerdict.CORRUPTED;
    }
    return h.offsetBytes() == offsetBytes
        ? BlockVerdict.OK
        : BlockVerdict.misplaced(h.offsetBytes());
  }

  /** Checks a block that is the whole of {@code block} (4 KiB), read from {@code offsetBytes}. */
  public BlockVerdict check(long offsetBytes, MemorySegment block) {
    if (block.byteSize() < BlockFormat.BLOCK_BYTES) {
      return BlockVerdict.CORRUPTED;
    }
    return check(offsetBytes, block, 0);
  }
}
