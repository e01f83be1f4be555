package dev.sustain.verify;

import java.util.Locale;

/** Why a stretch of the target is bad, as {@code verify} reports it. */
public enum BadKind {
  /** The content read is not what was written: zeros, noise, torn data, another run's data. */
  CORRUPTED,
  /** Intact data of this run that was written for another offset: wrapped (fake) capacity. */
  MISPLACED,
  /** The read failed with an I/O error, even retried 4 KiB at a time. */
  UNREADABLE,
  /** Not there at all: the file ends before the end of what the run wrote (truncated). */
  MISSING;

  /** The word used in JSON and in text: {@code corrupted}, {@code misplaced}, ... */
  public String word() {
    return name().toLowerCase(Locale.ROOT);
  }
}
