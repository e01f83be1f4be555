package dev.sustain.verify;

import java.util.Locale;

/** Why a stretch of the target is bad, as {@code verify} reports it. */
public enum BadKind {
  /** The content read is not what was written: noise, torn data, a header that fails its check. */
  CORRUPTED,
  /**
   * Inside what the run wrote, a block that reads as never written (all 0x00 or all 0xFF, no
   * header): the data is lost (discarded, dropped, or never stored).
   */
  BLANK,
  /** Inside what the run wrote, an intact block of another Sustain run or layout. */
  OVERWRITTEN,
  /** Intact data of this run that was written for another offset: wrapped (fake) capacity. */
  MISPLACED,
  /** The read failed with an I/O error, even retried 4 KiB at a time. */
  UNREADABLE,
  /** Not there at all: the file ends before the end of what the run wrote (truncated). */
  MISSING;

  /** True for the kinds a block's check finds in data read (not an I/O error, not absent). */
  public boolean foundByCheck() {
    return this != UNREADABLE && this != MISSING;
  }

  /** The word used in JSON and in text: {@code corrupted}, {@code misplaced}, ... */
  public String word() {
    return name().toLowerCase(Locale.ROOT);
  }
}
