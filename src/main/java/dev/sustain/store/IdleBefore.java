package dev.sustain.store;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.run.RunFolder;
import dev.sustain.run.RunJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;

/**
 * {@code before.idle_s} of a run folder from the history: the time since the last run on the same
 * drive ended. A run that already knows it (a repeat's pass knows the pass before) keeps its own;
 * the first run of a drive keeps null. Stateless.
 */
final class IdleBefore {

  /** How many of the drive's newest runs are looked through for the one before. */
  private static final int RUNS_LOOKED_AT = 20;

  private IdleBefore() {}

  /**
   * Sets {@code before.idle_s} in {@code runFolder}'s run.json when it has a {@code before} whose
   * idle is not known yet and the history holds an earlier run of the same drive that had ended.
   */
  static void fill(Path runFolder, RunRecord run, DbLocation db) {
    if (!unknown(runFolder)) {
      return;
    }
    Instant lastEnded = null;
    try (RunStore store = RunStore.open(db)) {
      for (RunRecord r : store.runsOfDrive(run.drive().id(), RUNS_LOOKED_AT)) {
        if (r.runId().equals(run.runId())
            || r.ended() == null
            || r.ended().isAfter(run.started())) {
          continue;
        }
        if (lastEnded == null || r.ended().isAfter(lastEnded)) {
          lastEnded = r.ended();
        }
      }
    }
    if (lastEnded == null) {
      return;
    }
    try {
      RunJson.putIdle(runFolder, Duration.between(lastEnded, run.started()).toNanos() / 1e9);
    } catch (IOException e) {
      throw new StoreException("could not write idle_s into " + runFolder + ": " + e.getMessage());
    }
  }

  /** The run.json has a {@code before} without an idle time. */
  private static boolean unknown(Path runFolder) {
    Path file = runFolder.resolve(RunFolder.RUN_JSON);
    if (!Files.isRegularFile(file)) {
      return false;
    }
    try {
      JsonNode before = RunFolder.JSON.readTree(file.toFile()).path("before");
      return before.isObject() && !before.path("idle_s").isNumber();
    } catch (IOException e) {
      return false; // a broken run.json is the importer's to report
    }
  }
}
