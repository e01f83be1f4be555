package dev.sustain.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.store.EveryBackend;
import dev.sustain.store.RunRecord;
import dev.sustain.store.RunRecords;
import dev.sustain.store.TestDatabases.Backend;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The HTTP rules of a dashboard that only reads: event streams for any client that takes them (no
 * Accept takes all), nothing of the API kept in a cache, 405 with Allow for every method but GET
 * and HEAD, errors that say what failed without the server's paths or the database's host, name or
 * user, and pages whose policy runs no inline script.
 */
class HttpRulesTest {

  @TempDir Path dir;

  private static final Instant T0 = Instant.parse("2026-11-01T08:00:00Z");

  private static RunRecord kingston(Served s) throws Exception {
    RunRecord run =
        ApiTest.withId(RunRecords.run("a", RunRecords.KINGSTON, T0, 150.0, 160.0, "flat"));
    Served.put(s.location, run, Served.kingstonLines(), Served.kingstonRunJson());
    return run;
  }

  private static HttpResponse<String> send(Served s, String method, String path, String accept)
      throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create(s.base() + path))
            .timeout(Duration.ofSeconds(60))
            .method(method, HttpRequest.BodyPublishers.noBody());
    if (accept != null) {
      b.header("Accept", accept);
    }
    return s.http.send(b.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
  }

  @ParameterizedTest(name = "Accept: {0}")
  @ValueSource(strings = {"", "*/*", "text/*", "text/event-stream", "application/json, */*;q=0.1"})
  void anEventStreamAnswersEveryClientThatTakesIt(String accept) throws Exception {
    try (Served s = Served.start(Served.freshDb(Backend.SQLITE, dir), null, 100)) {
      RunRecord run = kingston(s);
      // java.net.http sends no Accept of its own: "" is a request without the header.
      HttpResponse<String> r =
          send(s, "GET", "/api/runs/" + run.runId() + "/events", accept.isEmpty() ? null : accept);
      assertThat(r.statusCode()).isEqualTo(200);
      assertThat(r.headers().firstValue("Content-Type").orElse("")).startsWith("text/event-stream");
      assertThat(r.headers().allValues("Cache-Control")).containsExactly("no-store");
      List<String> lines = r.body().lines().toList();
      assertThat(lines).contains("id: 0").contains("event: end");
      long rows = lines.stream().filter(l -> l.startsWith("id: ")).count();
      assertThat(rows).isEqualTo(Served.kingstonLines().size() - 1);
    }
  }

  @ParameterizedTest(name = "Accept: {0}")
  @ValueSource(strings = {"application/json", "text/html", "text/event-stream;q=0"})
  void anEventStreamRefusesAClientThatTakesOnlyOtherTypes(String accept) throws Exception {
    try (Served s = Served.start(Served.freshDb(Backend.SQLITE, dir), null, 100)) {
      RunRecord run = kingston(s);
      HttpResponse<String> r = send(s, "GET", "/api/runs/" + run.runId() + "/events", accept);
      assertThat(r.statusCode()).isEqualTo(406);
      assertThat(r.body()).contains("text/event-stream");
    }
  }

  @Test
  void noApiAnswerIsKeptInACache() throws Exception {
    String token = "cache-token-0123456789";
    try (Served s = Served.start(Served.freshDb(Backend.SQLITE, dir), null, 100);
        Served guarded =
            Served.start(Served.freshDb(Backend.SQLITE, dir.resolve("g")), token, 100)) {
      RunRecord run = kingston(s);
      String id = run.runId();
      List<String> paths =
          List.of(
              "/api/health",
              "/api/drives",
              "/api/drives/" + run.drive().id(),
              "/api/runs",
              "/api/runs/" + id,
              "/api/runs/" + id + "/samples",
              "/api/runs/" + id + "/samples?format=csv",
              "/api/runs/" + id + "/view",
              "/api/runs/" + id + "/events",
              "/api/runs/nope",
              "/api/runs?limit=0",
              "/api/drives/nope",
              "/api/no-such-thing");
      for (String path : paths) {
        for (String method : List.of("GET", "HEAD", "POST")) {
          HttpResponse<String> r = send(s, method, path, null);
          assertThat(r.headers().allValues("Cache-Control"))
              .as(method + " " + path + " (" + r.statusCode() + ")")
              .containsExactly("no-store");
        }
        HttpResponse<String> refused = guarded.get(path, null);
        assertThat(refused.statusCode()).isEqualTo(401);
        assertThat(refused.headers().allValues("Cache-Control")).containsExactly("no-store");
      }
    }
  }

  @Test
  void everyMethodButGetAndHeadGets405WithAllow() throws Exception {
    try (Served s = Served.start(Served.freshDb(Backend.SQLITE, dir), null, 100)) {
      RunRecord run = kingston(s);
      String id = run.runId();
      List<String> paths =
          List.of(
              "/",
              "/runs/" + id,
              "/assets/app.js",
              "/api/runs",
              "/api/runs/" + id,
              "/api/runs/" + id + "/events",
              "/api/runs/nope",
              "/no/such/address");
      for (String path : paths) {
        for (String method : List.of("POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE")) {
          HttpResponse<String> r = send(s, method, path, null);
          String what = method + " " + path;
          assertThat(r.statusCode()).as(what).isEqualTo(405);
          assertThat(r.headers().firstValue("Allow")).as(what).contains("GET, HEAD");
          if (path.startsWith("/api/") && !method.equals("TRACE")) {
            assertThat(Served.JSON.readTree(r.body()).path("status").asInt()).isEqualTo(405);
          }
        }
      }
      // HEAD answers as GET would, without the body.
      assertThat(send(s, "HEAD", "/api/runs/" + id, null).statusCode()).isEqualTo(200);
      assertThat(send(s, "HEAD", "/api/runs/nope", null).statusCode()).isEqualTo(404);
      assertThat(send(s, "HEAD", "/api/runs/nope/events", null).statusCode()).isEqualTo(404);
      HttpResponse<String> head = send(s, "HEAD", "/api/runs/" + id + "/events", null);
      assertThat(head.statusCode()).isEqualTo(200);
      assertThat(head.body()).isEmpty();
    }
  }

  /** The history breaks under the dashboard: its runs table is gone. */
  @EveryBackend
  void anOutageNamesNoServerPathNorDatabase(Backend backend) throws Exception {
    try (Served s = Served.start(Served.freshDb(backend, dir), null, 100)) {
      RunRecord run = kingston(s);
      assertThat(s.get("/api/runs").statusCode()).isEqualTo(200);
      Jdbi.create(() -> dev.sustain.store.TestConnections.connect(s.location))
          .useHandle(h -> h.execute("ALTER TABLE runs RENAME TO runs_gone"));
      for (String path : List.of("/api/runs", "/api/drives", "/api/runs/" + run.runId())) {
        HttpResponse<String> r = s.get(path);
        assertThat(r.statusCode()).as(path).isEqualTo(503);
        JsonNode body = Served.JSON.readTree(r.body());
        assertThat(body.path("error").asText()).as(path).contains("run history");
        for (String secret : secretsOf(s)) {
          assertThat(r.body()).as(path).doesNotContainIgnoringCase(secret);
        }
      }
    }
  }

  /** What an error body must not hold: the history's path, or the server's host, DB and user. */
  private List<String> secretsOf(Served s) {
    List<String> out = new ArrayList<>();
    out.add(dir.toString());
    out.add("history.db");
    out.add("jdbc:");
    if (s.location.kind() == dev.sustain.store.DbLocation.Kind.POSTGRESQL) {
      out.add("127.0.0.1");
      out.add(s.location.user());
      out.add(s.location.jdbcUrl().replaceAll(".*/([^/?]+).*", "$1")); // the database's name
      out.add(s.location.param("currentSchema"));
    }
    return out;
  }

  @Test
  void unreadableSamplesNameTheLineNotTheServersPath() throws Exception {
    try (Served s = Served.start(Served.freshDb(Backend.SQLITE, dir), null, 100)) {
      RunRecord good =
          ApiTest.withId(RunRecords.run("bad", RunRecords.KINGSTON, T0, 1.0, 2.0, "flat"));
      Path folder = dir.resolve("lab-secret-folder").resolve("run-1").toAbsolutePath();
      RunRecord run =
          new RunRecord(
              UUID.randomUUID().toString(),
              good.drive(),
              good.host(),
              good.command(),
              good.paramsJson(),
              good.started(),
              good.ended(),
              good.status(),
              good.error(),
              good.figures(),
              good.analysisJson(),
              folder.toString(),
              good.source(),
              good.toolVersion(),
              good.targetPath(),
              good.pid(),
              null);
      // A bad cell in the middle (a cut last line would be dropped, as a killed run's is).
      List<String> lines = new ArrayList<>(Served.kingstonLines().subList(0, 8));
      lines.set(4, "4,not-a-rate,12,3,4,5,6,7,8");
      Served.put(s.location, run, lines, null);
      HttpResponse<String> r = s.get("/api/runs/" + run.runId() + "/view");
      assertThat(r.statusCode()).isEqualTo(422);
      String error = Served.JSON.readTree(r.body()).path("error").asText();
      assertThat(error).contains(run.runId()).contains("samples.csv line");
      assertThat(r.body()).doesNotContain("lab-secret-folder").doesNotContain(dir.toString());
    }
  }

  @Test
  void aWrongPageAddressGetsAPageAndTheApiGetsJson() throws Exception {
    try (Served s = Served.start(Served.freshDb(Backend.SQLITE, dir), null, 100)) {
      for (String path : List.of("/nope", "/runs/x/y", "/%3Cb%3Ex%3C%2Fb%3E")) {
        HttpResponse<String> r = s.get(path, null);
        assertThat(r.statusCode()).as(path).isEqualTo(404);
        assertThat(r.headers().firstValue("Content-Type").orElse(""))
            .as(path)
            .startsWith("text/html");
        assertThat(r.body()).as(path).startsWith("<!DOCTYPE html>").contains("href=\"/runs\"");
        assertThat(r.body()).doesNotContain("<b>").doesNotContain("<script");
        assertThat(r.headers().firstValue("Content-Security-Policy").orElse(""))
            .doesNotContain("script-src");
      }
      // A page's query is the page's script's: a link with tracking parameters lands on it.
      for (String path : List.of("/?utm_source=mail&utm_source=x", "/live?%3Cb%3Ex%3C%2Fb%3E=1")) {
        HttpResponse<String> page = s.get(path, null);
        assertThat(page.statusCode()).as(path).isEqualTo(200);
        assertThat(page.body()).as(path).startsWith("<!DOCTYPE html>").doesNotContain("<b>");
      }
      // The API still refuses what it does not know, in JSON (never a page).
      HttpResponse<String> unknown = s.get("/api/runs?utm_source=mail", null);
      assertThat(unknown.statusCode()).isEqualTo(400);
      assertThat(unknown.headers().firstValue("Content-Type").orElse(""))
          .startsWith("application/json");
      assertThat(Served.JSON.readTree(unknown.body()).path("error").asText())
          .contains("unknown parameter 'utm_source'");
      HttpResponse<String> api = s.get("/api/nope", null);
      assertThat(api.statusCode()).isEqualTo(404);
      assertThat(Served.JSON.readTree(api.body()).path("status").asInt()).isEqualTo(404);
    }
  }

  @Test
  void pagesRunNoInlineScript() throws Exception {
    try (Served s = Served.start(Served.freshDb(Backend.SQLITE, dir), null, 100)) {
      RunRecord run = kingston(s);
      HttpResponse<String> page = s.get("/runs/" + run.runId(), null);
      String policy = page.headers().firstValue("Content-Security-Policy").orElse("");
      String scriptSrc = policy.replaceAll(".*script-src([^;]*);.*", "$1");
      assertThat(scriptSrc).isEqualTo(" 'self'").doesNotContain("unsafe-inline");
      List<String> scripts = new ArrayList<>();
      java.util.regex.Matcher m =
          java.util.regex.Pattern.compile(
                  "<script([^>]*)>(.*?)</script>", java.util.regex.Pattern.DOTALL)
              .matcher(page.body());
      while (m.find()) {
        assertThat(m.group(2)).as("an inline script").isBlank();
        scripts.add(m.group(1).replaceAll(".*src=\"([^\"]+)\".*", "$1"));
      }
      assertThat(scripts).contains("/assets/uplot.js", "/assets/report.js", "/assets/app.js");
      for (String src : scripts) {
        HttpResponse<String> js = s.get(src, null);
        assertThat(js.statusCode()).as(src).isEqualTo(200);
        assertThat(js.headers().firstValue("Content-Type").orElse(""))
            .startsWith("text/javascript");
        assertThat(js.body()).as(src).isNotBlank();
      }
      assertThat(s.get("/assets/app.js", null).body()).doesNotContain(run.runId());
    }
  }
}
