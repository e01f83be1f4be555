package dev.sustain.store;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * A DataSource for Flyway that opens connections exactly as {@link RunStore} does (same SQLite
 * pragmas, same secrets passed as properties, never in the URL).
 */
final class StoreDataSource implements DataSource {

  private final DbLocation location;
  private final Properties properties;

  StoreDataSource(DbLocation location, Properties properties) {
    this.location = location;
    this.properties = properties;
  }

  @Override
  public Connection getConnection() throws SQLException {
    java.sql.Driver driver =
        location.kind() == DbLocation.Kind.SQLITE
            ? new org.sqlite.JDBC()
            : new org.postgresql.Driver();
    Connection c = driver.connect(location.jdbcUrl(), (Properties) properties.clone());
    if (c == null) {
      throw new SQLException("no JDBC driver accepts " + location.redacted());
    }
    return c;
  }

  @Override
  public Connection getConnection(String username, String password) throws SQLException {
    throw new SQLFeatureNotSupportedException("credentials come from the --db location");
  }

  @Override
  public PrintWriter getLogWriter() {
    return null;
  }

  @Override
  public void setLogWriter(PrintWriter out) {}

  @Override
  public void setLoginTimeout(int seconds) {}

  @Override
  public int getLoginTimeout() {
    return 0;
  }

  @Override
  public Logger getParentLogger() throws SQLFeatureNotSupportedException {
    throw new SQLFeatureNotSupportedException();
  }

  @Override
  public <T> T unwrap(Class<T> iface) throws SQLException {
    throw new SQLException("not a wrapper");
  }

  @Override
  public boolean isWrapperFor(Class<?> iface) {
    return false;
  }
}
