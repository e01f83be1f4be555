package dev.sustain.hub;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.sustain.store.DbLocation;
import dev.sustain.store.JdbiStores;
import dev.sustain.store.StoreException;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;

/**
 * The hub's PostgreSQL store: its own schema (Flyway, {@code classpath:db/hub}, history table
 * {@code hub_schema_history}, apart from the run history's), its secret, the shares and the
 * aggregates. A share is stored, and its drive's median and its group's quartiles rewritten, in one
 * transaction, serialised per group by an advisory lock, so the aggregates always equal what a full
 * recount would give. Thread-safe; close it.
 */
final class HubStore implements AutoCloseable {

  static final String SCHEMA_HISTORY_TABLE = "hub_schema_history";

  /**
   * The schema the hub's tables live in when the URL names none: its own, so that a database whose
   * public schema holds other tables (a run history, anything) is no obstacle, and the hub's tables
   * never mix with them.
   */
  static final String DEFAULT_SCHEMA = "sustain_hub";

  private final DbLocation location;
  private final HikariDataSource pool;
  private final Jdbi jdbi;
  private final byte[] secret;

  /** How a share was stored: its id, whether it was there already, and its status. */
  record Stored(long id, boolean duplicate, boolean accepted, String reason) {}

  private HubStore(DbLocation location, HikariDataSource pool, byte[] secret) {
    this.location = location;
    this.pool = pool;
    this.jdbi = Jdbi.create(pool);
    this.secret = secret;
  }

  /** Opens the store at {@code location}, bringing its schema up to date. */
  static HubStore open(DbLocation location, int poolSize) {
    if (location.kind() != DbLocation.Kind.POSTGRESQL) {
      throw new IllegalArgumentException(
          "the hub keeps its data in PostgreSQL: --db jdbc:postgresql://HOST/DB?user=...");
    }
    quiet("org.flywaydb", "com.zaxxer.hikari");
    String schema = schema(location);
    try {
      Flyway.configure(HubStore.class.getClassLoader())
          .dataSource(JdbiStores.dataSource(location))
          .locations("classpath:db/hub")
          .table(SCHEMA_HISTORY_TABLE)
          .schemas(schema) // created when missing; the migration's search_path
          .cleanDisabled(true)
          .load()
          .migrate();
    } catch (FlywayException e) {
      String why = firstLine(e.getMessage());
      if (why.contains("non-empty schema") && why.contains("no schema history table")) {
        why =
            "the schema "
                + schema
                + " already holds tables that are not the hub's; give the hub a schema of its own"
                + " (drop currentSchema from the URL for "
                + DEFAULT_SCHEMA
                + ", or name an empty one)";
      }
      throw new StoreException(
          location.scrub(
              "cannot bring the hub's schema at " + location.redacted() + " up to date: " + why));
    }
    HikariConfig config = new HikariConfig();
    config.setPoolName("sustain-hub");
    config.setDataSource(JdbiStores.dataSource(location));
    config.setSchema(schema); // every connection's search_path: the SQL names no schema
    config.setMaximumPoolSize(poolSize);
    config.setMinimumIdle(Math.min(2, poolSize));
    config.setConnectionTimeout(10_000);
    config.setInitializationFailTimeout(1);
    HikariDataSource ds;
    try {
      ds = new HikariDataSource(config);
    } catch (RuntimeException e) {
      throw new StoreException(
          location.scrub(
              "cannot open the hub's store at "
                  + location.redacted()
                  + ": "
                  + firstLine(String.valueOf(e.getMessage()))));
    }
    try {
      return new HubStore(location, ds, secret(ds));
    } catch (RuntimeException e) {
      ds.close();
      throw e;
    }
  }

  private static byte[] secret(HikariDataSource ds) {
    byte[] fresh = new byte[32];
    new SecureRandom().nextBytes(fresh);
    // The first start makes it; every later one (and a race of two first starts) reads that one.
    return Jdbi.create(ds)
        .inTransaction(
            h -> {
              h.createUpdate(
                      "INSERT INTO hub_secret (id, secret) VALUES (1, :s) ON CONFLICT DO NOTHING")
                  .bind("s", fresh)
                  .execute();
              return h.createQuery("SELECT secret FROM hub_secret WHERE id = 1")
                  .mapTo(byte[].class)
                  .one();
            });
  }

