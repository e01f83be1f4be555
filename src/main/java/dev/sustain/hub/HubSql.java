package dev.sustain.hub;

import java.util.List;
import java.util.Map;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.statement.SqlStatement;

/** The hub's statements, each with the group's four columns bound by name. Stateless. */
final class HubSql {

  private HubSql() {}

  private static final String GROUP =
      " model = :model AND capacity_bytes = :cap AND firmware = :fw AND job_key = :job";

  private static <S extends SqlStatement<S>> S group(S st, Share s) {
    return st.bind("model", s.model())
        .bind("cap", s.capacityBytes())
        .bind("fw", s.firmware())
        .bind("job", s.jobKey());
  }

  static Long insertShare(Handle h, Share s, byte[] runKey, long drive) {
    return h.createQuery(
            """
            INSERT INTO hub_shares (run_key, drive_id, status, reason, model, capacity_bytes,
              firmware, transport, link_tier, job_key, job_label, sustain_version, fresh, shape,
              recovery_cause, free_bytes, bytes, seconds, average_mbps, burst_mbps, cache_gb,
              floor_mbps, curve)
            VALUES (:run_key, :drive, :status, :reason, :model, :cap, :fw, :transport, :tier,
              :job, :label, :version, :fresh, :shape, :cause, :free, :bytes, :seconds, :avg,
              :burst, :cache, :floor, :curve)
            ON CONFLICT (run_key) DO NOTHING
            RETURNING id
            """)
        .bind("run_key", runKey)
        .bind("drive", drive)
        .bind("status", s.accepted() ? "accepted" : "rejected")
        .bind("reason", s.reason())
        .bind("model", s.model())
        .bind("cap", s.capacityBytes())
        .bind("fw", s.firmware())
        .bind("transport", s.transport())
        .bind("tier", s.linkTier())
        .bind("job", s.jobKey())
        .bind("label", s.jobLabel())
        .bind("version", s.sustainVersion())
        .bind("fresh", s.fresh())
        .bind("shape", s.shape())
        .bind("cause", s.recoveryCause())
        .bind("free", s.freeBytes())
        .bind("bytes", s.bytes())
        .bind("seconds", s.seconds())
        .bind("avg", s.averageMBps())
        .bind("burst", s.burstMBps())
        .bind("cache", s.cacheGB())
        .bind("floor", s.floorMBps())
        .bind("curve", s.curveJson())
        .mapTo(Long.class)
        .findOne()
        .orElse(null);
  }

  /** The drive's median over its accepted runs of the group, and over its fresh ones. */
  static void refreshDrive(Handle h, Share s, long drive) {
    group(
            h.createUpdate(
                """
                INSERT INTO hub_drive_medians (model, capacity_bytes, firmware, job_key, drive_id,
                  runs, fresh_runs, burst_mbps, cache_gb, floor_mbps, fresh_cache_gb,
                  fresh_floor_mbps)
                SELECT :model, :cap, :fw, :job, :drive, count(*), count(*) FILTER (WHERE fresh),
                  percentile_cont(0.5) WITHIN GROUP (ORDER BY burst_mbps),
                  percentile_cont(0.5) WITHIN GROUP (ORDER BY cache_gb),
                  percentile_cont(0.5) WITHIN GROUP (ORDER BY floor_mbps),
                  percentile_cont(0.5) WITHIN GROUP (ORDER BY cache_gb) FILTER (WHERE fresh),
                  percentile_cont(0.5) WITHIN GROUP (ORDER BY floor_mbps) FILTER (WHERE fresh)
                FROM hub_shares
                WHERE status = 'accepted' AND drive_id = :drive AND """
                    + GROUP
                    + """

                ON CONFLICT (model, capacity_bytes, firmware, job_key, drive_id) DO UPDATE SET
                  runs = EXCLUDED.runs, fresh_runs = EXCLUDED.fresh_runs,
                  burst_mbps = EXCLUDED.burst_mbps, cache_gb = EXCLUDED.cache_gb,
                  floor_mbps = EXCLUDED.floor_mbps, fresh_cache_gb = EXCLUDED.fresh_cache_gb,
                  fresh_floor_mbps = EXCLUDED.fresh_floor_mbps
                """),
            s)
        .bind("drive", drive)
        .execute();
  }

