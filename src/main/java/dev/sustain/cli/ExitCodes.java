package dev.sustain.cli;

/** Sustain's exit codes, as DESIGN.md names them. */
public final class ExitCodes {
  public static final int OK = 0;
  public static final int RUN_FAILED = 1;
  public static final int USAGE = 2;
  public static final int BAD_DATA = 3;
  public static final int INTERRUPTED = 130;

  private ExitCodes() {}
}
