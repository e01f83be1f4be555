package dev.sustain.verify;

import java.util.Arrays;

/**
 * How steady a rate was over a run's intervals, in MB/s (10^6 B/s): the figures that tell a
 * transport problem (reads and writes both unstable) from a drive problem (reads steady, writes
 * erratic). Intervals weigh equally. Immutable.
 *
 * @param intervals how many intervals the figures cover
 * @param meanMBps mean of the per-interval rates
 * @param stdevMBps their population standard deviation
 * @param minMBps slowest interval
 * @param medianMBps median interval
 * @param maxMBps fastest interval
 */
public record RateStability(
    int intervals,
    double meanMBps,
    double stdevMBps,
    double minMBps,
    double medianMBps,
    double maxMBps) {

  /** No intervals: every figure is NaN (printed as empty or null, never as a made-up 0). */
  public static final RateStability NONE =
      new RateStability(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);

  /** The figures of {@code ratesMBps}; an empty array gives {@link #NONE}. */
  public static RateStability of(double[] ratesMBps) {
    int n = ratesMBps.length;
    if (n == 0) {
      return NONE;
    }
    double[] sorted = ratesMBps.clone();
    Arrays.sort(sorted);
    double sum = 0;
    for (double r : sorted) {
      sum += r;
    }
    double mean = sum / n;
    double squares = 0;
    for (double r : sorted) {
      squares += (r - mean) * (r - mean);
    }
    double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    return new RateStability(n, mean, Math.sqrt(squares / n), sorted[0], median, sorted[n - 1]);
  }

  /** Standard deviation over mean: 0.01 is steady, 0.3 erratic; NaN without a mean. */
  public double variation() {
    return meanMBps > 0 ? stdevMBps / meanMBps : Double.NaN;
  }
}
