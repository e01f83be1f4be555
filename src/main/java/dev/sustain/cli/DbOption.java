package dev.sustain.cli;

import dev.sustain.store.DbLocation;
import dev.sustain.store.RunHistory;
import dev.sustain.store.RunRecord;
import dev.sustain.store.StoreException;
import dev.sustain.unit.UsageException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * The {@code --db} option shared by every command that records or reads the run history (a picocli
 * mixin: {@code @Mixin DbOption db;}). Not thread-safe; one per command instance.
 */
public final class DbOption {

  @Option(
      names = "--db",
      paramLabel = "DB",
      description =
          "Run history: a SQLite file, or jdbc:postgresql://HOST[:PORT]/DB?user=..&password=.."
              + " (default: SUSTAIN_DB, else $XDG_DATA_HOME/sustain/history.db or"
              + " ~/.local/share/sustain/history.db). A password may come from PGPASSWORD instead,"
              + " which keeps it out of the process list.")
  String value;

  // Tests replace the environment; commands use the process's.
  Map<String, String> env = System.getenv();

  /**
   * Where the history is; bad values are a {@link UsageException} (exit 2), never echoing a secret.
   */
  public DbLocation location() {
    try {
      return DbLocation.resolve(value, env);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }

  /**
   * Records a finished (or failed, or interrupted) run folder in the history. A history that cannot
   * be written must not fail the run that was measured: it prints one warning line on {@code err}
   * and returns null.
   *
   * @return the run as recorded, or null when it could not be recorded
   */
  public RunRecord recordQuietly(Path runFolder, PrintWriter err) {
    DbLocation location;
    try {
      location = DbLocation.resolve(value, env);
    } catch (IllegalArgumentException e) {
      err.println("sustain: warning: run not recorded in the history: " + e.getMessage());
      err.flush();
      return null;
    }
    try {
      return RunHistory.recordRunFolder(runFolder, location);
    } catch (StoreException | IllegalArgumentException e) {
      err.println(
          "sustain: warning: run not recorded in the history: " + location.scrub(e.getMessage()));
      err.flush();
      return null;
    }
  }
}
