package dev.sustain.store;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A history URL whose host and port answer, but not as PostgreSQL (a web server's port, or a proxy
 * that answers for every address): one line that says so, not the driver's "An error occurred while
 * setting up the SSL connection", which sends people to their certificates.
 */
class NotPostgresqlTest {

  private ServerSocket web;

  @BeforeEach
  void aWebServer() throws IOException {
    web = new ServerSocket(0, 8, InetAddress.getLoopbackAddress());
    Thread.ofPlatform()
        .daemon()
        .start(
            () -> {
              while (!web.isClosed()) {
                try (Socket s = web.accept()) {
                  s.getInputStream().read(new byte[8]);
                  s.getOutputStream()
                      .write(
                          "HTTP/1.1 400 Bad Request\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                } catch (IOException e) {
                  return; // closed
                }
              }
            });
  }

  @AfterEach
  void stop() throws IOException {
    web.close();
  }

  private DbLocation history() {
    return DbLocation.resolve(
        "jdbc:postgresql://127.0.0.1:"
            + web.getLocalPort()
            + "/runs?user=u&password=Secret99&connectTimeout=3",
        java.util.Map.of());
  }

  @Test
  void openingItSaysWhatAnswersIsNoPostgresql() {
    assertThatThrownBy(() -> RunStore.open(history()).close())
        .isInstanceOf(StoreException.class)
        .hasMessageContaining("does not speak PostgreSQL's protocol")
        .hasMessageContaining("check the host and the port")
        .hasMessageNotContaining("SSL")
        .hasMessageNotContaining("Secret99");
  }

  @Test
  void aConnectionOfItsOwnSaysTheSame() {
    assertThatThrownBy(() -> StoreConnections.connect(history()).close())
        .isInstanceOf(StoreException.class)
        .hasMessageContaining("does not speak PostgreSQL's protocol")
        .hasMessageNotContaining("SSL");
  }
}
