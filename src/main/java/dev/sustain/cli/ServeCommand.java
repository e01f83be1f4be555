package dev.sustain.cli;

import dev.sustain.serve.Dashboard;
import dev.sustain.store.DbLocation;
import dev.sustain.store.ReadOnlyHistory;
import dev.sustain.store.StoreException;
import dev.sustain.unit.Units;
import dev.sustain.unit.UsageException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code sustain serve}: the dashboard over the run history, until Ctrl-C. The libraries' loggers
 * stay off (simplelogger.properties): Javalin's "Failed to start", Jetty's lost clients and the
 * pool's stop are each either Sustain's own one line below or nothing a user needs.
 */
@Command(name = "serve", mixinStandardHelpOptions = true)
public final class ServeCommand extends BaseCommand {

  /** Tokens shorter than this are refused: they can be guessed. */
  static final int MIN_TOKEN_CHARS = 16;

  @Mixin DbOption db = new DbOption();

  @Option(names = "--bind", paramLabel = "ADDRESS", defaultValue = "127.0.0.1")
  String bind;

  @Option(names = "--port", paramLabel = "PORT", defaultValue = "8080")
  int port;

  @Option(names = "--token-file", paramLabel = "FILE")
  Path tokenFile;

  @Option(names = "--poll", paramLabel = "MS", defaultValue = "500", hidden = true)
  long pollMillis;

  @Override
  protected int execute() throws InterruptedException {
    if (port < 0 || port > 65_535) {
      throw new UsageException("--port must be from 0 to 65535, not " + port);
    }
    if (pollMillis < 50 || pollMillis > 60_000) {
      throw new UsageException("--poll must be from 50 to 60000 ms");
    }
    InetAddress address = address();
    String token = token();
    Dashboard.Settings settings;
    try {
      settings = new Dashboard.Settings(address, port, token, pollMillis);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
    DbLocation location = db.location();
    Dashboard dashboard;
    try {
      dashboard = Dashboard.start(location, settings);
    } catch (ReadOnlyHistory.NotReady e) {
      throw new UsageException(e.getMessage());
    } catch (StoreException e) {
      err().println("sustain serve: " + location.scrub(e.getMessage()));
      err().flush();
      return ExitCodes.RUN_FAILED;
    } catch (IllegalStateException e) {
      throw new UsageException(location.scrub(e.getMessage()));
    }
    String host = address.getHostAddress();
    if (host.indexOf(':') >= 0) {
      host = "[" + host + "]";
    }
    out()
        .println(
            "Serving the run history "
                + location.redacted()
                + " on http://"
                + host
                + ":"
                + dashboard.port()
                + "/"
                + (token == null ? "" : " (API requests need the token)")
                + "; Ctrl-C stops it.");
    long keyless;
    try {
      keyless = dashboard.runsWithoutJobKey();
    } catch (StoreException e) {
      keyless = 0; // the history answered at the start; a note is not worth failing the serve
    }
    if (keyless > 0) {
      out()
          .println(
              "note: "
                  + Units.count(keyless, "run")
                  + " recorded by an older sustain "
                  + (keyless == 1 ? "has" : "have")
                  + " no job key: the job filter, trends and last floors leave "
                  + (keyless == 1 ? "it" : "them")
                  + " out until the next run of this sustain or `sustain history --migrate`"
                  + " gives "
                  + (keyless == 1 ? "it one" : "them theirs"));
    }
    out().flush();
    CountDownLatch stopped = new CountDownLatch(1);
    Thread hook =
        new Thread(
            () -> {
              dashboard.close();
              stopped.countDown();
            },
            "sustain-serve-stop");
    Runtime.getRuntime().addShutdownHook(hook);
    stopped.await();
    return ExitCodes.OK;
  }

  private InetAddress address() {
    if (bind == null || bind.isBlank() || bind.length() > 255) {
      throw new UsageException("--bind needs an address such as 127.0.0.1");
    }
    try {
      return InetAddress.getByName(bind.strip());
    } catch (UnknownHostException e) {
      throw new UsageException("--bind: no such address: " + bind);
    }
  }

  private String token() {
    if (tokenFile == null) {
      return null;
    }
    String text;
    try {
      text = Files.readString(tokenFile, StandardCharsets.UTF_8).strip();
    } catch (IOException e) {
      throw new UsageException("cannot read --token-file " + tokenFile + ": " + e.getMessage());
    }
    if (text.length() < MIN_TOKEN_CHARS || text.chars().anyMatch(c -> c <= ' ' || c > '~')) {
      throw new UsageException(
          "--token-file "
              + tokenFile
              + " must hold one token of at least "
              + MIN_TOKEN_CHARS
              + " printable characters without spaces (e.g. openssl rand -hex 24)");
    }
    return text;
  }
}
