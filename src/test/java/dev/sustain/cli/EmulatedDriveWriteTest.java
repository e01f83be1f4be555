package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.sampling.SamplesCsv;
import dev.sustain.testing.EmulatedDrive;
import dev.sustain.testing.EmulatedDrive.Phase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real {@code sustain write} on the emulated drive: the curve in samples.csv is the one the
 * kernel's throttle played. Root and cgroup-v1 blkio only; skipped elsewhere with the reason.
 */
@Tag("root")
@Tag("emulated")
class EmulatedDriveWriteTest {

  private static final long MB = 1_000_000L;

  /** Kept when a test fails: the run folder (samples.csv, run.json) is the evidence. */
  @TempDir(cleanup = CleanupMode.ON_SUCCESS)
  Path dir;

  record Row(double timeSeconds, double megabytesPerSecond, long bytes) {}

  /** The write rows: the final flush (fsync) row has a phase of its own and writes nothing. */
  static List<Row> rows(Path runFolder) throws Exception {
    List<String> lines = Files.readAllLines(runFolder.resolve("samples.csv"));
    int phase = List.of(lines.getFirst().split(",")).indexOf(SamplesCsv.PHASE_COLUMN);
    return lines.stream()
        .skip(1)
        .map(l -> l.split(",", -1))
        .filter(c -> phase < 0 || c[phase].equals("write"))
        .map(c -> new Row(Double.parseDouble(c[0]), Double.parseDouble(c[1]), Long.parseLong(c[2])))
        .toList();
  }

  /** A write of {@code options} into {@code drive}, which plays {@code phases}; it must pass. */
  private Path runWrite(EmulatedDrive drive, String options, Phase... phases) throws Exception {
    Path out = dir.resolve("run");
    List<String> args =
        new java.util.ArrayList<>(
            List.of("write", drive.mountPoint().toString(), "--out", out.toString()));
    args.addAll(List.of(Cli.words(options)));
    Process p =
        drive.start(
            Cli.command(args.toArray(String[]::new)),
            dir.resolve("stdout"),
            dir.resolve("stderr"),
            List.of(phases));
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("the run ended").isTrue();
    assertThat(p.exitValue()).as(() -> Cli.printed(dir.resolve("stderr"))).isZero();
    return out;
  }

  /** The index of the first row in which bytes were written. */
  static int firstWritten(List<Row> rows) {
    for (int i = 0; i < rows.size(); i++) {
      if (rows.get(i).bytes() > 0) {
        return i;
      }
    }
    throw new AssertionError("nothing was written: " + rows);
  }

  static double meanRate(List<Row> rows) {
    return rows.stream().mapToDouble(Row::megabytesPerSecond).average().orElseThrow();
  }

  static com.fasterxml.jackson.databind.JsonNode analyze(Path runFolder) throws Exception {
    Cli.Result r = Cli.ok("analyze", runFolder, "--json");
    return dev.sustain.run.RunFolder.JSON.readTree(r.out());
  }

  /**
   * 360 MB at 60 MB/s, then 12 MB/s. The rates are ones a writer keeps up with on a machine busy
   * with other work (at twice them, on two cores shared with a dozen busy processes, its first
   * seconds fell short): the drive, not the CPU, must make the curve. Six seconds of cache make a
   * dozen rows: with fewer, the noise of a busy machine's first seconds could pass for a ramp
   * rather than a step (the analysis once called the curve flat).
   */
  @Test
  void aCacheCliffPlayedByTheThrottleShowsInTheSamples() throws Exception {
    try (EmulatedDrive drive = EmulatedDrive.create(1L << 30, dir)) {
      Path out =
          runWrite(
              drive,
              "--size 480MB --interval 500ms",
              Phase.initially(60 * MB),
              Phase.afterBytes(360 * MB, 12 * MB));
      assertThat(drive.phasesApplied()).isEqualTo(2);
      List<Row> rows = rows(out);
      // Fast at first, slow at the end; where the step is, the analysis says below.
      // Means over windows: a throttled device completes whole 1 MiB requests in bursts, so a
      // single row is noisy.
      // The first row with bytes is partial (writing began inside it): the window starts after.
      int w = firstWritten(rows) + 1;
      double first = meanRate(rows.subList(w, w + 6));
      double last = meanRate(rows.subList(rows.size() - 15, rows.size() - 1));
      assertThat(first).as(drive.appliedAt() + " " + rows).isBetween(45.0, 75.0);
      assertThat(last).as(drive.appliedAt() + " " + rows).isBetween(10.0, 14.0);
      // The analysis finds the cliff the kernel played.
      com.fasterxml.jackson.databind.JsonNode a = analyze(out);
      String evidence = a + " " + drive.appliedAt() + " " + rows;
      assertThat(a.path("shape").asText()).as(evidence).isEqualTo("cache-cliff");
      assertThat(a.path("cache_GB").asDouble()).as(evidence).isBetween(0.324, 0.396);
      assertThat(a.path("burst_MBps").asDouble()).as(evidence).isBetween(47.5, 72.5);
      assertThat(a.path("floor_MBps").asDouble()).as(evidence).isBetween(10.0, 14.0);
    }
  }

