package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A PostgreSQL history nobody answers at (a port just closed on this machine) is Sustain's one line
 * on stderr for write, history and serve: no line of HikariCP's, Flyway's or the driver's (their
 * loggers are off, simplelogger.properties), no stack trace. A write still runs and says how to add
 * the run later.
 */
class PostgresUnreachableQuietTest {

  @TempDir Path dir;

  /** What a library's log line or a stack trace would carry. */
  private static final List<String> LIBRARY_WORDS =
      List.of("Hikari", "WARN", "ERROR", "INFO", "SLF4J", "Exception", "\tat ", "flyway");

  @Test
  void writeHistoryAndServeSayOneLineEach() throws Exception {
    String db = "postgresql://u:p@127.0.0.1:" + closedPort() + "/sustain";
    Cli.Result write =
        Cli.run(
            "write",
            Files.createDirectories(dir.resolve("t")).toString(),
            "--size",
            "64KiB",
            "--buffered",
            "--out",
            dir.resolve("run").toString(),
            "--db",
            db);
    assertThat(write.exitCode()).as(write.err()).isZero();
    assertOneLine(write.err(), "sustain: warning: run not recorded in the history");
    assertThat(write.err()).contains("sustain history --db URL --import");

    Cli.Result history = Cli.run("history", "--db", db);
    assertThat(history.exitCode()).as(history.err()).isNotZero();
    assertOneLine(history.err(), "sustain history: ");

    Cli.Result serve = Cli.run("serve", "--db", db, "--port", "0");
    assertThat(serve.exitCode()).as(serve.err()).isNotZero();
    assertOneLine(serve.err(), "sustain serve: ");
    assertThat(serve.out()).as("never said it serves").isEmpty();
  }

  private static void assertOneLine(String err, String start) {
    assertThat(err.strip().lines().toList()).as(err).singleElement().asString().startsWith(start);
    assertThat(err).as("refused, in Sustain's words").containsIgnoringCase("refused");
    for (String w : LIBRARY_WORDS) {
      assertThat(err).as("a library's line or a stack trace").doesNotContain(w);
    }
  }

  /** A port nothing listens on: taken from the system and given back. */
  private static int closedPort() throws Exception {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }
}
