package dev.sustain.store;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.OptionalDouble;

/**
 * The one call a command makes at the end of a run: record its run folder in the history; and the
 * one question a run asks at its start, how long its drive was idle. The store only reads the
 * folder: what it records is what the run wrote. Stateless and thread-safe; each call opens and
 * closes its own connection.
 */
public final class RunHistory {

  private RunHistory() {}

  /**
   * Reads {@code runFolder} (run.json and analysis.json; without analysis.json its samples.csv is
   * analysed) and records it in {@code db}, with run.json and every row of samples.csv not stored
   * yet (those a live recording missed). The rows go in before the run's final status, so a reader
   * that sees the status has every row. Safe to call more than once for the same folder (at start
   * and at end): the second call updates the first.
   *
   * <p>A run of the null engine is not recorded: it did no I/O, so it measured no drive, and its
   * rates would pollute the history of the drive its folder happens to be on.
   *
   * @return the run as recorded, or null for a run that is not recorded (the null engine)
   * @throws StoreException when the database cannot be reached or written (message without secrets)
   * @throws IllegalArgumentException when the folder is not a readable run folder
   */
  public static RunRecord recordRunFolder(Path runFolder, DbLocation db) {
    RunRecord run = RunImporter.runFolder(runFolder, "run");
    if (run.measuredNoDrive()) {
      return null;
    }
    try (RunStore store = RunStore.open(db)) {
      store.recordFolder(run, runFolder); // rows and status in one commit
    }
    return run;
  }

  /**
   * The seconds since the last run in {@code db} of the drive that {@code runJson} (a run's
   * run.json as it starts: its target, device and start time) names ended: its {@code
   * before.idle_s}.
   *
   * @return empty for the drive's first run in the history, and for a run that measures no drive
   * @throws StoreException when the database cannot be reached
   * @throws IllegalArgumentException when {@code runJson} has no start time
   */
  public static OptionalDouble idleBefore(JsonNode runJson, DbLocation db) {
    return IdleBefore.idleSeconds(runJson, db);
  }

  /** Records {@code run} in {@code db}; see {@link #recordRunFolder}. */
  public static void record(RunRecord run, DbLocation db) {
    try (RunStore store = RunStore.open(db)) {
      store.record(run);
    }
  }
}
