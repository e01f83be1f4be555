package dev.sustain.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A history made by version 1 of the schema, with runs in it, opened by this version: every run is
 * still there, drives with a usable serial are keyed by it (two model strings of one drive become
 * one drive), runs of the null engine stay stored but leave the listing. On SQLite, and on
 * PostgreSQL when SUSTAIN_TEST_PG_URL names one.
 */
class HistoryMigrationTest {

  @org.junit.jupiter.api.io.TempDir Path temp;
  @RegisterExtension final FreshDb db = new FreshDb();

  /** The schema as version 1 left it, made by the shipped V1 script alone. */
  private static void migrateToV1(DbLocation loc) {
    String schema = loc.param("currentSchema");
    Flyway.configure(HistoryMigrationTest.class.getClassLoader())
        .dataSource(new StoreDataSource(loc, loc.connectionProperties()))
        .locations("classpath:db/migration")
        .table(RunStore.SCHEMA_HISTORY_TABLE)
        .schemas(
            loc.kind() == DbLocation.Kind.POSTGRESQL && schema != null
                ? new String[] {schema}
                : new String[0])
        .target("1")
        .load()
        .migrate();
  }

  private static void drive(Connection c, String id, String model, String serial) throws Exception {
    try (PreparedStatement ps =
        c.prepareStatement(
            "INSERT INTO drives (drive_id, model, serial, size_bytes, first_seen_ms, last_seen_ms)"
                + " VALUES (?, ?, ?, 1000204886016, 1000, 2000)")) {
      ps.setString(1, id);
      ps.setString(2, model);
      ps.setString(3, serial);
      ps.executeUpdate();
    }
  }

  private static void run(Connection c, String runId, String driveId, long startedMs, String engine)
      throws Exception {
    try (PreparedStatement ps =
        c.prepareStatement(
            "INSERT INTO runs (run_id, drive_id, host, command, params_json, started_ms,"
                + " ended_ms, status, bytes, seconds, average_mbps, floor_mbps, shape, source,"
                + " recorded_ms) VALUES (?, ?, 'lab1', 'write', ?, ?, ?, 'complete', 64000000000,"
                + " 100.0, 640.0, 500.0, 'flat', 'run', ?)")) {
      ps.setString(1, runId);
      ps.setString(2, driveId);
      ps.setString(3, "{\"bs_bytes\":1048576,\"qd\":32,\"engine\":\"" + engine + "\"}");
      ps.setLong(4, startedMs);
      ps.setLong(5, startedMs + 100_000);
      ps.setLong(6, startedMs + 100_000);
      ps.executeUpdate();
    }
  }

  @ParameterizedTest
  @EnumSource(TestDatabases.Backend.class)
  void aVersionOneHistoryKeepsEveryRunAndGroupsBySerial(TestDatabases.Backend backend)
      throws Exception {
    db.make(backend, temp);
    DbLocation loc = DbLocation.parse(db.value(), Map.of());
    if (loc.kind() == DbLocation.Kind.SQLITE) {
      java.nio.file.Files.createDirectories(loc.sqliteFile().getParent());
    }
    migrateToV1(loc);
    try (Connection c = RunStore.connect(loc)) {
      // One Samsung seen through two enclosures (two model strings), a bridge with a constant
      // serial, a tmpfs keyed by its path, and a null-engine run filed under the Samsung.
      drive(
          c, "Samsung SSD 870 EVO 1TB|S6PUNS0T123456", "Samsung SSD 870 EVO 1TB", "S6PUNS0T123456");
      drive(c, "ASM1153E|S6PUNS0T123456", "ASM1153E", "S6PUNS0T123456");
      drive(c, "JMicron|no serial", "JMicron", "000000000000");
      drive(c, "path:lab1:/dev/shm/a", null, null);
      run(c, "r1", "Samsung SSD 870 EVO 1TB|S6PUNS0T123456", 1_000_000, "uring");
      run(c, "r2", "ASM1153E|S6PUNS0T123456", 2_000_000, "threads");
      run(c, "r3", "JMicron|no serial", 3_000_000, "uring");
      run(c, "r4", "path:lab1:/dev/shm/a", 4_000_000, "uring");
      run(c, "r5", "ASM1153E|S6PUNS0T123456", 5_000_000, "null");
    }

    try (RunStore store = RunStore.open(loc)) {
      assertThat(store.schemaVersion()).isEqualTo("5");
      assertThat(store.count()).as("no run is lost").isEqualTo(5);
      assertThat(store.find("r1").orElseThrow().pid()).as("recorded before pids were").isNull();
      for (String id : List.of("r1", "r2", "r3", "r4", "r5")) {
        assertThat(store.find(id)).as(id).isPresent();
      }
      assertThat(store.find("r1").orElseThrow().drive().id()).isEqualTo("serial:S6PUNS0T123456");
      assertThat(store.find("r2").orElseThrow().drive().id()).isEqualTo("serial:S6PUNS0T123456");
      assertThat(store.find("r3").orElseThrow().drive().id())
          .as("a constant bridge serial keeps its old key")
          .isEqualTo("JMicron|no serial");
      assertThat(store.find("r4").orElseThrow().drive().id()).isEqualTo("path:lab1:/dev/shm/a");
      // The two enclosures' runs form one drive; the null-engine run is stored, not listed.
      assertThat(store.runsOfDrive("serial:S6PUNS0T123456", 10))
          .extracting(RunRecord::runId)
          .containsExactly("r2", "r1");
      assertThat(store.runs(null, 10))
          .extracting(RunRecord::runId)
          .containsExactly("r4", "r3", "r2", "r1");
      assertThat(store.find("r2").orElseThrow().engine()).isEqualTo("threads");
      assertThat(store.find("r2").orElseThrow().blockBytes()).isEqualTo(1_048_576L);
    }
    try (Connection c = RunStore.connect(loc);
        Statement st = c.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT drive_id, model, first_seen_ms, last_seen_ms FROM drives"
                    + " WHERE serial = 'S6PUNS0T123456'")) {
      assertThat(rs.next()).isTrue();
      assertThat(rs.getString(1)).isEqualTo("serial:S6PUNS0T123456");
      assertThat(rs.getLong(3)).isEqualTo(1000);
      assertThat(rs.getLong(4)).isEqualTo(2000);
      assertThat(rs.next()).as("the old keys of the Samsung are gone").isFalse();
    }
  }
}
