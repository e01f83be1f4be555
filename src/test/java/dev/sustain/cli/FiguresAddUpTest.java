package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.run.RunFolder;
import dev.sustain.unit.Durations;
import dev.sustain.unit.Units;
import dev.sustain.workload.Tmpfs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real runs (the null engine, a real engine into a temporary folder, a buffered write with its
 * flush, a copy with two passes and a cooldown, a fill, a read and a verify), read as a user would:
 * every row of samples.csv has its rate equal to its bytes over its time_s less the one before,
 * every printed "X over Y in Z" is Y / Z to the printed digits, and the figures printed are the
 * ones run.json and analysis.json hold (one duration for each).
 */
class FiguresAddUpTest {

  @TempDir Path dir;

  /** The command {@code line} (as {@link Cli#runLine} takes it) without a history; it must pass. */
  private Cli.Result run(String line, Object... values) {
    Cli.Result r = Cli.runLine(line + " --db none", values);
    assertThat(r.exitCode()).as(r.out() + r.err()).isZero();
    return r;
  }

  private static JsonNode json(Path file) throws Exception {
    return RunFolder.JSON.readTree(file.toFile());
  }

  /**
   * A write's summary, run.json and analysis give one time, one flush and one average: the printed
   * ones are run.json's, run.json's average is its bytes over its seconds, and the analysis's write
   * time and flush add up to those seconds.
   */
  private static void writeFiguresAgree(Path out, String text) throws Exception {
    assertThat(PrintedFigures.rowsAddUp(out.resolve("samples.csv"))).isPositive();
    assertThat(PrintedFigures.sentencesAddUp(text, 0)).as(text).isGreaterThanOrEqualTo(2);
    JsonNode result = json(out.resolve("run.json")).path("result");
    double seconds = result.path("seconds").asDouble();
    long bytes = result.path("bytes").asLong();
    assertThat(result.path("average_MBps").asDouble())
        .isCloseTo(bytes / seconds / 1e6, within(0.001 + 1e-6 * bytes / seconds / 1e6));
    assertThat(text)
        .contains(
            " in "
                + Durations.inWords(seconds)
                + ": average "
                + Units.rate(result.path("average_MBps").asDouble()));
    JsonNode analysis = json(out.resolve("analysis.json"));
    assertThat(analysis.path("duration_s").asDouble() + analysis.path("flush_s").asDouble())
        .as("the analysis's time is the run's")
        .isCloseTo(seconds, within(0.002));
    assertThat(analysis.path("flush_s").asDouble())
        .isCloseTo(result.path("flush_s").asDouble(), within(0.002));
    assertThat(text)
        .contains(
            "over "
                + dev.sustain.report.Phrase.gb(bytes / 1e9)
                + " in "
                + Durations.inWords(seconds)
                + (result.path("flush_s").asDouble() > 0 ? ", flush included" : ""));
  }

  /** A write of {@code options} into a folder, its run folder {@code out}, whose figures agree. */
  private Cli.Result writeThatAddsUp(Path out, String options) throws Exception {
    Cli.Result r =
        run("write {} " + options + " --out {}", Files.createDirectories(dir.resolve("t")), out);
    writeFiguresAgree(out, r.out());
    return r;
  }

  @Test
  void aNullWriteAddsUp() throws Exception {
    Path out = dir.resolve("null");
    Cli.Result r = writeThatAddsUp(out, "--size 2GiB --engine null --interval 100ms");
  }

  /** A real engine into the temporary folder, kept, then read and verified. */
  @Test
  void aWriteAndItsReadAndVerifyAddUp() throws Exception {
    Path out = dir.resolve("write");
    Cli.Result r = writeThatAddsUp(out, "--size 256MiB --interval 100ms --keep");
    Path testFile = Path.of(json(out.resolve("run.json")).at("/target/test_file").asText());

    for (String command : List.of("read", "verify")) {
      Path readOut = dir.resolve(command);
      Cli.Result read =
          run(
              "{} {} --interval 100ms --out {}",
              command,
              command.equals("read") ? testFile.toString() : out.toString(),
              readOut);
      assertThat(PrintedFigures.rowsAddUp(readOut.resolve("samples.csv"))).isPositive();
      assertThat(PrintedFigures.sentencesAddUp(read.out(), 0)).as(read.out()).isEqualTo(1);
      JsonNode result = json(readOut.resolve("run.json")).path("result");
      assertThat(read.out())
          .contains(
              " in "
                  + Durations.inWords(result.path("seconds").asDouble())
                  + ": average "
                  + Units.rate(result.path("average_MBps").asDouble()));
    }
  }

