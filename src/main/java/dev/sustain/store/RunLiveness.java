package dev.sustain.store;

import dev.sustain.run.RunProcess;
import dev.sustain.run.RunStatus;
import java.nio.file.Path;
import java.time.Instant;

/**
 * The status a reader shows for a run the history holds as {@code running}. A run killed (SIGKILL,
 * a crash, a power loss) never records its end, so its row says running for ever; on the run's own
 * host its process tells: gone means {@code killed}, at once and for sure. Elsewhere nothing is
 * sure: a run with no new row for {@link #STALE_MILLIS} is shown {@code stale} (perhaps dead,
 * perhaps cut off from the history), never killed, and running again if rows come back.
 *
 * <p>Only shown, never written back: the history is written by runs (and by {@code clean}, which
 * records a killed run's end from its run folder on its host); the dashboard (whose connections are
 * read-only) and {@code history} only read it, so they never race a run's own end, and a wrong host
 * name could never make them write a live run down as dead. Stateless.
 */
public final class RunLiveness {

  /** A running run that cannot be checked and has no new row for this long is shown stale. */
  public static final long STALE_MILLIS = 120_000;

  /** The word for a run that may be dead but cannot be checked from here. */
  public static final String STALE = "stale";

  private static final String RUNNING = RunStatus.RUNNING.word();

  private RunLiveness() {}

  /**
   * The status to show.
   *
   * @param status the status the history holds
   * @param lastRowAt when the run's newest row was made, by the run's clock (its start when it has
   *     none); the hosts' clocks are taken to agree far better than {@link #STALE_MILLIS}
   * @param nowMillis now, epoch milliseconds
   */
  static String shown(
      String status, String host, Long pid, Instant started, Instant lastRowAt, long nowMillis) {
    return shown(status, host, pid, started, lastRowAt, nowMillis, null);
  }

  /**
   * As {@link #shown(String, String, Long, Instant, Instant, long)}; {@code runFolder} (or null) is
   * the run's folder on its host. A run whose process is gone but whose run.json there holds an end
   * (its history failed only at the end) shows that end: a complete run is never shown killed.
   */
  static String shown(
      String status,
      String host,
      Long pid,
      Instant started,
      Instant lastRowAt,
      long nowMillis,
      String runFolder) {
    if (!RUNNING.equals(status)) {
      return status;
    }
    return switch (RunProcess.of(host, pid, started)) {
      case ALIVE -> RUNNING; // however long since its last row: a stalled drive is still running
      case GONE -> {
        String ended = runFolder == null ? null : RunFolders.endedStatus(Path.of(runFolder));
        yield ended != null ? ended : RunStatus.KILLED.word();
      }
      case UNKNOWN -> nowMillis - lastRowAt.toEpochMilli() > STALE_MILLIS ? STALE : RUNNING;
    };
  }

  /**
   * True for the statuses a reader derives from a stored {@code running}: a filter on one of them
   * must look at the stored running runs too.
   */
  static boolean derivedFromRunning(String status) {
    return RUNNING.equals(status) || STALE.equals(status) || RunStatus.KILLED.word().equals(status);
  }

  /**
   * What a status a reader derives means, in a sentence for people (the API's {@code status_note},
   * the dashboard's badge, {@code history}'s footnote); null for the statuses runs report.
   */
  public static String note(String status) {
    if (RunStatus.KILLED.word().equals(status)) {
      return "its process is gone without recording an end (killed, or crashed)";
    }
    if (STALE.equals(status)) {
      return "recorded as running with no new row for "
          + STALE_MILLIS / 60_000
          + " minutes; its process cannot be checked from this host, so it may be dead or cut off";
    }
    return null;
  }

  /** True while what is shown of the run may still change (running, or stale and maybe back). */
  public static boolean mayChange(String status) {
    return RUNNING.equals(status) || STALE.equals(status);
  }
}
