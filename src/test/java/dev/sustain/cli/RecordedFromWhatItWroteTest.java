package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.run.RunAnalysis;
import dev.sustain.run.RunFolder;
import dev.sustain.run.RunObserver;
import dev.sustain.run.WriteParams;
import dev.sustain.run.WriteRun;
import dev.sustain.sampling.SampleRow;
import dev.sustain.store.DbLocation;
import dev.sustain.store.RunRecord;
import dev.sustain.store.RunStore;
import dev.sustain.store.SampleStore;
import dev.sustain.sweep.SweepRun;
import dev.sustain.testing.TestSweepParams;
import dev.sustain.testing.TestWriteParams;
import dev.sustain.verify.ReadBackRun;
import dev.sustain.workload.CopyParams;
import dev.sustain.workload.CopyRun;
import dev.sustain.workload.Dataset;
import dev.sustain.workload.DatasetKind;
import dev.sustain.workload.FillParams;
import dev.sustain.workload.FillRun;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command's run is recorded in its history from what its lifecycle wrote ({@code
 * RunObserver.kept}), not by reading its folder back: here the folder's run.json is made garbage
 * and its analysis.json deleted between the run's end and its record, and the history still holds
 * the run as the run wrote it. Were the folder read back, the record would fail ("not JSON") and
 * print a warning. Each run goes through its real lifecycle and the command line's {@link
 * DbOption}, as the command wires them.
 */
class RecordedFromWhatItWroteTest {

  @TempDir Path dir;

  private DbOption db;
  private DbLocation location;

  @BeforeEach
  void history() {
    db = new DbOption();
    db.env = Map.of("XDG_DATA_HOME", dir.resolve("data").toString(), "HOME", "/nonexistent");
    location = DbLocation.sqlite(dir.resolve("data/sustain/history.db"));
  }

  @Test
  void aWritesRowsAreRecordedFromTheReadItsEndMadeForItsAnalysis() throws Exception {
    // The end of a write reads samples.csv once for its analysis and gives the history those
    // rows: with the file gone before the record, every row is still stored, under its place in
    // the file, as a record that read the file would have stored it.
    Path target = Files.createDirectories(dir.resolve("target"));
    WriteParams params =
        TestWriteParams.of(
            target.toString(),
            64L << 20,
            dir.resolve("run"),
            f -> {
              f.engine = "threads";
              f.queueDepth = 4;
              f.intervalNanos = 100_000_000L;
            });
    Path folder =
        new WriteRun(
                params, db.keeping(RunObserver.SILENT), new AtomicBoolean(), AnalysisWords.FORMS)
            .run()
            .runFolder();
    assertTheRowsAreStoredFromTheRead(folder, "write");
  }

  @Test
  void aFillsRowsAreRecordedFromTheReadItsAnalysisMade() throws Exception {
    // A fill is analysed by its command after its summary: that analysis's read gives the rows.
    FillParams params = smallFill();
    Path folder =
        new FillRun(params, db.keeping(RunObserver.SILENT), () -> false).run().runFolder();
    RunAnalysis.Written analysis =
        RunAnalysis.write(RunFolder.open(folder), 1, AnalysisWords.FORMS);
    assertThat(analysis).isNotNull();
    db.analysed(folder, analysis);
    assertTheRowsAreStoredFromTheRead(folder, "fill");
  }

  /** A fill of 8 MiB in files of 4 MiB into a new folder, by threads, its run folder "run". */
  private FillParams smallFill() throws Exception {
    Path target = Files.createDirectories(dir.resolve("target"));
    return new FillParams(
        target,
        4L << 20,
        8L << 20,
        1 << 20,
        4,
        100_000_000L,
        dir.resolve("run"),
        false,
        false,
        "threads",
        120_000_000_000L,
        null,
        true);
  }

  /**
   * The run in {@code folder} recorded with its samples.csv deleted first: every row of the file
   * stored all the same, under its place after the header.
   */
  private void assertTheRowsAreStoredFromTheRead(Path folder, String command) throws Exception {
    List<String> file = Files.readAllLines(folder.resolve(RunFolder.SAMPLES_CSV));
    assertThat(file).as("a header and rows").hasSizeGreaterThan(1);
    Files.delete(folder.resolve(RunFolder.SAMPLES_CSV));
    RunRecord r = recorded(folder, command);
    try (SampleStore samples = SampleStore.open(location)) {
      assertThat(samples.header(r.runId())).hasValue(file.getFirst());
      List<String> stored =
          samples.lines(r.runId(), -1, file.size()).stream()
              .map(l -> l.seq() + ":" + l.text())
              .toList();
      List<String> rows = new ArrayList<>();
      for (int i = 1; i < file.size(); i++) {
        rows.add((i - 1) + ":" + file.get(i));
      }
      assertThat(stored).isEqualTo(rows);
    }
  }

