package dev.sustain.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.cli.Cli;
import dev.sustain.store.RunRecord;
import dev.sustain.store.RunRecords;
import dev.sustain.store.TestDatabases;
import dev.sustain.store.TestDatabases.Backend;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The dashboard is safe by default: loopback only unless a token guards it, the token checked on
 * every API request, store credentials in no output, and no request (however malformed) answered
 * with anything but a status and a one-line JSON error.
 */
class SecurityTest {

  @TempDir Path dir;

  private static final String TOKEN = "0123456789abcdef-test-token";

  @Test
  void anyOtherAddressThanLoopbackNeedsAToken() {
    Cli.Result r = Cli.runLine("serve --bind 0.0.0.0 --port 0 --db {}", dir.resolve("h.db"));
    Cli.assertBadInput(r);
    assertThat(r.err()).contains("--token-file").doesNotContain("Exception");
  }

  @Test
  void aShortOrMissingTokenFileIsRefused() throws IOException {
    Path shortToken = Files.writeString(dir.resolve("t"), "short\n");
    for (Path f : List.of(shortToken, dir.resolve("missing"))) {
      Cli.Result r =
          Cli.runLine(
              "serve --bind 0.0.0.0 --port 0 --token-file {} --db {}", f, dir.resolve("h.db"));
      Cli.assertBadInput(r);
    }
  }

  @Test
  void apiRequestsWithoutTheTokenAreRefusedAndPagesHoldNoData() throws Exception {
    String db = Served.freshDb(Backend.SQLITE, dir);
    try (Served s = Served.start(db, TOKEN, 100)) {
      RunRecord run =
          ApiTest.withId(
              RunRecords.run(
                  "s",
                  RunRecords.KINGSTON,
                  Instant.parse("2026-11-01T08:00:00Z"),
                  150.0,
                  160.0,
                  "cache-cliff"));
      Served.put(s.location, run, Served.kingstonLines(), Served.kingstonRunJson());
      for (String path :
          List.of(
              "/api/health",
              "/api/drives",
              "/api/runs",
              "/api/runs/" + run.runId(),
              "/api/runs/" + run.runId() + "/samples",
              "/api/runs/" + run.runId() + "/view")) {
        for (String bearer : new String[] {null, "wrong-token-of-some-length", TOKEN + "x"}) {
          HttpResponse<String> r = s.get(path, bearer);
          assertThat(r.statusCode()).as(path + " with " + bearer).isEqualTo(401);
          assertThat(r.headers().firstValue("WWW-Authenticate")).isPresent();
          assertThat(r.body()).doesNotContain(run.runId()).doesNotContain("KINGSTON");
        }
        assertThat(s.get(path, TOKEN).statusCode()).as(path).isEqualTo(200);
      }
      HttpResponse<String> page = s.get("/runs/" + run.runId(), null);
      assertThat(page.statusCode()).isEqualTo(200);
      assertThat(page.body()).doesNotContain("KINGSTON").contains("/assets/app.js");
      assertThat(s.get("/assets/app.js", null).body()).contains("sessionStorage");
      assertThat(page.headers().firstValue("Content-Security-Policy").orElse(""))
          .contains("connect-src 'self'");
    }
  }

  @Test
  void aLoopbackDashboardAnswersOnlyToLocalNames() throws Exception {
    String db = Served.freshDb(Backend.SQLITE, dir);
    try (Served s = Served.start(db, null, 100)) {
      Raw r = raw(s, "/api/runs", "rebound.example.com");
      assertThat(r.status()).isEqualTo(421);
      assertThat(raw(s, "/api/runs", "localhost:" + s.dashboard.port()).status()).isEqualTo(200);
    }
  }

  @Test
  void storeCredentialsAppearInNoErrorAndNoLine() throws Exception {
    String secret = "Sup3rSecretPassw0rd";
    Cli.Result r =
        Cli.runLine(
            "serve --port 0 --db {}",
            "jdbc:postgresql://127.0.0.1:1/nodb?user=lab&password=" + secret);
    assertThat(r.exitCode()).isEqualTo(1);
    assertThat(r.err().strip().lines()).hasSize(1);
    assertThat(r.out() + r.err()).doesNotContain(secret);
  }

