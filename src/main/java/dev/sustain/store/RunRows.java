package dev.sustain.store;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;

/**
 * The {@code runs} table as Sustain reads and writes it: its columns, the one SELECT of a run
 * joined with its drive, and the one mapping of such a row to a {@link RunRecord}, for the store
 * and the dashboard's queries alike.
 */
final class RunRows {

  private RunRows() {}

  /** Every column of {@code runs} Sustain writes, in order. */
  static final String COLUMNS =
      "run_id, drive_id, host, command, params_json, started_ms, ended_ms, status, error, bytes,"
          + " seconds, average_mbps, burst_mbps, cache_gb, cliff_s, floor_mbps, after_cache_mbps,"
          + " shape, analysis_json, run_folder, source, tool_version, recorded_ms, engine,"
          + " target_path, pid, job_key";

  /**
   * The time of a running run's newest row (seconds since its start), which tells a reader whether
   * it is stale; the primary key (run_id, seq) finds it without reading the others. Null for a run
   * that ended, which needs none.
   */
  static final String LAST_TIME_S =
      "CASE WHEN r.status = 'running' THEN (SELECT s.time_s FROM samples s"
          + " WHERE s.run_id = r.run_id ORDER BY s.seq DESC LIMIT 1) END AS last_time_s";

  /** A run with its drive; add {@code WHERE ...} with named binds. */
  static final String SELECT =
      "SELECT r."
          + COLUMNS.replace(", ", ", r.")
          + ", d.model, d.serial, d.size_bytes, "
          + LAST_TIME_S
          + " FROM runs r JOIN drives d ON d.drive_id = r.drive_id";

  /** A run's status as shown, alone (see {@link #shownStatus}); add {@code WHERE ...}. */
  static final String SELECT_STATUS =
      "SELECT r.status, r.host, r.pid, r.started_ms, r.run_folder, " + LAST_TIME_S + " FROM runs r";

  /** Runs of the null engine (kept from before version 3) measured no drive: never listed. */
  static final String MEASURED = "(r.engine IS NULL OR r.engine <> 'null')";

  /**
   * The one mapping of a runs row (joined with its drive) to a {@link RunRecord}, with its status
   * as a reader shows it (a running run whose process is gone is killed: {@link RunLiveness}).
   */
  static final RowMapper<RunRecord> MAPPER = RunRows::map;

  /** The status of a row of {@link #SELECT} or {@link #SELECT_STATUS} as a reader shows it. */
  static String shownStatus(ResultSet rs) throws SQLException {
    Instant started = Instant.ofEpochMilli(rs.getLong("started_ms"));
    Double lastTimeSeconds = getDouble(rs, "last_time_s");
    Instant lastRowAt =
        lastTimeSeconds == null
            ? started
            : started.plusMillis(Math.round(Math.max(0, lastTimeSeconds) * 1000));
    return RunLiveness.shown(
        rs.getString("status"),
        rs.getString("host"),
        getLong(rs, "pid"),
        started,
        lastRowAt,
        System.currentTimeMillis(),
        rs.getString("run_folder"));
  }

  private static RunRecord map(ResultSet rs, StatementContext ctx) throws SQLException {
    RunRecord.Figures figures =
        new RunRecord.Figures(
            getLong(rs, "bytes"),
            getDouble(rs, "seconds"),
            getDouble(rs, "average_mbps"),
            getDouble(rs, "burst_mbps"),
            getDouble(rs, "cache_gb"),
            getDouble(rs, "cliff_s"),
            getDouble(rs, "floor_mbps"),
            getDouble(rs, "after_cache_mbps"),
            rs.getString("shape"));
    Long ended = getLong(rs, "ended_ms");
    return new RunRecord(
        rs.getString("run_id"),
        drive(rs),
        rs.getString("host"),
        rs.getString("command"),
        rs.getString("params_json"),
        Instant.ofEpochMilli(rs.getLong("started_ms")),
        ended == null ? null : Instant.ofEpochMilli(ended),
        shownStatus(rs),
        rs.getString("error"),
        figures,
        rs.getString("analysis_json"),
        rs.getString("run_folder"),
        rs.getString("source"),
        rs.getString("tool_version"),
        rs.getString("target_path"),
        getLong(rs, "pid"),
        rs.getString("job_key"));
  }

  /** The drive of a row that has {@code drive_id, model, serial, size_bytes}. */
  static Drive drive(ResultSet rs) throws SQLException {
    return new Drive(
        rs.getString("drive_id"),
        rs.getString("model"),
        rs.getString("serial"),
        getLong(rs, "size_bytes"));
  }

  static Long getLong(ResultSet rs, String col) throws SQLException {
    long v = rs.getLong(col);
    return rs.wasNull() ? null : v;
  }

  static Double getDouble(ResultSet rs, String col) throws SQLException {
    double v = rs.getDouble(col);
    return rs.wasNull() ? null : v;
  }
}
