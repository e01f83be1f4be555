package dev.sustain.store;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.OptionalDouble;

/**
 * {@code before.idle_s} of a run from the history: the time since the last run on the same drive
 * ended. Asked by the run at its start, from its run.json as it is about to be written (the drive
 * and the start time are known then); the run writes the answer itself, so the store never edits a
 * run folder. Stateless.
 */
final class IdleBefore {

  /** How many of the drive's newest runs are looked through for the one before. */
  private static final int RUNS_LOOKED_AT = 20;

  private IdleBefore() {}

  /**
   * Seconds from the end of the last run in {@code db} of the drive {@code runJson} names to its
   * {@code started}; empty for the drive's first run and for a run that measures no drive.
   */
  static OptionalDouble idleSeconds(JsonNode runJson, DbLocation db) {
    // The folder only names the run when run.json has no run_id (older folders, not a new run).
    RunRecord run = RunFolders.fromJson(Path.of("."), runJson, null, "run");
    if (run.measuredNoDrive()) {
      return OptionalDouble.empty(); // not recorded: it has no drive to have been idle
    }
    Instant lastEnded;
    try (RunStore store = RunStore.open(db)) {
      lastEnded = lastEndedBefore(store, run.drive().id(), run.started(), run.runId());
    }
    return lastEnded == null
        ? OptionalDouble.empty()
        : OptionalDouble.of(Duration.between(lastEnded, run.started()).toNanos() / 1e9);
  }

  /**
   * When the last run of {@code driveId} in {@code store} that ended by {@code started} ended, the
   * run {@code runId} itself not counted; null when there is none.
   */
  static Instant lastEndedBefore(RunStore store, String driveId, Instant started, String runId) {
    Instant lastEnded = null;
    for (RunRecord r : store.runsOfDrive(driveId, RUNS_LOOKED_AT)) {
      if (r.runId().equals(runId) || r.ended() == null || r.ended().isAfter(started)) {
        continue;
      }
      if (lastEnded == null || r.ended().isAfter(lastEnded)) {
        lastEnded = r.ended();
      }
    }
    return lastEnded;
  }
}
