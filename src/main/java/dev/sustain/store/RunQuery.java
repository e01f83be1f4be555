package dev.sustain.store;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.jdbi.v3.core.HandleCallback;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.Query;

/**
 * The history as the dashboard reads it: runs filtered by drive, host, command, shape, status and
 * start time, newest first, a page at a time behind an opaque cursor; the drives with their run
 * counts; one run. The same SQL runs on SQLite and PostgreSQL. Thread-safe over a pool.
 */
public final class RunQuery {

  /** The most runs one page may hold. */
  public static final int MAX_LIMIT = 1000;

  /**
   * What to list; a null field does not filter.
   *
   * @param drive a drive id, exactly
   * @param host a host name, exactly
   * @param command write, fill, copy, verify, read, sweep, import
   * @param shape flat, cache-cliff, ...
   * @param status running, complete, interrupted, failed
   * @param since only runs started at or after this
   * @param job a job's key ({@link dev.sustain.job.Job#key}), exactly: the stored column, so the
   *     runs of one job are found by the index, not by reading every row's parameters
   */
  public record Filter(
      String drive,
      String host,
      String command,
      String shape,
      String status,
      Instant since,
      String job) {
    public static final Filter ALL = new Filter(null, null, null, null, null, null, null);

    public static Filter drive(String driveId) {
      return new Filter(driveId, null, null, null, null, null, null);
    }

    /** The runs of one drive and one job (every job when {@code jobKey} is null). */
    public static Filter driveJob(String driveId, String jobKey) {
      return new Filter(driveId, null, null, null, null, null, jobKey);
    }
  }

  /**
   * One field of a {@link Filter} as SQL: its bind name, its condition, and its value to bind (null
   * when the field does not filter).
   */
  private record Condition(String name, String sql, Function<Filter, Object> value) {}

  private static final List<Condition> CONDITIONS =
      List.of(
          new Condition("drive", " AND r.drive_id = :drive", Filter::drive),
          new Condition("host", " AND r.host = :host", Filter::host),
          new Condition("command", " AND r.command = :command", Filter::command),
          new Condition("shape", " AND r.shape = :shape", Filter::shape),
          // Running, killed and stale are told apart after reading (RunLiveness): a stored running
          // run may show as any of them, and clean records killed ones as killed.
          new Condition(
              "status",
              " AND (r.status = :status OR (r.status = 'running' AND :status IN"
                  + " ('running', 'killed', 'stale')))",
              Filter::status),
          new Condition(
              "since",
              " AND r.started_ms >= :since",
              f -> f.since() == null ? null : f.since().toEpochMilli()),
          new Condition("job", " AND r.job_key = :job", Filter::job));

  /**
   * Where a page ends: the start and id of its last run. Opaque to clients (base64url text).
   *
   * @param startedMs the last run's start, epoch ms
   * @param runId the last run's id (breaks ties between runs started in the same ms)
   */
  public record Cursor(long startedMs, String runId) {

    public String encode() {
      byte[] raw = (startedMs + ":" + runId).getBytes(StandardCharsets.UTF_8);
      return Base64.getUrlEncoder().withoutPadding().encodeToString(raw);
    }

    /**
     * @throws IllegalArgumentException when {@code text} is not a cursor this class made
     */
    public static Cursor decode(String text) {
      String raw;
      try {
        raw = new String(Base64.getUrlDecoder().decode(text), StandardCharsets.UTF_8);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("not a cursor from a 'next' field");
      }
      int colon = raw.indexOf(':');
      if (colon <= 0 || colon == raw.length() - 1) {
        throw new IllegalArgumentException("not a cursor from a 'next' field");
      }
      try {
        return new Cursor(Long.parseLong(raw.substring(0, colon)), raw.substring(colon + 1));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("not a cursor from a 'next' field");
      }
    }
  }

  /**
   * One page of runs, newest first.
   *
   * @param next the cursor of the page after this one, or null when this is the last
   */
  public record Page(List<RunRecord> runs, Cursor next) {}

