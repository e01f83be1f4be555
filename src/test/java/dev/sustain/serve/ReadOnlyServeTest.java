package dev.sustain.serve;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.cli.Cli;
import dev.sustain.store.DbLocation;
import dev.sustain.store.EveryBackend;
import dev.sustain.store.RunStore;
import dev.sustain.store.TestConnections;
import dev.sustain.store.TestDatabases;
import dev.sustain.store.TestDatabases.Backend;
import dev.sustain.testing.Listings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import java.util.Map;
import org.flywaydb.core.Flyway;
import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code serve} only reads: it opens an existing history, creates no file, folder or lock and
 * migrates nothing; a missing history or one of an older schema is refused with one line, exit 2.
 */
class ReadOnlyServeTest {

  @TempDir Path dir;

  @Test
  void aMistypedHistoryIsRefusedAndNothingIsMade() throws Exception {
    List<Path> before = Listings.tree(dir);
    for (Path typo : List.of(dir.resolve("typo.db"), dir.resolve("no-such-folder/sub/h.db"))) {
      Cli.Result r = Cli.run("serve", "--port", "0", "--db", typo.toString());
      Cli.assertBadInput(r);
      assertThat(r.err()).contains("no run history at " + typo).doesNotContain("Exception");
      assertThat(r.out()).doesNotContain("Serving");
    }
    assertThat(Listings.tree(dir)).as("no file, no folder, no lock").isEqualTo(before);
  }

  @Test
  void anOlderSchemaIsRefusedAndLeftAsItIs() throws Exception {
    Path file = dir.resolve("old.db");
    migrateTo(DbLocation.sqlite(file), "3");
    List<Path> before = Listings.tree(dir);
    Cli.Result r = Cli.run("serve", "--port", "0", "--db", file.toString());
    Cli.assertBadInput(r);
    assertThat(r.err())
        .contains("older schema (version 3")
        .contains("run `sustain history --db DB --migrate` first");
    assertThat(versions(DbLocation.sqlite(file))).as("not migrated").containsExactly("1", "2", "3");
    assertThat(Listings.tree(dir)).as("no lock file, nothing new").isEqualTo(before);
  }

  @EveryBackend
  void anEmptyDatabaseIsRefusedAndGetsNoSchema(Backend backend) throws Exception {
    String db = TestDatabases.freshDbValue(backend, dir);
    DbLocation location = DbLocation.parse(db, Map.of());
    try {
      if (backend == Backend.SQLITE) {
        Files.createDirectories(location.sqliteFile().getParent());
        Files.createFile(location.sqliteFile()); // an empty file: SQLite reads it as no tables
      } else {
        try (Connection c = TestConnections.connect(location)) {
          c.createStatement().execute("CREATE SCHEMA \"" + location.param("currentSchema") + "\"");
        }
      }
      Cli.Result r = Cli.run("serve", "--port", "0", "--db", db);
      Cli.assertBadInput(r);
      assertThat(r.err()).contains("holds no Sustain run history");
      assertThat(tables(location)).as("no table made").isZero();
    } finally {
      TestDatabases.drop(db);
    }
  }

  @EveryBackend
  void aCurrentHistoryIsServedWithoutAWrite(Backend backend) throws Exception {
    String db = TestDatabases.freshDbValue(backend, dir);
    DbLocation location = DbLocation.parse(db, Map.of());
    RunStore.open(location).close();
    List<Path> before = backend == Backend.SQLITE ? Listings.tree(dir) : List.of();
    try (Dashboard d =
        Dashboard.start(
            location,
            new Dashboard.Settings(java.net.InetAddress.getLoopbackAddress(), 0, null, 100))) {
      assertThat(d.port()).isPositive();
    } finally {
      if (backend == Backend.SQLITE) {
        // SQLite's own -wal and -shm files may come and go beside the file; nothing else.
        assertThat(
                Listings.tree(dir).stream()
                    .filter(p -> !p.toString().endsWith("-wal") && !p.toString().endsWith("-shm")))
            .containsExactlyElementsOf(
                before.stream()
                    .filter(p -> !p.toString().endsWith("-wal") && !p.toString().endsWith("-shm"))
                    .toList());
      }
      TestDatabases.drop(db);
    }
  }

  /** Applies the store's migrations up to {@code version} only, as an older Sustain left it. */
  private static void migrateTo(DbLocation location, String version) {
    Flyway.configure(ReadOnlyServeTest.class.getClassLoader())
        .dataSource(location.jdbcUrl(), null, null)
        .locations("classpath:db/migration")
        .table("sustain_schema_history")
        .target(version)
        .load()
        .migrate();
  }

  private static List<String> versions(DbLocation location) {
    return Jdbi.create(() -> TestConnections.connect(location))
        .withHandle(
            h ->
                h.createQuery(
                        "SELECT version FROM sustain_schema_history WHERE success ORDER BY"
                            + " installed_rank")
                    .mapTo(String.class)
                    .list());
  }

  private static int tables(DbLocation location) {
    return Jdbi.create(() -> TestConnections.connect(location))
        .withHandle(
            h ->
                location.kind() == DbLocation.Kind.SQLITE
                    ? h.createQuery("SELECT count(*) FROM sqlite_master WHERE type = 'table'")
                        .mapTo(Integer.class)
                        .one()
                    : h.createQuery(
                            "SELECT count(*) FROM information_schema.tables WHERE table_schema ="
                                + " :s")
                        .bind("s", location.param("currentSchema"))
                        .mapTo(Integer.class)
                        .one());
  }
}
