package dev.sustain.store;

import dev.sustain.document.RunDocument;
import dev.sustain.document.RunDocumentCodec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * What a drive wrote alone, from its history: the burst of its latest complete write (or fill) run
 * that did not run beside others. A run that was a member of a group (run.json's {@code
 * params.group.role} is {@code member}) wrote beside its neighbours and is passed over; a group's
 * solo pass ran alone and counts. Stateless and thread-safe; each call opens its own connection.
 */
public final class SoloLookup {

  /** How many of a drive's latest runs are looked through. */
  static final int RUNS_LOOKED_AT = 50;

  private SoloLookup() {}

  /**
   * A drive's rate alone.
   *
   * @param burstMBps the run's burst, MB/s
   * @param runId the run it comes from
   * @param runFolder that run's folder, or null
   */
  public record Found(double burstMBps, String runId, String runFolder) {}

  /**
   * The solo rate of the drive written in {@code runFolder}, from the history in {@code db}, not
   * counting the run in {@code runFolder} itself. Empty when the history does not exist, cannot be
   * read, or holds no such run: a missing history never fails a group.
   */
  public static Optional<Found> forRunFolder(DbLocation db, Path runFolder) {
    if (db.kind() == DbLocation.Kind.SQLITE && !Files.isRegularFile(db.sqliteFile())) {
      return Optional.empty(); // never create a history just to look in it
    }
    RunRecord current;
    try {
      current = RunImporter.runFolder(runFolder, "run");
    } catch (RuntimeException e) {
      return Optional.empty();
    }
    return besides(db, current);
  }

  /**
   * {@link #forRunFolder} of the run in {@code runFolder} as it told its folder: its run.json's and
   * analysis.json's texts ({@code analysisJson} null for none), so the folder is not read.
   */
  public static Optional<Found> forRun(
      DbLocation db, Path runFolder, String runJson, String analysisJson) {
    if (db.kind() == DbLocation.Kind.SQLITE && !Files.isRegularFile(db.sqliteFile())) {
      return Optional.empty(); // never create a history just to look in it
    }
    RunRecord current;
    try {
      current = RunHistory.fromText(runFolder, runJson, analysisJson);
    } catch (RuntimeException e) {
      return Optional.empty();
    }
    return besides(db, current);
  }

  /** The latest solo rate of {@code current}'s drive, {@code current} itself not counted. */
  private static Optional<Found> besides(DbLocation db, RunRecord current) {
    try (RunStore store = RunStore.open(db)) {
      for (RunRecord r : store.runsOfDrive(current.drive().id(), RUNS_LOOKED_AT)) {
        if (r.runId().equals(current.runId())
            || !(r.command().equals("write") || r.command().equals("fill"))
            || !r.status().equals("complete")
            || r.figures().burstMBps() == null
            || !(r.figures().burstMBps() > 0)
            || besideOthers(r.paramsJson())) {
          continue;
        }
        return Optional.of(new Found(r.figures().burstMBps(), r.runId(), r.runFolder()));
      }
    } catch (StoreException | IllegalArgumentException e) {
      return Optional.empty();
    }
    return Optional.empty();
  }

  /** True for a run made as a member of a group (beside other targets). */
  static boolean besideOthers(String paramsJson) {
    return RunDocumentCodec.parseParams(paramsJson)
        .flatMap(RunDocument.Params::group)
        .filter(g -> g.role().equals("member"))
        .isPresent();
  }
}
