package dev.sustain.cli;

import dev.sustain.unit.UsageException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

/**
 * What the two servers, {@code serve} and {@code hub}, take from the command line alike: the
 * address to bind, a token file, the address as a URL writes it, and running until Ctrl-C.
 */
final class Listening {

  private Listening() {}

  /** {@code --bind}'s address, or a usage error that names it. */
  static InetAddress address(String bind) {
    if (bind == null || bind.isBlank() || bind.length() > 255) {
      throw new UsageException("--bind needs an address such as 127.0.0.1");
    }
    try {
      return InetAddress.getByName(bind.strip());
    } catch (UnknownHostException e) {
      throw new UsageException("--bind: no such address: " + bind);
    }
  }

  /** {@code --port}, checked. */
  static int port(int port) {
    if (port < 0 || port > 65_535) {
      throw new UsageException("--port must be from 0 to 65535, not " + port);
    }
    return port;
  }

  /** The address as it stands in a URL: an IPv6 literal in brackets. */
  static String urlHost(InetAddress address) {
    String host = address.getHostAddress();
    return host.indexOf(':') >= 0 ? "[" + host + "]" : host;
  }

  /**
   * A token file's one token: at least {@link ServeCommand#MIN_TOKEN_CHARS} printable characters.
   */
  static String readToken(Path file, String option) {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8).strip();
    } catch (IOException e) {
      throw new UsageException("cannot read " + option + " " + file + ": " + e.getMessage());
    }
    if (text.length() < ServeCommand.MIN_TOKEN_CHARS
        || text.chars().anyMatch(c -> c <= ' ' || c > '~')) {
      throw new UsageException(
          option
              + " "
              + file
              + " must hold one token of at least "
              + ServeCommand.MIN_TOKEN_CHARS
              + " printable characters without spaces (e.g. openssl rand -hex 24)");
    }
    return text;
  }

  /**
   * Waits until the JVM is asked to stop (Ctrl-C, SIGTERM), then closes {@code server} in the
   * shutdown hook, so its connections end before the process does.
   */
  static void untilStopped(AutoCloseable server, String threadName) throws InterruptedException {
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  try {
                    server.close();
                  } catch (Exception e) {
                    // Stopping anyway: the process ends, and a close that failed has nothing left.
                  } finally {
                    stopped.countDown();
                  }
                },
                threadName));
    stopped.await();
  }
}
