package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.run.RunFolder;
import dev.sustain.testing.Await;
import dev.sustain.testing.PrivatePostgres;
import dev.sustain.testing.RunFolderRig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real PostgreSQL history, a server of the test's own, stopped while a write goes (an immediate
 * stop, as a crash would): the run ends as it would have (complete, exit 0, its folder whole, no
 * test file) with one line of Sustain's about the history, none of Flyway's or the pool's; once the
 * server is back, {@code history --import} stores the run with every sample. And a server down when
 * the run starts and back before it ends gets the whole run from the run itself.
 */
class PostgresStoppedTest {

  private static PrivatePostgres pg;

  @TempDir Path dir;

  @BeforeAll
  static void server() throws Exception {
    pg = PrivatePostgres.start();
  }

  @AfterAll
  static void remove() throws Exception {
    if (pg != null) {
      pg.close();
    }
  }

  @Test
  void aServerStoppedMidRunLeavesOneLineAndTheRunIsImportedLater() throws Exception {
    Path out = dir.resolve("run");
    Process write = writeWhile(out, pg::down, "the write whose history stopped");
    String err = stderr();
    assertThat(write.exitValue()).as(err).isZero();
    assertThat(err.strip().lines().toList())
        .singleElement()
        .asString()
        .startsWith("sustain: warning: run not recorded in the history")
        .contains("--import " + out);
    assertThat(err.toLowerCase(java.util.Locale.ROOT))
        .doesNotContain("flyway", "hikari", "\tat ", "exception");
    String runId = checkFolder(out);

    pg.up();
    Cli.Result imported = Cli.ok("history", "--db", pg.url(), "--import", out);
    assertRecorded(runId, out);
  }

  @Test
  void aServerDownAtTheStartAndBackBeforeTheEndGetsTheWholeRun() throws Exception {
    pg.down();
    Path out = dir.resolve("run");
    Process write = writeWhile(out, pg::up, "the write whose history came back");
    assertThat(write.exitValue()).as(stderr()).isZero();
    assertThat(stderr()).isEmpty();
    assertRecorded(checkFolder(out), out);
  }

  /** Something the test does to the server while a write runs. */
  @FunctionalInterface
  private interface ServerChange {
    void make() throws Exception;
  }

  /**
   * A write ({@link #start}) into {@code out} that has written ten rows when {@code change} is made
   * to its server, waited for to its end ({@code what} it is, for a failure's message).
   */
  private Process writeWhile(Path out, ServerChange change, String what) throws Exception {
    Process write = start(out);
    try {
      FaultsTest.waitForRows(out, 10);
      assertThat(write.isAlive()).as(stderr()).isTrue();
      change.make();
      Await.ended(write, what);
    } finally {
      write.destroyForcibly();
    }
    return write;
  }

  /** A write of six seconds, sampled every 100 ms, recorded in the private server. */
  private Process start(Path out) throws Exception {
    Path target = Files.createDirectories(dir.resolve("target"));
    return Cli.startCachedWrite(
        dir.resolve("stdout"), dir.resolve("stderr"), target, "6s", "100ms", out, pg.url());
  }

  private String stderr() throws Exception {
    return Files.readString(dir.resolve("stderr"));
  }

  /** The run folder is whole and the test file gone; the run's id. */
  private String checkFolder(Path out) throws Exception {
    JsonNode run = RunFolder.JSON.readTree(out.resolve(RunFolder.RUN_JSON).toFile());
    assertThat(run.at("/result/status").asText()).isEqualTo("complete");
    assertThat(out.resolve(RunFolder.ANALYSIS_JSON)).exists();
    assertThat(RunFolderRig.sampleBytes(out)).isEqualTo(run.at("/result/bytes").asLong());
    try (Stream<Path> left = Files.list(dir.resolve("target"))) {
      assertThat(left).as("no test file, no mark").isEmpty();
    }
    return run.path("run_id").asText();
  }

  /** The history holds the run, complete, with every row of its samples.csv. */
  private static void assertRecorded(String runId, Path out) throws Exception {
    assertThat(runId).matches("[0-9a-z-]+");
    assertThat(pg.query("SELECT status FROM runs WHERE run_id = '" + runId + "'"))
        .isEqualTo("complete");
    long rows = Files.readAllLines(out.resolve("samples.csv")).size() - 1;
    assertThat(pg.query("SELECT count(*) FROM samples WHERE run_id = '" + runId + "'"))
        .isEqualTo(Long.toString(rows));
  }
}
