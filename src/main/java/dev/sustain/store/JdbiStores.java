package dev.sustain.store;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.SQLException;
import java.util.function.Supplier;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.JdbiException;

/**
 * Jdbi over the run history, for the code that came after {@link RunStore}: one connection for a
 * run's live recording, or a pool of read-only connections for the dashboard. Connections are
 * opened exactly as RunStore opens them (same SQLite pragmas, secrets as driver properties, never
 * in the URL), and every failure becomes a {@link StoreException} whose message has no secret.
 */
public final class JdbiStores {

  private JdbiStores() {}

  /**
   * A Jdbi that opens a new connection per handle, after bringing the schema up to date. For one
   * thread that keeps a handle open (a run's live recording).
   *
   * @throws StoreException when the history cannot be opened or migrated
   */
  public static Jdbi unpooled(DbLocation location) {
    RunStore.ready(location); // the schema up to date, as every command's first open makes it
    return Jdbi.create(() -> RunStore.connect(location)).setSqlParser(NamedSql.PARSER);
  }

  /**
   * A DataSource that opens connections to {@code location} as the history's own are opened
   * (secrets as driver properties, never in the URL): for a store with a schema of its own, such as
   * the hub's, which runs its own migrations and pool over it.
   */
  public static javax.sql.DataSource dataSource(DbLocation location) {
    return new StoreDataSource(location, RunStore.properties(location));
  }

  /** A pool and the Jdbi over it. Thread-safe. */
  public record Pool(DbLocation location, HikariDataSource dataSource, Jdbi jdbi)
      implements AutoCloseable {
    @Override
    public void close() {
      dataSource.close();
    }
  }

  /**
   * Runs {@code work}, turning any database failure into a {@link StoreException} that names what
   * was being done and carries no secret of {@code location}.
   */
  public static <T> T call(DbLocation location, String what, Supplier<T> work) {
    try {
      return work.get();
    } catch (JdbiException e) {
      throw new StoreException(
          location.scrub("cannot " + what + " in " + location.redacted() + ": " + rootMessage(e)));
    }
  }

  /** The first line of the deepest SQL exception's message, or of the exception's own. */
  static String rootMessage(Throwable e) {
    String message = null;
    String state = null;
    for (Throwable c = e; c != null; c = c.getCause()) {
      if (c instanceof SQLException sql) {
        message = sql.getMessage();
        state = sql.getSQLState();
      }
      if (c.getCause() == c) {
        break;
      }
    }
    if (message == null) {
      message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
    int nl = message.indexOf('\n');
    String line = (nl < 0 ? message : message.substring(0, nl)).strip();
    return state == null ? line : line + " (SQL state " + state + ")";
  }

  /** The pool logs its start, stop and lost connections; Sustain's own one line says it. */
  static void quietPoolLogging() {
    // The pool logs its start, stop and lost connections with stack traces; our one line says it.
    String key = "org.slf4j.simpleLogger.log.com.zaxxer.hikari";
    if (System.getProperty(key) == null) {
      System.setProperty(key, "off");
    }
  }
}
