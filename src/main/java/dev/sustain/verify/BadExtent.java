package dev.sustain.verify;

/**
 * A stretch of the target whose 4 KiB blocks are all bad in the same way. Immutable.
 *
 * @param offsetBytes where it starts, a multiple of 4 KiB
 * @param lengthBytes how long, a multiple of 4 KiB (shorter only at the very end of a file)
 * @param kind what is wrong
 * @param actualOffsetBytes for {@link BadKind#MISPLACED}, where the first block belongs (the rest
 *     follow it: a misplaced extent moved as one piece); -1 for other kinds
 */
public record BadExtent(long offsetBytes, long lengthBytes, BadKind kind, long actualOffsetBytes) {

  public long endBytes() {
    return offsetBytes + lengthBytes;
  }

  /**
   * For a misplaced extent, how far its data moved: actual - offset (negative when data written
   * further on came back here, as on a drive whose capacity wraps). 0 otherwise.
   */
  public long shiftBytes() {
    return kind == BadKind.MISPLACED ? actualOffsetBytes - offsetBytes : 0;
  }
}
