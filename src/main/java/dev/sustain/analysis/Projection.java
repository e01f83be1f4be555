package dev.sustain.analysis;

/**
 * How long a job of {@code gigabytes} (10^9 B) takes on the measured drive: along the measured
 * curve, and past its end at {@code rateMBps} (the floor; the measured rate when the run was too
 * short to know one). {@code seconds} is infinite when that rate is zero. Immutable.
 *
 * @param gigabytes the job
 * @param seconds the time it takes
 * @param rateMBps the rate assumed past the measured curve
 * @param assumesRateHolds the job goes past what was measured and no cliff was seen there: the
 *     projection assumes the rate holds, which a cache that has not run out yet may not
 */
public record Projection(
    double gigabytes, double seconds, double rateMBps, boolean assumesRateHolds) {

  /** A projection within the measured curve or at a known floor. */
  public Projection(double gigabytes, double seconds) {
    this(gigabytes, seconds, Double.NaN, false);
  }
}
