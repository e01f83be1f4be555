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
          "Run history: a SQLite file, or jdbc:postgresql://HOST[:PORT]/DB?user=..&password=..,"
              + " or none to record nothing (default: SUSTAIN_DB, else"
              + " $XDG_DATA_HOME/sustain/history.db or ~/.local/share/sustain/history.db). A"
              + " password may come from PGPASSWORD instead, which keeps it out of the process"
              + " list.")
  String value;

  // Tests replace the environment; commands use the process's.
  Map<String, String> env = System.getenv();

  /** The word that keeps no history: {@code --db none} or {@code SUSTAIN_DB=none}. */
  static final String NONE = "none";

  /** True when the user asked for no history ({@code --db none}, or SUSTAIN_DB=none). */
  public boolean none() {
    String v = value != null && !value.isBlank() ? value : env.get(DbLocation.ENV_DB);
    return v != null && v.strip().equalsIgnoreCase(NONE);
  }

  /**
   * Checks the option before a run writes anything: a value that is not understood is a {@link
   * UsageException} (exit 2); {@code none} is understood.
   */
  public void check() {
    if (!none()) {
      location();
    }
  }

  /**
   * Where the history is; bad values are a {@link UsageException} (exit 2), never echoing a secret.
   * With {@code --db none} there is no history to read: that too is a usage error.
   */
  public DbLocation location() {
    if (none()) {
      throw new UsageException("--db none keeps no history: there is none to read or add to");
    }
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
    if (none()) {
      return null;
    }
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