  @Test
  void aFillIsRecordedFromItsTextsWithTheAnalysisItsCommandWrote() throws Exception {
    FillParams params = smallFill();
    Path folder = new FillRun(params, db.live(RunObserver.SILENT), () -> false).run().runFolder();
    // What FillCommand does after its summary: the curve's analysis, told to the record.
    RunAnalysis.Written analysis =
        RunAnalysis.write(RunFolder.open(folder), 1, AnalysisWords.FORMS);
    assertThat(analysis).isNotNull();
    db.analysed(folder, analysis);
    RunRecord r = recorded(folder, "fill");
    assertThat(r.figures().shape()).isNotNull();
    assertThat(r.analysisJson()).contains("\"shape\"");
  }

  @Test
  void aCopyIsRecordedFromItsTexts() throws Exception {
    Path src = dir.resolve("src");
    Dataset.write(src, Dataset.plan(DatasetKind.PHOTOS, 2_000_000, 3), () -> false);
    CopyParams params =
        new CopyParams(
            src,
            dir.resolve("dst"),
            1,
            Duration.ZERO,
            1 << 20,
            100_000_000L,
            dir.resolve("run"),
            false);
    Path folder =
        new CopyRun(
                params,
                db.live(CopyRun.Observer.class, CopyRun.Observer.SILENT),
                () -> false,
                CopyRun.Hook.NONE)
            .run()
            .runFolder();
    recorded(folder, "copy");
  }

  @Test
  void aReadIsRecordedFromItsTexts() throws Exception {
    ReadBackRun.Params params = readParams(1 << 20);
    Path folder =
        new ReadBackRun(params, db.keeping(RunObserver.SILENT), new AtomicBoolean())
            .run()
            .runFolder();
    recorded(folder, "read");
  }

  @Test
  void aReadTellsTheRunObserverWhatAWriteTellsAndIsRecordedFromIt() throws Exception {
    // One observer type for every run: the read's start, rows, folder and end reach a RunObserver
    // (as a history recorder or a live line is written once for all), and the history keeps the
    // run.json the read told it through that same observer.
    ReadBackRun.Params params = readParams(2 << 20);
    Path file = Path.of(params.source());
    List<String> events = new CopyOnWriteArrayList<>();
    RunObserver told =
        new RunObserver() {
          @Override
          public void started(RunInfo info) {
            events.add(
                "started " + info.command() + " " + info.testFile() + " " + info.goalBytes());
          }

          @Override
          public void sample(SampleRow row, long totalBytes, double s) {
            if (!events.getLast().equals("sample")) {
              events.add("sample");
            }
          }

          @Override
          public void kept(Kept kept) {
            events.add("kept " + kept.runFolder().getFileName() + " " + kept.analysisJson());
          }

          @Override
          public void finished(Ended ended) {
            events.add("finished " + ended.status() + " " + ended.bytes());
          }
        };
    Path folder = new ReadBackRun(params, db.keeping(told), new AtomicBoolean()).run().runFolder();
    assertThat(events)
        .containsExactly(
            "started read " + file + " " + (2 << 20),
            "sample",
            "kept run null",
            "finished COMPLETE " + (2 << 20));
    recorded(folder, "read");
  }

  @Test
  void aSweepIsRecordedFromItsText() throws Exception {
    Files.createDirectories(dir.resolve("target"));
    SweepRun.Params params =
        TestSweepParams.of(
            dir.resolve("target").toString(),
            List.of(65536),
            List.of(1),
            1 << 20,
            false,
            dir.resolve("run"));
    Path folder =
        new SweepRun(params, new AtomicBoolean(), p -> {}, n -> {}, db.keeping(RunObserver.SILENT))
            .run()
            .runFolder();
    recorded(folder, "sweep");
  }

  /** A read by threads into dir/run, sampled each 100 ms, of a file of {@code bytes} zeros. */
  private ReadBackRun.Params readParams(int bytes) throws IOException {
    Path file = dir.resolve("data.bin");
    Files.write(file, new byte[bytes]);
    return new ReadBackRun.Params(
        file.toString(),
        false,
        0,
        1,
        100_000_000L,
        dir.resolve("run"),
        "threads",
        false,
        120_000_000_000L,
        0);
  }

  /**
   * The run as the history holds it once recorded after its folder is spoiled: recorded without a
   * warning, its run.json the text the run wrote.
   */
  private RunRecord recorded(Path folder, String command) {
    String runJson = spoil(folder);
    StringWriter err = new StringWriter();
    RunRecord r = db.recordQuietly(folder, new PrintWriter(err, true));
    assertThat(err.toString()).as("no warning").isEmpty();
    assertThat(r).isNotNull();
    assertThat(r.command()).isEqualTo(command);
    try (RunStore store = RunStore.open(location);
        SampleStore samples = SampleStore.open(location)) {
      assertThat(store.find(r.runId()))
          .hasValueSatisfying(s -> assertThat(s.status()).isEqualTo(r.status()));
      assertThat(samples.runJson(r.runId())).hasValue(runJson);
    }
    return r;
  }

  /**
   * run.json made garbage and analysis.json gone, as a store that reads the folder back would find
   * them.
   *
   * @return run.json's text as the run wrote it
   */
  private static String spoil(Path folder) {
    try {
      String runJson = Files.readString(folder.resolve("run.json"));
      Files.writeString(folder.resolve("run.json"), "{not what the run wrote");
      Files.deleteIfExists(folder.resolve("analysis.json"));
      return runJson;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
