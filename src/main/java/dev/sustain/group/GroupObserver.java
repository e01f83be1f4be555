package dev.sustain.group;

import dev.sustain.run.RunObserver;
import dev.sustain.sampling.SampleRow;

/**
 * What a person watching a group sees: each target's start, rows and end, and every row of the
 * group's own samples. Called from the targets' threads: implementations synchronize.
 */
public interface GroupObserver {

  GroupObserver SILENT = new GroupObserver() {};

  /** Before the group's targets run together: each target's solo pass ({@code --solo-first}). */
  default void soloPass(String name) {}

  /** The targets are about to start writing together (after any solo pass). */
  default void together() {}

  /** Something the user should know about one target. */
  default void warning(String name, String message) {}

  /** A target's run is about to write. */
  default void started(String name, RunObserver.RunInfo info) {}

  /** A row of one target's own run. */
  default void sample(String name, SampleRow row, long totalBytes, double elapsedSeconds) {}

  /** A row of the group's samples: each target's rate (NaN where not writing) and the sum. */
  default void groupRow(double timeSeconds, double[] rateMBps, double sumMBps) {}

  /** A target's analysis, as text for people. */
  default void analysed(String name, String text) {}

  /** A target's run is over. */
  default void finished(String name, MemberResult result) {}
}
