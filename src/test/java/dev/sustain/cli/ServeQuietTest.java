package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.run.RunFolder;
import dev.sustain.store.TestDatabases;
import dev.sustain.store.TestDatabases.Backend;
import dev.sustain.testing.Await;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code serve} as a child JVM, whose stderr is what a user's terminal shows: no library's line
 * ever reaches it (Javalin's "Failed to start Javalin", Jetty's "Cannot send data, SseClient has
 * been terminated", the pool's warnings on Ctrl-C). A busy port is Sustain's one line, exit 2;
 * Ctrl-C with event streams open and one dropped by its client prints nothing beyond the line that
 * said where it served.
 */
class ServeQuietTest {

  @TempDir Path dir;

  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

  @Test
  void aBusyPortIsOneLineOfSustains() throws Exception {
    String db = history();
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      int port = taken.getLocalPort();
      Process serve =
          Cli.start(dir.resolve("o"), dir.resolve("e"), "serve", "--db", db, "--port", "" + port);
      Await.ended(serve, "serve on a busy port");
      String err = Files.readString(dir.resolve("e"));
      assertThat(serve.exitValue()).as(err).isEqualTo(2);
      assertThat(err.strip().lines().toList())
          .containsExactly(
              "sustain serve: cannot listen on 127.0.0.1:" + port + ": address already in use");
      assertThat(Files.readString(dir.resolve("o"))).isEmpty();
    }
  }

  @Test
  void ctrlCWithEventStreamsOpenPrintsNothingMore() throws Exception {
    String db = history();
    Path target = Files.createDirectories(dir.resolve("target"));
    Process write =
        Cli.startCachedWrite(
            dir.resolve("wo"), dir.resolve("we"), target, "10m", "100ms", dir.resolve("live"), db);
    Process serve =
        Cli.start(dir.resolve("o"), dir.resolve("e"), "serve", "--db", db, "--port", "0");
    try {
      String base = served();
      String runId = runningRun(base, write);
      // One client that goes away mid-stream, one still reading when the server stops.
      InputStream dropped = firstEvent(base, runId);
      dropped.close();
      InputStream open = firstEvent(base, runId);
      Cli.interrupt(serve);
      Await.ended(serve, "serve after Ctrl-C");
      open.close();
    } finally {
      serve.destroyForcibly();
      Cli.interrupt(write);
      Await.ended(write, "the write");
      write.destroyForcibly();
    }
    assertThat(Files.readString(dir.resolve("e"))).as("stderr").isEmpty();
    assertThat(Files.readString(dir.resolve("o")).strip().lines())
        .singleElement()
        .asString()
        .startsWith("Serving the run history");
  }

  /**
   * A run an older sustain recorded into this history has no job key; the read-only dashboard
   * cannot give it one, so it says how many runs its job views leave out and what mends it.
   */
  @Test
  void runsWithoutAJobKeyAreCountedAtTheStart() throws Exception {
    String db = history();
    try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + db);
        java.sql.Statement st = c.createStatement()) {
      assertThat(st.executeUpdate("UPDATE runs SET job_key = NULL")).isEqualTo(1);
    }
    Process serve =
        Cli.start(dir.resolve("o"), dir.resolve("e"), "serve", "--db", db, "--port", "0");
    try {
      served();
      Await.until(
          "the note after the serving line",
          () -> Files.readString(dir.resolve("o")).lines().count() >= 2);
      Cli.interrupt(serve);
      Await.ended(serve, "serve after Ctrl-C");
    } finally {
      serve.destroyForcibly();
    }
    assertThat(Files.readString(dir.resolve("o")).strip().lines().toList().get(1))
        .isEqualTo(
            "note: 1 run recorded by an older sustain has no job key: the job filter, trends and"
                + " last floors leave it out until the next run of this sustain or `sustain"
                + " history --migrate` gives it one");
  }

  /** A history with one finished run in it. */
  private String history() throws Exception {
    String db = TestDatabases.freshDbValue(Backend.SQLITE, dir);
    Files.createDirectories(Path.of(db).getParent());
    Cli.Result r =
        Cli.okLine(
            "write {} --buffered --size 1MiB --out {} --db {}",
            Files.createDirectories(dir.resolve("first")),
            dir.resolve("first-run"),
            db);
    return db;
  }

  /** The address serve said it listens on. */
  private String served() throws Exception {
    Pattern url = Pattern.compile("on (http://[0-9.:]+)/");
    String[] base = {null};
    Await.until(
        "serve listening",
        () -> {
          Matcher m = url.matcher(Files.readString(dir.resolve("o")));
          if (m.find()) {
            base[0] = m.group(1);
          }
          return base[0] != null;
        });
    return base[0];
  }

  private String runningRun(String base, Process write) throws Exception {
    String[] id = {null};
    Await.until(
        "the write listed as running",
        () -> {
          assertThat(write.isAlive()).as(Files.readString(dir.resolve("we"))).isTrue();
          HttpResponse<String> r =
              http.send(
                  HttpRequest.newBuilder(URI.create(base + "/api/runs?status=running")).build(),
                  HttpResponse.BodyHandlers.ofString());
          JsonNode runs = RunFolder.JSON.readTree(r.body()).path("runs");
          if (runs.size() == 1) {
            id[0] = runs.get(0).path("run_id").asText();
          }
          return id[0] != null;
        });
    return id[0];
  }

  /** An event stream of the run, once its first data line came. */
  private InputStream firstEvent(String base, String runId) throws Exception {
    HttpResponse<InputStream> r =
        http.send(
            HttpRequest.newBuilder(URI.create(base + "/api/runs/" + runId + "/events"))
                .header("Accept", "text/event-stream")
                .build(),
            HttpResponse.BodyHandlers.ofInputStream());
    assertThat(r.statusCode()).isEqualTo(200);
    BufferedReader lines =
        new BufferedReader(new InputStreamReader(r.body(), StandardCharsets.UTF_8));
    for (String line; (line = lines.readLine()) != null; ) {
      if (line.startsWith("data:")) {
        return r.body();
      }
    }
    throw new AssertionError("the stream ended before its first event");
  }
}
