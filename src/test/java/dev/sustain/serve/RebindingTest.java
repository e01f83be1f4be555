package dev.sustain.serve;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.store.RunRecord;
import dev.sustain.store.RunRecords;
import dev.sustain.store.TestDatabases.Backend;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * DNS rebinding: a page at a name its owner points at 127.0.0.1 sends that name as Host. A
 * dashboard without a token answers only localhost, 127.0.0.1, [::1] and IPv4 loopback literals
 * (with a port or not); every other Host gets 421 on every address, pages, scripts, the API and the
 * event stream alike, with nothing of the history in the answer.
 */
class RebindingTest {

  @TempDir static Path dir;

  private static Served served;
  private static RunRecord run;
  private static RunRecord other;

  @BeforeAll
  static void serve() throws Exception {
    served = Served.start(Served.freshDb(Backend.SQLITE, dir), null, 100);
    Instant t0 = Instant.parse("2026-11-01T08:00:00Z");
    run = ApiTest.withId(RunRecords.run("a", RunRecords.KINGSTON, t0, 150.0, 160.0, "flat"));
    other =
        ApiTest.withId(
            RunRecords.run("b", RunRecords.KINGSTON, t0.plusSeconds(9), 1.0, 2.0, "flat"));
    Served.put(served.location, run, Served.kingstonLines(), Served.kingstonRunJson());
    Served.put(served.location, other, Served.kingstonLines(), Served.kingstonRunJson());
  }

  @AfterAll
  static void stop() {
    served.close();
  }

  /** Every kind of address the dashboard has, and one it does not. */
  private static List<String> routes() {
    String id = run.runId();
    String drive = run.drive().id();
    return List.of(
        "/",
        "/runs",
        "/runs/" + id,
        "/drives/" + drive,
        "/compare?runs=" + id + "," + other.runId(),
        "/live",
        "/assets/app.js",
        "/api/health",
        "/api/drives",
        "/api/drives/" + drive,
        "/api/runs",
        "/api/runs?status=complete",
        "/api/runs/" + id,
        "/api/runs/" + id + "/samples",
        "/api/runs/" + id + "/samples?format=csv",
        "/api/runs/" + id + "/view",
        "/api/runs/" + id + "/events",
        "/api/compare?runs=" + id + "," + other.runId(),
        "/no/such/address");
  }

  @ParameterizedTest(name = "Host: {0}")
  @ValueSource(
      strings = {
        "127.attacker.example:PORT",
        "127.attacker.example",
        "127.0.0.1.nip.io",
        "127.0.0.1.nip.io:PORT",
        "127.0.0.1.",
        "127.0.0.1.:PORT",
        "localhost.",
        "localhost.:PORT",
        "LOCALHOST.attacker.example",
        "localhost.attacker",
        "localhost.attacker:PORT",
        "sub.localhost",
        "2130706433",
        "2130706433:PORT",
        "0x7f000001",
        "0x7f.0.0.1",
        "0177.0.0.1",
        "127.1",
        "127.0.1",
        "127.0.0.01",
        "127.0.0.256",
        "127.0.0.1.1",
        "[::ffff:127.0.0.1]",
        "[::ffff:7f00:1]",
        "[0:0:0:0:0:0:0:1]",
        "[::1]:PORT.attacker.example",
        "[::1].attacker.example",
        "[::2]",
        "localhost:PORT.attacker.example",
        "localhost:99999",
        "localhost:",
        "localhost:-1",
        "attacker.example",
        "0.0.0.0",
        "10.0.0.1"
      })
  void aRebindingNameGets421OnEveryAddress(String template) throws Exception {
    String host = template.replace("PORT", Integer.toString(served.dashboard.port()));
    for (String path : routes()) {
      Raw r = raw("GET", path, host, "HTTP/1.1");
      String what = "GET " + path + " with Host: " + host;
      assertThat(r.status()).as(what).isIn(421, 400);
      assertThat(r.body())
          .as(what)
          .doesNotContain(run.runId())
          .doesNotContain("KINGSTON")
          .doesNotContain("SustainReport");
    }
    // Jetty itself refuses (400) a Host whose port part is no port; the rest get 421.
    String rest =
        host.startsWith("[")
            ? host.substring(host.indexOf(']') + 1)
            : host.replaceFirst("^[^:]*", "");
    boolean portless =
        rest.isEmpty()
            || rest.matches(":[0-9]{1,5}") && Integer.parseInt(rest.substring(1)) <= 65_535;
    assertThat(raw("GET", "/api/runs", host, "HTTP/1.1").status())
        .as("Host: " + host)
        .isEqualTo(portless ? 421 : 400);
  }

  @Test
  void aRequestWithoutHostGets421() throws Exception {
    for (String path : routes()) {
      Raw r = raw("GET", path, null, "HTTP/1.0");
      assertThat(r.status()).as("GET " + path + " without Host").isEqualTo(421);
      assertThat(r.body()).doesNotContain(run.runId()).doesNotContain("KINGSTON");
    }
  }

  @ParameterizedTest(name = "Host: {0}")
  @ValueSource(
      strings = {
        "localhost",
        "localhost:PORT",
        "127.0.0.1",
        "127.0.0.1:PORT",
        "[::1]",
        "[::1]:PORT",
        "127.1.2.3:PORT",
        "127.255.255.255",
        "127.0.0.0:PORT",
        "LOCALHOST:PORT"
      })
  void theLoopbackNamesAreAnsweredOnEveryAddress(String template) throws Exception {
    String host = template.replace("PORT", Integer.toString(served.dashboard.port()));
    for (String path : routes()) {
      Raw r = raw("GET", path, host, "HTTP/1.1");
      int expected = path.startsWith("/no/") ? 404 : 200;
      assertThat(r.status()).as("GET " + path + " with Host: " + host).isEqualTo(expected);
    }
  }

  /** A status and body from a hand-written request (java.net.http cannot set Host). */
  record Raw(int status, String head, String body) {}

  static Raw raw(String method, String path, String host, String version) throws IOException {
    return rawAt(served.dashboard.port(), method, path, host, version, "");
  }

  static Raw rawAt(int port, String method, String path, String host, String version, String more)
      throws IOException {
    try (Socket socket = new Socket("127.0.0.1", port)) {
      socket.setSoTimeout(60_000);
      OutputStream out = socket.getOutputStream();
      StringBuilder req = new StringBuilder(method + " " + path + " " + version + "\r\n");
      if (host != null) {
        req.append("Host: ").append(host).append("\r\n");
      }
      req.append(more).append("Connection: close\r\n\r\n");
      out.write(req.toString().getBytes(StandardCharsets.ISO_8859_1));
      out.flush();
      InputStream in = socket.getInputStream();
      String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      int status = Integer.parseInt(text.substring(9, 12));
      int split = text.indexOf("\r\n\r\n");
      String head = split < 0 ? text : text.substring(0, split);
      String body = split < 0 ? "" : text.substring(split + 4);
      return new Raw(status, head.toLowerCase(Locale.ROOT), body);
    }
  }

  static List<String> lines(String text) {
    return new ArrayList<>(text.lines().toList());
  }
}
