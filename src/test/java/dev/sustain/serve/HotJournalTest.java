package dev.sustain.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.cli.Cli;
import dev.sustain.store.DbLocation;
import dev.sustain.store.TestDatabases.Backend;
import dev.sustain.testing.Await;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.Writer;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A SQLite history with a hot journal: a writer SIGKILLed inside a transaction that had already
 * spilled its changes into the database file (sqlite3 with a one-page cache, journal_mode=DELETE)
 * leaves the journal that alone makes the file right again. The dashboard opens the file allowed to
 * write (PRAGMA query_only keeps it from writing anything of its own), so its first read rolls the
 * journal back: the API answers 200 with the history as it was before the transaction, not 503
 * (SQLITE_READONLY_ROLLBACK, what a read-only connection answers), and a later run records.
 */
class HotJournalTest {

  @TempDir Path dir;

  @Test
  void theDashboardRollsBackAHotJournalAndALaterRunRecords() throws Exception {
    Assumptions.assumeTrue(
        Files.isExecutable(Path.of("/usr/bin/sqlite3")), "the sqlite3 shell is not installed");
    String db = Served.freshDb(Backend.SQLITE, dir);
    Files.createDirectories(Path.of(db).getParent());
    Path target = Files.createDirectories(dir.resolve("target"));
    Cli.Result first = write(target, "first", db);
    assertThat(first.exitCode()).as(first.err()).isZero();

    killInsideATransaction(Path.of(db));
    Path journal = Path.of(db + "-journal");
    assertThat(journal).as("the hot journal the killed writer left").exists();
    assertThat(Files.size(journal)).isPositive();

    DbLocation location = DbLocation.parse(db, Map.of());
    try (Dashboard d =
        Dashboard.start(
            location, new Dashboard.Settings(InetAddress.getLoopbackAddress(), 0, null, 100))) {
      HttpResponse<String> runs = get(d, "/api/runs");
      assertThat(runs.statusCode()).as(runs.body()).isEqualTo(200);
      JsonNode list = Served.JSON.readTree(runs.body()).path("runs");
      assertThat(list).hasSize(1);
      assertThat(list.get(0).path("status").asText())
          .as("the status before the killed transaction changed it")
          .isEqualTo("complete");
    }
    assertThat(journal).as("rolled back").doesNotExist();

    Cli.Result later = write(target, "later", db);
    assertThat(later.exitCode()).as(later.err()).isZero();
    assertThat(later.err()).doesNotContainIgnoringCase("history");
    Cli.Result history = Cli.run("history", "--json", "--db", db);
    assertThat(Served.JSON.readTree(history.out()).path("runs")).hasSize(2);
  }

  private Cli.Result write(Path target, String name, String db) {
    return Cli.runLine(
        "write {} --buffered --size 4MiB --interval 100ms --out {} --db {}",
        target,
        dir.resolve(name).toString(),
        db);
  }

  /**
   * sqlite3 changes every run's status and adds a table far larger than its one-page cache, so the
   * changes reach the database file before any commit; it says so once they have, and is killed.
   */
  private static void killInsideATransaction(Path db) throws Exception {
    Process sqlite =
        new ProcessBuilder("/usr/bin/sqlite3", "-batch", db.toString())
            .redirectErrorStream(true)
            .start();
    try {
      BufferedReader said =
          new BufferedReader(
              new InputStreamReader(sqlite.getInputStream(), StandardCharsets.UTF_8));
      CompletableFuture<String> held =
          CompletableFuture.supplyAsync(
              () -> {
                try {
                  for (String line; (line = said.readLine()) != null; ) {
                    if (line.contains("inside the transaction")) {
                      return line;
                    }
                  }
                  return "sqlite3 ended first";
                } catch (java.io.IOException e) {
                  return e.toString();
                }
              });
      Writer in = new java.io.OutputStreamWriter(sqlite.getOutputStream(), StandardCharsets.UTF_8);
      in.write(
          """
          PRAGMA journal_mode = DELETE;
          PRAGMA cache_size = 1;
          BEGIN IMMEDIATE;
          UPDATE runs SET status = 'failed';
          CREATE TABLE junk AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c
            WHERE x < 20000) SELECT x, randomblob(200) AS b FROM c;
          SELECT 'inside the transaction';
          """);
      in.flush();
      assertThat(held.get(Await.GENEROUS.toSeconds(), TimeUnit.SECONDS))
          .contains("inside the transaction");
    } finally {
      sqlite.destroyForcibly(); // SIGKILL: no rollback, no journal removed
      sqlite.waitFor(Await.GENEROUS.toSeconds(), TimeUnit.SECONDS);
    }
  }

  private static HttpResponse<String> get(Dashboard d, String path) throws Exception {
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    return http.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + d.port() + path))
            .timeout(Duration.ofSeconds(60))
            .build(),
        HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
  }
}
