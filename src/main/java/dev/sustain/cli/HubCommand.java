package dev.sustain.cli;

import dev.sustain.hub.Hub;
import dev.sustain.hub.HubExport;
import dev.sustain.store.DbLocation;
import dev.sustain.store.StoreException;
import dev.sustain.unit.UsageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code sustain hub --db POSTGRES_URL}: the server shared runs go to, until Ctrl-C. */
@Command(name = "hub", mixinStandardHelpOptions = true)
public final class HubCommand extends BaseCommand {

  @Option(names = "--db", paramLabel = "POSTGRES_URL", required = true)
  String db;

  @Option(names = "--bind", paramLabel = "ADDRESS", defaultValue = "127.0.0.1")
  String bind;

  @Option(names = "--port", paramLabel = "PORT", defaultValue = "8090")
  int port;

  @Option(names = "--token-file", paramLabel = "FILE")
  Path tokenFile;

  @Option(names = "--share-token-file", paramLabel = "FILE")
  Path shareTokenFile;

  @Option(names = "--shares-per-minute", paramLabel = "N", defaultValue = "30")
  int sharesPerMinute;

  @Option(names = "--public-host", paramLabel = "NAME")
  String publicHost;

  @Option(names = "--forwarded-for")
  boolean forwardedFor;

  @Option(names = "--export", paramLabel = "DIR")
  Path export;

  @Override
  protected int execute() throws InterruptedException {
    Listening.port(port);
    if (publicHost != null && !publicHost.matches("[A-Za-z0-9.-]{1,253}(:[0-9]{1,5})?")) {
      throw new UsageException("--public-host takes a host name such as hub.example.org");
    }
    DbLocation location = location();
    if (export != null) {
      return export(location);
    }
    Hub.Settings settings;
    try {
      settings =
          new Hub.Settings(
              Listening.address(bind),
              port,
              tokenFile == null ? null : Listening.readToken(tokenFile, "--token-file"),
              shareTokenFile == null
                  ? null
                  : Listening.readToken(shareTokenFile, "--share-token-file"),
              sharesPerMinute,
              publicHost,
              forwardedFor);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
    quietServerLogging();
    Hub hub;
    try {
      hub = Hub.start(location, settings);
    } catch (StoreException e) {
      err().println("sustain hub: " + location.scrub(e.getMessage()));
      err().flush();
      return ExitCodes.RUN_FAILED;
    } catch (IllegalStateException e) {
      throw new UsageException(location.scrub(e.getMessage()));
    }
    String host = Listening.urlHost(settings.bind());
    out()
        .println(
            "Hub over "
                + location.redacted()
                + " on http://"
                + host
                + ":"
                + hub.port()
                + "/"
                + (settings.shareToken() == null ? "" : " (shares need the share token)")
                + "; Ctrl-C stops it.");
    out().flush();
    Listening.untilStopped(hub, "sustain-hub-stop");
    return ExitCodes.OK;
  }

  /** The static pages and their JSON, written once; no server is started. */
  private int export(DbLocation location) {
    if (Files.exists(export) && !Files.isDirectory(export)) {
      throw new UsageException("--export " + export + " is a file, not a folder");
    }
    HubExport.Written w;
    try {
      w = HubExport.write(location, export);
    } catch (StoreException e) {
      err().println("sustain hub: " + location.scrub(e.getMessage()));
      err().flush();
      return ExitCodes.RUN_FAILED;
    } catch (IOException e) {
      err().println("sustain hub: cannot write the export into " + export + ": " + e.getMessage());
      err().flush();
      return ExitCodes.RUN_FAILED;
    }
    Lines.println(
        out(),
        "Exported %d %s (%d files, %.1f MB) to %s: serve the folder as it is.",
        w.models(),
        w.models() == 1 ? "model" : "models",
        w.files(),
        w.bytes() / 1e6,
        export);
    out().flush();
    return ExitCodes.OK;
  }

  private DbLocation location() {
    DbLocation location;
    try {
      location = DbLocation.parse(db, System.getenv());
    } catch (IllegalArgumentException e) {
      throw new UsageException("--db: " + e.getMessage());
    }
    if (location.kind() != DbLocation.Kind.POSTGRESQL) {
      throw new UsageException(
          "--db: the hub keeps its data in PostgreSQL: jdbc:postgresql://HOST/DB?user=...");
    }
    return location;
  }

  static void quietServerLogging() {
    for (String logger : new String[] {"org.eclipse.jetty", "io.javalin"}) {
      String key = "org.slf4j.simpleLogger.log." + logger;
      if (System.getProperty(key) == null) {
        System.setProperty(key, "warn");
      }
    }
  }
}
