package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.analysis.ShapeCurves;
import dev.sustain.run.RunFolder;
import dev.sustain.testing.TestWriteParams;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What changes between runs, from the command line: {@code --cooldown}'s count, {@code
 * before.idle_s} from the history, and {@code compare} of one drive's runs with temperature columns
 * where the step moved in bytes but not in temperature (heat), in JSON, text and HTML.
 */
class RunChangesCommandTest {

  @TempDir Path dir;

  @Test
  void cooldownTakesOneValueOrOneBeforeEachLaterPass() throws Exception {
    Path target = Files.createDirectories(dir.resolve("t"));
    Cli.Result wrong =
        Cli.runLine(
            "write {} --size 1MB --engine null --db none --repeat 3 --cooldown 1s,2s,3s", target);
    Cli.assertBadInput(wrong);
    assertThat(wrong.err()).contains("--cooldown takes one duration, or 2").contains("not 3");
    assertThat(dir.resolve("t")).isEmptyDirectory();

    Path out = dir.resolve("out");
    Cli.Result right =
        Cli.okLine(
            "write {} --size 4MiB --interval 100ms --db none --repeat 3 --cooldown 100ms,300ms --out {}",
            target,
            out);
    JsonNode passes = RunFolder.JSON.readTree(out.resolve("passes.json").toFile());
    assertThat(passes.at("/passes/0/cooldown_s").isNull()).isTrue();
    assertThat(passes.at("/passes/1/cooldown_s").asDouble()).isEqualTo(0.1);
    assertThat(passes.at("/passes/2/cooldown_s").asDouble()).isEqualTo(0.3);
    // The idle each pass had: at least its pause.
    assertThat(passes.at("/passes/2/idle_s").asDouble()).isGreaterThanOrEqualTo(0.3);
    JsonNode before =
        RunFolder.JSON.readTree(out.resolve("pass-1").resolve("run.json").toFile()).path("before");
    assertThat(before.path("free_bytes").asLong()).isPositive();
    assertThat(before.has("capacity_bytes")).isTrue();
    assertThat(before.has("temp_C")).isTrue();
    assertThat(before.path("idle_s").isNull()).as("no history: nothing before").isTrue();
  }

  @Test
  void idleBeforeARunComesFromTheDrivesLastRunInTheHistory() throws Exception {
    Path target = Files.createDirectories(dir.resolve("t"));
    Path db = dir.resolve("history.db");
    Path first = dir.resolve("first");
    Path second = dir.resolve("second");
    for (Path out : new Path[] {first, second}) {
      Cli.Result r = Cli.ok("write", target, "--size", "4MiB", "--db", db, "--out", out);
    }
    JsonNode a = RunFolder.JSON.readTree(first.resolve("run.json").toFile());
    JsonNode b = RunFolder.JSON.readTree(second.resolve("run.json").toFile());
    assertThat(a.at("/before/idle_s").isNull()).as("the drive's first run").isTrue();
    double gap = secondsBetween(a, b);
    assertThat(b.at("/before/idle_s").asDouble()).as(b.toString()).isCloseTo(gap, within(0.002));
    assertThat(gap).isPositive();
  }

  @Test
  void theRunWritesItsIdleAtItsStartAndTheHistoryLeavesTheFolderAsTheRunLeftIt() throws Exception {
    Path target = Files.createDirectories(dir.resolve("t"));
    Path db = dir.resolve("history.db");
    Path first = dir.resolve("first");
    Cli.Result r = Cli.ok("write", target, "--size", "4MiB", "--db", db, "--out", first);
    DbOption option = new DbOption();
    option.value = db.toString();
    option.env = java.util.Map.of();
    java.util.concurrent.atomic.AtomicReference<JsonNode> atStart =
        new java.util.concurrent.atomic.AtomicReference<>();
    dev.sustain.run.RunObserver readsTheStart =
        new dev.sustain.run.RunObserver() {
          @Override
          public void started(RunInfo info) {
            try {
              atStart.set(RunFolder.JSON.readTree(info.runFolder().resolve("run.json").toFile()));
            } catch (java.io.IOException e) {
              throw new java.io.UncheckedIOException(e);
            }
          }
        };
    Path second = dir.resolve("second");
    dev.sustain.run.WriteParams p = TestWriteParams.smallWrite(target.toString(), second);
    dev.sustain.run.WriteResult w =
        new dev.sustain.run.WriteRun(
                p,
                readsTheStart,
                new java.util.concurrent.atomic.AtomicBoolean(),
                AnalysisWords.FORMS)
            .idleFrom(option.idleHistory())
            .run();
    assertThat(w.status()).isEqualTo(dev.sustain.run.RunStatus.COMPLETE);
    byte[] left = Files.readAllBytes(second.resolve("run.json"));
    JsonNode a = RunFolder.JSON.readTree(first.resolve("run.json").toFile());
    JsonNode b = RunFolder.JSON.readTree(left);
    double gap = secondsBetween(a, b);
    // In run.json while the run goes, the figure the history gave at the start: the same at the
    // end.
    assertThat(atStart.get().at("/before/idle_s").asDouble())
        .as(atStart.get().toString())
        .isCloseTo(gap, within(0.002));
    assertThat(b.at("/before/idle_s").asDouble())
        .isEqualTo(atStart.get().at("/before/idle_s").asDouble());

    dev.sustain.store.RunHistory.recordRunFolder(second, option.location());
    assertThat(Files.readAllBytes(second.resolve("run.json")))
        .as("recorded, not edited")
        .isEqualTo(left);
  }

