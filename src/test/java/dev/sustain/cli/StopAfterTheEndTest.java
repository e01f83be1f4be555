package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.run.RunEnd;
import dev.sustain.run.RunFolder;
import dev.sustain.store.TestDatabases;
import dev.sustain.store.TestDatabases.Backend;
import dev.sustain.testing.Await;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A signal that lands after the write and its flush ended and before the run's end is written (held
 * there by the run's test hook, so the moment is certain, not a guess of the sleep) cuts nothing
 * short: run.json and the history say complete, the command exits 0 as a complete run does and says
 * on one line that the stop came after the end; no test file or mark is left.
 */
class StopAfterTheEndTest {

  @TempDir Path dir;

  @ParameterizedTest(name = "SIG{0} x{1}")
  @CsvSource({"INT, 2", "TERM, 1", "HUP, 1"})
  void aStopAfterTheFlushLeavesACompleteRunAndExitZero(String signal, int times) throws Exception {
    Cli.Folders rig = Cli.in(dir, "target", "run");
    Path moment = dir.resolve("before-end");
    String db = TestDatabases.freshDbValue(Backend.SQLITE, dir);
    Files.createDirectories(Path.of(db).getParent());
    Path stdout = dir.resolve("stdout");
    Path stderr = dir.resolve("stderr");
    List<String> args =
        new ArrayList<>(
            List.of(
                "write",
                rig.target().toString(),
                "--buffered",
                "--size",
                "8MiB",
                "--interval",
                "100ms"));
    args.addAll(List.of("--out", rig.out().toString(), "--db", db));
    // The child JVM of StopSignalsTest.start, with the hook's property before its main class.
    List<String> cmd = new ArrayList<>(List.of("env", "--default-signal=INT,TERM,HUP"));
    List<String> java = Cli.command(args.toArray(String[]::new));
    java.add(1, "-D" + RunEnd.BEFORE_END_PROPERTY + "=" + moment);
    cmd.addAll(java);
    Process p =
        new ProcessBuilder(cmd)
            .redirectOutput(stdout.toFile())
            .redirectError(stderr.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
            .start();
    try {
      Await.until(
          "the moment after the flush",
          () -> {
            assertThat(p.isAlive()).as("the write goes on: %s", Files.readString(stderr)).isTrue();
            return Files.exists(moment);
          });
      // The first signal stops the run, which says so by the hold's .taken file; a second goes
      // only then (signals of one kind do not queue: one sent while the last is pending merges
      // with it), and is taken when its line is on stderr. Then the hold lets the run end.
      assertThat(StopSignalsTest.signal(p, signal)).as("the signal sent").isTrue();
      Await.until("the stop taken", () -> Files.exists(Path.of(moment + ".taken")));
      if (times == 2) {
        assertThat(StopSignalsTest.signal(p, signal)).as("the second signal sent").isTrue();
        Await.until(
            "the second signal taken",
            () -> Files.readString(stderr).contains(Signals.CLEANING_UP));
      }
      Files.createFile(Path.of(moment + ".go"));
      Await.ended(p, "the write stopped after its flush");
    } finally {
      p.destroyForcibly();
    }
    String err = Files.readString(stderr);
    assertThat(p.exitValue()).as(err).isZero();
    List<String> lines = err.strip().lines().toList();
    assertThat(lines).contains(Signals.AFTER_THE_END);
    assertThat(lines)
        .as("one line for the stop, and the clean-up's only after a second signal")
        .hasSize(times == 1 ? 1 : 2);
    JsonNode json = RunFolder.JSON.readTree(rig.out().resolve(RunFolder.RUN_JSON).toFile());
    assertThat(json.at("/result/status").asText()).isEqualTo("complete");
    assertThat(json.at("/result/bytes").asLong()).isEqualTo(8L << 20);
    assertThat(rig.out().resolve(RunFolder.ANALYSIS_JSON)).exists();
    assertThat(Files.readString(stdout)).contains("Run folder: " + rig.out());
    try (Stream<Path> left = Files.list(rig.target())) {
      assertThat(left).as("no test file, no mark").isEmpty();
    }
    Cli.Result history = Cli.run("history", "--json", "--db", db);
    JsonNode runs = RunFolder.JSON.readTree(history.out()).path("runs");
    assertThat(runs).hasSize(1);
    assertThat(runs.get(0).path("status").asText()).isEqualTo("complete");
  }
}
