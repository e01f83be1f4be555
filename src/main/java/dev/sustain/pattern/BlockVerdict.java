package dev.sustain.pattern;

/**
 * What one 4 KiB block read back turned out to be. {@link #OK} and {@link #CORRUPTED} are shared
 * constants, so checking good or plainly bad blocks allocates nothing. Immutable.
 *
 * @param kind the verdict
 * @param actualOffsetBytes for {@link Kind#MISPLACED}, the offset the block was written for; -1
 *     otherwise
 */
public record BlockVerdict(Kind kind, long actualOffsetBytes) {

  /** The three outcomes of checking one block. */
  public enum Kind {
    /** The block is exactly what was written at this offset. */
    OK,
    /** The content is wrong: zeros, noise, a torn block, or data of another run. */
    CORRUPTED,
    /**
     * An intact block of this run that was written for another offset: the drive returned the wrong
     * address's data, the mark of fake-capacity flash whose addresses wrap around.
     */
    MISPLACED
  }

  public static final BlockVerdict OK = new BlockVerdict(Kind.OK, -1);
  public static final BlockVerdict CORRUPTED = new BlockVerdict(Kind.CORRUPTED, -1);

  public static BlockVerdict misplaced(long actualOffsetBytes) {
    return new BlockVerdict(Kind.MISPLACED, actualOffsetBytes);
  }

  public boolean ok() {
    return kind == Kind.OK;
  }
}
