package dev.sustain.hub;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.sustain.cli.Cli;
import dev.sustain.share.ShareDocument;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code share --dry-run} prints the document and reaches no hub, not even for its challenge;
 * without it, nothing is sent before a yes.
 */
class ShareDryRunTest {

  @TempDir Path dir;

  @Test
  void aDryRunPrintsTheDocumentWithoutOneConnection() throws Exception {
    Path run = HubRuns.write(dir.resolve("run"), HubRuns.MODEL, 3, 1, 2400, 60, 120, 200);
    // A socket that listens and never answers: a connection the command made would wait in its
    // backlog (the kernel completes it before connect returns), and a refused one would not show.
    try (ServerSocket trap = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      Cli.Result r =
          Cli.ok("share", run, "--to", "http://127.0.0.1:" + trap.getLocalPort(), "--dry-run");
      trap.setSoTimeout(200);
      assertThatThrownBy(trap::accept)
          .as("the dry run connected to the hub")
          .isInstanceOf(SocketTimeoutException.class);
      JsonNode doc = new ObjectMapper().readTree(r.out());
      assertThat(doc.path("schema").asText()).isEqualTo(ShareDocument.SCHEMA);
      assertThat(doc.path("drive").path("model").asText()).isEqualTo(HubRuns.MODEL);
      assertThat(doc.path("drive").path("hash").asText())
          .isEqualTo(ShareDocument.DRIVE_HASH_WHEN_SENT);
      assertThat(doc.path("run_hash").asText()).isEqualTo(ShareDocument.RUN_HASH_WHEN_SENT);
      assertThat(doc.path("curve").path("MBps").size()).isEqualTo(200);
      assertThat(r.out())
          .doesNotContain(HubRuns.SERIAL_PREFIX, HubRuns.HOST, HubRuns.PATH, "secret-note");
    }
  }

  @Test
  void aNoSendsNothingAndAYesSendsOneDocumentARun() throws Exception {
    Path run = HubRuns.write(dir.resolve("run"), HubRuns.MODEL, 3, 1, 2400, 60, 120, 200);
    AtomicInteger shares = new AtomicInteger();
    HttpServer hub =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    hub.createContext("/api/salt", x -> answer(x, 200, "{\"salt\":\"" + "ab".repeat(32) + "\"}"));
    hub.createContext(
        "/api/share",
        x -> {
          x.getRequestBody().readAllBytes();
          answer(x, 201, "{\"id\":" + shares.incrementAndGet() + "}");
        });
    hub.start();
    InputStream stdin = System.in;
    try {
      String to = "http://127.0.0.1:" + hub.getAddress().getPort();
      System.setIn(new ByteArrayInputStream("n\n".getBytes(StandardCharsets.UTF_8)));
      Cli.Result no = Cli.ok("share", run, "--to", to);
      assertThat(no.out()).contains("would send:", "Never sent", "[y/N]", "Nothing sent.");
      assertThat(no.out()).doesNotContain(HubRuns.SERIAL_PREFIX, HubRuns.HOST, HubRuns.PATH);
      assertThat(shares.get()).as("shares after a no").isZero();
      System.setIn(new ByteArrayInputStream("y\n".getBytes(StandardCharsets.UTF_8)));
      Cli.Result yes = Cli.ok("share", run, "--to", to);
      assertThat(yes.out()).contains("shared as run 1");
      assertThat(shares.get()).isEqualTo(1);
    } finally {
      System.setIn(stdin);
      hub.stop(0);
    }
  }

  private static void answer(HttpExchange x, int status, String json) throws IOException {
    byte[] b = json.getBytes(StandardCharsets.UTF_8);
    x.getResponseHeaders().set("Content-Type", "application/json");
    x.sendResponseHeaders(status, b.length);
    try (OutputStream out = x.getResponseBody()) {
      out.write(b);
    }
  }

  @Test
  void withoutDryRunTheSameAddressIsAskedForItsChallenge() throws Exception {
    Path run = HubRuns.write(dir.resolve("run"), HubRuns.MODEL, 3, 1, 2400, 60, 120, 200);
    int port;
    try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = free.getLocalPort();
    }
    Cli.Result r = Cli.run("share", run.toString(), "--to", "http://127.0.0.1:" + port, "--yes");
    Cli.assertBadInput(r);
    assertThat(r.err().strip()).contains("cannot reach the hub").doesNotContain("\n");
  }
}