  /** Through the page cache: the flush is a real part of the time, said once. */
  @Test
  void aBufferedWriteWithItsFlushAddsUp() throws Exception {
    Path out = dir.resolve("buffered");
    Cli.Result r = writeThatAddsUp(out, "--size 512MiB --buffered --interval 100ms");
    double flush = json(out.resolve("run.json")).at("/result/flush_s").asDouble();
    if (flush >= 0.005) {
      assertThat(r.out())
          .contains("(the final flush took " + Durations.inWords(flush) + ", counted)");
    }
  }

  /**
   * Two passes with a cooldown: each pass's write rate is its bytes over its write time, and the
   * copy's average (text, run.json, analysis) is the write phases' bytes over their time, not over
   * the pauses and read-backs.
   */
  @Test
  void aCopyOfTwoPassesWithACooldownAddsUp() throws Exception {
    Path src = dir.resolve("src");
    Cli.Result made = Cli.ok("dataset", "videos", src, "--size", "384MB", "--seed", "3");
    Path out = dir.resolve("copy");
    Cli.Result r =
        run(
            "copy {} {} --repeat 2 --cooldown 1s --interval 100ms --out {}",
            src,
            Files.createDirectories(dir.resolve("dst")),
            out);
    assertThat(PrintedFigures.rowsAddUp(out.resolve("samples.csv"))).isPositive();
    JsonNode run = json(out.resolve("run.json"));
    long passBytes = run.at("/passes/0/bytes").asLong();
    assertThat(PrintedFigures.sentencesAddUp(r.out(), passBytes))
        .as(r.out())
        .isGreaterThanOrEqualTo(4);
    double writeSeconds = 0;
    for (JsonNode p : run.path("passes")) {
      writeSeconds += p.path("write_s").asDouble();
      assertThat(p.path("write_MBps").asDouble())
          .isCloseTo(p.path("bytes").asLong() / p.path("write_s").asDouble() / 1e6, within(0.5));
    }
    JsonNode result = run.path("result");
    assertThat(result.path("write_s").asDouble()).isCloseTo(writeSeconds, within(0.002));
    assertThat(result.path("seconds").asDouble()).isGreaterThan(writeSeconds + 1);
    assertThat(result.path("average_MBps").asDouble())
        .isCloseTo(result.path("bytes").asLong() / writeSeconds / 1e6, within(0.5));
    JsonNode analysis = json(out.resolve("analysis.json"));
    assertThat(analysis.path("duration_s").asDouble() + analysis.path("flush_s").asDouble())
        .as("the analysis's writes are the passes' writes with their flushes")
        .isCloseTo(writeSeconds, within(0.002));
    assertThat(r.out())
        .contains("average     " + Units.rate(result.path("average_MBps").asDouble()) + " over ")
        // The sentence is the analysis's: its writes and flush, which agree with the passes' to
        // within their rounding (above) and are printed as stored.
        .contains(
            " in "
                + Durations.inWords(
                    analysis.path("duration_s").asDouble() + analysis.path("flush_s").asDouble())
                + ", flush included");
  }

  /** A fill of a small tmpfs: its time and average are its record's, allocations included. */
  @Test
  void aFillAddsUp() throws Exception {
    try (Tmpfs fs = Tmpfs.mount(dir.resolve("fs"), 192)) {
      Path out = dir.resolve("fill");
      Cli.Result r = run("fill {} --file-size 48MiB --interval 100ms --out {}", fs.dir(), out);
      assertThat(PrintedFigures.rowsAddUp(out.resolve("samples.csv"))).isPositive();
      JsonNode result = json(out.resolve("run.json")).path("result");
      double seconds = result.path("seconds").asDouble();
      assertThat(r.out())
          .contains(
              "Time to fill: "
                  + Durations.inWords(seconds)
                  + ", average "
                  + Units.rate(result.path("average_MBps").asDouble()));
      assertThat(result.path("average_MBps").asDouble())
          .isCloseTo(result.path("session_bytes").asLong() / seconds / 1e6, within(0.5));
      assertThat(PrintedFigures.sentencesAddUp(r.out(), 0)).as(r.out()).isPositive();
      assertThat(out.resolve("analysis.json")).exists();
      JsonNode analysis = json(out.resolve("analysis.json"));
      {
        assertThat(analysis.path("duration_s").asDouble() + analysis.path("flush_s").asDouble())
            .isCloseTo(seconds, within(0.002));
      }
    }
  }
}
