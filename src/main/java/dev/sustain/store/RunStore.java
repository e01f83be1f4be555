package dev.sustain.store;

import dev.sustain.sampling.SamplesCsvLines;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.ToIntFunction;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.JdbiException;
import org.jdbi.v3.core.statement.Query;

/**
 * The run history over Jdbi: SQLite or PostgreSQL with one schema kept by Flyway. Opening it brings
 * the schema up to date; several processes, on one host (SQLite) or many (PostgreSQL), may record
 * runs at once and none is lost: SQLite runs with a rollback journal (no WAL, no memory-mapped
 * files) and a busy timeout and writes in {@code BEGIN IMMEDIATE} transactions retried when the
 * file is busy; PostgreSQL writes in transactions retried on serialization failures and deadlocks.
 * Recording the same run twice updates it.
 *
 * <p>Not thread-safe: one instance holds one connection; use one per thread. Close it.
 */
public final class RunStore implements AutoCloseable {

  /** The Flyway history table; named for Sustain so it can share a database with other tools. */
  static final String SCHEMA_HISTORY_TABLE = "sustain_schema_history";

  private static final int MAX_ATTEMPTS = 8;

  private final DbLocation location;
  private Connection connection;
  private Handle handle;
  private Connection handleConnection;

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
    StoreMigrations.quietFlywayLogging();
    // Once per process and history (StoreMigrations keeps which): a run opens its history at its
    // start, while it goes and at its end, and each check is a connection and a query.
    StoreMigrations.migrate(location);
    RunStore store = new RunStore(location, connect(location));
    if (KEYED.add(location)) {
      store.fillMissingJobKeys();
    }
    return store;
  }

  /**
   * The schema brought up to date and the older runs given their job key, as {@link #open} does,
   * without a connection kept: nothing is opened once this process has done both.
   */
  static void ready(DbLocation location) {
    StoreMigrations.quietFlywayLogging();
    StoreMigrations.migrate(location);
    if (!KEYED.contains(location)) {
      open(location).close();
    }
  }

  // The histories whose older runs this process gave their job key (a failure tries again).
  private static final java.util.Set<DbLocation> KEYED =
      java.util.concurrent.ConcurrentHashMap.newKeySet();

  /**
   * Runs an older sustain recorded without a job key get theirs ({@link V5JobKey}), once a process.
   */
  private void fillMissingJobKeys() {
    try {
      V5JobKey.fillMissingKeys(connection);
    } catch (SQLException e) {
      KEYED.remove(location);
      close();
      throw failure("cannot give the history's older runs their job key", e, location);
    }
  }

  public DbLocation location() {
    return location;
  }

  // ---- connections -------------------------------------------------------------------------

  /** A connection to {@code location}; see {@link StoreConnections#connect}. */
  static Connection connect(DbLocation location) {
    return StoreConnections.connect(location);
  }

  /** The connection properties of {@code location}; see {@link StoreConnections#properties}. */
  static Properties properties(DbLocation location) {
    return StoreConnections.properties(location);
  }

  // ---- writing -----------------------------------------------------------------------------

  /**
   * Records a run, or updates it when a run with the same id is already there (a run recorded when
   * it starts and again when it ends, or a folder imported twice).
   *
   * @throws StoreException when it cannot be written after retries; the message has no secrets
   */
  public void record(RunRecord run) {
    inTransaction(
        "record run " + run.runId(),
        h -> {
          RunUpsert.upsert(h, run);
          return null;
        });
  }

  /**
   * Records a run as it starts, in one transaction (one commit: on SQLite three fsyncs, where the
   * four writes made twelve): a new series of samples (a run id that starts again, such as a
   * resumed fill, starts afresh), its run.json and samples header, its first rows, then the run
   * itself, as {@code runJson} (its folder's run.json text as it is now) says: the folder is not
   * read again.
   *
   * @param header the first line of samples.csv
   * @param rows the first rows of samples.csv (none is fine)
   * @return the run as recorded
   * @throws IllegalArgumentException when {@code runJson} is not a run's run.json
   */
  public RunRecord recordStart(
      Path folder, String runJson, String header, List<SampleStore.Line> rows) {
    RunRecord run = RunHistory.fromText(folder, runJson, null);
    inTransaction(
        "record run " + run.runId(),
        h -> {
          SampleStore.restart(h, run.runId());
          SampleStore.saveDocument(h, run.runId(), runJson, header);
          SampleStore.append(h, run.runId(), header, rows);
          RunUpsert.upsert(h, run);
          return null;
        });
    return run;
  }

  /**
   * Records a run folder as it ends, in one transaction: its run.json and every samples.csv row not
   * stored yet, then the run, so that a reader who sees the final status has every row; one commit
   * where there were three. A samples.csv that cannot be read leaves the run recorded without the
   * rows it could not read, and is then reported.
   *
   * @throws StoreException when it cannot be written, or when samples.csv could not be read
   */
  public void recordFolder(RunRecord run, Path folder) {
    recordEnd(run, h -> SampleStore.fillFromFolder(h, run.runId(), folder));
  }

  /**
   * Records a run as it ends from what it wrote, in one transaction: {@code runJson} as given,
   * every row of its folder's samples.csv not stored yet (the file read once, nothing else of the
   * folder read), then the run. The live recording's last rows come with these, so the end is one
   * commit.
   *
   * @param runJson the run's run.json text, as the run wrote it
   * @param samples samples.csv's rows as the run's end read them, or null to read the file
   * @throws StoreException when it cannot be written, or when samples.csv could not be read
   */
  public void recordEnd(RunRecord run, Path folder, String runJson, SamplesCsvLines samples) {
    recordEnd(
        run,
        h ->
            samples == null
                ? SampleStore.fillFromSamples(h, run.runId(), folder, runJson)
                : SampleStore.fillFromLines(h, run.runId(), runJson, samples));
  }

  /** The samples {@code fill} stores, then the run, in one transaction. */
  private void recordEnd(RunRecord run, ToIntFunction<Handle> fill) {
    StoreException unread =
        inTransaction(
            "record run " + run.runId(),
            h -> {
              StoreException failed = null;
              try {
                fill.applyAsInt(h);
              } catch (StoreException e) {
                failed = e; // the run itself is still worth recording
              }
              RunUpsert.upsert(h, run);
              return failed;
            });
    if (unread != null) {
      throw new StoreException("run recorded without its samples: " + unread.getMessage());
    }
  }

  // ---- reading -----------------------------------------------------------------------------

  /**
   * Runs newest first (by start time), at most {@code limit}; runs of the null engine, which
   * measured no drive, are left out. {@code drive} (or null for all) matches a part of the drive's
   * key, serial or model, or of the path the run was given, ignoring case.
   */
  public List<RunRecord> runs(String drive, int limit) {
    StringBuilder sql =
        new StringBuilder(RunRows.SELECT).append(" WHERE ").append(RunRows.MEASURED);
    if (drive != null) {
      sql.append(" AND (");
      String or = "";
      for (String column : List.of("r.drive_id", "d.serial", "d.model", "r.target_path")) {
        sql.append(or).append("LOWER(").append(column).append(") LIKE :part ESCAPE '!'");
        or = " OR ";
      }
      sql.append(")");
    }
    sql.append(" ORDER BY r.started_ms DESC, r.run_id DESC LIMIT :limit");
    return inTransaction(
        "read the run history",
        h -> {
          Query q = h.createQuery(sql.toString()).bind("limit", limit);
          if (drive != null) {
            String escaped =
                drive
                    .toLowerCase(Locale.ROOT)
                    .replace("!", "!!")
                    .replace("%", "!%")
                    .replace("_", "!_");
            q.bind("part", "%" + escaped + "%");
          }
          return q.map(RunRows.MAPPER).list();
        });
  }

  /** The runs of exactly this drive id, newest first, at most {@code limit}. */
  public List<RunRecord> runsOfDrive(String driveId, int limit) {
    String sql =
        RunRows.SELECT
            + " WHERE r.drive_id = :drive_id AND "
            + RunRows.MEASURED
            + " ORDER BY r.started_ms DESC, r.run_id DESC LIMIT :limit";
    return inTransaction(
        "read the runs of " + driveId,
        h ->
            h.createQuery(sql)
                .bind("drive_id", driveId)
                .bind("limit", limit)
                .map(RunRows.MAPPER)
                .list());
  }

  /**
   * When the last measured run of {@code driveId} that ended by {@code endedBy} ended, the run
   * {@code exceptRunId} not counted; empty when there is none. One aggregate, not the runs
   * themselves: a run asks it at its start, where reading and mapping whole runs cost more than the
   * rest of a small job's start.
   */
  public Optional<Instant> lastEnded(String driveId, Instant endedBy, String exceptRunId) {
    String sql =
        "SELECT MAX(r.ended_ms) FROM runs r WHERE r.drive_id = :drive_id AND "
            + RunRows.MEASURED
            + " AND r.run_id <> :run_id AND r.ended_ms <= :ended_by";
    Long endedMs =
        inTransaction(
            "read the last run of " + driveId,
            h ->
                h.createQuery(sql)
                    .bind("drive_id", driveId)
                    .bind("run_id", exceptRunId)
                    .bind("ended_by", endedBy.toEpochMilli())
                    .mapTo(Long.class)
                    .findOne()
                    .orElse(null));
    return Optional.ofNullable(endedMs).map(Instant::ofEpochMilli);
  }

  /** The run with this id, if recorded. */
  public Optional<RunRecord> find(String runId) {
    return inTransaction(
        "read run " + runId,
        h ->
            h.createQuery(RunRows.SELECT + " WHERE r.run_id = :run_id")
                .bind("run_id", runId)
                .map(RunRows.MAPPER)
                .findOne());
  }

  /** How many runs are recorded. */
  public long count() {
    return inTransaction(
        "count runs", h -> h.createQuery("SELECT COUNT(*) FROM runs").mapTo(Long.class).one());
  }

  /** The newest schema version applied, e.g. {@code "1"}. */
  public String schemaVersion() {
    String sql =
        "SELECT version FROM "
            + SCHEMA_HISTORY_TABLE
            + " WHERE success = "
            + (location.kind() == DbLocation.Kind.SQLITE ? "1" : "TRUE")
            + " AND version IS NOT NULL ORDER BY installed_rank DESC";
    return inTransaction(
        "read the schema version",
        h -> h.createQuery(sql).mapTo(String.class).findFirst().orElse(null));
  }

  // ---- transactions and retries --------------------------------------------------------------

  @FunctionalInterface
  private interface Work<T> {
    T run(Handle h);
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
          T result = work.run(handle());
          connection.commit();
          return result;
        } catch (JdbiException e) {
          rollbackQuietly();
          throw sqlCause(e);
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

  /**
   * A handle over the store's one connection; the store, not Jdbi, begins, commits and retries its
   * transactions (BEGIN IMMEDIATE on SQLite, retried serialization failures on PostgreSQL).
   */
  private Handle handle() {
    if (handle == null || handleConnection != connection) {
      handle = Jdbi.open(connection).setSqlParser(NamedSql.PARSER);
      handleConnection = connection;
    }
    return handle;
  }

  /** The database's own failure inside Jdbi's, for the retry decision and the message. */
  private static SQLException sqlCause(JdbiException e) {
    for (Throwable c = e.getCause(); c != null; c = c.getCause()) {
      if (c instanceof SQLException sql) {
        return sql;
      }
    }
    return new SQLException(e.getMessage(), e);
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

  static void backoff(int attempt) {
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
    handle = null;
  }

  static StoreException failure(String what, SQLException e, DbLocation location) {
    String detail = e == null ? "unknown error" : firstLine(e.getMessage());
    if (e != null && NOT_POSTGRESQL.equals(e.getSQLState())) {
      detail = NOT_POSTGRESQL_WORDS;
    } else if (e != null && e.getSQLState() != null) {
      detail += " (SQL state " + e.getSQLState() + ")";
    }
    return new StoreException(location.scrub(what + ": " + detail));
  }

  /**
   * SQL state 08P01, a protocol violation: what answered at the history's address is not a
   * PostgreSQL server (a web server's port, or a proxy that answers for every address). The driver
   * says only "An error occurred while setting up the SSL connection", which sends people to their
   * certificates.
   */
  static final String NOT_POSTGRESQL = "08P01";

  static final String NOT_POSTGRESQL_WORDS =
      "what answers at that host and port does not speak PostgreSQL's protocol (SQL state 08P01):"
          + " check the host and the port";

  static String firstLine(String s) {
    if (s == null) {
      return "";
    }
    int nl = s.indexOf('\n');
    return (nl < 0 ? s : s.substring(0, nl)).strip();
  }

  @Override
  public void close() {
    closeQuietly();
  }
}
