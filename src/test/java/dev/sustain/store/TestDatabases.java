package dev.sustain.store;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

/** Fresh, empty databases for tests: a SQLite file, or a new schema in the test PostgreSQL. */
public final class TestDatabases {

  public static final String PG_ENV = "SUSTAIN_TEST_PG_URL";

  public enum Backend {
    SQLITE,
    POSTGRESQL
  }

  private TestDatabases() {}

  /** The --db value of a fresh empty database; skips the test when the backend is missing. */
  public static String freshDbValue(Backend backend, Path tempDir) {
    if (backend == Backend.SQLITE) {
      return tempDir.resolve("sub dir").resolve("history.db").toString();
    }
    return freshPostgresDbValue();
  }

  /** The --db value of a fresh empty PostgreSQL schema; skips the test without PostgreSQL. */
  public static String freshPostgresDbValue() {
    String url = System.getenv(PG_ENV);
    assumeTrue(
        url != null && !url.isBlank(),
        "no PostgreSQL: set " + PG_ENV + " (run .ci/postgres.sh as root to get one)");
    String schema = "t_" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
    return url + (url.contains("?") ? "&" : "?") + "currentSchema=" + schema;
  }

  /** The PostgreSQL password of the test server, or null (to check it never leaks). */
  public static String pgPassword() {
    String url = System.getenv(PG_ENV);
    if (url == null) {
      return null;
    }
    for (String pair : url.substring(url.indexOf('?') + 1).split("&")) {
      if (pair.toLowerCase(Locale.ROOT).startsWith("password=")) {
        return java.net.URLDecoder.decode(
            pair.substring("password=".length()), java.nio.charset.StandardCharsets.UTF_8);
      }
    }
    return null;
  }

  /** Drops the schema a PostgreSQL test made; nothing for SQLite (the temp dir goes). */
  public static void drop(String dbValue) {
    DbLocation loc = DbLocation.parse(dbValue, Map.of());
    if (loc.kind() != DbLocation.Kind.POSTGRESQL) {
      return;
    }
    String schema = loc.param("currentSchema");
    try (Connection c = RunStore.connect(loc);
        Statement st = c.createStatement()) {
      st.execute("DROP SCHEMA IF EXISTS \"" + schema + "\" CASCADE");
    } catch (Exception e) {
      throw new IllegalStateException(loc.scrub(String.valueOf(e.getMessage())));
    }
  }
}
