package dev.sustain.store;

import org.jdbi.v3.core.Handle;

/**
 * A run and its drive written inside a caller's transaction: one {@code INSERT ... ON CONFLICT DO
 * UPDATE} each, so recording the same run again (at its start, its end, an import) updates it.
 * Stateless.
 */
final class RunUpsert {

  private RunUpsert() {}

  private static final String UPSERT_DRIVE =
      """
      INSERT INTO drives (drive_id, model, serial, size_bytes, first_seen_ms, last_seen_ms)
      VALUES (:drive_id, :model, :serial, :size_bytes, :first_seen_ms, :last_seen_ms)
      ON CONFLICT (drive_id) DO UPDATE SET
        model = COALESCE(excluded.model, drives.model),
        serial = COALESCE(excluded.serial, drives.serial),
        size_bytes = COALESCE(excluded.size_bytes, drives.size_bytes),
        first_seen_ms = CASE WHEN excluded.first_seen_ms < drives.first_seen_ms
                             THEN excluded.first_seen_ms ELSE drives.first_seen_ms END,
        last_seen_ms = CASE WHEN excluded.last_seen_ms > drives.last_seen_ms
                            THEN excluded.last_seen_ms ELSE drives.last_seen_ms END
      """;

  private static final String UPSERT_RUN = upsertRunSql();

  /** {@code INSERT ... ON CONFLICT DO UPDATE} of every column, bound by the columns' names. */
  private static String upsertRunSql() {
    String[] cols = RunRows.COLUMNS.split(",\\s*");
    StringBuilder sql = new StringBuilder("INSERT INTO runs (").append(RunRows.COLUMNS).append(")");
    sql.append(" VALUES (:").append(String.join(", :", cols)).append(")");
    sql.append(" ON CONFLICT (run_id) DO UPDATE SET ");
    for (int i = 1; i < cols.length; i++) {
      sql.append(i > 1 ? ", " : "").append(cols[i]).append(" = excluded.").append(cols[i]);
    }
    return sql.toString();
  }

  /** The drive and the run, inside the caller's transaction. */
  static void upsert(Handle h, RunRecord run) {
    long startedMs = run.started().toEpochMilli();
    Long endedMs = run.ended() == null ? null : run.ended().toEpochMilli();
    Drive d = run.drive();
    h.createUpdate(UPSERT_DRIVE)
        .bind("drive_id", d.id())
        .bind("model", d.model())
        .bind("serial", d.serial())
        .bind("size_bytes", d.sizeBytes())
        .bind("first_seen_ms", startedMs)
        .bind("last_seen_ms", endedMs == null ? startedMs : endedMs)
        .execute();
    RunRecord.Figures f = run.figures();
    h.createUpdate(UPSERT_RUN)
        .bind("run_id", run.runId())
        .bind("drive_id", d.id())
        .bind("host", run.host())
        .bind("command", run.command())
        .bind("params_json", run.paramsJson())
        .bind("started_ms", startedMs)
        .bind("ended_ms", endedMs)
        .bind("status", run.status())
        .bind("error", run.error())
        .bind("bytes", f.bytes())
        .bind("seconds", finite(f.seconds()))
        .bind("average_mbps", finite(f.averageMBps()))
        .bind("burst_mbps", finite(f.burstMBps()))
        .bind("cache_gb", finite(f.cacheGB()))
        .bind("cliff_s", finite(f.cliffSeconds()))
        .bind("floor_mbps", finite(f.floorMBps()))
        .bind("after_cache_mbps", finite(f.afterCacheMBps()))
        .bind("shape", f.shape())
        .bind("analysis_json", run.analysisJson())
        .bind("run_folder", run.runFolder())
        .bind("source", run.source())
        .bind("tool_version", run.toolVersion())
        .bind("recorded_ms", System.currentTimeMillis())
        .bind("engine", run.engine())
        .bind("target_path", run.targetPath())
        .bind("pid", run.pid())
        .bind("job_key", run.jobKey())
        .execute();
  }

  /** A figure the database can hold: NaN and infinities are stored as NULL. */
  private static Double finite(Double v) {
    return v == null || !Double.isFinite(v) ? null : v;
  }
}
