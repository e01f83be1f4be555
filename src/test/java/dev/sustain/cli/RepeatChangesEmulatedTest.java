package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.run.RunFolder;
import dev.sustain.testing.EmulatedDrive;
import dev.sustain.testing.EmulatedDrive.Phase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code write --repeat 3 --cooldown D1,D2} on the emulated drive, each pass played differently
 * from its start: the full cache, half of it, the full cache again. Each later pass is explained
 * against the first (not-recovered with its share, then none), in passes.json, in --json, by
 * compare and by report's HTML; and a pass that turns erratic after a clean one is clogging. Root
 * and cgroup-v1 blkio only.
 */
@Tag("root")
@Tag("emulated")
class RepeatChangesEmulatedTest {

  private static final long MB = 1_000_000L;

  /**
   * The rates are ones a writer keeps up with on a machine busy with other work, and not whole
   * requests in each of the throttle's 100 ms slices: then intervals differ by a request or so, as
   * a drive's do. (Whole requests a slice make a level with no noise at all, beside which the next
   * level's alternation of one request reads as a step every interval.)
   */
  private static final long FAST = 40 * MB;

  private static final long SLOW = 20 * MB;

  /**
   * 9 s at the fast rate. Pass 2 gets half of it back: 18 intervals of 250 ms, a level that holds
   * though a busy host's writer spoils its first second (seen: 64, 16, 64 MB/s). A third (12
   * intervals) once read undetermined that way.
   */
  private static final long CACHE = 360 * MB;

  /** Kept when a test fails: the passes' run folders are the evidence. */
  @TempDir(cleanup = CleanupMode.ON_SUCCESS)
  Path dir;

  /**
   * Runs {@code write --repeat} on the emulated drive while it plays {@code phases}, waits for it
   * to end with exit 0 and returns its stderr (the words); --json goes to dir/stdout.
   */
  private String writeRepeated(
      EmulatedDrive drive,
      Path out,
      int passes,
      String cooldowns,
      String interval,
      List<Phase> phases)
      throws Exception {
    Process p =
        drive.start(
            Cli.command(
                "write",
                drive.mountPoint().toString(),
                "--out",
                out.toString(),
                "--size",
                "480MB",
                "--interval",
                interval,
                // Small requests: an interval holds dozens, so a level's intervals differ by a
                // few percent, not by whole 1 MiB requests.
                "--bs",
                "128KiB",
                "--repeat",
                String.valueOf(passes),
                "--cooldown",
                cooldowns,
                "--db",
                "none",
                "--json"),
            dir.resolve("stdout"),
            dir.resolve("stderr"),
            phases);
    assertThat(p.waitFor(240, TimeUnit.SECONDS)).as("the passes ended").isTrue();
    String err = Files.readString(dir.resolve("stderr"));
    assertThat(p.exitValue()).as(err).isZero();
    return err;
  }

