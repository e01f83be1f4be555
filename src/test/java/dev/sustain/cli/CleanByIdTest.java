package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.run.RunFolder;
import dev.sustain.store.RunById;
import dev.sustain.testing.RunFolderRig;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code clean RUNID}: the id {@code history} shows names the run's folder through the history (or
 * the runs folder, for a run made without {@code --out}); an id that names no run is one line and
 * exit 2, with nothing removed.
 */
class CleanByIdTest {

  @TempDir Path dir;

  @Test
  void aKeptWriteIsCleanedByTheIdTheHistoryShows() throws Exception {
    Path target = Files.createDirectories(dir.resolve("target"));
    Path run = dir.resolve("run");
    Path history = dir.resolve("h.db");
    Cli.ok("write", target, "--size", "4KiB", "--keep", "--db", history, "--out", run);
    JsonNode shown = RunFolder.JSON.readTree(Cli.ok("history", "--db", history, "--json").out());
    String runId = shown.at("/runs/0/run_id").asText();
    assertThat(Cli.ok("history", "--db", history).out().lines())
        .as("the text table shows the id first in the run's row")
        .anyMatch(line -> line.startsWith("  " + runId + "  "));
    Path testFile = Path.of(RunFolderRig.document(run).target().testFile().orElseThrow());
    assertThat(testFile).as("--keep left the test file").exists();

    Cli.Result r = Cli.ok("clean", runId, "--db", history);
    assertThat(r.out()).contains("Removed " + testFile);
    assertThat(testFile).doesNotExist();
  }

  @Test
  void anIdOfNoRunIsOneLineAndExit2() throws Exception {
    Path target = Files.createDirectories(dir.resolve("target"));
    Path history = dir.resolve("h.db");
    Cli.ok("write", target, "--size", "4KiB", "--db", history, "--out", dir.resolve("run"));

    Cli.Result r =
        Cli.assertBadInput(Cli.run("clean", "20261204-000000-dead", "--db", history.toString()));
    assertThat(r.err().lines())
        .singleElement()
        .asString()
        .contains("20261204-000000-dead is neither a run folder nor the id of a run")
        .contains("the history at " + history);
  }

  @Test
  void theRunsFolderNamesARunByTheIdInItsRunJson() throws Exception {
    Path runs = Files.createDirectories(dir.resolve("runs"));
    Path own = Files.createDirectories(runs.resolve("20261204-101500-beef-write"));
    Files.writeString(
        own.resolve("run.json"), "{\"version\": 1, \"run_id\": \"20261204-101500-beef\"}");
    // Named like the run, but its run.json is another run's: not the run asked for.
    Path other = Files.createDirectories(runs.resolve("20261204-101500-cafe-write"));
    Files.writeString(
        other.resolve("run.json"), "{\"version\": 1, \"run_id\": \"20261204-999999-cafe\"}");

    assertThat(RunById.underRunsFolder("20261204-101500-beef", runs)).contains(own);
    assertThat(RunById.underRunsFolder("20261204-101500-cafe", runs)).isEmpty();
    assertThat(RunById.underRunsFolder("20261204-101500-beef", dir.resolve("none"))).isEmpty();
    assertThat(RunById.looksLikeId("20261204-101500-beef")).isTrue();
    assertThat(RunById.looksLikeId("../run")).isFalse();
  }
}
