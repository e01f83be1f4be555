package dev.sustain.group;

import dev.sustain.run.RunObserver;

/**
 * What a person watching a group sees: each target's own run (every event of it, through {@link
 * #member}) and end, and every row of the group's own samples. Called from the targets' threads:
 * implementations synchronize.
 */
public interface GroupObserver {

  GroupObserver SILENT = new GroupObserver() {};

  /** Before the group's targets run together: each target's solo pass ({@code --solo-first}). */
  default void soloPass(String name) {}

  /** The targets are about to start writing together (after any solo pass). */
  default void together() {}

  /**
   * What hears every event of the target {@code name}'s own run ({@link RunObserver}'s, each one:
   * the group forwards them all through {@link RunObserver#both}, so an event added to it later
   * reaches this too). Asked once for each run of a target (its solo pass, its run together), and
   * once more when the group has marked the run's run.json as its member's: that observer is then
   * told {@link RunObserver#kept} again, with run.json as marked, after the run's end.
   */
  default RunObserver member(String name) {
    return RunObserver.SILENT;
  }

  /** A row of the group's samples: each target's rate (NaN where not writing) and the sum. */
  default void groupRow(double timeSeconds, double[] rateMBps, double sumMBps) {}

  /** A target's run is over. */
  default void finished(String name, MemberResult result) {}
}
