package dev.sustain.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Released migrations never change: Flyway refuses to open a database whose applied script differs
 * from the one shipped, so an edit to V1 would lock every existing history out. Change the schema
 * with a new V2__... script instead, and add its checksum here.
 */
class MigrationsTest {

  @Test
  void releasedMigrationsAreUnchanged() throws Exception {
    assertThat(crc32("/db/migration/V1__runs.sql")).isEqualTo(3_687_833_368L);
    assertThat(crc32("/db/migration/V2__live_samples.sql")).isEqualTo(3_901_675_938L);
    assertThat(crc32("/db/migration/V3__history_grouping.sql")).isEqualTo(4_081_368_587L);
    assertThat(crc32("/db/migration/V4__run_process.sql")).isEqualTo(3_950_902_522L);
  }

  private static long crc32(String resource) throws Exception {
    try (InputStream in = MigrationsTest.class.getResourceAsStream(resource)) {
      assertThat(in).as(resource).isNotNull();
      CRC32 crc = new CRC32();
      crc.update(in.readAllBytes());
      return crc.getValue();
    }
  }

  @Test
  void theSchemaVersionIsTheNewestScript() throws Exception {
    Path folder = Path.of(MigrationsTest.class.getResource("/db/migration").toURI());
    int newest;
    try (Stream<Path> scripts = Files.list(folder)) {
      newest =
          scripts
              .map(p -> p.getFileName().toString())
              .filter(n -> n.matches("V\\d+__.*\\.sql"))
              .mapToInt(n -> Integer.parseInt(n.substring(1, n.indexOf("__"))))
              .max()
              .orElseThrow();
    }
    // The Java migrations (V5JobKey) count as scripts do.
    assertThat(StoreMigrations.SCHEMA_VERSION).isEqualTo(Math.max(newest, V5JobKey.VERSION));
    assertThat(StoreMigrations.configuration().getJavaMigrations())
        .extracting(m -> m.getVersion().getVersion())
        .containsExactly(Integer.toString(V5JobKey.VERSION));
  }

  /**
   * A current history is seen so by one query and Flyway is not run for it; anything else goes to
   * Flyway. (A wrong checksum is something only Flyway would notice: migrate passing over it shows
   * Flyway did not run.)
   */
  @Test
  void onlyAFullyMigratedHistoryIsCurrent(@TempDir Path dir) throws Exception {
    DbLocation location = DbLocation.sqlite(dir.resolve("history.db"));
    assertThat(StoreMigrations.sqliteSchemaIsCurrent(location)).as("no file yet").isFalse();
    assertThat(Files.exists(location.sqliteFile())).as("the check makes no file").isFalse();
    RunStore.open(location).close();
    assertThat(StoreMigrations.sqliteSchemaIsCurrent(location)).as("migrated").isTrue();
    String table = RunStore.SCHEMA_HISTORY_TABLE;
    execute(location, "UPDATE " + table + " SET checksum = 1 WHERE version = '1'");
    StoreMigrations.migrate(location); // Flyway would refuse the checksum: it did not run
    execute(location, "UPDATE " + table + " SET success = 0 WHERE version = '4'");
    assertThat(StoreMigrations.sqliteSchemaIsCurrent(location)).as("a failed step").isFalse();
    execute(location, "DELETE FROM " + table + " WHERE version = '4'");
    assertThat(StoreMigrations.sqliteSchemaIsCurrent(location)).as("one step behind").isFalse();
    // Flyway runs now, and refuses V1's wrong checksum.
    assertThatThrownBy(() -> StoreMigrations.migrate(location))
        .isInstanceOf(StoreException.class)
        .hasMessageContaining("up to date");
  }

  /**
   * The schema is checked once a process: a history the warm-up found current is opened without a
   * second look (here a step deleted behind the process's back would send Flyway to apply it again,
   * and fail on its table already there).
   */
  @Test
  void aHistoryFoundCurrentIsNotCheckedAgainInTheSameProcess(@TempDir Path dir) throws Exception {
    DbLocation location = DbLocation.sqlite(dir.resolve("history.db"));
    RunStore.open(location).close();
    StoreMigrations.forgetChecked(); // as a new process finds it
    assertThat(StoreMigrations.sqliteSchemaIsCurrent(location)).as("the warm-up's check").isTrue();
    try (Connection c = RunStore.connect(location);
        Statement st = c.createStatement()) {
      st.executeUpdate("DELETE FROM " + RunStore.SCHEMA_HISTORY_TABLE + " WHERE version = '4'");
    }
    RunStore.open(location).close(); // no second check, no Flyway
    StoreMigrations.forgetChecked();
    assertThat(StoreMigrations.sqliteSchemaIsCurrent(location)).as("a new process's").isFalse();
  }

  private static void execute(DbLocation location, String sql) throws Exception {
    try (Connection c = RunStore.connect(location);
        Statement st = c.createStatement()) {
      st.executeUpdate(sql);
    }
    StoreMigrations.forgetChecked(); // the schema changed behind this process's back
  }
}
