package dev.sustain.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sustain.document.RunDocument;
import dev.sustain.document.RunDocumentCodec;
import dev.sustain.sampling.SamplesCsvLines;
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
   * Records a finished run from what it wrote, as it wrote it: {@code runJson} and {@code
   * analysisJson} are the texts of its run.json and analysis.json, so neither is read back; its
   * samples.csv is read for the rows a live recording did not store (and, without analysis.json,
   * for the curve); the folder is never changed. The rows, run.json and the run go in one
   * transaction, the rows before the final status as in {@link #recordRunFolder}, which records the
   * same run from the same folder alike.
   *
   * @param analysisJson analysis.json's text, or null for a run that left none: its samples.csv is
   *     then analysed, as {@link #recordRunFolder} does (a curve too short to analyse gives none)
   * @return the run as recorded, or null for a run that is not recorded (the null engine)
   * @throws StoreException when the database cannot be reached or written (message without secrets)
   * @throws IllegalArgumentException when {@code runJson} is not a run's run.json
   */
  public static RunRecord recordRun(
      Path runFolder, String runJson, String analysisJson, DbLocation db) {
    return recordRun(runFolder, runJson, analysisJson, null, db);
  }

  /**
   * {@link #recordRun(Path, String, String, DbLocation)} with samples.csv's rows as the run's end
   * read them ({@code samples}): the file is then not opened again. Null reads the file.
   */
  public static RunRecord recordRun(
      Path runFolder, String runJson, String analysisJson, SamplesCsvLines samples, DbLocation db) {
    RunRecord run = fromText(runFolder, runJson, analysisJson);
    if (run.measuredNoDrive()) {
      return null;
    }
    if (analysisJson == null) {
      // As an import of the folder would: its samples analysed now, in the context of the run.json
      // the run wrote (a read-back, a sweep, a fill whose analysis failed).
      JsonNode tree = tree(runJson, "run.json");
      run =
          RunImporter.analysedIfNone(
              run,
              runFolder,
              RunDocumentCodec.decode(tree, runFolder.resolve("run.json").toString()),
              samples);
    }
    try (RunStore store = RunStore.open(db)) {
      store.recordEnd(run, runFolder, runJson, samples); // rows and status in one commit
    }
    return run;
  }

  private static final ObjectMapper JSON = new ObjectMapper();

  /** The run a run's own folder holds, from its run.json and analysis.json texts. */
  static RunRecord fromText(Path runFolder, String runJson, String analysisJson) {
    return RunFolders.fromJson(
        runFolder, tree(runJson, "run.json"), tree(analysisJson, "analysis.json"), "run");
  }

  /** A document's text as its tree; null for null. */
  private static JsonNode tree(String text, String name) {
    if (text == null) {
      return null;
    }
    try {
      JsonNode node = JSON.readTree(text);
      if (node == null || !node.isObject()) {
        throw new IllegalArgumentException(name + " is not a JSON object");
      }
      return node;
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(name + " is not JSON: " + e.getOriginalMessage());
    }
  }

  /**
   * The seconds since the last run in {@code db} of the drive that {@code run} (a run's run.json as
   * it starts, as its record: its target, device and start time) names ended: its {@code
   * before.idle_s}.
   *
   * @return empty for the drive's first run in the history, and for a run that measures no drive
   * @throws StoreException when the database cannot be reached
   * @throws IllegalArgumentException when {@code run} has no start time
   */
  public static OptionalDouble idleBefore(RunDocument run, DbLocation db) {
    return IdleBefore.idleSeconds(run, db);
  }

  /**
   * Readies a local history for a run about to start: the SQLite driver loaded, the schema checked
   * (and brought up to date unless {@code onlyIfCurrent}) and Jdbi's first query made, the question
   * {@link #idleBefore} asks. A first query costs about 0.2 s of start-up (the driver's native
   * library, Jdbi's configuration and SQL parser), which a command can spend on a thread of its own
   * while it checks its input and opens its target. Does nothing for a PostgreSQL server (a
   * connection to a server that does not answer must not be started before the input is known
   * good), nor, with {@code onlyIfCurrent}, for a SQLite file that is missing or not at this
   * version's schema: a command whose input may still be refused creates and changes nothing.
   *
   * @return true when the history was readied, false when it was left alone
   * @throws StoreException when the history cannot be opened (message without secrets)
   */
  public static boolean warmUp(DbLocation db, boolean onlyIfCurrent) {
    if (db.kind() != DbLocation.Kind.SQLITE
        || (onlyIfCurrent && !StoreMigrations.sqliteSchemaIsCurrent(db))) {
      return false;
    }
    try (RunStore store = RunStore.open(db)) {
      store.lastEnded("", java.time.Instant.EPOCH, "");
    }
    return true;
  }

  /** Records {@code run} in {@code db}; see {@link #recordRunFolder}. */
  public static void record(RunRecord run, DbLocation db) {
    try (RunStore store = RunStore.open(db)) {
      store.record(run);
    }
  }
}
