package dev.sustain.store;

import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import java.util.Properties;

/** How a history's JDBC connections are made: the driver and the connection properties. */
final class StoreConnections {

  private static final int SQLITE_BUSY_TIMEOUT_MS = 15_000;

  /**
   * How long a connection to a PostgreSQL server may take to open: a server on a network answers
   * within a second, and a host that is down must not hold a run's start or end for long.
   */
  static final int CONNECT_TIMEOUT_SECONDS = 5;

  private StoreConnections() {}

  /** A new connection, from the driver itself; a refusal is one {@link StoreException}. */
  static Connection connect(DbLocation location) {
    try {
      Connection c = driver(location).connect(location.jdbcUrl(), properties(location));
      if (c == null) {
        throw new StoreException("no JDBC driver accepts " + location.redacted());
      }
      return c;
    } catch (SQLException e) {
      throw RunStore.failure("cannot open the run history at " + location.redacted(), e, location);
    }
  }

  static Driver driver(DbLocation location) {
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
      // A rollback journal, not WAL: WAL maps its -shm index into memory, and a mapped file that
      // another process truncates, makes immutable or that a full file system cannot extend
      // kills the JVM with SIGBUS (a run's end lost to its history). No memory-mapped I/O of
      // the database either, for the same reason: a broken history must be an error, never a
      // signal. The busy timeout makes a writer wait for readers and other writers instead of
      // failing at once; IMMEDIATE takes the write lock at BEGIN, so two writers never both
      // read and then deadlock upgrading their locks.
      config.setJournalMode(org.sqlite.SQLiteConfig.JournalMode.DELETE);
      config.setPragma(org.sqlite.SQLiteConfig.Pragma.MMAP_SIZE, "0");
      config.setBusyTimeout(SQLITE_BUSY_TIMEOUT_MS);
      config.setSynchronous(org.sqlite.SQLiteConfig.SynchronousMode.NORMAL);
      config.setTransactionMode(org.sqlite.SQLiteConfig.TransactionMode.IMMEDIATE);
      config.enforceForeignKeys(true);
      props.putAll(config.toProperties());
    } else {
      props.putIfAbsent("ApplicationName", "sustain");
      props.putIfAbsent("connectTimeout", String.valueOf(CONNECT_TIMEOUT_SECONDS));
    }
    return props;
  }
}
