package dev.sustain.analysis;

import java.util.List;

/**
 * The two shapes only a spinning disk has. Stateless.
 *
 * <ul>
 *   <li>smr-stalls: a shingled disk holds its rate while its fast zone takes the writes, then has
 *       to rewrite whole bands: zero seconds and slow seconds set in and stay ({@link
 *       Thresholds#SMR_MIN_ZEROS}, {@link Thresholds#SMR_MIN_ZERO_FRACTION}, {@link
 *       Thresholds#SMR_DENSER}, after {@link Thresholds#SMR_ONSET_RUN_FRACTION} of the run).
 *   <li>hdd-zoned: a disk writes its outer tracks faster than its inner ones; at constant turns a
 *       track takes the same time, so the rate falls in a line with time, without steps and without
 *       stalls. Its start and end rates are the ends of lines through the first and last fifth of
 *       the run (a plateau's mean would sit half a plateau inside).
 * </ul>
 */
final class SpinningDiskDetector {

  private SpinningDiskDetector() {}

  /**
   * Where zero intervals set in, or null. The onset is the best single change point of "zero or
   * below half the first level" (a shingled disk's rewrites show as slow seconds as well as empty
   * ones, which pins the change better than the zeros alone), moved back to where the excursion of
   * a CUSUM that ends there began (an isolated early stall dies away), then to the first such
   * interval.
   */
  static Findings.Smr smr(Curve c, int stalls) {
    if (stalls < Thresholds.SMR_MIN_ZEROS) {
      return null;
    }
    int from = c.from;
    int n = c.n - from;
    double level = c.plateaus.getFirst().meanMBps();
    long[] z = new long[n + 1];
    long[] zeros = new long[n + 1];
    for (int i = 0; i < n; i++) {
      int k = from + i;
      boolean low = c.stall(k) || c.r[k] < Thresholds.SMR_SLOW_FRACTION * level;
      z[i + 1] = z[i] + (low ? 1 : 0);
      zeros[i + 1] = zeros[i] + (c.stall(k) ? 1 : 0);
    }
    double best = -1;
    int split = -1;
    double total = z[n];
    for (int k = 1; k < n; k++) {
      double left = z[k];
      double right = total - left;
      double g = left * left / k + right * right / (n - k) - total * total / n;
      if (g > best) {
        best = g;
        split = k;
      }
    }
    if (split < 0) {
      return null;
    }
    double before = zeros[split] / (double) split;
    double after = (zeros[n] - zeros[split]) / (double) (n - split);
    if (after < Thresholds.SMR_MIN_ZERO_FRACTION || after < Thresholds.SMR_DENSER * before) {
      return null;
    }
    double lowBefore = z[split] / (double) split;
    double lowAfter = (total - z[split]) / (n - split);
    // See Thresholds.SMR_CUSUM_REFERENCE.
    double reference = lowBefore + Thresholds.SMR_CUSUM_REFERENCE * (lowAfter - lowBefore);
    double cusum = 0;
    int excursion = 0;
    for (int i = 0; i < split; i++) {
      cusum = Math.max(0, cusum + (z[i + 1] - z[i]) - reference);
      if (cusum == 0) {
        excursion = i + 1;
      }
    }
    // The first low interval from there on that another follows within two: an isolated early
    // stall (or a slow outlier) is stepped over, a band's rewrite lasts longer than an interval.
    int onset = from + excursion;
    while (onset < c.n) {
      int k = onset - from;
      boolean low = z[k + 1] - z[k] == 1;
      if (low && z[Math.min(n, k + 1 + Thresholds.SMR_FOLLOW_INTERVALS)] - z[k + 1] >= 1) {
        break;
      }
      onset++;
    }
    if (onset >= c.n
        || c.startOf(onset) < Thresholds.SMR_ONSET_RUN_FRACTION * c.s.durationSeconds()) {
      return null;
    }
    int zerosAfter = 0;
    for (int i = onset; i < c.n; i++) {
      zerosAfter += c.stall(i) ? 1 : 0;
    }
    // Inside the first low interval: the part of it still at the held rate.
    double held = Math.max(0, Math.min(1, c.r[onset] / level));
    double heldSeconds = held * c.s.intervalSeconds(onset);
    return new Findings.Smr(
        c.startOf(onset) + heldSeconds,
        (c.cumulative[onset] + heldSeconds * level * 1e6) / 1e9,
        c.nonStallMean(from, onset),
        zerosAfter,
        c.n - onset,
        c.meanMBps(onset, c.n));
  }

  /**
   * A gradual decline without a cliff, or null: the last tenth at most {@link
   * Thresholds#DROP_FRACTION} of the first, and zero intervals no more than {@link
   * Thresholds#ZONED_MAX_STALL_FRACTION} of the intervals (or 2).
   */
  static Findings.Zoned zoned(Curve c, int stalls) {
    int n = c.n - c.from;
    if (n < 10) {
      return null;
    }
    int tenth = Math.max(1, n / 10);
    double early = c.nonStallMean(c.from, c.from + tenth);
    double late = c.nonStallMean(c.n - tenth, c.n);
    if (late > Thresholds.DROP_FRACTION * early
        || stalls > Math.max(2, Thresholds.ZONED_MAX_STALL_FRACTION * n)) {
      return null;
    }
    int fifth = Math.max(3, n / 5);
    double start = lineEnd(c, c.from, c.from + fifth, c.startOf(c.from));
    double end = lineEnd(c, c.n - fifth, c.n, c.endOf(c.n - 1));
    return new Findings.Zoned(start, end, largestStep(c.plateaus));
  }

  /** The value at {@code atSeconds} of a least-squares line through the non-stall rates [a, b). */
  private static double lineEnd(Curve c, int a, int b, double atSeconds) {
    double st = 0;
    double sy = 0;
    int m = 0;
    for (int i = a; i < b; i++) {
      if (!c.stall(i)) {
        st += mid(c, i);
        sy += c.r[i];
        m++;
      }
    }
    if (m == 0) {
      return 0;
    }
    double mt = st / m;
    double my = sy / m;
    double sxy = 0;
    double sxx = 0;
    for (int i = a; i < b; i++) {
      if (!c.stall(i)) {
        double dt = mid(c, i) - mt;
        sxy += dt * (c.r[i] - my);
        sxx += dt * dt;
      }
    }
    double slope = sxx > 0 ? sxy / sxx : 0;
    return Math.max(0, my + slope * (atSeconds - mt));
  }

  private static double mid(Curve c, int i) {
    return 0.5 * (c.startOf(i) + c.endOf(i));
  }

  private static double largestStep(List<Segment> p) {
    double step = 0;
    for (int i = 1; i < p.size(); i++) {
      step = Math.max(step, Math.abs(p.get(i).meanMBps() - p.get(i - 1).meanMBps()));
    }
    return step;
  }
}
