package dev.sustain.live;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.sampling.SampleRow;
import dev.sustain.sampling.SamplesCsv;
import dev.sustain.store.DbLocation;
import dev.sustain.store.RunHistory;
import dev.sustain.store.RunStore;
import dev.sustain.store.SampleStore;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run's start and its end each go into the SQLite history as one transaction: every commit of a
 * rollback journal costs three fsyncs (the journal, its folder, the database), and a 4 KiB write
 * made six commits, 18 of its 19 fsyncs. Commits are counted by the database header's file change
 * counter (bytes 24-27), which SQLite raises once per transaction that changed the file.
 */
class CommitsPerRecordTest {

  @TempDir Path dir;

  private Path db;
  private DbLocation location;

  @BeforeEach
  void history() throws Exception {
    db = dir.resolve("history.db");
    location = DbLocation.sqlite(db);
    RunStore.open(location).close(); // the schema's own commits come before
  }

  /** The file change counter of a SQLite database. */
  private static long changeCounter(Path db) throws IOException {
    try (RandomAccessFile f = new RandomAccessFile(db.toFile(), "r")) {
      f.seek(24);
      return Integer.toUnsignedLong(f.readInt());
    }
  }

  private Path runFolder(String status) throws IOException {
    Path folder = Files.createDirectories(dir.resolve("run"));
    Files.writeString(
        folder.resolve("run.json"),
        "{\"run_id\":\"c-1\",\"command\":\"write\",\"host\":\"h\",\"started\":"
            + "\"2026-11-30T10:00:00Z\",\"target\":{\"path\":\"/t\",\"device\":{\"model\":"
            + "\"M\",\"serial\":\"S1\"}},\"result\":{\"status\":\""
            + status
            + "\"}}");
    return folder;
  }

  /** samples.csv in folder: its header and {@code rows} rows. */
  private static void writeRows(Path folder, int rows) throws IOException {
    StringBuilder csv = new StringBuilder(String.join(",", SamplesCsv.FIXED_COLUMNS)).append('\n');
    for (int i = 0; i < rows; i++) {
      csv.append(SamplesCsv.line(row(i))).append('\n');
    }
    Files.writeString(folder.resolve("samples.csv"), csv);
  }

  private static SampleRow row(int i) {
    return new SampleRow(
        i + 1, 1, 100, 100_000_000, 10, 1, 2, 3, 4, Double.NaN, List.of(), SamplesCsv.WRITE);
  }

  @Test
  void aRunsStartIsOneCommitWithItsFirstRows() throws Exception {
    Path folder = runFolder("running");
    writeRows(folder, 0); // the header alone: the rows come live
    long before = changeCounter(db);

    LiveRecorder recorder = new LiveRecorder(location);
    recorder.begin(folder);
    recorder.onSample(row(0));
    recorder.finish(folder);
    recorder.close();

    assertThat(recorder.lastProblem()).isNull();
    assertThat(recorder.storedRows()).isEqualTo(1);
    assertThat(changeCounter(db) - before).as("commits for the start").isEqualTo(1);
    try (RunStore store = RunStore.open(location);
        SampleStore samples = SampleStore.open(location)) {
      // Recorded (read back as stale: run.json names no process that still runs it).
      assertThat(store.find("c-1")).isPresent();
      assertThat(samples.count("c-1")).isEqualTo(1);
      assertThat(samples.header("c-1")).isPresent();
    }
  }

  @Test
  void aRunsEndIsOneCommitWithEveryRow() throws Exception {
    Path folder = runFolder("complete");
    writeRows(folder, 30);
    long before = changeCounter(db);

    assertThat(RunHistory.recordRunFolder(folder, location)).isNotNull();

    assertThat(changeCounter(db) - before).as("commits for the end").isEqualTo(1);
    try (RunStore store = RunStore.open(location);
        SampleStore samples = SampleStore.open(location)) {
      assertThat(store.find("c-1")).get().extracting(r -> r.status()).isEqualTo("complete");
      assertThat(samples.count("c-1")).isEqualTo(30);
      assertThat(samples.runJson("c-1")).get().asString().contains("\"complete\"");
    }
  }

  /**
   * A run's end recorded from what the run wrote is one commit with every row, and reads neither
   * run.json nor analysis.json back: here they are gone from the folder before the record.
   */
  @Test
  void aRunsEndFromWhatItWroteIsOneCommitAndReadsNoDocument() throws Exception {
    Path folder = runFolder("complete");
    String runJson = Files.readString(folder.resolve("run.json"));
    Files.delete(folder.resolve("run.json"));
    writeRows(folder, 30);
    long before = changeCounter(db);

    assertThat(RunHistory.recordRun(folder, runJson, "{\"shape\":\"flat\"}", location)).isNotNull();

    assertThat(changeCounter(db) - before).as("commits for the end").isEqualTo(1);
    try (RunStore store = RunStore.open(location);
        SampleStore samples = SampleStore.open(location)) {
      assertThat(store.find("c-1").get().figures().shape()).isEqualTo("flat");
      assertThat(samples.count("c-1")).isEqualTo(30);
      assertThat(samples.runJson("c-1")).contains(runJson);
    }
  }
}