  /**
   * A drive and a summary of its runs.
   *
   * @param runs how many runs it has
   * @param running how many of them are running
   * @param lastStarted the start of its newest run, or null
   */
  public record DriveSummary(Drive drive, long runs, long running, Instant lastStarted) {}

  private final DbLocation location;
  private final JdbiStores.Pool pool;

  public RunQuery(JdbiStores.Pool pool) {
    this.location = pool.location();
    this.pool = pool;
  }

  /**
   * The runs that pass {@code filter}, newest first, {@code limit} at most, after {@code from}. The
   * status filter is on the status as shown (a stored running run may show killed or stale), so the
   * rows read may be more than the page: reading goes on until the page is full or none are left.
   */
  public Page runs(Filter filter, int limit, Cursor from) {
    if (limit < 1 || limit > MAX_LIMIT) {
      throw new IllegalArgumentException("limit must be 1 to " + MAX_LIMIT);
    }
    List<RunRecord> page = new ArrayList<>();
    Cursor at = from;
    while (true) {
      // One more than asked tells whether there is a next page.
      List<RunRecord> rows = select(filter, limit + 1, at);
      for (RunRecord r : rows) {
        if (filter.status() == null || filter.status().equals(r.status())) {
          page.add(r);
        }
      }
      if (page.size() > limit || rows.size() <= limit) {
        break;
      }
      RunRecord last = rows.getLast();
      at = new Cursor(last.started().toEpochMilli(), last.runId());
    }
    if (page.size() <= limit) {
      return new Page(page, null);
    }
    List<RunRecord> shown = new ArrayList<>(page.subList(0, limit));
    RunRecord last = shown.getLast();
    return new Page(shown, new Cursor(last.started().toEpochMilli(), last.runId()));
  }

  /** Up to {@code limit} rows that pass {@code filter} in SQL, newest first, after {@code from}. */
  private List<RunRecord> select(Filter filter, int limit, Cursor from) {
    StringBuilder sql =
        new StringBuilder(RunRows.SELECT).append(" WHERE ").append(RunRows.MEASURED);
    Map<String, Object> bound = new LinkedHashMap<>();
    for (Condition c : CONDITIONS) {
      Object value = c.value().apply(filter);
      if (value != null) {
        sql.append(c.sql());
        bound.put(c.name(), value);
      }
    }
    if (from != null) {
      sql.append(
          " AND (r.started_ms < :cursor_ms OR (r.started_ms = :cursor_ms AND r.run_id < :cursor_id))");
    }
    sql.append(" ORDER BY r.started_ms DESC, r.run_id DESC LIMIT :limit");
    return read(
        "read the run history",
        h -> {
          Query q = h.createQuery(sql.toString());
          bound.forEach(q::bind);
          if (from != null) {
            q.bind("cursor_ms", from.startedMs()).bind("cursor_id", from.runId());
          }
          return q.bind("limit", limit).map(RunRows.MAPPER).list();
        });
  }

  /** The run with this id. */
  public Optional<RunRecord> find(String runId) {
    return ofRun("read run " + runId, RunRows.SELECT, runId, RunRows.MAPPER);
  }

  /**
   * The run's status as shown (killed once its process is gone: {@link RunLiveness}) alone, cheap
   * since a live feed asks every interval; empty when the run is unknown.
   */
  public Optional<String> status(String runId) {
    return ofRun(
        "read the status of run " + runId,
        RunRows.SELECT_STATUS,
        runId,
        (rs, ctx) -> RunRows.shownStatus(rs));
  }

  /** The row of run {@code runId} that {@code select} (which names the runs table r) reads. */
  private <T> Optional<T> ofRun(String what, String select, String runId, RowMapper<T> mapper) {
    return read(
        what,
        h ->
            h.createQuery(select + " WHERE r.run_id = :run_id")
                .bind("run_id", runId)
                .map(mapper)
                .findOne());
  }

  /** Runs {@code work} on a pooled connection; a failure says it could not {@code what}. */
  private <T> T read(String what, HandleCallback<T, RuntimeException> work) {
    return JdbiStores.call(location, what, () -> pool.jdbi().withHandle(work));
  }

