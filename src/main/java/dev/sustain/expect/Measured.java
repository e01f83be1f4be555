package dev.sustain.expect;

import dev.sustain.analysis.Analysis;

/**
 * What a run measured, as far as a prediction can be checked against it. Rates in MB/s, the cache
 * in bytes (null when no cliff was found), the time in seconds (flush included). Immutable.
 *
 * @param burstMBps the rate at the start
 * @param cacheBytes bytes written before the cliff; null when the run found no cliff
 * @param floorMBps the sustained rate after the drop (the whole run when flat); NaN when the run
 *     was too short to tell
 * @param totalSeconds the run's time; null when unknown
 * @param bytes the bytes the run wrote; null when unknown
 * @param undetermined the run was too short to tell its shape: a cliff not seen is not measured
 */
public record Measured(
    double burstMBps,
    Long cacheBytes,
    double floorMBps,
    Double totalSeconds,
    Long bytes,
    boolean undetermined) {

  /**
   * From an analysis and the run's own totals: {@code bytes} written and {@code totalSeconds}
   * (flush included), which the analysis of the samples alone does not know.
   */
  public static Measured of(Analysis a, long bytes, double totalSeconds) {
    double floor = a.floorMBps() == null ? Double.NaN : a.floorMBps();
    return ofFigures(a.burstMBps(), a.cacheGB(), floor, totalSeconds, bytes, a.undetermined());
  }

  /** From Analysis JSON figures of a run whose shape was told: {@code cache_GB} in GB or null. */
  public static Measured ofFigures(
      double burstMBps, Double cacheGB, double floorMBps, Double totalSeconds, Long bytes) {
    return ofFigures(burstMBps, cacheGB, floorMBps, totalSeconds, bytes, false);
  }

  /**
   * From Analysis JSON figures: {@code cache_GB} is in GB (10^9 B) or null; {@code undetermined}
   * when the shape was too short to tell.
   */
  public static Measured ofFigures(
      double burstMBps,
      Double cacheGB,
      double floorMBps,
      Double totalSeconds,
      Long bytes,
      boolean undetermined) {
    return new Measured(
        burstMBps,
        cacheGB == null ? null : Math.round(cacheGB * 1e9),
        floorMBps,
        totalSeconds,
        bytes,
        undetermined);
  }
}
