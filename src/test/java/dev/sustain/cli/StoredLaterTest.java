package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sustain.store.DbLocation;
import dev.sustain.store.RunFolders;
import dev.sustain.store.SampleStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the history missed at a run's end is stored later, samples included: a run whose history
 * cannot be reached ends as it would have, with one line saying how, and {@code history --import}
 * then stores the run and every row of its samples.csv.
 */
class StoredLaterTest {

  static final String PG_ENV = "SUSTAIN_TEST_PG_URL";

  @TempDir Path dir;

  private Path write(String db) throws Exception {
    Cli.Folders rig = Cli.in(dir, "drive", "run");
    Cli.Result r = rig.run("write TARGET --size 16MiB --out OUT --db {}", db);
    assertThat(r.exitCode()).as(r.out() + r.err()).isZero();
    com.fasterxml.jackson.databind.JsonNode run =
        new ObjectMapper().readTree(rig.out().resolve("run.json").toFile());
    assertThat(run.path("result").path("status").asText()).isEqualTo("complete");
    return rig.out();
  }

  @Test
  void anUnreachableServerAtTheEndIsOneLineThatSaysHowToStoreTheRunLater() throws Exception {
    Cli.Folders rig = Cli.in(dir, "drive", "run");
    Cli.Result r =
        rig.run(
            "write TARGET --size 16MiB --out OUT --db jdbc:postgresql://127.0.0.1:1/none?user=u&password=Never-Shown-9");

    assertThat(r.exitCode()).as(r.out() + r.err()).isZero();
    assertThat(r.err().lines().filter(l -> l.contains("history")).toList())
        .singleElement()
        .satisfies(
            l ->
                assertThat(l)
                    .startsWith("sustain: warning: run not recorded in the history: ")
                    .endsWith("sustain history --db URL --import " + rig.out().toAbsolutePath()));
    assertThat(r.out() + r.err()).doesNotContain("Never-Shown-9", "\tat ", "Exception");
  }

  @Test
  void importStoresTheSamplesOfARunFolderInSqlite() throws Exception {
    Path out = write("none");
    Path db = dir.resolve("h.db");

    assertImportStoresEverySample(out, db.toString(), DbLocation.sqlite(db));
  }

  @Test
  void importStoresTheSamplesOfARunFolderInPostgresql() throws Exception {
    String url = System.getenv(PG_ENV);
    assumeTrue(url != null && !url.isBlank(), PG_ENV + " is not set (eval \"$(.ci/postgres.sh)\")");
    Path out = write("none");

    assertImportStoresEverySample(out, url, DbLocation.parse(url, Map.of()));
  }

  private static void assertImportStoresEverySample(Path out, String db, DbLocation location)
      throws Exception {
    long rows = Files.readAllLines(out.resolve("samples.csv")).size() - 1;
    assertThat(rows).isPositive();

    Cli.Result imp = Cli.ok("history", "--db", db, "--import", out);
    String runId = RunFolders.read(out, "import").runId();
    try (SampleStore samples = SampleStore.open(location)) {
      assertThat(samples.count(runId)).isEqualTo(rows);
    }
  }

  @Test
  void aHistoryInAFolderThatIsNotThereIsRefusedBeforeTheRunAndNoFolderIsMade() throws Exception {
    Path target = Files.createDirectories(dir.resolve("drive"));
    Path db = dir.resolve("missing").resolve("dir").resolve("h.db");

    Cli.Result r = Cli.run("write", target.toString(), "--size", "16MiB", "--db", db.toString());

    Cli.assertBadInput(r);
    assertThat(r.err().strip().lines()).singleElement().asString().contains("does not exist");
    assertThat(dir.resolve("missing")).doesNotExist();
  }
}