  private static org.assertj.core.data.Offset<Double> within(double v) {
    return org.assertj.core.data.Offset.offset(v);
  }

  /**
   * A run folder of drive X: the burst until the temperature, rising from {@code startC} at 0.1 °C
   * a second, reaches 60 °C; the floor after, the temperature held there.
   */
  static Path heatRun(Path folder, SplittableRandom r, double startC, Instant started, Double idle)
      throws Exception {
    Files.createDirectories(folder);
    double burst = 1000;
    double floor = 300;
    double stepSeconds = (60 - startC) / 0.1;
    int n = (int) stepSeconds + 120;
    StringBuilder csv = new StringBuilder("time_s,write_MBps,bytes,temp_C,phase\n");
    for (int i = 1; i <= n; i++) {
      double rate = (i <= stepSeconds ? burst : floor) * (1 + 0.02 * (r.nextDouble() - 0.5));
      double temp = Math.min(60, startC + 0.1 * i);
      csv.append(
          String.format(
              Locale.ROOT, "%d,%.3f,%d,%.0f,write%n", i, rate, Math.round(rate * 1e6), temp));
    }
    Files.writeString(folder.resolve("samples.csv"), csv);
    ObjectNode run = RunFolder.JSON.createObjectNode();
    run.put("version", 1);
    run.put("command", "write");
    run.put("run_id", folder.getFileName().toString());
    run.put("started", started.toString());
    run.put("ended", started.plusSeconds(n).toString());
    ObjectNode device = run.putObject("target").putObject("device");
    device.put("model", "Drive X");
    device.put("serial", "S1");
    device.put("size_bytes", 2_000_000_000_000L);
    ObjectNode before = run.putObject("before");
    before.put("free_bytes", 1_500_000_000_000L);
    before.put("capacity_bytes", 2_000_000_000_000L);
    before.put("temp_C", startC);
    if (idle == null) {
      before.putNull("idle_s");
    } else {
      before.put("idle_s", idle);
    }
    run.putObject("params").put("interval_s", 1.0);
    return completed(folder, run);
  }

