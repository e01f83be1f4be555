package dev.sustain.analysis;

import java.util.Arrays;

/**
 * The smallest change between two runs of one job that counts as real, in percent of the first's
 * average: at least {@link #MIN_PERCENT}% and three standard errors of the difference of the two
 * runs' mean interval rates (each without its first and last interval: partial, and the start's
 * ramp), at most {@link #MAX_NOISE_PERCENT}% (whole-run averages are measured, not sampled; a
 * quarter is not noise). With fewer than {@link #MIN_INTERVALS} such intervals in a run there is no
 * spread to judge by, and {@link #SHORT_PERCENT}% is required. The pass comparison ("pass 2 wrote
 * 18% slower") and the rules between runs ({@link RunChanges}) judge by it. Pure; thread-safe.
 */
public final class PassNoise {

  /** Differences below this are never called out. */
  public static final double MIN_PERCENT = 5;

  /** Without enough intervals to measure the spread, a difference must reach this. */
  public static final double SHORT_PERCENT = 10;

  /** A difference this large is named whatever the spread. */
  public static final double MAX_NOISE_PERCENT = 25;

  /** Intervals a run needs (after trimming its first and last) for its spread to count. */
  public static final int MIN_INTERVALS = 5;

  private PassNoise() {}

  /**
   * The noise in percent of {@code firstAverageMBps}.
   *
   * @param firstIntervalMBps the first run's per-interval rates
   * @param laterIntervalMBps the later run's
   */
  public static double percent(
      double firstAverageMBps, double[] firstIntervalMBps, double[] laterIntervalMBps) {
    double[] a = trimmed(firstIntervalMBps);
    double[] b = trimmed(laterIntervalMBps);
    if (a.length < MIN_INTERVALS || b.length < MIN_INTERVALS || firstAverageMBps <= 0) {
      return SHORT_PERCENT;
    }
    double se = Math.sqrt(Stats.variance(a) / a.length + Stats.variance(b) / b.length);
    double percent = 100.0 * 3 * se / firstAverageMBps;
    return Math.min(MAX_NOISE_PERCENT, Math.max(MIN_PERCENT, percent));
  }

  /** Without the first and the last interval: partial, and the start's ramp. */
  public static double[] trimmed(double[] rates) {
    return rates.length < 3 ? rates : Arrays.copyOfRange(rates, 1, rates.length - 1);
  }
}
