package dev.sustain.store;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * {@code before.idle_s} of a run from the history: the time since the last run on the same drive
 * ended. Asked by the run at its start, from its run.json as it is about to be written (the drive
 * and the start time are known then); the run writes the answer itself, so the store never edits a
 * run folder. Stateless.
 */
final class IdleBefore {

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
    Optional<Instant> lastEnded;
    try (RunStore store = RunStore.open(db)) {
      lastEnded = store.lastEnded(run.drive().id(), run.started(), run.runId());
    }
    return lastEnded.isEmpty()
        ? OptionalDouble.empty()
        : OptionalDouble.of(Duration.between(lastEnded.get(), run.started()).toNanos() / 1e9);
  }
}