  /**
   * One job among a drive's runs.
   *
   * @param key the job's key ({@link dev.sustain.job.Job#key})
   * @param runs the drive's runs of it
   * @param judged how many of them are completed writing runs (write, fill, copy, imported logs),
   *     the runs whose floors a drive is judged by
   * @param newest the start of the newest of them
   * @param newestJudged the start of the newest judged one, or null when none is
   */
  public record JobCount(
      String key, long runs, long judged, Instant newest, Instant newestJudged) {}

  /**
   * The jobs of a drive's runs, counted by the stored {@code job_key} in one grouped query. Rows
   * written by a Sustain from before the column (null key) are not counted.
   */
  public List<JobCount> jobs(String driveId) {
    String judged = "r.command IN ('write', 'fill', 'copy', 'import') AND r.status = 'complete'";
    String sql =
        "SELECT r.job_key, COUNT(*) AS runs,"
            + " SUM(CASE WHEN "
            + judged
            + " THEN 1 ELSE 0 END) AS judged,"
            + " MAX(r.started_ms) AS newest_ms,"
            + " MAX(CASE WHEN "
            + judged
            + " THEN r.started_ms END) AS newest_judged_ms"
            + " FROM runs r WHERE r.drive_id = :drive AND r.job_key IS NOT NULL AND "
            + RunRows.MEASURED
            + " GROUP BY r.job_key";
    return read(
        "read the jobs of " + driveId,
        h ->
            h.createQuery(sql)
                .bind("drive", driveId)
                .map(
                    (rs, ctx) -> {
                      Long newestJudged = RunRows.getLong(rs, "newest_judged_ms");
                      return new JobCount(
                          rs.getString("job_key"),
                          rs.getLong("runs"),
                          rs.getLong("judged"),
                          Instant.ofEpochMilli(rs.getLong("newest_ms")),
                          newestJudged == null ? null : Instant.ofEpochMilli(newestJudged));
                    })
                .list());
  }

  /**
   * Every drive with its run counts, the one with the newest run first; {@code running} counts the
   * runs shown running (a stored running run whose process is gone is not).
   */
  public List<DriveSummary> drives() {
    String sql =
        "SELECT d.drive_id, d.model, d.serial, d.size_bytes, COUNT(r.run_id) AS runs,"
            + " SUM(CASE WHEN r.status = 'running' THEN 1 ELSE 0 END) AS running,"
            + " MAX(r.started_ms) AS last_started_ms"
            + " FROM drives d LEFT JOIN runs r ON r.drive_id = d.drive_id"
            + " GROUP BY d.drive_id, d.model, d.serial, d.size_bytes"
            + " ORDER BY COALESCE(MAX(r.started_ms), 0) DESC, d.drive_id";
    Map<String, Long> notRunning = new java.util.HashMap<>();
    String stored =
        "SELECT r.drive_id, "
            + RunRows.SELECT_STATUS.substring("SELECT ".length())
            + " WHERE r.status = 'running'";
    read(
        "read the running runs",
        h ->
            h.createQuery(stored)
                .map(
                    (rs, ctx) -> {
                      if (!"running".equals(RunRows.shownStatus(rs))) {
                        notRunning.merge(rs.getString("drive_id"), 1L, Long::sum);
                      }
                      return 0;
                    })
                .list());
    return read(
        "read the drives",
        h ->
            h.createQuery(sql)
                .map(
                    (rs, ctx) -> {
                      Long last = RunRows.getLong(rs, "last_started_ms");
                      Long running = RunRows.getLong(rs, "running");
                      long shownRunning =
                          (running == null ? 0 : running)
                              - notRunning.getOrDefault(rs.getString("drive_id"), 0L);
                      return new DriveSummary(
                          RunRows.drive(rs),
                          rs.getLong("runs"),
                          shownRunning,
                          last == null ? null : Instant.ofEpochMilli(last));
                    })
                .list());
  }
}
