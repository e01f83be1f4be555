package dev.sustain.store;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.SQLException;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.flywaydb.core.api.configuration.FluentConfiguration;

/**
 * Brings the history's schema up to date with Flyway, safely when several processes open a new
 * history at once: a file lock beside a SQLite file, retries of a lost race on PostgreSQL. Refuses
 * a SQLite file on a network file system.
 */
final class StoreMigrations {

  private StoreMigrations() {}

  /**
   * Histories whose schema this process found current or brought up to date: a run opens its
   * history at its start (the warm-up, the idle question), while it goes and at its end, and each
   * check is a connection and a query (Flyway's own, a quarter of a second of CPU). A schema does
   * not go back, and a newer sustain in another process that migrates it further refuses nothing
   * this one writes, so the answer holds for the process's life.
   */
  private static final java.util.Set<DbLocation> CURRENT =
      java.util.concurrent.ConcurrentHashMap.newKeySet();

  /** Forgets what this process found: for a test that changes a schema behind its back. */
  static void forgetChecked() {
    CURRENT.clear();
  }

  /**
   * Brings the schema up to date, once a process and history: Flyway runs only when the schema's
   * version differs from {@link #SCHEMA_VERSION} (on SQLite; a server's is Flyway's to check).
   */
  static void migrate(DbLocation location) {
    if (CURRENT.contains(location)) {
      return;
    }
    if (location.kind() == DbLocation.Kind.SQLITE) {
      migrateSqlite(location);
    } else {
      migrateServer(location);
    }
    CURRENT.add(location);
  }

  private static void migrateSqlite(DbLocation location) {
    Path file = location.sqliteFile();
    String networkFs = NetworkFileSystems.networkType(file);
    if (networkFs != null) {
      throw new StoreException(
          "the run history "
              + file
              + " is on a network file system ("
              + networkFs
              + "), where SQLite cannot be shared safely; use a local file, or a PostgreSQL"
              + " server for several hosts: --db jdbc:postgresql://HOST/DB?user=..");
    }
    if (sqliteSchemaIsCurrent(location)) {
      return;
    }
    try {
      Path parent = file.getParent();
      if (parent != null) {
        Files.createDirectories(parent);
      }
    } catch (IOException e) {
      throw new StoreException(
          "cannot create the folder for the run history " + file + ": " + e.getMessage());
    }
    migrateLocked(location, file.resolveSibling(file.getFileName() + ".migrate-lock"));
  }

  /**
   * Flyway takes no lock on SQLite (it does on PostgreSQL: an advisory lock), so two processes
   * opening a new file at once would both apply V1. A file lock beside the database makes the
   * second wait and then find the schema current. The lock file is removed once the schema is
   * current, so none is left beside the history: a process that waited on it and finds it gone
   * takes a new one, and finds the schema current (a process that locks the removed one at the same
   * time finds it current too). Threads of one process (a group's runs, a run's warm-up beside its
   * recorder) take turns first: a file lock is the process's, and a second thread's lock on the
   * same file fails at once (OverlappingFileLockException) instead of waiting; a thread that waited
   * finds the schema its turn before brought up to date.
   */
  private static synchronized void migrateLocked(DbLocation location, Path lockFile) {
    if (sqliteSchemaIsCurrent(location)) {
      return;
    }
    try {
      while (true) {
        try (FileChannel ch =
                FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock = ch.lock()) {
          if (!Files.exists(lockFile)) {
            continue; // removed by the process that held it: its migration is done
          }
          try {
            runFlyway(location);
          } finally {
            Files.deleteIfExists(lockFile);
          }
          return;
        }
      }
    } catch (MigrationFailed e) {
      throw e.reported;
    } catch (IOException e) {
      throw new StoreException(
          "cannot lock " + lockFile + " to update the run history schema: " + e.getMessage());
    }
  }

  /**
   * Flyway serialises migrations with a PostgreSQL advisory lock, but two processes creating the
   * schema history table of an empty database can still collide on the CREATE TABLE; the loser
   * retries and finds the table made.
   */
  private static void migrateServer(DbLocation location) {
    for (int attempt = 1; ; attempt++) {
      try {
        runFlyway(location);
        return;
      } catch (MigrationFailed e) {
        if (!e.mayBeARace || attempt == 4) {
          throw e.reported;
        }
        RunStore.backoff(attempt);
      }
    }
  }

