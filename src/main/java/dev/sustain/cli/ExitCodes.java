package dev.sustain.cli;

import dev.sustain.run.RunStatus;

/** Sustain's exit codes, as DESIGN.md names them. */
public final class ExitCodes {
  public static final int OK = 0;
  public static final int RUN_FAILED = 1;
  public static final int USAGE = 2;
  public static final int BAD_DATA = 3;
  public static final int INTERRUPTED = 130;

  private ExitCodes() {}

  /**
   * The one mapping from how a run ended to the process's exit code. {@code RUNNING} is never a
   * finished run's status; it counts as complete. {@code KILLED} is never a result in the process
   * that ran the run (a reader's word); it counts as failed.
   */
  public static int of(RunStatus status) {
    return switch (status) {
      case COMPLETE, RUNNING -> OK;
      case INTERRUPTED -> INTERRUPTED;
      case FAILED, KILLED -> RUN_FAILED;
    };
  }
}
