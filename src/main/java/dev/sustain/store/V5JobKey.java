package dev.sustain.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.flywaydb.core.api.MigrationVersion;
import org.flywaydb.core.api.migration.Context;
import org.flywaydb.core.api.migration.JavaMigration;

/**
 * Sustain run history, version 5: each run's job ({@link dev.sustain.job.Job#key}) in a column of
 * its own, {@code runs.job_key}, so that listing runs, a drive's trend and its last floor filter
 * and group by job in SQL instead of parsing every row's parameters (the dashboard's saturated list
 * load fell by half with that parse). In Java, not SQL, because the rows of before are filled in
 * with the same code a run records its key with ({@link RunJobs#key}): SQLite's and PostgreSQL's
 * JSON functions differ, and a second copy of the key's rule in SQL would drift from the first.
 * Runs inside Flyway's transaction, on both databases.
 */
final class V5JobKey implements JavaMigration {

  static final int VERSION = 5;

  @Override
  public MigrationVersion getVersion() {
    return MigrationVersion.fromVersion(Integer.toString(VERSION));
  }

  @Override
  public String getDescription() {
    return "job key";
  }

  /** Fixed: a change to this class's work must be a new migration, as a changed script would. */
  @Override
  public Integer getChecksum() {
    return 0x5_0B_6E;
  }

  @Override
  public boolean canExecuteInTransaction() {
    return true;
  }

  @Override
  public void migrate(Context context) throws Exception {
    Connection c = context.getConnection();
    try (Statement st = c.createStatement()) {
      st.executeUpdate("ALTER TABLE runs ADD COLUMN job_key TEXT");
    }
    fillMissingKeys(c);
    // A drive's runs of one job, newest first: the trend's and the last floor's query.
    try (Statement st = c.createStatement()) {
      st.executeUpdate(
          "CREATE INDEX runs_drive_job_started ON runs (drive_id, job_key, started_ms)");
    }
  }

  /**
   * Gives every run without a job key the key a run of this version records: the rows of before, at
   * the migration, and rows that an older sustain recorded into this history afterwards (its Flyway
   * ignores a newer migration and its insert names no {@code job_key}), each time a writer opens
   * the history. Without it the job filter, a drive's trend and its last floor would leave those
   * runs out.
   *
   * @return the rows filled in
   */
  static int fillMissingKeys(Connection c) throws java.sql.SQLException {
    record Row(String runId, String key) {}
    List<Row> rows = new ArrayList<>();
    try (Statement st = c.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT run_id, command, params_json, target_path FROM runs WHERE job_key IS"
                    + " NULL")) {
      while (rs.next()) {
        rows.add(
            new Row(
                rs.getString(1), RunJobs.key(rs.getString(2), rs.getString(3), rs.getString(4))));
      }
    }
    if (rows.isEmpty()) {
      return 0;
    }
    try (PreparedStatement up =
        c.prepareStatement("UPDATE runs SET job_key = ? WHERE run_id = ? AND job_key IS NULL")) {
      for (Row r : rows) {
        up.setString(1, r.key());
        up.setString(2, r.runId());
        up.addBatch();
      }
      up.executeBatch();
    }
    return rows.size();
  }
}
