package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.document.RunDocument;
import dev.sustain.document.RunDocumentCodec;
import dev.sustain.report.GroupReport;
import dev.sustain.run.KeptRuns;
import dev.sustain.run.RunAnalysis;
import dev.sustain.run.RunFolder;
import dev.sustain.run.RunObserver;
import dev.sustain.run.RunStatus;
import dev.sustain.run.WriteParams;
import dev.sustain.run.WriteResult;
import dev.sustain.run.WriteRun;
import dev.sustain.testing.TestWriteParams;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import jdk.jfr.consumer.RecordingStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A finished write's samples.csv is read once: its interval rates (for run.json) and its curve (for
 * analysis.json) come from one pass over the file. The JVM's own file-read events count the reads
 * of the run's file, so the test needs no hook in the code it counts: each read of the whole file
 * ends with one read that finds its end, and a look at its last byte is one more read.
 */
class FinishedFolderReadOnceTest {

  @TempDir Path dir;

  /** One read call of the run's samples.csv. */
  private record Read(long bytes, boolean endOfFile) {}

  /** What an action returned, and the reads of the run's samples.csv it made. */
  private record Recorded<T>(T value, List<Read> reads) {}

  /**
   * Runs {@code action} while the JVM's file-read events of out/samples.csv are recorded: the one
   * way each test here counts the reads of a run's file.
   */
  private static <T> Recorded<T> recordingReads(Path out, Callable<T> action) throws Exception {
    Path samples = out.resolve(RunFolder.SAMPLES_CSV).toAbsolutePath();
    List<Read> reads = new CopyOnWriteArrayList<>();
    T value;
    try (RecordingStream events = new RecordingStream()) {
      events.enable("jdk.FileRead").withThreshold(Duration.ZERO);
      events.onEvent(
          "jdk.FileRead",
          e -> {
            if (samples.toString().equals(e.getString("path"))) {
              reads.add(new Read(e.getLong("bytesRead"), e.getBoolean("endOfFile")));
            }
          });
      events.startAsync();
      value = action.call();
      events.stop(); // every event recorded so far is delivered before stop returns
    }
    return new Recorded<>(value, reads);
  }

  @Test
  void aWritesSamplesAreReadOnceForItsRatesAndItsAnalysis() throws Exception {
    Path out = dir.resolve("run");
    Path samples = out.resolve(RunFolder.SAMPLES_CSV).toAbsolutePath();
    WriteParams params = threadsWrite(8 << 20, out);
    Recorded<WriteResult> recorded =
        recordingReads(
            out,
            () ->
                new WriteRun(params, RunObserver.SILENT, new AtomicBoolean(), AnalysisWords.FORMS)
                    .run());
    WriteResult result = recorded.value();
    List<Read> reads = recorded.reads();

    assertThat(result.status()).isEqualTo(RunStatus.COMPLETE);
    // What the one pass made: the rates in run.json and the analysis beside it.
    RunDocument run = RunDocumentCodec.read(out);
    assertThat(run.result().intervalMBps()).isPresent();
    assertThat(result.stats().intervals()).isPositive();
    assertThat(result.analysis()).isNotNull();
    assertThat(out.resolve(RunFolder.ANALYSIS_JSON)).isRegularFile();
    assertThat(reads).as("samples.csv read to its end once").filteredOn(Read::endOfFile).hasSize(1);
    assertThat(reads.stream().mapToLong(Read::bytes).sum())
        .as("each byte of samples.csv read once, the last byte not looked at again")
        .isEqualTo(Files.size(samples));
  }

  @Test
  void aFillsSamplesAreReadOnceForItsIntervalFiguresAndItsAnalysis() throws Exception {
    // The fill's end reads samples.csv for its interval figures (run.json's) and keeps the rows;
    // the command's analysis after its summary takes those rows, not the file again.
    Path target = Files.createDirectories(dir.resolve("t"));
    Path out = dir.resolve("run");
    Recorded<Cli.Result> fill =
        recordingReads(
            out,
            "fill {} --limit 8MiB --file-size 4MiB --engine threads --qd 4 --interval 100ms"
                + " --db none --out {}",
            target,
            out);

    assertThat(fill.value().out()).contains("Per interval: ").contains("The fill's curve");
    assertThat(RunDocumentCodec.read(out).result().intervalMBps()).isPresent();
    readOnceAndAnalysedFromTheRows(out, fill.reads(), 1);
  }

  @Test
  void aCopysSamplesAreReadOnceForItsPassComparisonAndItsAnalysis() throws Exception {
    // Three passes: each one's write and read-back rates for the comparison, and the writes'
    // curve for the analysis after the run, from the one read the copy's end makes.
    Path out = dir.resolve("run");
    Recorded<Cli.Result> copy =
        recordedCopy("6MB", out, "--repeat 3 --interval 100ms --db none --json");

    assertThat(RunFolder.JSON.readTree(copy.value().out()).get("comparison")).isNotEmpty();
    readOnceAndAnalysedFromTheRows(out, copy.reads(), 3);
  }

  @Test
  void aCopyTooShortForACurveIsReadOnceForItsHistory() throws Exception {
    // One interval of a second: too few for a curve, so no analysis.json; the history records the
    // rows the attempt read, not the file again.
    Path out = dir.resolve("run");
    Recorded<Cli.Result> copy =
        recordedCopy("2MB", out, "--interval 1s --db {}", dir.resolve("history.db"));

    assertThat(out.resolve(RunFolder.ANALYSIS_JSON)).doesNotExist();
    assertThat(copy.reads())
        .as("samples.csv read to its end once")
        .filteredOn(Read::endOfFile)
        .hasSize(1);
  }