  /** The public challenge clients salt their hashes with: this hub's, no other's. */
  String challenge() {
    return HexFormat.of().formatHex(hmac("public-challenge"));
  }

  /** The key the store keeps for a hash a client sent: unusable without the secret. */
  byte[] hmac(String value) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(secret, "HmacSHA256"));
      return mac.doFinal(value.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException | InvalidKeyException e) {
      throw new IllegalStateException("every JVM has HmacSHA256", e);
    }
  }

  /** Stores a share (or finds the same run stored before) and refreshes its group. */
  Stored put(Share s) {
    byte[] runKey = hmac("run\n" + s.runHash());
    byte[] driveKey = hmac("drive\n" + s.driveHash());
    return call(
        "store a share",
        () ->
            jdbi.inTransaction(
                h -> {
                  Stored before = existing(h, runKey);
                  if (before != null) {
                    return before;
                  }
                  long drive = driveId(h, driveKey);
                  if (s.accepted()) {
                    // One writer per group at a time: its quartiles read every drive's median.
                    h.execute("SELECT pg_advisory_xact_lock(hashtextextended(?, 0))", s.groupKey());
                  }
                  Long id = HubSql.insertShare(h, s, runKey, drive);
                  if (id == null) {
                    return existing(h, runKey); // the same run, stored by a request just before
                  }
                  if (s.accepted()) {
                    HubSql.refreshDrive(h, s, drive);
                    HubSql.refreshGroup(h, s);
                  }
                  return new Stored(id, false, s.accepted(), s.reason());
                }));
  }

  private static Stored existing(Handle h, byte[] runKey) {
    return h.createQuery("SELECT id, status, reason FROM hub_shares WHERE run_key = :k")
        .bind("k", runKey)
        .map(
            (rs, ctx) ->
                new Stored(
                    rs.getLong("id"),
                    true,
                    rs.getString("status").equals("accepted"),
                    rs.getString("reason")))
        .findOne()
        .orElse(null);
  }

  private static long driveId(Handle h, byte[] key) {
    h.createUpdate("INSERT INTO hub_drives (drive_key) VALUES (:k) ON CONFLICT DO NOTHING")
        .bind("k", key)
        .execute();
    return h.createQuery("SELECT id FROM hub_drives WHERE drive_key = :k")
        .bind("k", key)
        .mapTo(Long.class)
        .one();
  }

  List<Map<String, Object>> models(String search, int limit) {
    return call("list the models", () -> jdbi.withHandle(h -> HubSql.models(h, search, limit)));
  }

  List<Map<String, Object>> groups(String model) {
    return call("read a model", () -> jdbi.withHandle(h -> HubSql.groups(h, model)));
  }

  List<Map<String, Object>> driveMedians(String model) {
    return call("read a model", () -> jdbi.withHandle(h -> HubSql.driveMedians(h, model)));
  }

  List<Map<String, Object>> runs(String model, int limit) {
    return call("read a model's runs", () -> jdbi.withHandle(h -> HubSql.runs(h, model, limit)));
  }

  /** Every row of a table as text (the tests search them for what must never be kept). */
  List<Map<String, Object>> dump(String table) {
    if (!table.matches("hub_[a-z_]+")) {
      throw new IllegalArgumentException(table);
    }
    return jdbi.withHandle(h -> h.createQuery("SELECT * FROM " + table).mapToMap().list());
  }

  private <T> T call(String what, java.util.function.Supplier<T> work) {
    return JdbiStores.call(location, what, work);
  }

  @Override
  public void close() {
    pool.close();
  }

  /** The URL's currentSchema (its first), or the hub's own. */
  static String schema(DbLocation location) {
    String schema = location.param("currentSchema");
    return schema != null && !schema.isBlank() ? schema.split(",")[0].strip() : DEFAULT_SCHEMA;
  }

  private static String firstLine(String m) {
    int nl = m == null ? -1 : m.indexOf('\n');
    return m == null ? "" : nl < 0 ? m : m.substring(0, nl);
  }

  private static void quiet(String... loggers) {
    for (String logger : loggers) {
      String key = "org.slf4j.simpleLogger.log." + logger;
      if (System.getProperty(key) == null) {
        System.setProperty(key, "off");
      }
    }
  }
}
