package dev.sustain.run;

import java.util.Locale;

/**
 * How a measuring run ended, the one status every command shares: the engine loop's end, a write,
 * fill, copy, read or verify result, and run.json's {@code status} word. A run folder still being
 * written says {@link #RUNNING}; the command line maps each status to one exit code. {@link
 * #KILLED} is the one status no run reports itself: its process vanished (SIGKILL, a crash, a power
 * loss) before it could write an end, which a reader or {@code clean} concludes on the run's host.
 */
public enum RunStatus {
  /** Only in run.json while the run goes; a finished run never reports it. */
  RUNNING,
  COMPLETE,
  INTERRUPTED,
  FAILED,
  /**
   * The run's process is gone without a final status: never a result in the process that ran it,
   * only what run.json and the history say once its host has checked (see {@link RunProcess}).
   */
  KILLED;

  /** The word run.json and the history carry. */
  public String word() {
    return name().toLowerCase(Locale.ROOT);
  }
}
