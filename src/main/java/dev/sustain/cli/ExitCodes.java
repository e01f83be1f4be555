package dev.sustain.cli;

import dev.sustain.run.RunStatus;

/** Sustain's exit codes, as docs/FORMATS.md names them. */
public final class ExitCodes {
  public static final int OK = 0;
  public static final int RUN_FAILED = 1;
  public static final int USAGE = 2;
  public static final int BAD_DATA = 3;

  /**
   * {@code --until floor} asked for the floor, and the run ended complete without it: the size, the
   * time or the space ran out first. Not a failure (the figures are written) and not done.
   */
  public static final int FLOOR_NOT_REACHED = 4;

  public static final int INTERRUPTED = 130;

  private ExitCodes() {}

  /**
   * The code of a run of {@code --until floor}: {@link #FLOOR_NOT_REACHED} in place of {@link #OK}
   * when the floor was not reached; a failure or an interruption keeps its own code.
   */
  public static int ofUntilFloor(int code, boolean floorMissed) {
    return code == OK && floorMissed ? FLOOR_NOT_REACHED : code;
  }

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
