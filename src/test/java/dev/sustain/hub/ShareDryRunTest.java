package dev.sustain.hub;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sustain.cli.Cli;
import dev.sustain.share.ShareDocument;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code share --dry-run} prints the document and reaches no hub, not even for its challenge. */
class ShareDryRunTest {

  @TempDir Path dir;

  @Test
  void aDryRunPrintsTheDocumentWithoutOneConnection() throws Exception {
    Path run = HubRuns.write(dir.resolve("run"), HubRuns.MODEL, 3, 1, 2400, 60, 120, 200);
    // A socket that listens and never answers: a connection the command made would wait in its
    // backlog (the kernel completes it before connect returns), and a refused one would not show.
    try (ServerSocket trap = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      Cli.Result r =
          Cli.run(
              "share",
              run.toString(),
              "--to",
              "http://127.0.0.1:" + trap.getLocalPort(),
              "--dry-run");
      assertThat(r.exitCode()).as(r.err()).isZero();
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
  void withoutDryRunTheSameAddressIsAskedForItsChallenge() throws Exception {
    Path run = HubRuns.write(dir.resolve("run"), HubRuns.MODEL, 3, 1, 2400, 60, 120, 200);
    int port;
    try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = free.getLocalPort();
    }
    Cli.Result r = Cli.run("share", run.toString(), "--to", "http://127.0.0.1:" + port, "--yes");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err().strip()).contains("cannot reach the hub").doesNotContain("\n");
  }
}
