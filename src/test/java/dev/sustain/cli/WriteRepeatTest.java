package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.run.RunFolder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code sustain write --repeat N --cooldown D}. */
class WriteRepeatTest {

  @TempDir Path dir;

  @Test
  void threePassesEachARunFolderAndTheComparison() throws Exception {
    Path target = Files.createDirectories(dir.resolve("target"));
    Path out = dir.resolve("runs");
    Cli.Result r =
        Cli.run(
            "write",
            target.toString(),
            "--size",
            "16MiB",
            "--repeat",
            "3",
            "--cooldown",
            "500ms",
            "--interval",
            "100ms",
            "--out",
            out.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    JsonNode passes = RunFolder.JSON.readTree(out.resolve("passes.json").toFile());
    assertThat(passes.get("passes")).hasSize(3);
    assertThat(passes.path("cooldown_s").asDouble()).isEqualTo(0.5);
    assertThat(passes.get("comparison")).isNotEmpty();
    Instant previousEnded = null;
    for (int n = 1; n <= 3; n++) {
      JsonNode run = RunFolder.JSON.readTree(out.resolve("pass-" + n).resolve("run.json").toFile());
      if (previousEnded != null) {
        // The cooldown as the passes recorded it: a busy machine can only make the gap longer.
        Duration gap = Duration.between(previousEnded, Instant.parse(run.path("started").asText()));
        assertThat(gap)
            .as("cooldown before pass " + n)
            .isGreaterThanOrEqualTo(Duration.ofMillis(500));
      }
      previousEnded = Instant.parse(run.path("ended").asText());
      assertThat(run.at("/result/status").asText()).isEqualTo("complete");
      assertThat(run.at("/result/bytes").asLong()).isEqualTo(16L << 20);
      assertThat(passes.get("passes").get(n - 1).path("run_folder").asText())
          .isEqualTo(out.resolve("pass-" + n).toString());
    }
    assertThat(r.out()).contains("Pass 3 of 3").contains("Passes: " + out);
    // Every pass prints its own analysis after its heading, as a single write does: the per-pass
    // observer once dropped the analysis (and the phase) on its way to the screen.
    String[] byPass = r.out().split("Pass \\d of 3:", -1);
    assertThat(byPass).hasSize(4);
    for (int n = 1; n <= 3; n++) {
      assertThat(byPass[n]).as("pass " + n + "'s own text").containsOnlyOnce("\n  shape ");
    }
    try (Stream<Path> left = Files.list(target)) {
      assertThat(left).as("test files removed").isEmpty();
    }
  }

  @Test
  void refusesACooldownWithoutRepeatsAndARefusedJobLeavesNothing() throws Exception {
    Path target = Files.createDirectories(dir.resolve("target"));
    Cli.Result r = Cli.run("write", target.toString(), "--size", "1MiB", "--cooldown", "1s");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("--cooldown needs --repeat");

    Path out = dir.resolve("runs");
    Cli.Result full =
        Cli.run(
            "write",
            target.toString(),
            "--size",
            "900TB",
            "--repeat",
            "2",
            "--out",
            out.toString());
    assertThat(full.exitCode()).isEqualTo(2);
    assertThat(full.err()).contains("not enough free space");
    assertThat(out).doesNotExist();
  }
}