  @Test
  void untilFloorStopsOnceTheFloorAfterTheCliffHasHeld() throws Exception {
    try (EmulatedDrive drive = EmulatedDrive.create(1L << 30, dir)) {
      Path out =
          runWrite(
              drive,
              "--size 800MB --until floor --floor-hold 8s --interval 250ms",
              Phase.initially(100 * MB),
              Phase.afterBytes(150 * MB, 20 * MB));
      com.fasterxml.jackson.databind.JsonNode run =
          dev.sustain.run.RunFolder.JSON.readTree(out.resolve("run.json").toFile());
      assertThat(run.at("/result/status").asText()).isEqualTo("complete");
      long bytes = run.at("/result/bytes").asLong();
      // Stopped before 800 MB: 150 MB of cache, then the level after the cliff must hold 8 s
      // and also write three times the cache (450 MB at 20 MB/s, 22.5 s; a folding stage writes
      // about twice it): about 600-700 MB.
      assertThat(bytes).isBetween(550 * MB, 780 * MB);
      assertThat(Cli.printed(dir.resolve("stdout")))
          .containsPattern("after the cliff at 0\\.[12] GB");
      assertThat(out.resolve("analysis.json")).exists();
      // It said beforehand what it would write at most, and afterwards that the floor held.
      assertThat(Cli.printed(dir.resolve("stdout")))
          .contains("note: --until floor: writing until the rate holds within ±10% for ")
          .contains("at most 800 MB (--size)")
          .containsPattern("note: --until floor: the floor was reached \\([\\d.]+ MB/s held\\)");
      assertThat(run.at("/result/floor_reached").asBoolean()).isTrue();
    }
  }

  @Test
  void aNearZeroLimitShowsAsZeroRows() throws Exception {
    try (EmulatedDrive drive = EmulatedDrive.create(1L << 30, dir)) {
      Path out =
          runWrite(
              drive,
              "--time 7s --size 256MiB --interval 500ms",
              Phase.initially(100 * MB),
              Phase.afterSeconds(2, 1),
              Phase.afterSeconds(5, 100 * MB));
      assertThat(drive.phasesApplied()).isEqualTo(3);
      List<Row> rows = rows(out);
      long zeros = rows.stream().filter(r -> r.bytes() == 0).count();
      // Rows before the first write (the JVM starting, slower on a busy machine) are not the
      // drive's: the stall is counted from the first write on.
      List<Row> writing = rows.subList(firstWritten(rows), rows.size());
      long stalled = writing.stream().filter(r -> r.bytes() == 0).count();
      // Three seconds of a 1 B/s limit: about six half-second rows with nothing completed.
      assertThat(stalled).as(drive.appliedAt() + " " + rows).isBetween(4L, 7L);
      // The analysis counts the stalled time exactly as the rows show it: their lengths in
      // time_s (when the sampler made each row, so not always half a second).
      double zeroSeconds = 0;
      for (int i = 0; i < rows.size(); i++) {
        if (rows.get(i).bytes() == 0) {
          zeroSeconds += rows.get(i).timeSeconds() - (i == 0 ? 0 : rows.get(i - 1).timeSeconds());
        }
      }
      com.fasterxml.jackson.databind.JsonNode a = analyze(out);
      assertThat(zeros).isPositive();
      assertThat(a.path("stall_s").asDouble())
          .as(rows.toString())
          .isCloseTo(zeroSeconds, org.assertj.core.data.Offset.offset(0.0015));
    }
  }
}
