package dev.sustain.store;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ThreadLocalRandom;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;

/**
 * The run history over JDBC: SQLite or PostgreSQL with one schema kept by Flyway. Opening it brings
 * the schema up to date; several processes, on one host (SQLite) or many (PostgreSQL), may record
 * runs at once and none is lost: SQLite runs in WAL mode with a busy timeout and writes in {@code
 * BEGIN IMMEDIATE} transactions retried when the file is busy; PostgreSQL writes in transactions
 * retried on serialization failures and deadlocks. Recording the same run twice updates it.
 *
 * <p>Not thread-safe: one instance holds one connection; use one per thread. Close it.
 */
public final class RunStore implements AutoCloseable {

  /** The Flyway history table; named for Sustain so it can share a database with other tools. */
  static final String SCHEMA_HISTORY_TABLE = "sustain_schema_history";

  private static final int SQLITE_BUSY_TIMEOUT_MS = 15_000;
  private static final int MAX_ATTEMPTS = 8;

  private final DbLocation location;
  private Connection connection;

  private RunStore(DbLocation location, Connection connection) {
    this.location = location;
    this.connection = connection;
  }

  /**
   * Opens the history at {@code location}, creating the SQLite file and its folder when missing and
   * migrating the schema to the newest version.
   *
   * @throws StoreException with a message fit for a user, without secrets
   */
  public static RunStore open(DbLocation location) {
    quietFlywayLogging();
    // Once per process and history: a run opens its history at its start, while it goes and at
    // its end, and Flyway's check costs a second of CPU that the run should not pay each time.
    if (!MIGRATED.contains(location)) {
      migrate(location);
      MIGRATED.add(location);
    }
    return new RunStore(location, connect(location));
  }

  private static final java.util.Set<DbLocation> MIGRATED =
      java.util.concurrent.ConcurrentHashMap.newKeySet();

  public DbLocation location() {
    return location;
  }

  // ---- connections -------------------------------------------------------------------------

  static Connection connect(DbLocation location) {
    try {
      Connection c = driver(location).connect(location.jdbcUrl(), properties(location));
      if (c == null) {
        throw new StoreException("no JDBC driver accepts " + location.redacted());
      }
      return c;
    } catch (SQLException e) {
      throw failure("cannot open the run history at " + location.redacted(), e, location);
    }
  }

  private static Driver driver(DbLocation location) {
    // The drivers are called directly, not through DriverManager, whose "no suitable driver"
    // message would print the URL it was given.
    return location.kind() == DbLocation.Kind.SQLITE
        ? new org.sqlite.JDBC()
        : new org.postgresql.Driver();
  }

  static Properties properties(DbLocation location) {
    Properties props = location.connectionProperties();
    if (location.kind() == DbLocation.Kind.SQLITE) {
      org.sqlite.SQLiteConfig config = new org.sqlite.SQLiteConfig();
      // WAL lets readers run beside one writer; the busy timeout makes a second writer wait for
      // the first instead of failing at once; IMMEDIATE takes the write lock at BEGIN, so two
      // writers never both read and then deadlock upgrading their locks.
      config.setJournalMode(org.sqlite.SQLiteConfig.JournalMode.WAL);
      config.setBusyTimeout(SQLITE_BUSY_TIMEOUT_MS);
      config.setSynchronous(org.sqlite.SQLiteConfig.SynchronousMode.NORMAL);
      config.setTransactionMode(org.sqlite.SQLiteConfig.TransactionMode.IMMEDIATE);
      config.enforceForeignKeys(true);
      props.putAll(config.toProperties());
    } else {
      props.putIfAbsent("ApplicationName", "sustain");
      props.putIfAbsent("connectTimeout", "10");
    }
    return props;
  }

  // ---- migrations --------------------------------------------------------------------------