  @Test
  void aRepeatsPassSamplesAreReadOnceForItsComparisonAndItsCurves() throws Exception {
    // Each pass's end reads its samples.csv once and keeps the rows; the comparison of the passes
    // (their interval rates) and each pass's curve after them come from those rows, not from the
    // pass's file read twice more.
    Path target = Files.createDirectories(dir.resolve("t"));
    Path out = dir.resolve("run");
    Recorded<Cli.Result> repeat =
        recordingReads(
            out.resolve("pass-1"),
            "write {} --size 4MiB --repeat 2 --cooldown 100ms --engine threads --interval 100ms"
                + " --db none --json --out {}",
            target,
            out);

    JsonNode doc = RunFolder.JSON.readTree(repeat.value().out());
    assertThat(doc.get("passes")).hasSize(2);
    // Pass 2's change against pass 1, read from both passes' curves.
    assertThat(doc.get("changes")).isNotEmpty();
    assertThat(out.resolve("pass-1").resolve(RunFolder.ANALYSIS_JSON)).isRegularFile();
    assertThat(repeat.reads())
        .as("pass 1's samples.csv read to its end once")
        .filteredOn(Read::endOfFile)
        .hasSize(1);
  }

  @Test
  void aGroupsSamplesAreWrittenAndNotReadBackForItsAnalysis() throws Exception {
    // The group's end analyses what it wrote together from the rows it wrote and the document it
    // keeps, and each target's curve from the rows that target's end kept: neither the group's
    // samples.csv nor its group.json is read back.
    Path a = Files.createDirectories(dir.resolve("a"));
    Path b = Files.createDirectories(dir.resolve("b"));
    Path out = dir.resolve("group");
    Recorded<Cli.Result> group =
        recordingReads(
            out,
            "write {} {} --size 8MB --engine threads --interval 100ms --db none --out {}",
            a,
            b,
            out);

    assertThat(group.reads()).as("the group's samples.csv read back").isEmpty();
    // What the kept rows made is what the folder makes when read.
    assertThat(RunFolder.JSON.readTree(out.resolve(RunFolder.ANALYSIS_JSON).toFile()))
        .isEqualTo(
            RunFolder.JSON.readTree(
                RunFolder.JSON.writeValueAsString(GroupReport.load(out).toJson())));
  }

  @Test
  void writeJsonIsMadeFromTheRunJsonTheLifecycleKept() throws Exception {
    // run.json spoiled once the run has told what it wrote: --json's document and the words of its
    // analysis come from the kept text, so the folder is not read back after the run.
    Path out = dir.resolve("run");
    KeptRuns kept = new KeptRuns();
    RunObserver spoilAtTheEnd = new SpoilsRunJsonAtTheEnd(out);
    WriteResult result =
        new WriteRun(
                threadsWrite(4 << 20, out),
                RunObserver.both(kept, spoilAtTheEnd),
                new AtomicBoolean(),
                AnalysisWords.FORMS)
            .run();

    var doc = WriteCommand.document(result, null, kept);
    assertThat(doc.get("command").asText()).isEqualTo("write");
    assertThat(doc.get("run_folder").asText()).isEqualTo(out.toString());
    assertThat(doc.at("/result/bytes").asLong()).isEqualTo(4 << 20);
    assertThat(doc.get("analysis").isObject()).isTrue();
  }

  /** {@link #recordingReads} of the command {@code line} ({@link Cli#okLine}). */
  private static Recorded<Cli.Result> recordingReads(Path out, String line, Object... args)
      throws Exception {
    return recordingReads(out, () -> Cli.okLine(line, args));
  }

  /**
   * {@code copy} of a photos dataset of {@code size} from dir/src to dir/dst, its folder {@code
   * out}, with {@code options} (their {} filled from {@code values}), and its reads of out's
   * samples.csv.
   */
  private Recorded<Cli.Result> recordedCopy(String size, Path out, String options, Object... values)
      throws Exception {
    Path src = dir.resolve("src");
    Cli.ok("dataset", "photos", src, "--size", size, "--seed", "9");
    List<Object> args = new ArrayList<>(List.of(src, dir.resolve("dst")));
    args.addAll(List.of(values));
    args.add(out);
    return recordingReads(out, "copy {} {} " + options + " --out {}", args.toArray());
  }

  /**
   * A command's run whose end kept the rows it read: samples.csv read to its end once, and the kept
   * rows made the analysis the file makes, byte for byte (the fill's and the copy's checks).
   */
  private static void readOnceAndAnalysedFromTheRows(Path out, List<Read> reads, int passes)
      throws IOException {
    assertThat(out.resolve(RunFolder.ANALYSIS_JSON)).isRegularFile();
    assertThat(reads).as("samples.csv read to its end once").filteredOn(Read::endOfFile).hasSize(1);
    String fromTheRows = Files.readString(out.resolve(RunFolder.ANALYSIS_JSON));
    assertThat(RunAnalysis.write(RunFolder.open(out), passes, AnalysisWords.FORMS).json())
        .isEqualTo(fromTheRows);
  }

  /** A write by threads of {@code sizeBytes} into dir/t, a row each 100 ms, its folder out. */
  private WriteParams threadsWrite(long sizeBytes, Path out) throws IOException {
    return TestWriteParams.of(
        Files.createDirectories(dir.resolve("t")).toString(),
        sizeBytes,
        out,
        f -> {
          f.engine = "threads";
          f.intervalNanos = 100_000_000L;
        });
  }
}
