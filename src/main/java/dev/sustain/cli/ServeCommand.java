package dev.sustain.cli;

import dev.sustain.serve.Dashboard;
import dev.sustain.store.DbLocation;
import dev.sustain.store.ReadOnlyHistory;
import dev.sustain.store.StoreException;
import dev.sustain.unit.Units;
import dev.sustain.unit.UsageException;
import java.net.InetAddress;
import java.nio.file.Path;
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
    Listening.port(port);
    if (pollMillis < 50 || pollMillis > 60_000) {
      throw new UsageException("--poll must be from 50 to 60000 ms");
    }
    InetAddress address = Listening.address(bind);
    String token = tokenFile == null ? null : Listening.readToken(tokenFile, "--token-file");
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
    String host = Listening.urlHost(address);
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
    noteRunsWithoutJobKey(dashboard);
    out().flush();
    Listening.untilStopped(dashboard, "sustain-serve-stop");
    return ExitCodes.OK;
  }

  /** One line when runs of an older sustain have no job key: the job views leave them out. */
  private void noteRunsWithoutJobKey(Dashboard dashboard) {
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
  }
}