  private static void migrate(DbLocation location) {
    if (location.kind() == DbLocation.Kind.SQLITE) {
      Path file = location.sqliteFile();
      String networkFs = NetworkFileSystems.networkType(file);
      if (networkFs != null) {
        throw new StoreException(
            "the run history "
                + file
                + " is on a network filesystem ("
                + networkFs
                + "), where SQLite cannot be shared safely; use a local file, or a PostgreSQL"
                + " server for several hosts: --db jdbc:postgresql://HOST/DB?user=..");
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
      // Flyway takes no lock on SQLite (it does on PostgreSQL: an advisory lock), so two processes
      // opening a new file at once would both apply V1. A file lock beside the database makes the
      // second wait and then find the schema current.
      Path lockFile = file.resolveSibling(file.getFileName() + ".migrate-lock");
      try (FileChannel ch =
              FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
          FileLock lock = ch.lock()) {
        runFlyway(location);
      } catch (MigrationFailed e) {
        throw e.reported;
      } catch (IOException e) {
        throw new StoreException(
            "cannot lock " + lockFile + " to update the run history schema: " + e.getMessage());
      }
    } else {
      // Flyway serialises migrations with a PostgreSQL advisory lock, but two processes creating
      // the schema history table of an empty database can still collide on the CREATE TABLE;
      // the loser retries and finds the table made.
      for (int attempt = 1; ; attempt++) {
        try {
          runFlyway(location);
          return;
        } catch (MigrationFailed e) {
          if (!e.mayBeARace || attempt == 4) {
            throw e.reported;
          }
          backoff(attempt);
        }
      }
    }
  }

  private static void runFlyway(DbLocation location) {
    try {
      Flyway flyway =
          Flyway.configure(RunStore.class.getClassLoader())
              .dataSource(new StoreDataSource(location, properties(location)))
              .locations("classpath:db/migration")
              .table(SCHEMA_HISTORY_TABLE)
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
                  + location.scrub(firstLine(e.getMessage()))),
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

  private static void quietFlywayLogging() {
    // Flyway logs every step at INFO through SLF4J; the history command's output is for people.
    String key = "org.slf4j.simpleLogger.log.org.flywaydb";
    if (System.getProperty(key) == null) {
      System.setProperty(key, "warn");
    }
  }

  // ---- writing -----------------------------------------------------------------------------

  private static final String UPSERT_DRIVE =
      """
      INSERT INTO drives (drive_id, model, serial, size_bytes, first_seen_ms, last_seen_ms)
      VALUES (?, ?, ?, ?, ?, ?)
      ON CONFLICT (drive_id) DO UPDATE SET
        model = COALESCE(excluded.model, drives.model),
        serial = COALESCE(excluded.serial, drives.serial),
        size_bytes = COALESCE(excluded.size_bytes, drives.size_bytes),
        first_seen_ms = CASE WHEN excluded.first_seen_ms < drives.first_seen_ms
                             THEN excluded.first_seen_ms ELSE drives.first_seen_ms END,
        last_seen_ms = CASE WHEN excluded.last_seen_ms > drives.last_seen_ms
                            THEN excluded.last_seen_ms ELSE drives.last_seen_ms END
      """;

  private static final String RUN_COLUMNS =
      "run_id, drive_id, host, command, params_json, started_ms, ended_ms, status, error, bytes,"
          + " seconds, average_mbps, burst_mbps, cache_gb, cliff_s, floor_mbps, after_cache_mbps,"
          + " shape, analysis_json, run_folder, source, tool_version, recorded_ms";

  private static final String UPSERT_RUN = upsertRunSql();

  private static String upsertRunSql() {
    String[] cols = RUN_COLUMNS.split(",\\s*");
    StringBuilder sql = new StringBuilder("INSERT INTO runs (").append(RUN_COLUMNS).append(")");
    sql.append(" VALUES (").append("?, ".repeat(cols.length - 1)).append("?)");
    sql.append(" ON CONFLICT (run_id) DO UPDATE SET ");
    for (int i = 1; i < cols.length; i++) {
      sql.append(i > 1 ? ", " : "").append(cols[i]).append(" = excluded.").append(cols[i]);
    }
    return sql.toString();
  }

  /**
   * Records a run, or updates it when a run with the same id is already there (a run recorded when
   * it starts and again when it ends, or a folder imported twice).
   *
   * @throws StoreException when it cannot be written after retries; the message has no secrets
   */
  public void record(RunRecord run) {
    inTransaction(
        "record run " + run.runId(),
        c -> {
          long startedMs = run.started().toEpochMilli();
          long seenMs = run.ended() == null ? startedMs : run.ended().toEpochMilli();
          try (PreparedStatement ps = c.prepareStatement(UPSERT_DRIVE)) {
            Drive d = run.drive();
            ps.setString(1, d.id());
            ps.setString(2, d.model());
            ps.setString(3, d.serial());
            setLong(ps, 4, d.sizeBytes());
            ps.setLong(5, startedMs);
            ps.setLong(6, seenMs);
            ps.executeUpdate();
          }
          try (PreparedStatement ps = c.prepareStatement(UPSERT_RUN)) {
            RunRecord.Figures f = run.figures();
            int i = 1;
            ps.setString(i++, run.runId());
            ps.setString(i++, run.drive().id());
            ps.setString(i++, run.host());
            ps.setString(i++, run.command());
            ps.setString(i++, run.paramsJson());
            ps.setLong(i++, startedMs);
            setLong(ps, i++, run.ended() == null ? null : run.ended().toEpochMilli());
            ps.setString(i++, run.status());
            ps.setString(i++, run.error());
            setLong(ps, i++, f.bytes());
            setDouble(ps, i++, f.seconds());
            setDouble(ps, i++, f.averageMBps());
            setDouble(ps, i++, f.burstMBps());
            setDouble(ps, i++, f.cacheGB());
            setDouble(ps, i++, f.cliffSeconds());
            setDouble(ps, i++, f.floorMBps());
            setDouble(ps, i++, f.afterCacheMBps());
            ps.setString(i++, f.shape());
            ps.setString(i++, run.analysisJson());
            ps.setString(i++, run.runFolder());
            ps.setString(i++, run.source());
            ps.setString(i++, run.toolVersion());
            ps.setLong(i, System.currentTimeMillis());
            ps.executeUpdate();
          }
          return null;
        });
  }

  // ---- reading -----------------------------------------------------------------------------

  /**
   * Runs newest first (by start time), at most {@code limit}. {@code drive} (or null for all)
   * matches a drive id or serial exactly, or a part of the model, ignoring case.
   */
  public List<RunRecord> runs(String drive, int limit) {
    StringBuilder sql =
        new StringBuilder("SELECT r.")
            .append(RUN_COLUMNS.replace(", ", ", r."))
            .append(", d.model, d.serial, d.size_bytes FROM runs r")
            .append(" JOIN drives d ON d.drive_id = r.drive_id");
    if (drive != null) {
      sql.append(" WHERE r.drive_id = ? OR d.serial = ? OR LOWER(d.model) LIKE ? ESCAPE '!'");
    }
    sql.append(" ORDER BY r.started_ms DESC, r.run_id DESC LIMIT ?");
    return inTransaction(
        "read the run history",
        c -> {
          try (PreparedStatement ps = c.prepareStatement(sql.toString())) {
            int i = 1;
            if (drive != null) {
              ps.setString(i++, drive);
              ps.setString(i++, drive);
              String escaped =
                  drive
                      .toLowerCase(Locale.ROOT)
                      .replace("!", "!!")
                      .replace("%", "!%")
                      .replace("_", "!_");
              ps.setString(i++, "%" + escaped + "%");
            }
            ps.setInt(i, limit);
            List<RunRecord> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
              while (rs.next()) {
                out.add(read(rs));
              }
            }
            return out;
          }
        });
  }

  /** The runs of exactly this drive id, newest first, at most {@code limit}. */
  public List<RunRecord> runsOfDrive(String driveId, int limit) {
    String sql =
        "SELECT r."
            + RUN_COLUMNS.replace(", ", ", r.")
            + ", d.model, d.serial, d.size_bytes FROM runs r"
            + " JOIN drives d ON d.drive_id = r.drive_id WHERE r.drive_id = ?"
            + " ORDER BY r.started_ms DESC, r.run_id DESC LIMIT ?";
    return inTransaction(
        "read the runs of " + driveId,
        c -> {
          try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, driveId);
            ps.setInt(2, limit);
            List<RunRecord> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
              while (rs.next()) {
                out.add(read(rs));
              }
            }
            return out;
          }
        });
  }

  /** The run with this id, if recorded. */
  public Optional<RunRecord> find(String runId) {
    String sql =
        "SELECT r."
            + RUN_COLUMNS.replace(", ", ", r.")
            + ", d.model, d.serial, d.size_bytes FROM runs r"
            + " JOIN drives d ON d.drive_id = r.drive_id WHERE r.run_id = ?";
    return inTransaction(
        "read run " + runId,
        c -> {
          try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, runId);
            try (ResultSet rs = ps.executeQuery()) {
              return rs.next() ? Optional.of(read(rs)) : Optional.<RunRecord>empty();
            }
          }
        });
  }

  /** How many runs are recorded. */
  public long count() {
    return inTransaction(
        "count runs",
        c -> {
          try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM runs");
              ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getLong(1);
          }
        });
  }

  /** The newest schema version applied, e.g. {@code "1"}. */
  public String schemaVersion() {
    return inTransaction(
        "read the schema version",
        c -> {
          String sql =
              "SELECT version FROM "
                  + SCHEMA_HISTORY_TABLE
                  + " WHERE success = "
                  + (location.kind() == DbLocation.Kind.SQLITE ? "1" : "TRUE")
                  + " AND version IS NOT NULL ORDER BY installed_rank DESC";
          try (PreparedStatement ps = c.prepareStatement(sql);
              ResultSet rs = ps.executeQuery()) {
            return rs.next() ? rs.getString(1) : null;
          }
        });
  }

  private static RunRecord read(ResultSet rs) throws SQLException {
    Drive drive =
        new Drive(
            rs.getString("drive_id"),
            rs.getString("model"),
            rs.getString("serial"),
            getLong(rs, "size_bytes"));
    RunRecord.Figures figures =
        new RunRecord.Figures(
            getLong(rs, "bytes"),
            getDouble(rs, "seconds"),
            getDouble(rs, "average_mbps"),
            getDouble(rs, "burst_mbps"),
            getDouble(rs, "cache_gb"),
            getDouble(rs, "cliff_s"),
            getDouble(rs, "floor_mbps"),
            getDouble(rs, "after_cache_mbps"),
            rs.getString("shape"));
    Long ended = getLong(rs, "ended_ms");
    return new RunRecord(
        rs.getString("run_id"),
        drive,
        rs.getString("host"),
        rs.getString("command"),
        rs.getString("params_json"),
        Instant.ofEpochMilli(rs.getLong("started_ms")),
        ended == null ? null : Instant.ofEpochMilli(ended),
        rs.getString("status"),
        rs.getString("error"),
        figures,
        rs.getString("analysis_json"),
        rs.getString("run_folder"),
        rs.getString("source"),
        rs.getString("tool_version"));
  }

  // ---- transactions and retries --------------------------------------------------------------

  @FunctionalInterface
  private interface Work<T> {
    T run(Connection c) throws SQLException;
  }

  private <T> T inTransaction(String what, Work<T> work) {
    SQLException last = null;
    for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      try {
        if (connection == null || connection.isClosed()) {
          connection = connect(location);
        }
        connection.setAutoCommit(false);
        try {
          T result = work.run(connection);
          connection.commit();
          return result;
        } catch (SQLException | RuntimeException e) {
          rollbackQuietly();
          throw e;
        } finally {
          // sqlite-jdbc begins the next transaction as soon as one commits; in IMMEDIATE mode that
          // would hold the write lock while this store sits idle and block every other writer.
          // Back in auto-commit, no transaction is open between calls.
          restoreAutoCommitQuietly();
        }
      } catch (SQLException e) {
        last = e;
        if (!isTransient(e)) {
          break;
        }
        if (isConnectionLost(e)) {
          closeQuietly();
        }
        backoff(attempt);
      }
    }
    throw failure("cannot " + what + " in " + location.redacted(), last, location);
  }

  private boolean isTransient(SQLException e) {
    if (location.kind() == DbLocation.Kind.SQLITE) {
      // SQLITE_BUSY (5) and SQLITE_LOCKED (6), plain or extended (low byte).
      int code = e.getErrorCode() & 0xff;
      return code == 5 || code == 6;
    }
    String state = e.getSQLState();
    return state != null
        && (state.equals("40001") || state.equals("40P01") || state.startsWith("08"));
  }

  private static boolean isConnectionLost(SQLException e) {
    String state = e.getSQLState();
    return state != null && state.startsWith("08");
  }

  private static void backoff(int attempt) {
    // Jitter keeps processes that collided once from colliding again in lock step.
    long ms = Math.min(2_000, 25L << Math.min(attempt, 6));
    try {
      Thread.sleep(ThreadLocalRandom.current().nextLong(ms / 2, ms + 1));
    } catch (InterruptedException ie) {
      Thread.currentThread().interrupt();
      throw new StoreException("interrupted while waiting for the run history");
    }
  }

  private void rollbackQuietly() {
    try {
      connection.rollback();
    } catch (SQLException ignored) {
      // The transaction is abandoned either way; the original failure is the one to report.
    }
  }

  private void restoreAutoCommitQuietly() {
    try {
      if (connection != null && !connection.isClosed()) {
        connection.setAutoCommit(true);
      }
    } catch (SQLException ignored) {
      // A broken connection is replaced at the next call.
    }
  }

  private void closeQuietly() {
    try {
      if (connection != null) {
        connection.close();
      }
    } catch (SQLException ignored) {
      // Closing a broken connection can fail; a new one is opened next.
    }
    connection = null;
  }

  static StoreException failure(String what, SQLException e, DbLocation location) {
    String detail = e == null ? "unknown error" : firstLine(e.getMessage());
    if (e != null && e.getSQLState() != null) {
      detail += " (SQL state " + e.getSQLState() + ")";
    }
    return new StoreException(location.scrub(what + ": " + detail));
  }

  private static String firstLine(String s) {
    if (s == null) {
      return "";
    }
    int nl = s.indexOf('\n');
    return (nl < 0 ? s : s.substring(0, nl)).strip();
  }

  private static void setLong(PreparedStatement ps, int i, Long v) throws SQLException {
    if (v == null) {
      ps.setNull(i, Types.BIGINT);
    } else {
      ps.setLong(i, v);
    }
  }

  private static void setDouble(PreparedStatement ps, int i, Double v) throws SQLException {
    if (v == null || !Double.isFinite(v)) {
      ps.setNull(i, Types.DOUBLE);
    } else {
      ps.setDouble(i, v);
    }
  }

  private static Long getLong(ResultSet rs, String col) throws SQLException {
    long v = rs.getLong(col);
    return rs.wasNull() ? null : v;
  }

  private static Double getDouble(ResultSet rs, String col) throws SQLException {
    double v = rs.getDouble(col);
    return rs.wasNull() ? null : v;
  }

  @Override
  public void close() {
    closeQuietly();
  }
}