  /**
   * The newest migration shipped (db/migration/V{n}__*.sql, or a Java one: {@link V5JobKey});
   * MigrationsTest keeps it true.
   */
  static final int SCHEMA_VERSION = 5;

  /**
   * Flyway over the history's migrations, for the writers that apply them and the read-only check
   * that they are applied alike: the scripts in db/migration and the Java ones, which a reader that
   * did not know of them would take for missing or, on an older history, for not pending.
   */
  static FluentConfiguration configuration() {
    return Flyway.configure(StoreMigrations.class.getClassLoader())
        .locations("classpath:db/migration")
        .javaMigrations(new V5JobKey())
        .table(RunStore.SCHEMA_HISTORY_TABLE);
  }

  /**
   * Whether an existing SQLite history already has every migration applied, read with one query:
   * Flyway's own check (scanning the jar for scripts, checksums, its many classes) was a quarter of
   * a second of a short run's start. Anything unexpected (no file, no table, a failed or newer
   * migration) answers no, and Flyway decides as before.
   */
  static boolean sqliteSchemaIsCurrent(DbLocation location) {
    if (CURRENT.contains(location)) {
      return true; // checked, or brought up to date, earlier in this process
    }
    if (!Files.isRegularFile(location.sqliteFile())) {
      return false;
    }
    String sql =
        "SELECT COUNT(*), SUM(CASE WHEN success THEN 0 ELSE 1 END),"
            + " MAX(CAST(version AS INTEGER)) FROM "
            + RunStore.SCHEMA_HISTORY_TABLE
            + " WHERE version IS NOT NULL";
    try (java.sql.Connection c = RunStore.connect(location);
        java.sql.Statement st = c.createStatement();
        java.sql.ResultSet rs = st.executeQuery(sql)) {
      boolean current =
          rs.next()
              && rs.getInt(1) == SCHEMA_VERSION
              && rs.getInt(2) == 0
              && rs.getInt(3) == SCHEMA_VERSION;
      if (current) {
        CURRENT.add(location);
      }
      return current;
    } catch (SQLException | StoreException e) {
      return false;
    }
  }

  private static void runFlyway(DbLocation location) {
    try {
      Flyway flyway =
          configuration()
              .dataSource(new StoreDataSource(location, RunStore.properties(location)))
              .schemas(schemas(location))
              .cleanDisabled(true)
              .load();
      flyway.migrate();
    } catch (FlywayException e) {
      String state = sqlState(e);
      // Unreachable, refused or unknown database: trying again changes nothing.
      boolean mayBeARace =
          state == null
              || !(state.startsWith("08") || state.startsWith("28") || state.equals("3D000"));
      throw new MigrationFailed(
          new StoreException(
              "cannot bring the run history schema at "
                  + location.redacted()
                  + " up to date: "
                  + (RunStore.NOT_POSTGRESQL.equals(state)
                      ? RunStore.NOT_POSTGRESQL_WORDS
                      : location.scrub(RunStore.firstLine(e.getMessage())))),
          mayBeARace);
    }
  }

  /** A failed migration, and whether it may have lost a race another process won. */
  private static final class MigrationFailed extends RuntimeException {
    final StoreException reported;
    final boolean mayBeARace;

    MigrationFailed(StoreException reported, boolean mayBeARace) {
      super(reported.getMessage(), null, false, false);
      this.reported = reported;
      this.mayBeARace = mayBeARace;
    }
  }

  private static String sqlState(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause()) {
      if (c instanceof SQLException sql && sql.getSQLState() != null) {
        return sql.getSQLState();
      }
    }
    return null;
  }

  private static String[] schemas(DbLocation location) {
    String schema = location.param("currentSchema");
    if (location.kind() == DbLocation.Kind.POSTGRESQL && schema != null && !schema.isBlank()) {
      return new String[] {schema.split(",")[0].strip()};
    }
    return new String[0];
  }

  static void quietFlywayLogging() {
    // Flyway logs every step, and its failures with stack traces; the user sees our one line.
    String key = "org.slf4j.simpleLogger.log.org.flywaydb";
    if (System.getProperty(key) == null) {
      System.setProperty(key, "off");
    }
  }
}
