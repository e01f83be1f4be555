package dev.sustain.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sustain.store.TestDatabases.Backend;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Version 5 stores each run's job key in {@code runs.job_key}: a history of version 4 with runs of
 * several jobs is refused by the read-only opening until it is migrated, then every old row holds
 * the key its parameters make (the one a new run records), and the lists, the jobs of a drive and
 * the runs of one job come from the column, not from the parameters. SQLite and PostgreSQL.
 */
class JobKeyMigrationTest {

  @TempDir Path temp;
  @RegisterExtension final FreshDb db = new FreshDb();

  private static final String DRIVE = "serial:S1";
  private static final String BIG =
      "{\"bs_bytes\":1048576,\"qd\":32,\"direct\":true,\"engine\":\"uring\"}";
  private static final String SMALL =
      "{\"bs_bytes\":65536,\"qd\":1,\"direct\":true,\"engine\":\"uring\"}";

  /** run id -> {command, params, target}, and the key each must get. */
  private static final Map<String, String[]> ROWS = new LinkedHashMap<>();

  static {
    ROWS.put(
        "big-1", new String[] {"write", BIG, "/mnt/t/f", "write|1048576|32|direct|-|uring|file"});
    ROWS.put(
        "big-2", new String[] {"write", BIG, "/mnt/t/f", "write|1048576|32|direct|-|uring|file"});
    ROWS.put(
        "small", new String[] {"write", SMALL, "/mnt/t/f", "write|65536|1|direct|-|uring|file"});
    ROWS.put(
        "dev", new String[] {"write", BIG, "/dev/sdb", "write|1048576|32|direct|-|uring|device"});
    ROWS.put("copy", new String[] {"copy", "{\"qd\":4}", "/mnt/t", "copy|-|4|-|-|-|folder"});
    ROWS.put("imported", new String[] {"import", null, null, "import|-|-|-|-|-|-"});
    ROWS.put("not-json", new String[] {"write", "{oops", "/mnt/t/f", "write|-|-|-|-|-|file"});
  }

  @EveryBackend
  void aVersion4HistoryGetsEveryRunsKeyAndIsListedByIt(Backend backend) throws Exception {
    db.make(backend, temp);
    DbLocation loc = DbLocation.parse(db.value(), Map.of());
    migrateTo4(loc);
    try (Connection c = RunStore.connect(loc)) {
      fill(c);
    }
    assertThatThrownBy(() -> ReadOnlyHistory.pool(loc, 2).close())
        .isInstanceOf(ReadOnlyHistory.NotReady.class)
        .hasMessageContaining("older schema (version 4, this sustain reads 5)")
        .hasMessageNotContaining("\n");

    try (RunStore store = RunStore.open(loc)) {
      assertThat(store.schemaVersion()).isEqualTo("5");
    }
    Map<String, String> stored = storedKeys(loc);
    for (Map.Entry<String, String[]> e : ROWS.entrySet()) {
      String[] v = e.getValue();
      assertThat(stored.get(e.getKey())).as(e.getKey()).isEqualTo(v[3]);
      // The migration's key is the one a run of today records for the same row.
      assertThat(RunJobs.key(v[0], v[1], v[2])).as(e.getKey()).isEqualTo(v[3]);
    }

    try (JdbiStores.Pool pool = ReadOnlyHistory.pool(loc, 2)) {
      RunQuery q = new RunQuery(pool);
      List<RunQuery.JobCount> jobs = q.jobs(DRIVE);
      assertThat(jobs).extracting(RunQuery.JobCount::key).hasSize(6);
      RunQuery.JobCount big =
          jobs.stream().filter(j -> j.key().equals(ROWS.get("big-1")[3])).findFirst().orElseThrow();
      assertThat(big.runs()).isEqualTo(2);
      assertThat(big.judged()).isEqualTo(2);
      assertThat(RunJobs.commonKey(jobs)).isEqualTo(ROWS.get("big-1")[3]);
      assertThat(q.runs(RunQuery.Filter.driveJob(DRIVE, ROWS.get("small")[3]), 100, null).runs())
          .extracting(RunRecord::runId)
          .containsExactly("small");
    }
  }

  /**
   * A listed run's job is the stored column's, not one made again from its parameters: a key
   * changed behind the parameters' back is what the list, the jobs and the job filter show.
   */
  @EveryBackend
  void listsReadTheColumnNotTheParameters(Backend backend) throws Exception {
    db.make(backend, temp);
    DbLocation loc = DbLocation.parse(db.value(), Map.of());
    Instant t0 = Instant.parse("2026-11-01T08:00:00Z");
    try (RunStore store = RunStore.open(loc)) {
      RunRecord r = RunRecords.run("r1", RunRecords.KINGSTON, t0, 1500.0, 1500.0, "flat");
      store.record(r);
      assertThat(storedKeys(loc).get("r1")).as("recorded with its run").isEqualTo(r.jobKey());
    }
    String other = "write|4096|1|buffered|zeros|threads|file";
    try (Connection c = RunStore.connect(loc);
        Statement st = c.createStatement()) {
      st.executeUpdate("UPDATE runs SET job_key = '" + other + "' WHERE run_id = 'r1'");
    }
    try (JdbiStores.Pool pool = ReadOnlyHistory.pool(loc, 2)) {
      RunQuery q = new RunQuery(pool);
      RunRecord listed = q.runs(RunQuery.Filter.ALL, 10, null).runs().getFirst();
      assertThat(listed.jobKey()).isEqualTo(other);
      assertThat(RunJobs.of(listed).label())
          .isEqualTo("write 4 KiB QD1 buffered zeros (threads, file)");
      assertThat(q.jobs(RunRecords.KINGSTON.id()))
          .extracting(RunQuery.JobCount::key)
          .containsExactly(other);
      assertThat(q.runs(RunQuery.Filter.driveJob(null, other), 10, null).runs()).hasSize(1);
    }
  }