  @Test
  void theServedPostgresHistoryShowsItsPasswordNowhere() throws Exception {
    String db = Served.freshDb(Backend.POSTGRESQL, dir);
    dev.sustain.store.RunStore.open(dev.sustain.store.DbLocation.parse(db, java.util.Map.of()))
        .close(); // serve reads an existing history
    String password = TestDatabases.pgPassword();
    Process p =
        Cli.start(dir.resolve("out"), dir.resolve("err"), "serve", "--port", "0", "--db", db);
    try {
      String line = awaitLine(dir.resolve("out"), "Serving", p);
      assertThat(line).doesNotContain(password).contains("password=***");
      int port = Integer.parseInt(line.replaceAll(".*:([0-9]+)/.*", "$1"));
      for (String path : List.of("/", "/api/health", "/api/drives", "/api/runs", "/nope")) {
        Raw raw = rawAt(port, path, "127.0.0.1:" + port);
        assertThat(raw.body()).as(path).doesNotContain(password);
      }
    } finally {
      p.destroy();
      assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
      TestDatabases.drop(db);
    }
    assertThat(Files.readString(dir.resolve("err"))).doesNotContain(password);
  }

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {1, 2, 3, 4})
  void fuzzedIdsAndParametersGetAStatusAndAJsonError(long seed) throws Exception {
    String db = Served.freshDb(Backend.SQLITE, dir);
    SplittableRandom random = new SplittableRandom(seed);
    String[] endpoints = {
      "/api/runs/%s", "/api/runs/%s/samples", "/api/runs/%s/view", "/api/runs/%s/events",
      "/api/drives/%s", "/api/runs?%s", "/api/runs?%s=1", "/api/compare?runs=%s",
      "/api/runs?limit=%s", "/api/runs?before=%s", "/api/runs?since=%s", "/runs/%s"
    };
    try (Served s = Served.start(db, null, 100)) {
      for (int i = 0; i < 150; i++) {
        String path = String.format(endpoints[random.nextInt(endpoints.length)], junk(random));
        Raw r = raw(s, path, "127.0.0.1");
        String what = "seed " + seed + ": GET " + path;
        assertThat(r.status()).as(what).isIn(200, 400, 404, 406);
        assertThat(r.body()).as(what).doesNotContain("Exception").doesNotContain("\tat ");
        if (r.status() >= 400 && !r.body().startsWith("{")) {
          // A page's address answers a person with a page; Jetty's own refusals stay JSON.
          assertThat(path).as(what).startsWith("/runs/");
          assertThat(r.body()).as(what).startsWith("<!DOCTYPE html>").contains("<p id=\"error\">");
        } else if (r.status() >= 400) {
          JsonNode body = Served.JSON.readTree(r.body());
          assertThat(body.path("error").asText()).as(what).isNotBlank();
          assertThat(body.path("error").asText().lines()).as(what).hasSize(1);
        }
      }
    }
  }

  /** Text meant to break parsers: escapes, separators, quotes, non-ASCII, control codes, length. */
  private static String junk(SplittableRandom random) {
    String[] pieces = {
      "%",
      "%zz",
      "%00",
      "%2F",
      "%2e%2e",
      "../",
      "..",
      "/",
      "?",
      "&",
      "=",
      "'",
      "\"",
      "<script>",
      "%C3%A9",
      "%FF",
      ";",
      ",",
      "-1",
      "99999999999999999999",
      "1e309",
      "NaN",
      " ",
      "%20",
      "+",
      "a",
      "Z",
      "0",
      "2026-13-45",
      "run",
      "\\",
      "%0d%0a",
      "|",
      "~",
      "#"
    };
    StringBuilder b = new StringBuilder();
    int n = 1 + random.nextInt(6);
    for (int k = 0; k < n; k++) {
      b.append(pieces[random.nextInt(pieces.length)]);
    }
    if (random.nextInt(10) == 0) {
      b.append("x".repeat(600 + random.nextInt(2000)));
    }
    return b.toString().replace("#", "%23").replace(" ", "%20");
  }

  /** A status and body from a hand-written HTTP/1.1 request (so malformed paths go out as is). */
  record Raw(int status, String body) {}

  static Raw raw(Served s, String path, String host) throws IOException {
    return rawAt(s.dashboard.port(), path, host);
  }

  static Raw rawAt(int port, String path, String host) throws IOException {
    try (Socket socket = new Socket("127.0.0.1", port)) {
      socket.setSoTimeout(30_000);
      OutputStream out = socket.getOutputStream();
      out.write(
          ("GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n")
              .getBytes(StandardCharsets.ISO_8859_1));
      out.flush();
      InputStream in = socket.getInputStream();
      String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      int status = Integer.parseInt(text.substring(9, 12));
      int split = text.indexOf("\r\n\r\n");
      String body = split < 0 ? "" : text.substring(split + 4);
      if (text.toLowerCase(java.util.Locale.ROOT).contains("transfer-encoding: chunked")) {
        body = unchunk(body);
      }
      return new Raw(status, body);
    }
  }

  private static String unchunk(String body) {
    StringBuilder out = new StringBuilder();
    int i = 0;
    while (i < body.length()) {
      int eol = body.indexOf("\r\n", i);
      if (eol < 0) {
        break;
      }
      int size = Integer.parseInt(body.substring(i, eol).strip(), 16);
      if (size == 0) {
        break;
      }
      out.append(body, eol + 2, Math.min(body.length(), eol + 2 + size));
      i = eol + 2 + size + 2;
    }
    return out.toString();
  }

  static String awaitLine(Path file, String prefix, Process p) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (System.nanoTime() < deadline) {
      if (Files.exists(file)) {
        for (String l : Files.readAllLines(file)) {
          if (l.startsWith(prefix)) {
            return l;
          }
        }
      }
      if (!p.isAlive()) {
        throw new AssertionError("serve ended: " + Files.readString(file.resolveSibling("err")));
      }
      p.waitFor(20, TimeUnit.MILLISECONDS); // returns early if it ends; else a poll step
    }
    throw new AssertionError("no '" + prefix + "' line in 120 s");
  }
}
