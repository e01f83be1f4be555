package dev.sustain.pattern;

import java.lang.foreign.Arena;

/**
 * A parsed {@code --pattern}: what to write, before any memory is allocated. Immutable.
 *
 * @param kind which family of data
 * @param compressPercent for {@link Kind#COMPRESS}, the share of every 4 KiB block that is zeros
 *     (1..100); 0 otherwise
 */
public record PatternSpec(Kind kind, int compressPercent) {

  /** The families of data {@code write} can produce. */
  public enum Kind {
    /** Incompressible, verifiable: every 4 KiB carries a header and pseudo-random content. */
    RANDOM,
    /** All zeros: not verifiable. */
    ZEROS,
    /**
     * Incompressible slices of a random pool made once, handed out without a copy: not verifiable,
     * but free to produce (fio's way of reusing buffers); kept for comparisons.
     */
    POOL,
    /** Verifiable blocks whose last N% is zeros, so they compress to about (100-N)%. */
    COMPRESS
  }

  public static final PatternSpec RANDOM = new PatternSpec(Kind.RANDOM, 0);
  public static final PatternSpec ZEROS = new PatternSpec(Kind.ZEROS, 0);
  public static final PatternSpec POOL = new PatternSpec(Kind.POOL, 0);

  public PatternSpec {
    if (kind == Kind.COMPRESS
        ? compressPercent < 1 || compressPercent > 100
        : compressPercent != 0) {
      throw new IllegalArgumentException("bad compress percentage " + compressPercent);
    }
  }

  /** The name as users give it and as run.json keeps it: {@code random}, {@code compress:50}. */
  public String name() {
    return switch (kind) {
      case RANDOM -> "random";
      case ZEROS -> "zeros";
      case POOL -> "pool";
      case COMPRESS -> "compress:" + compressPercent;
    };
  }

  /** True when every block carries a header that {@code verify} can check. */
  public boolean verifiable() {
    return kind != Kind.ZEROS && kind != Kind.POOL;
  }

  /**
   * The pattern for a run.
   *
   * @param arena owns any buffer the pattern needs (closed with the run)
   * @param maxRequestBytes the largest request that will be asked for
   * @param patternId the id written into every block header (see {@link Patterns#idFor})
   */
  public DataPattern create(Arena arena, int maxRequestBytes, long patternId) {
    return create(arena, maxRequestBytes, patternId, -1);
  }

  /**
   * The pattern for a run of {@code jobBytes} (-1 when only time ends it): a small job skips the
   * verifiable pattern's warm-up, which would take longer than the job.
   */
  public DataPattern create(Arena arena, int maxRequestBytes, long patternId, long jobBytes) {
    return switch (kind) {
      case RANDOM -> VerifiablePattern.forJob(patternId, 0, jobBytes);
      case ZEROS -> new ZerosPattern(arena, maxRequestBytes);
      case POOL -> new RandomPool(arena, maxRequestBytes, patternId);
      case COMPRESS -> VerifiablePattern.forJob(patternId, compressPercent, jobBytes);
    };
  }

  /** The checker for data written with this spec and id; null when it is not verifiable. */
  public VerifiablePattern checker(long patternId) {
    return verifiable() ? new VerifiablePattern(patternId, compressPercent) : null;
  }
}