  /**
   * An older sustain records into a version-5 history without naming {@code job_key} (its Flyway
   * ignores the newer migration): its runs have no key, so the job filter leaves them out, and the
   * read-only dashboard can only count them. The next writer of this version gives them theirs.
   */
  @EveryBackend
  void runsAnOlderSustainRecordedGetTheirKeyFromTheNextWriter(Backend backend) throws Exception {
    db.make(backend, temp);
    DbLocation loc = DbLocation.parse(db.value(), Map.of());
    migrate(loc, null);
    try (Connection c = RunStore.connect(loc)) {
      fill(c);
    }
    String small = ROWS.get("small")[3];
    try (JdbiStores.Pool pool = ReadOnlyHistory.pool(loc, 2)) {
      assertThat(ReadOnlyHistory.runsWithoutJobKey(pool)).isEqualTo(ROWS.size());
      assertThat(new RunQuery(pool).runs(RunQuery.Filter.driveJob(DRIVE, small), 10, null).runs())
          .as("no key, so the job filter cannot find it yet")
          .isEmpty();
    }
    try (RunStore store = RunStore.open(loc)) {
      assertThat(store.schemaVersion()).isEqualTo("5");
    }
    Map<String, String> stored = storedKeys(loc);
    for (Map.Entry<String, String[]> e : ROWS.entrySet()) {
      assertThat(stored.get(e.getKey())).as(e.getKey()).isEqualTo(e.getValue()[3]);
    }
    try (JdbiStores.Pool pool = ReadOnlyHistory.pool(loc, 2)) {
      assertThat(ReadOnlyHistory.runsWithoutJobKey(pool)).isZero();
      assertThat(new RunQuery(pool).runs(RunQuery.Filter.driveJob(DRIVE, small), 10, null).runs())
          .extracting(RunRecord::runId)
          .containsExactly("small");
    }
  }

  /** The schema as version 4 left it: the shipped scripts up to V4, without the Java V5. */
  private static void migrateTo4(DbLocation loc) throws java.io.IOException {
    migrate(loc, "4");
  }

  /**
   * Flyway straight, not through {@link RunStore#open} (which would fill in missing keys): up to
   * {@code target}'s scripts, or with a null target to this version's, the Java V5 included.
   */
  private static void migrate(DbLocation loc, String target) throws java.io.IOException {
    String schema = loc.param("currentSchema");
    if (loc.kind() == DbLocation.Kind.SQLITE) {
      java.nio.file.Files.createDirectories(loc.sqliteFile().getParent());
    }
    (target == null
            ? StoreMigrations.configuration()
            : Flyway.configure(JobKeyMigrationTest.class.getClassLoader())
                .locations("classpath:db/migration")
                .table(RunStore.SCHEMA_HISTORY_TABLE)
                .target(target))
        .dataSource(new StoreDataSource(loc, loc.connectionProperties()))
        .schemas(
            loc.kind() == DbLocation.Kind.POSTGRESQL && schema != null
                ? new String[] {schema}
                : new String[0])
        .load()
        .migrate();
  }

  private static void fill(Connection c) throws Exception {
    try (Statement st = c.createStatement()) {
      st.executeUpdate(
          "INSERT INTO drives (drive_id, model, serial, size_bytes, first_seen_ms, last_seen_ms)"
              + " VALUES ('"
              + DRIVE
              + "', 'M', 'S1', 1000204886016, 1000, 2000)");
    }
    long started = 1_700_000_000_000L;
    try (PreparedStatement ps =
        c.prepareStatement(
            "INSERT INTO runs (run_id, drive_id, host, command, params_json, started_ms, ended_ms,"
                + " status, floor_mbps, source, recorded_ms, engine, target_path)"
                + " VALUES (?, ?, 'lab1', ?, ?, ?, ?, 'complete', 500.0, 'run', ?, 'uring', ?)")) {
      for (Map.Entry<String, String[]> e : ROWS.entrySet()) {
        started += 60_000;
        ps.setString(1, e.getKey());
        ps.setString(2, DRIVE);
        ps.setString(3, e.getValue()[0]);
        ps.setString(4, e.getValue()[1]);
        ps.setLong(5, started);
        ps.setLong(6, started + 30_000);
        ps.setLong(7, started + 30_000);
        ps.setString(8, e.getValue()[2]);
        ps.executeUpdate();
      }
    }
  }

  private static Map<String, String> storedKeys(DbLocation loc) throws Exception {
    Map<String, String> out = new LinkedHashMap<>();
    try (Connection c = RunStore.connect(loc);
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT run_id, job_key FROM runs")) {
      while (rs.next()) {
        out.put(rs.getString(1), rs.getString(2));
      }
    }
    return out;
  }
}