  /** The step came at the same temperature, earlier in bytes: the drive was warmer at the start. */
  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3})
  void aStepThatMovesInBytesButNotInTemperatureIsHeat(long seed) throws Exception {
    SplittableRandom r = new SplittableRandom(seed);
    double coldC = 25 + r.nextDouble() * 5;
    double warmC = coldC + 10 + r.nextDouble() * 10; // its step 100-200 s (GB) earlier
    Instant t0 = Instant.parse("2026-01-01T10:00:00Z");
    Path cold = heatRun(dir.resolve("cold"), r, coldC, t0, null);
    Path warm = heatRun(dir.resolve("warm"), r, warmC, t0.plusSeconds(3600), 60.0);
    Cli.Result json = Cli.ok("compare", cold, warm, "--json");
    JsonNode rows = RunFolder.JSON.readTree(json.out());
    String evidence = "seed " + seed + ": " + json.out();
    assertThat(rows.at("/1/cause").asText()).as(evidence).isEqualTo("heat");
    assertThat(rows.at("/1/step_temp_C").asDouble()).as(evidence).isBetween(58.0, 60.0);
    assertThat(rows.at("/0/step_temp_C").asDouble()).as(evidence).isBetween(58.0, 60.0);
    assertThat(rows.at("/1/idle_s").asDouble()).as(evidence).isEqualTo(60.0);
    assertThat(rows.at("/1/free_bytes_before").asLong()).isEqualTo(1_500_000_000_000L);
    assertThat(rows.at("/1/cache_recovered_pct").asDouble())
        .as(evidence)
        .isBetween(100 * (60 - warmC) / (60 - coldC) - 5, 100 * (60 - warmC) / (60 - coldC) + 5);
    assertThat(rows.at("/0/cause").isNull()).isTrue();

    Cli.Result text = Cli.run("compare", cold.toString(), warm.toString());
    assertThat(text.out()).as(evidence).contains("Cause: heat: its step came at").contains("°C");
    assertThat(text.out()).contains("cache back after idle: 1 min: ");

    Path html = dir.resolve("compare.html");
    Cli.Result page = Cli.ok("compare", cold, warm, "--html", html);
    assertThat(Files.readString(html))
        .contains("<h2>Between runs</h2>")
        .contains("id=\"recovery-chart\"")
        .contains("<td>1 min</td>");
  }

  /** Writes {@code series} as a run folder of drive X with the given free space before it. */
  static Path runFolder(Path folder, dev.sustain.analysis.SampleSeries series, Instant started)
      throws Exception {
    Files.createDirectories(folder);
    StringBuilder csv = new StringBuilder("time_s,write_MBps,bytes,phase\n");
    for (int i = 0; i < series.size(); i++) {
      csv.append(
          String.format(
              Locale.ROOT,
              "%.3f,%.3f,%d,write%n",
              series.timeSeconds(i),
              series.writeMBps(i),
              Math.round(series.writeMBps(i) * 1e6 * series.intervalSeconds(i))));
    }
    Files.writeString(folder.resolve("samples.csv"), csv);
    ObjectNode run = RunFolder.JSON.createObjectNode();
    run.put("version", 1);
    run.put("command", "write");
    run.put("started", started.toString());
    run.put("ended", started.plusSeconds((long) series.durationSeconds()).toString());
    ObjectNode device = run.putObject("target").putObject("device");
    device.put("model", "Drive X");
    device.put("serial", "S1");
    ObjectNode before = run.putObject("before");
    before.put("free_bytes", 900_000_000_000L);
    before.put("capacity_bytes", 2_000_000_000_000L);
    before.putNull("temp_C");
    before.putNull("idle_s");
    return completed(folder, run);
  }

  /** The seconds from the end of run {@code a} (its run.json) to the start of run {@code b}. */
  private static double secondsBetween(JsonNode a, JsonNode b) {
    return java.time.Duration.between(
                Instant.parse(a.path("ended").asText()), Instant.parse(b.path("started").asText()))
            .toNanos()
        / 1e9;
  }

  /** {@code run} with a complete result, written as {@code folder}'s run.json; the folder. */
  private static Path completed(Path folder, ObjectNode run) throws Exception {
    run.putObject("result").put("status", "complete");
    Files.writeString(folder.resolve("run.json"), RunFolder.JSON.writeValueAsString(run));
    return folder;
  }

  /** A clean run, then one that swings between high and low at irregular times: clogging. */
  @ParameterizedTest
  @ValueSource(longs = {11, 12, 13})
  void aCurveThatTurnsErraticIsClogging(long seed) throws Exception {
    Instant t0 = Instant.parse("2026-01-01T10:00:00Z");
    Path clean =
        runFolder(
            dir.resolve("clean"),
            ShapeCurves.cacheCliff(seed, 1, 940, 150, 120, 120, 0.03).series(),
            t0);
    Path erratic =
        runFolder(
            dir.resolve("erratic"),
            ShapeCurves.gcSwings(seed, 1, 300, 0.03).series(),
            t0.plusSeconds(1200));
    Cli.Result json = Cli.ok("compare", clean, erratic, "--json");
    JsonNode rows = RunFolder.JSON.readTree(json.out());
    String evidence = "seed " + seed + ": " + json.out();
    assertThat(rows.at("/0/shape").asText()).as(evidence).isEqualTo("cache-cliff");
    assertThat(rows.at("/1/shape").asText()).as(evidence).isEqualTo("gc-erratic");
    assertThat(rows.at("/1/cause").asText()).as(evidence).isEqualTo("clogging");
    // Without before.idle_s, the idle from the two runs' own times: the first's end to this start.
    Instant cleanEnded =
        Instant.parse(
            RunFolder.JSON.readTree(clean.resolve("run.json").toFile()).path("ended").asText());
    assertThat(rows.at("/1/idle_s").asDouble())
        .as(evidence)
        .isEqualTo(java.time.Duration.between(cleanEnded, t0.plusSeconds(1200)).toSeconds());
    Cli.Result text = Cli.run("compare", clean.toString(), erratic.toString());
    assertThat(text.out()).as(evidence).contains("Cause: clogging: ").contains("TRIM");
  }

  /** Runs of different drives are compared as before, without causes. */
  @Test
  void runsOfDifferentDrivesGetNoCause() throws Exception {
    SplittableRandom r = new SplittableRandom(7);
    Instant t0 = Instant.parse("2026-01-01T10:00:00Z");
    Path a = heatRun(dir.resolve("a"), r, 30, t0, null);
    Path b = heatRun(dir.resolve("b"), r, 45, t0.plusSeconds(600), null);
    JsonNode run = RunFolder.JSON.readTree(b.resolve("run.json").toFile());
    ((ObjectNode) run.at("/target/device")).put("serial", "S2");
    Files.writeString(b.resolve("run.json"), RunFolder.JSON.writeValueAsString(run));
    Cli.Result json = Cli.ok("compare", a, b, "--json");
    assertThat(RunFolder.JSON.readTree(json.out()).at("/1").has("cause")).isFalse();
  }
}
