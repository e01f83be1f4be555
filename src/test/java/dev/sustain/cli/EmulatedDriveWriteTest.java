package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.testing.EmulatedDrive;
import dev.sustain.testing.EmulatedDrive.Phase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real {@code sustain write} on the emulated drive: the curve in samples.csv is the one the
 * kernel's throttle played. Root and cgroup-v1 blkio only; skipped elsewhere with the reason.
 */
@Tag("root")
class EmulatedDriveWriteTest {

  private static final long MB = 1_000_000L;

  @TempDir Path dir;

  record Row(double timeSeconds, double megabytesPerSecond, long bytes) {}

  static List<Row> rows(Path runFolder) throws Exception {
    return Files.readAllLines(runFolder.resolve("samples.csv")).stream()
        .skip(1)
        .map(l -> l.split(",", -1))
        .map(c -> new Row(Double.parseDouble(c[0]), Double.parseDouble(c[1]), Long.parseLong(c[2])))
        .toList();
  }

  static Path runWrite(EmulatedDrive drive, Path dir, List<Phase> phases, String... extra)
      throws Exception {
    Path out = dir.resolve("run");
    List<String> args =
        new java.util.ArrayList<>(
            List.of("write", drive.mountPoint().toString(), "--out", out.toString()));
    args.addAll(List.of(extra));
    Process p =
        drive.start(
            Cli.command(args.toArray(String[]::new)),
            dir.resolve("stdout"),
            dir.resolve("stderr"),
            phases);
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("the run ended").isTrue();
    assertThat(p.exitValue()).as(() -> read(dir.resolve("stderr"))).isZero();
    return out;
  }

  static double meanRate(List<Row> rows) {
    return rows.stream().mapToDouble(Row::megabytesPerSecond).average().orElseThrow();
  }

  static com.fasterxml.jackson.databind.JsonNode analyze(Path runFolder) throws Exception {
    Cli.Result r = Cli.run("analyze", runFolder.toString(), "--json");
    assertThat(r.exitCode()).as(r.err()).isZero();
    return dev.sustain.run.RunFolder.JSON.readTree(r.out());
  }

  static String read(Path p) {
    try {
      return Files.readString(p);
    } catch (java.io.IOException e) {
      return "";
    }
  }

  @Test
  void aCacheCliffPlayedByTheThrottleShowsInTheSamples() throws Exception {
    try (EmulatedDrive drive = EmulatedDrive.create(1L << 30, dir)) {
      Path out =
          runWrite(
              drive,
              dir,
              List.of(Phase.initially(120 * MB), Phase.afterBytes(240 * MB, 24 * MB)),
              "--size",
              "700MB",
              "--interval",
              "250ms");
      assertThat(drive.phasesApplied()).isEqualTo(2);
      List<Row> rows = rows(out);
      // Fast at first, slow at the end; where the step is, the analysis says below.
      // Means over windows: a throttled device completes whole 1 MiB requests in bursts, so a
      // single quarter-second row is noisy.
      double first = meanRate(rows.subList(1, 7));
      double last = meanRate(rows.subList(rows.size() - 21, rows.size() - 1));
      assertThat(first).as(rows.toString()).isBetween(90.0, 150.0);
      assertThat(last).as(rows.toString()).isBetween(20.0, 28.0);
      // The analysis finds the cliff the kernel played.
      com.fasterxml.jackson.databind.JsonNode a = analyze(out);
      assertThat(a.path("shape").asText()).isEqualTo("cache-cliff");
      assertThat(a.path("cache_GB").asDouble()).isBetween(0.216, 0.264);
      assertThat(a.path("burst_MBps").asDouble()).isBetween(95.0, 145.0);
      assertThat(a.path("floor_MBps").asDouble()).isBetween(20.0, 28.0);
    }
  }

  @Test
  void untilFloorStopsOnceTheFloorAfterTheCliffHasHeld() throws Exception {
    try (EmulatedDrive drive = EmulatedDrive.create(1L << 30, dir)) {
      Path out =
          runWrite(
              drive,
              dir,
              List.of(Phase.initially(100 * MB), Phase.afterBytes(150 * MB, 20 * MB)),
              "--size",
              "800MB",
              "--until",
              "floor",
              "--floor-hold",
              "8s",
              "--interval",
              "250ms");
      com.fasterxml.jackson.databind.JsonNode run =
          dev.sustain.run.RunFolder.JSON.readTree(out.resolve("run.json").toFile());
      assertThat(run.at("/result/status").asText()).isEqualTo("complete");
      long bytes = run.at("/result/bytes").asLong();
      // Stopped before 800 MB: 150 MB of cache, then the level after the cliff must hold 8 s
      // and also write three times the cache (450 MB at 20 MB/s, 22.5 s; a folding stage writes
      // about twice it): about 600-700 MB.
      assertThat(bytes).isBetween(550 * MB, 780 * MB);
      assertThat(read(dir.resolve("stdout"))).containsPattern("after the cliff at 0\\.[12] GB");
      assertThat(out.resolve("analysis.json")).exists();
      // It said beforehand what it would write at most, and afterwards that the floor held.
      assertThat(read(dir.resolve("stdout")))
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
              dir,
              List.of(
                  Phase.initially(100 * MB),
                  Phase.afterSeconds(2, 1),
                  Phase.afterSeconds(5, 100 * MB)),
              "--time",
              "7s",
              "--size",
              "256MiB",
              "--interval",
              "500ms");
      assertThat(drive.phasesApplied()).isEqualTo(3);
      List<Row> rows = rows(out);
      long zeros = rows.stream().filter(r -> r.bytes() == 0).count();
      // Three seconds of a 1 B/s limit: about six half-second rows with nothing completed.
      assertThat(zeros).as(rows.toString()).isBetween(4L, 7L);
      // The analysis counts the stalled time exactly as the rows show it.
      com.fasterxml.jackson.databind.JsonNode a = analyze(out);
      assertThat(a.path("stall_s").asDouble()).isEqualTo(zeros * 0.5);
    }
  }
}