  /** The group's quartiles over its drives' medians: each drive counts once. */
  static void refreshGroup(Handle h, Share s) {
    group(
            h.createUpdate(
                """
                INSERT INTO hub_aggregates (model, capacity_bytes, firmware, job_key, job_label,
                  drives, runs, fresh_drives, burst_q1, burst_median, burst_q3, cache_q1,
                  cache_median, cache_q3, floor_q1, floor_median, floor_q3, fresh_cache_median,
                  fresh_floor_median)
                SELECT :model, :cap, :fw, :job, :label, count(*), sum(runs),
                  count(*) FILTER (WHERE fresh_runs > 0),
                  percentile_cont(0.25) WITHIN GROUP (ORDER BY burst_mbps),
                  percentile_cont(0.5) WITHIN GROUP (ORDER BY burst_mbps),
                  percentile_cont(0.75) WITHIN GROUP (ORDER BY burst_mbps),
                  percentile_cont(0.25) WITHIN GROUP (ORDER BY cache_gb),
                  percentile_cont(0.5) WITHIN GROUP (ORDER BY cache_gb),
                  percentile_cont(0.75) WITHIN GROUP (ORDER BY cache_gb),
                  percentile_cont(0.25) WITHIN GROUP (ORDER BY floor_mbps),
                  percentile_cont(0.5) WITHIN GROUP (ORDER BY floor_mbps),
                  percentile_cont(0.75) WITHIN GROUP (ORDER BY floor_mbps),
                  percentile_cont(0.5) WITHIN GROUP (ORDER BY fresh_cache_gb),
                  percentile_cont(0.5) WITHIN GROUP (ORDER BY fresh_floor_mbps)
                FROM hub_drive_medians WHERE """
                    + GROUP
                    + """

                ON CONFLICT (model, capacity_bytes, firmware, job_key) DO UPDATE SET
                  job_label = EXCLUDED.job_label, drives = EXCLUDED.drives, runs = EXCLUDED.runs,
                  fresh_drives = EXCLUDED.fresh_drives,
                  burst_q1 = EXCLUDED.burst_q1, burst_median = EXCLUDED.burst_median,
                  burst_q3 = EXCLUDED.burst_q3, cache_q1 = EXCLUDED.cache_q1,
                  cache_median = EXCLUDED.cache_median, cache_q3 = EXCLUDED.cache_q3,
                  floor_q1 = EXCLUDED.floor_q1, floor_median = EXCLUDED.floor_median,
                  floor_q3 = EXCLUDED.floor_q3, fresh_cache_median = EXCLUDED.fresh_cache_median,
                  fresh_floor_median = EXCLUDED.fresh_floor_median
                """),
            s)
        .bind("label", s.jobLabel())
        .execute();
  }

  static List<Map<String, Object>> models(Handle h, String search, int limit) {
    return h.createQuery(
            """
            SELECT model, count(DISTINCT drive_id) AS drives, sum(runs) AS runs,
              count(DISTINCT capacity_bytes) AS capacities
            FROM hub_drive_medians
            WHERE :q = '' OR strpos(lower(model), lower(:q)) > 0
            GROUP BY model ORDER BY count(DISTINCT drive_id) DESC, model LIMIT :limit
            """)
        .bind("q", search)
        .bind("limit", limit)
        .mapToMap()
        .list();
  }

  static List<Map<String, Object>> groups(Handle h, String model) {
    return h.createQuery(
            "SELECT * FROM hub_aggregates WHERE model = :model"
                + " ORDER BY drives DESC, capacity_bytes, firmware, job_key")
        .bind("model", model)
        .mapToMap()
        .list();
  }

  static List<Map<String, Object>> driveMedians(Handle h, String model) {
    return h.createQuery(
            "SELECT capacity_bytes, firmware, job_key, runs, burst_mbps, cache_gb, floor_mbps"
                + " FROM hub_drive_medians WHERE model = :model"
                + " ORDER BY capacity_bytes, firmware, job_key, floor_mbps")
        .bind("model", model)
        .mapToMap()
        .list();
  }

  static List<Map<String, Object>> runs(Handle h, String model, int limit) {
    return h.createQuery(
            """
            SELECT id, capacity_bytes, firmware, link_tier, job_key, job_label, fresh, shape,
              bytes, seconds, average_mbps, burst_mbps, cache_gb, floor_mbps, curve, received_day
            FROM hub_shares WHERE status = 'accepted' AND model = :model
            ORDER BY id DESC LIMIT :limit
            """)
        .bind("model", model)
        .bind("limit", limit)
        .mapToMap()
        .list();
  }
}
