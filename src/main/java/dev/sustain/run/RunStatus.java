package dev.sustain.run;

import java.util.Locale;

/**
 * How a measuring run ended, the one status every command shares: the engine loop's end, a write,
 * fill, copy, read or verify result, and run.json's {@code status} word. A run folder still being
 * written says {@link #RUNNING}; the command line maps each status to one exit code.
 */
public enum RunStatus {
  /** Only in run.json while the run goes; a finished run never reports it. */
  RUNNING,
  COMPLETE,
  INTERRUPTED,
  FAILED;

  /** The word run.json and the history carry. */
  public String word() {
    return name().toLowerCase(Locale.ROOT);
  }
}
