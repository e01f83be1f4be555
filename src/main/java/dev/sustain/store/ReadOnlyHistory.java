package dev.sustain.store;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.flywaydb.core.api.FlywayException;
import org.flywaydb.core.api.MigrationInfo;
import org.flywaydb.core.api.MigrationInfoService;
import org.jdbi.v3.core.Jdbi;

/**
 * A history opened for reading only (the dashboard): it must exist already with the schema this
 * version reads. Nothing is created (no SQLite file, folder or lock file) and nothing migrated: a
 * reader that made a history for a mistyped path, or changed the schema under the runs that write
 * it, would not be a reader. Stateless.
 */
public final class ReadOnlyHistory {

  private ReadOnlyHistory() {}

  /**
   * The history is not there, or not in a shape this version reads: a usage problem (the wrong
   * {@code --db}, or a migration to run), not an outage. Its message is one line without secrets.
   */
  public static final class NotReady extends RuntimeException {
    NotReady(String message) {
      super(message, null, false, false);
    }
  }

  /**
   * A pool of read-only connections over the existing history at {@code location}.
   *
   * @param size the most connections open at once
   * @throws NotReady when there is no history there or its schema is older than this version's
   * @throws StoreException when it cannot be reached (message without secrets)
   */
  public static JdbiStores.Pool pool(DbLocation location, int size) {
    if (location.kind() == DbLocation.Kind.SQLITE) {
      Path file = location.sqliteFile();
      if (!Files.isRegularFile(file)) {
        throw new NotReady(
            "no run history at "
                + file
                + (Files.exists(file) ? " (not a file)" : "")
                + ": serve reads an existing one (the runs' --db makes it)");
      }
    }
    StoreDataSource source = new StoreDataSource(location, properties(location));
    StoreMigrations.quietFlywayLogging();
    // Before the pool: a refused history leaves no pool starting connections to stop.
    checkSchema(location, source);
    JdbiStores.quietPoolLogging();
    HikariConfig config = new HikariConfig();
    config.setPoolName("sustain-history");
    config.setDataSource(source);
    config.setMaximumPoolSize(size);
    config.setMinimumIdle(Math.min(2, size));
    config.setConnectionTimeout(10_000);
    // SQLite's connections are kept from writing by PRAGMA query_only (below), PostgreSQL's here.
    config.setReadOnly(location.kind() != DbLocation.Kind.SQLITE);
    config.setConnectionInitSql(
        location.kind() == DbLocation.Kind.SQLITE
            ? "PRAGMA query_only = 1"
            : "SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY");
    // Hikari opens its first connection here; a history that cannot be reached fails the start.
    config.setInitializationFailTimeout(1);
    HikariDataSource ds;
    try {
      ds = new HikariDataSource(config);
    } catch (RuntimeException e) {
      throw new StoreException(
          location.scrub(
              "cannot open the run history at "
                  + location.redacted()
                  + ": "
                  + JdbiStores.rootMessage(e)));
    }
    return new JdbiStores.Pool(location, ds, Jdbi.create(ds).setSqlParser(NamedSql.PARSER));
  }

  /**
   * How many runs have no job key: runs an older sustain recorded into this history after its
   * migration (the next run of this version, or {@code sustain history --migrate}, gives them
   * theirs). The dashboard cannot fill them in, being read-only, so it says how many its job
   * filter, trends and last floors leave out.
   */
  public static long runsWithoutJobKey(JdbiStores.Pool pool) {
    return JdbiStores.call(
        pool.location(),
        "count the runs without a job key",
        () ->
            pool.jdbi()
                .withHandle(
                    h ->
                        h.createQuery("SELECT COUNT(*) FROM runs WHERE job_key IS NULL")
                            .mapTo(Long.class)
                            .one()));
  }

  /** Flyway's view of the schema, read only (info() applies nothing and creates nothing). */
  private static void checkSchema(DbLocation location, javax.sql.DataSource ds) {
    MigrationInfoService info;
    try {
      info = StoreMigrations.configuration().dataSource(ds).load().info();
    } catch (FlywayException e) {
      throw new StoreException(
          "cannot read the schema of the run history at "
              + location.redacted()
              + ": "
              + location.scrub(RunStore.firstLine(e.getMessage())));
    }
    MigrationInfo current = info.current();
    if (current == null) {
      throw new NotReady(
          location.redacted()
              + " holds no Sustain run history: serve reads an existing one (the runs' --db"
              + " makes it)");
    }
    if (info.pending().length > 0) {
      MigrationInfo[] all = info.all();
      throw new NotReady(
          "the run history "
              + location.redacted()
              + " has an older schema (version "
              + current.getVersion()
              + ", this sustain reads "
              + all[all.length - 1].getVersion()
              + "): run `sustain history --db DB --migrate` first");
    }
  }

  /** As a run connects, but read-only: SQLite opens the file without the right to create it. */
  private static Properties properties(DbLocation location) {
    Properties props = location.connectionProperties();
    if (location.kind() == DbLocation.Kind.SQLITE) {
      org.sqlite.SQLiteConfig config = new org.sqlite.SQLiteConfig();
      // Read-write without the right to create, not SQLite's read-only mode: a run killed in a
      // transaction leaves a hot journal that only a connection allowed to write can roll back
      // (read-only answers SQLITE_READONLY_ROLLBACK until someone does). PRAGMA query_only keeps
      // the dashboard's connections from writing anything else.
      config.resetOpenMode(org.sqlite.SQLiteOpenMode.CREATE);
      // A run may be writing: wait for its transaction rather than fail at once.
      config.setBusyTimeout(15_000);
      props.putAll(config.toProperties());
    } else {
      props.putIfAbsent("ApplicationName", "sustain");
      props.putIfAbsent("connectTimeout", String.valueOf(StoreConnections.CONNECT_TIMEOUT_SECONDS));
    }
    return props;
  }
}