  @Test
  void eachPassIsExplainedAgainstTheFirst() throws Exception {
    try (EmulatedDrive drive = EmulatedDrive.create(1L << 30, dir)) {
      Path out = dir.resolve("repeat");
      // Each pass's limits are played from its start: its run.json is written before its first
      // byte, after the pause.
      List<Phase> phases = new ArrayList<>();
      phases.add(Phase.initially(FAST)); // pass 1: the whole cache
      phases.add(Phase.afterBytes(CACHE, SLOW));
      phases.add(Phase.whenExists(out.resolve("pass-2/run.json"), FAST)); // half came back
      phases.add(Phase.afterMoreBytes(CACHE / 2, SLOW));
      phases.add(Phase.whenExists(out.resolve("pass-3/run.json"), FAST)); // all of it
      phases.add(Phase.afterMoreBytes(CACHE, SLOW));
      String err = writeRepeated(drive, out, 3, "1s,3s", "250ms", phases);
      JsonNode doc = RunFolder.JSON.readTree(dir.resolve("stdout").toFile());
      JsonNode passes = RunFolder.JSON.readTree(out.resolve("passes.json").toFile());
      String evidence = drive.appliedAt() + "\n" + passes + "\n" + err;
      assertThat(drive.phasesApplied()).as(evidence).isEqualTo(phases.size());

      JsonNode p1 = passes.at("/passes/0");
      JsonNode p2 = passes.at("/passes/1");
      JsonNode p3 = passes.at("/passes/2");
      assertThat(p1.path("cause").isNull()).as(evidence).isTrue();
      assertThat(p1.path("step_GB").asDouble()).as(evidence).isBetween(0.324, 0.396);
      assertThat(p2.path("cause").asText()).as(evidence).isEqualTo("not-recovered");
      assertThat(p2.path("cache_recovered_pct").asDouble()).as(evidence).isBetween(41.0, 59.0);
      assertThat(p3.path("cause").asText()).as(evidence).isEqualTo("none");
      assertThat(p3.path("cache_recovered_pct").asDouble()).as(evidence).isBetween(90.0, 110.0);

      // Each pass records the cooldown before it, and the idle it had (pause and layout).
      double[] cooldowns = {1, 3};
      for (int i = 1; i < 3; i++) {
        JsonNode pass = passes.at("/passes/" + i);
        assertThat(pass.path("cooldown_s").asDouble()).as(evidence).isEqualTo(cooldowns[i - 1]);
        assertThat(pass.path("idle_s").asDouble())
            .as(evidence)
            .isBetween(cooldowns[i - 1], cooldowns[i - 1] + 5);
        assertThat(pass.path("free_bytes_before").asLong()).as(evidence).isPositive();
        JsonNode runJson =
            RunFolder.JSON.readTree(
                Path.of(pass.path("run_folder").asText()).resolve("run.json").toFile());
        assertThat(runJson.at("/before/idle_s").asDouble())
            .as(evidence)
            .isEqualTo(pass.path("idle_s").asDouble());
        assertThat(runJson.at("/before/capacity_bytes").asLong()).as(evidence).isEqualTo(1L << 30);
      }
      // The repeat's --json carries them per pass, and the recovery table.
      assertThat(doc.at("/passes/1/cause").asText()).as(evidence).isEqualTo("not-recovered");
      assertThat(doc.at("/passes/1/cache_recovered_pct").asDouble())
          .isEqualTo(p2.path("cache_recovered_pct").asDouble());
      assertThat(doc.at("/passes/2/idle_s").asDouble()).isEqualTo(p3.path("idle_s").asDouble());
      assertThat(doc.path("recovery").asText())
          .as(evidence)
          .matches("1(\\.\\d)? s: \\d+%, 3(\\.\\d)? s: \\d+%");
      assertThat(err).as("the words").containsPattern("Cache back after idle: 1(\\.\\d)? s: \\d+%");
      assertThat(err)
          .containsPattern("Pass 2: after 1(\\.\\d)? s idle the cache came back to \\d+%");

      // compare of the passes (runs of one drive) explains them alike.
      Cli.Result compared =
          Cli.okLine(
              "compare {} {} {} --json",
              out.resolve("pass-1"),
              out.resolve("pass-2"),
              out.resolve("pass-3"));
      JsonNode rows = RunFolder.JSON.readTree(compared.out());
      assertThat(rows.at("/1/cause").asText()).as(compared.out()).isEqualTo("not-recovered");
      assertThat(rows.at("/1/cache_recovered_pct").asDouble())
          .isEqualTo(p2.path("cache_recovered_pct").asDouble());
      assertThat(rows.at("/2/cause").asText()).as(compared.out()).isEqualTo("none");
      assertThat(rows.at("/1/free_bytes_before").asLong())
          .isEqualTo(p2.path("free_bytes_before").asLong());

      // The repeat's folder stands for its passes: the report draws the recovery.
      Path html = dir.resolve("repeat.html");
      Cli.Result report = Cli.ok("report", out, "--html", html);
      assertThat(report.out()).contains("Cause: not-recovered").contains("Cause: none");
      assertThat(Files.readString(html))
          .contains("<h2>Between runs</h2>")
          .contains("id=\"recovery-chart\"")
          .containsPattern("<td>3(\\.\\d)? s</td><td>\\d+%</td>");
    }
  }

  /** The low of the swings. */
  private static final long CRAWL = 6 * MB;

  @Test
  void aPassThatTurnsErraticIsClogging() throws Exception {
    try (EmulatedDrive drive = EmulatedDrive.create(1L << 30, dir)) {
      Path out = dir.resolve("repeat");
      List<Phase> phases = new ArrayList<>();
      phases.add(Phase.initially(FAST)); // pass 1: a clean cliff
      phases.add(Phase.afterBytes(CACHE, SLOW));
      // Pass 2 swings between the fast rate and a crawl at irregular lengths (1-2.25 s fast, the
      // first the longest so it reads as the burst; 2-6 s slow), as a drive short of free blocks
      // does. Irregular in earnest: swings of nearly one period (5.0-5.3 s, as these were once)
      // are a regular alternation, which is heat's signature, not a starved FTL's.
      phases.add(Phase.whenExists(out.resolve("pass-2/run.json"), FAST));
      long[][] fastSlow = {{90, 18}, {40, 36}, {70, 12}, {50, 27}, {60, 15}};
      for (long[] fs : fastSlow) {
        phases.add(Phase.afterMoreBytes(fs[0] * MB, CRAWL));
        phases.add(Phase.afterMoreBytes(fs[1] * MB, FAST));
      }
      // 200 ms: two whole 100 ms throttle slices an interval, so the fast level holds at 40 MB/s
      // instead of alternating 32 and 48 (two or three slices in 250 ms), which put its segments
      // near the swings' high line (85% of the p95: once read undetermined on a quiet machine).
      String err = writeRepeated(drive, out, 2, "2s", "200ms", phases);
      JsonNode passes = RunFolder.JSON.readTree(out.resolve("passes.json").toFile());
      String evidence = drive.appliedAt() + "\n" + passes + "\n" + err;
      assertThat(drive.phasesApplied()).as(evidence).isEqualTo(phases.size());
      assertThat(passes.at("/passes/1/cause").asText()).as(evidence).isEqualTo("clogging");
      assertThat(err).as(evidence).contains("Cause: clogging");
    }
  }
}
