package dev.sustain.pattern;

/**
 * What one 4 KiB block read back turned out to be. Every kind but {@link Kind#MISPLACED} is a
 * shared constant, so checking good or plainly bad blocks allocates nothing. Immutable.
 *
 * @param kind the verdict
 * @param actualOffsetBytes for {@link Kind#MISPLACED}, the offset the block was written for; -1
 *     otherwise
 */
public record BlockVerdict(Kind kind, long actualOffsetBytes) {

  /** The outcomes of checking one block. */
  public enum Kind {
    /** The block is exactly what was written at this offset. */
    OK,
    /**
     * The content is wrong: noise, a torn block, a header whose check fails, or this run's header
     * over content that is not what it wrote.
     */
    CORRUPTED,
    /**
     * No header, and every byte 0x00 or every byte 0xFF: what a device returns for a block never
     * written or discarded (TRIM). Not this run's data, but not garbage either: whether it is bad
     * depends on whether the run wrote there.
     */
    BLANK,
    /**
     * An intact header (and so a whole block) of another Sustain run or of another layout: data
     * written there by something else, after or before this run.
     */
    OVERWRITTEN,
    /**
     * An intact block of this run that was written for another offset: the drive returned the wrong
     * address's data, the mark of fake-capacity flash whose addresses wrap around.
     */
    MISPLACED
  }

  public static final BlockVerdict OK = new BlockVerdict(Kind.OK, -1);
  public static final BlockVerdict CORRUPTED = new BlockVerdict(Kind.CORRUPTED, -1);
  public static final BlockVerdict BLANK = new BlockVerdict(Kind.BLANK, -1);
  public static final BlockVerdict OVERWRITTEN = new BlockVerdict(Kind.OVERWRITTEN, -1);

  public static BlockVerdict misplaced(long actualOffsetBytes) {
    return new BlockVerdict(Kind.MISPLACED, actualOffsetBytes);
  }

  public boolean ok() {
    return kind == Kind.OK;
  }
}
