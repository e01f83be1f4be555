package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.document.RunDocumentCodec;
import dev.sustain.run.IdleHistory;
import dev.sustain.run.RunFolder;
import dev.sustain.run.RunObserver;
import dev.sustain.run.RunStatus;
import dev.sustain.run.WriteParams;
import dev.sustain.sampling.SampleRow;
import dev.sustain.testing.EveryEvent;
import dev.sustain.testing.TestWriteParams;
import dev.sustain.workload.WriteRepeat;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code sustain write --repeat N --cooldown D}. */
class WriteRepeatTest {

  @TempDir Path dir;

  @Test
  void threePassesEachARunFolderAndTheComparison() throws Exception {
    Cli.Folders rig = Cli.in(dir, "target", "runs");
    Cli.Result r =
        rig.ok("write TARGET --size 16MiB --repeat 3 --cooldown 500ms --interval 100ms --out OUT");
    JsonNode passes = RunFolder.JSON.readTree(rig.out().resolve("passes.json").toFile());
    assertThat(passes.get("passes")).hasSize(3);
    assertThat(passes.path("cooldown_s").asDouble()).isEqualTo(0.5);
    assertThat(passes.get("comparison")).isNotEmpty();
    Instant previousEnded = null;
    for (int n = 1; n <= 3; n++) {
      JsonNode run =
          RunFolder.JSON.readTree(rig.out().resolve("pass-" + n).resolve("run.json").toFile());
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
          .isEqualTo(rig.out().resolve("pass-" + n).toString());
    }
    assertThat(r.out()).contains("Pass 3 of 3").contains("Passes: " + rig.out());
    // Every pass prints its own analysis after its heading, as a single write does: the per-pass
    // observer once dropped the analysis (and the phase) on its way to the screen.
    String[] byPass = r.out().split("Pass \\d of 3:", -1);
    assertThat(byPass).hasSize(4);
    for (int n = 1; n <= 3; n++) {
      assertThat(byPass[n]).as("pass " + n + "'s own text").containsOnlyOnce("\n  shape ");
    }
    try (Stream<Path> left = Files.list(rig.target())) {
      assertThat(left).as("test files removed").isEmpty();
    }
  }

  @Test
  void aLaterPassWritesItsIdleIntoItsRunJsonAtItsStart() throws Exception {
    // The idle before a later pass is known when it starts (the pass before has ended): it is in
    // run.json from the start, where the live recorder and the history read it, and nothing
    // edits the pass's folder after its end.
    Path target = Files.createDirectories(dir.resolve("target"));
    Path out = dir.resolve("runs");
    WriteParams p = TestWriteParams.smallWrite(target.toString(), out);
    Map<Path, OptionalDouble> atStart = new LinkedHashMap<>();
    RunObserver readsTheStart =
        new RunObserver() {
          @Override
          public void started(RunInfo info) {
            try {
              atStart.put(
                  info.runFolder(),
                  RunDocumentCodec.read(info.runFolder()).before().orElseThrow().idleSeconds());
            } catch (IOException e) {
              throw new UncheckedIOException(e);
            }
          }
        };
    WriteRepeat.run(
        p,
        3,
        List.of(Duration.ofMillis(300)),
        readsTheStart,
        new AtomicBoolean(),
        AnalysisWords.FORMS,
        pass -> {},
        IdleHistory.NONE);
    JsonNode passes = RunFolder.JSON.readTree(out.resolve("passes.json").toFile());
    assertThat(atStart).hasSize(3);
    assertThat(atStart.get(out.resolve("pass-1"))).as("no history: unknown").isEmpty();
    for (int n = 2; n <= 3; n++) {
      Path pass = out.resolve("pass-" + n);
      OptionalDouble started = atStart.get(pass);
      assertThat(started).as("pass " + n + " at its start").isPresent();
      assertThat(started.getAsDouble()).isGreaterThanOrEqualTo(0.3);
      assertThat(RunDocumentCodec.read(pass).before().orElseThrow().idleSeconds())
          .as("pass " + n + " at its end")
          .isEqualTo(started);
      assertThat(passes.at("/passes/" + (n - 1) + "/idle_s").asDouble())
          .isEqualTo(started.getAsDouble());
    }
  }

  @Test
  void eachPassTellsTheLiveProgressItsPhaseAndItsAnalysis() {
    // The live line shows where the curve is; under --repeat the per-pass observer stands between
    // the run and the screen, and once forwarded only five of RunObserver's eight events.
    StringWriter screen = new StringWriter();
    PrintWriter o = new PrintWriter(screen);
    LiveProgress progress = new LiveProgress(o, false);
    RunObserver pass = WriteCommand.perPass(o, 2, progress);
    Path folder = dir.resolve("pass-1");
    pass.started(
        new RunObserver.RunInfo("r1", "write", folder, folder.resolve("f"), "sync", 1 << 20, -1));
    pass.phase("after the cliff at 1 GB");
    pass.sample(
        new SampleRow(1, 1, 100, 1 << 19, 4, 0, 0, 0, 0, Double.NaN, List.of(), "write"),
        1 << 19,
        1);
    pass.analysed("  shape cliff\n");
    pass.finished(new RunObserver.Ended(1 << 20, 2, RunStatus.COMPLETE, null));
    o.flush();
    assertThat(screen.toString())
        .startsWith("Pass 1 of 2:\nRun r1: writing ")
        .contains("50% ")
        .contains("after the cliff at 1 GB");
    assertThat(progress.analysis()).isEqualTo("  shape cliff\n");
  }

  @Test
  void eachPassTellsTheScreenEveryEventOfItsRun() {
    // Every event of RunObserver, found by reflection (one added later too), reaches the screen's
    // observer through the per-pass one, in the order the run told them, the heading printed once.
    StringWriter screen = new StringWriter();
    PrintWriter o = new PrintWriter(screen);
    List<String> heard = EveryEvent.log();
    EveryEvent.tellEvery(WriteCommand.perPass(o, 2, EveryEvent.logging(heard)), dir);
    o.flush();
    assertThat(heard).containsExactlyElementsOf(EveryEvent.names());
    assertThat(EveryEvent.names()).contains("note", "phase", "kept", "analysed", "finished");
    assertThat(screen.toString()).isEqualTo("Pass 1 of 2:\n");
  }

  @Test
  void refusesACooldownWithoutRepeatsAndARefusedJobLeavesNothing() throws Exception {
    Path target = Files.createDirectories(dir.resolve("target"));
    Cli.Result r = Cli.run("write", target.toString(), "--size", "1MiB", "--cooldown", "1s");
    Cli.assertBadInput(r);
    assertThat(r.err()).contains("--cooldown needs --repeat");

    Path out = dir.resolve("runs");
    Cli.Result full = Cli.runLine("write {} --size 900TB --repeat 2 --out {}", target, out);
    Cli.assertBadInput(full);
    assertThat(full.err()).contains("not enough free space");
    assertThat(out).doesNotExist();
  }
}
