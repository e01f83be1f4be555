package dev.sustain.pattern;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Data that can be checked afterwards with no stored copy: every 4 KiB block carries a header
 * (magic, run id, its own offset, its content region, a header check) and content derived from the
 * run id and the region alone (see {@link BlockFormat}). With {@code compressPercent} 0 this is the
 * incompressible {@code random} pattern; with N &gt; 0 the last N% of every block is zeros, so the
 * data compresses to about (100-N)%, like fio's {@code buffer_compress_percentage} ({@code
 * compress:N}).
 *
 * <p>A request buffer is filled with content once ({@link #prepare}, or on its first use); every
 * request after that rewrites only the 32-byte headers of its blocks, so the data costs what fio's
 * reused buffers cost, tens of GB per second of one core (bench/pattern-jmh.sh). Requests and
 * offsets must be multiples of 4 KiB. One instance per run; {@link #bytesFor} and {@link #prepare}
 * are called from one thread, {@link #check} is stateless and thread-safe.
 */
public final class VerifiablePattern implements DataPattern {

  private final long runId;
  private final int compressPercent;
  private final int payloadBytes;

  /** The per-run part of every header check, computed once. */
  private final long runKey;

  /** Blocks filled whole so far: the next one gets the next region, from a base the id picks. */
  private int blocksFilled;

  private final int regionBase;

  /** Where {@link #fill} and {@link #prepare} make a block's content: one thread writes. */
  private final long[] writeScratch = new long[BlockFormat.BLOCK_LONGS];

  /** Where {@link #check} compares a block; per thread, so checking stays thread-safe. */
  private static final ThreadLocal<long[]> CHECK_SCRATCH =
      ThreadLocal.withInitial(() -> new long[BlockFormat.BLOCK_LONGS]);

  /**
   * @param runId the run id written into every header; verification needs it (kept in run.json, and
   *     in every block)
   * @param compressPercent 0 for incompressible data, 1..100 for the share of each block that is
   *     zeros
   */
  public VerifiablePattern(long runId, int compressPercent) {
    this(runId, compressPercent, true);
  }

  /**
   * The pattern for a job of {@code jobBytes}: warmed up (see {@link #warmUpOnce}) only when the
   * job is large enough to gain from it ({@link #warmsUpFor}).
   *
   * @param jobBytes the bytes the job writes, -1 when only time ends it
   */
  public static VerifiablePattern forJob(long runId, int compressPercent, long jobBytes) {
    return new VerifiablePattern(runId, compressPercent, warmsUpFor(jobBytes));
  }

  /**
   * Jobs smaller than this skip the warm-up: it takes up to a quarter of a second and 128 MiB of
   * pattern, while the whole of a smaller job takes milliseconds even interpreted (at the
   * interpreter's hundreds of MB/s, 8 MiB is tens of milliseconds), so it would cost the job more
   * than the compiled code could save. A 4 KiB write spent 0.25 s here before its one request.
   */
  static final long WARM_UP_MIN_JOB_BYTES = 8L << 20;

  /** True when a job of {@code jobBytes} (-1 for one that time ends) gains from the warm-up. */
  static boolean warmsUpFor(long jobBytes) {
    return jobBytes < 0 || jobBytes >= WARM_UP_MIN_JOB_BYTES;
  }

  /** True once this JVM has warmed the pattern up (for tests). */
  static boolean warmedUp() {
    return WARM.get();
  }

  private VerifiablePattern(long runId, int compressPercent, boolean warmUp) {
    if (compressPercent < 0 || compressPercent > 100) {
      throw new IllegalArgumentException(
          "compress percentage must be 0..100, not " + compressPercent);
    }
    this.runId = runId;
    this.compressPercent = compressPercent;
    this.payloadBytes = payloadBytesFor(compressPercent);
    this.runKey = BlockFormat.runKey(runId);
    this.regionBase = (int) BlockFormat.mix(runId);
    if (warmUp) {
      warmUpOnce();
    }
  }

  private static final AtomicBoolean WARM = new AtomicBoolean();

  /** The warm-up stops when 64 blocks (256 KiB) take less than this: C2's speed, over 2.5 GB/s. */
  private static final long WARM_BATCH_NANOS = 100_000;

  /** At most 32768 blocks (128 MiB): enough for C2 to compile even on a busy machine. */
  private static final int WARM_UP_MAX_BLOCKS = 32768;

  /** And at most a quarter of a second, however busy the machine. */
  private static final long WARM_UP_MAX_NANOS = 250_000_000L;

  /**
   * Runs {@link #bytesFor} and {@link #check} until the JIT has compiled them, once per JVM, before
   * any run's clock starts. Interpreted or at C1's first tier, the first hundreds of megabytes go
   * at a fraction of the speed: left to the run, that would show as a slow start, a false dip in
   * the burst. They are called one block at a time, so that the methods themselves (not only a loop
   * of this one) are compiled, and on memory of every kind a run may hand in: compiled code is
   * specialised on the kinds it has seen, and a new kind mid-run would send it back to the
   * interpreter for a while.
   */
  private static void warmUpOnce() {
    if (!WARM.compareAndSet(false, true)) {
      return;
    }
    VerifiablePattern[] patterns = {
      new VerifiablePattern(0x5eedL, 0, false), new VerifiablePattern(0x5eedL, 50, false)
    };
    try (Arena confined = Arena.ofConfined();
        Arena shared = Arena.ofShared()) {
      int block = BlockFormat.BLOCK_BYTES;
      int most = 16 * block;
      MemorySegment[] scratch = {
        confined.allocate(most, block),
        shared.allocate(most, block),
        Arena.ofAuto().allocate(most, block)
      };
      long start = System.nanoTime();
      long batchStart = start;
      int done = 0;
      for (int call = 1; done < WARM_UP_MAX_BLOCKS; call++) {
        VerifiablePattern p = patterns[call % 2];
        // Requests of one block and of several, as runs make them: loops that only ever ran once
        // would be compiled with a trap on their second turn.
        int length = call % 3 == 0 ? block : most;
        long offset = (long) done * block;
        MemorySegment data = p.bytesFor(offset, length, scratch[call % scratch.length]);
        for (int at = 0; at < length; at += block) {
          if (!p.check(offset + at, data, at).ok()) {
            throw new IllegalStateException("a verifiable block does not check at " + offset);
          }
        }
        int before = done;
        done += length / block;
        if (done / 64 != before / 64) {
          long now = System.nanoTime();
          if (done >= 2048 && now - batchStart < WARM_BATCH_NANOS
              || now - start > WARM_UP_MAX_NANOS) {
            return;
          }
          batchStart = now;
        }
      }
    }
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

  /**
   * Fills a request buffer with whole blocks before the run's clock starts, so that every request
   * after it only rewrites headers. Optional: a buffer not prepared is filled on its first use.
   */
  @Override
  public void prepare(MemorySegment slotBuffer) {
    long blocks = slotBuffer.byteSize() / BlockFormat.BLOCK_BYTES;
    for (long b = 0; b < blocks; b++) {
      BlockFormat.writeBlock(
          slotBuffer,
          b * BlockFormat.BLOCK_BYTES,
          runId,
          0,
          payloadBytes,
          nextRegion(),
          writeScratch);
    }
  }

  /**
   * Writes the blocks for {@code [offsetBytes, offsetBytes + lengthBytes)} into {@code target}: the
   * headers alone where the buffer already holds this run's blocks, whole blocks elsewhere. Like
   * {@link #bytesFor}, from one thread at a time.
   */
  public void fill(MemorySegment target, long offsetBytes, int lengthBytes) {
    for (int at = 0; at < lengthBytes; at += BlockFormat.BLOCK_BYTES) {
      long offset = offsetBytes + at;
      if (!BlockFormat.rewriteHeader(target, at, runId, runKey, offset, payloadBytes)) {
        BlockFormat.writeBlock(target, at, runId, offset, payloadBytes, nextRegion(), writeScratch);
      }
    }
  }

  /**
   * The region of the next block filled whole: consecutive ones, from a place the run id chooses,
   * so a run's buffers hold distinct content until {@link BlockFormat#REGIONS_WRITTEN} blocks.
   */
  private int nextRegion() {
    return (regionBase + blocksFilled++) & (BlockFormat.REGIONS_WRITTEN - 1);
  }

  /**
   * Checks the 4 KiB block at {@code at} in {@code segment}, read from {@code offsetBytes} of the
   * target: {@code OK} or {@code MISPLACED} for this run's intact blocks; {@code BLANK} for a block
   * with no header that is all 0x00 or all 0xFF; {@code OVERWRITTEN} for an intact header of
   * another run or layout (its content is not checked: that would mean another run's regions);
   * {@code CORRUPTED} for everything else (noise, a failed header check, this run's header over
   * wrong content).
   */
  public BlockVerdict check(long offsetBytes, MemorySegment segment, long at) {
    BlockFormat.Header h = BlockFormat.readHeader(segment, at);
    if (h == null) {
      return BlockFormat.blank(segment, at) ? BlockVerdict.BLANK : BlockVerdict.CORRUPTED;
    }
    if (h.runId() != runId || h.payloadBytes() != payloadBytes) {
      return BlockVerdict.OVERWRITTEN;
    }
    if (!BlockFormat.contentMatches(segment, at, h, CHECK_SCRATCH.get())) {
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
