package dev.sustain.analysis;

import java.util.Arrays;
import java.util.List;

/**
 * The two shapes only a spinning disk has, read by the {@link DiskLimits} it is made with (the rule
 * list uses them through {@link Detectors#SMR} and {@link Detectors#ZONED}). Immutable.
 *
 * <ul>
 *   <li>smr-stalls: a shingled disk holds its rate while its fast zone takes the writes, then has
 *       to rewrite whole bands: zero seconds and slow seconds set in and stay ({@link
 *       DiskLimits#smrMinZeros}, {@link DiskLimits#smrMinZeroFraction}, {@link
 *       DiskLimits#smrDenser}, after {@link DiskLimits#smrOnsetRunFraction} of the run).
 *   <li>hdd-zoned: a disk writes its outer tracks faster than its inner ones; at constant turns a
 *       track takes the same time, so the rate falls in a line with time, without steps and without
 *       stalls. Its start and end rates are the ends of lines through the first and last fifth of
 *       the run (a plateau's mean would sit half a plateau inside).
 * </ul>
 */
final class SpinningDiskDetector {

  /** The fewest write intervals a block is read from: a median of three holds still. */
  private static final int MIN_BLOCK_INTERVALS = 3;

  private final DiskLimits limits;

  SpinningDiskDetector(DiskLimits limits) {
    this.limits = limits;
  }

  /**
   * Where zero intervals set in, or null. The onset is the best single change point of "zero or
   * below half the first level" (a shingled disk's rewrites show as slow seconds as well as empty
   * ones, which pins the change better than the zeros alone), moved back to where the excursion of
   * a CUSUM that ends there began (an isolated early stall dies away), then to the first such
   * interval.
   */
  Findings.Smr smr(Curve c, int stalls) {
    if (stalls < limits.smrMinZeros()) {
      return null;
    }
    int from = c.from;
    int n = c.n - from;
    double level = c.plateaus.getFirst().meanMBps();
    long[] z = new long[n + 1];
    long[] zeros = new long[n + 1];
    for (int i = 0; i < n; i++) {
      int k = from + i;
      boolean low = c.stall(k) || c.r[k] < limits.smrSlowFraction() * level;
      z[i + 1] = z[i] + (low ? 1 : 0);
      zeros[i + 1] = zeros[i] + (c.stall(k) ? 1 : 0);
    }
    int split = changePoint(z, n);
    if (split < 0) {
      return null;
    }
    double before = zeros[split] / (double) split;
    double after = (zeros[n] - zeros[split]) / (double) (n - split);
    if (after < limits.smrMinZeroFraction() || after < limits.smrDenser() * before) {
      return null;
    }
    int onset = onset(c, z, split);
    if (onset >= c.n || c.startOf(onset) < limits.smrOnsetRunFraction() * c.s.durationSeconds()) {
      return null;
    }
    int zerosAfter = 0;
    int nearZero = 0;
    double heldMBps = c.nonStallMean(from, onset);
    for (int i = onset; i < c.n; i++) {
      zerosAfter += c.stall(i) ? 1 : 0;
      nearZero += c.r[i] < limits.smrNearZeroFraction() * heldMBps ? 1 : 0;
    }
    if (c.s.media() != Media.HDD
        && !aDisksStalls(c, heldMBps, c.startOf(onset) - c.startOf(from), zerosAfter, nearZero)) {
      return null;
    }
    // Inside the first low interval: the part of it still at the held rate.
    double held = Math.max(0, Math.min(1, c.r[onset] / level));
    double heldSeconds = held * c.s.intervalSeconds(onset);
    return new Findings.Smr(
        c.startOf(onset) + heldSeconds,
        (c.cumulative[onset] + heldSeconds * level * 1e6) / 1e9,
        heldMBps,
        zerosAfter,
        nearZero,
        c.n - onset,
        c.meanMBps(onset, c.n));
  }

  /**
   * The best single change point of the low intervals' cumulative count {@code z} over {@code n}
   * intervals (the split that most separates the densities before and after), or -1.
   */
  private static int changePoint(long[] z, int n) {
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
    return split;
  }

  /**
   * The onset, as an index of the curve: back from {@code split} to where the CUSUM's excursion
   * that ends there began, then on to the first low interval another follows within {@link
   * DiskLimits#smrFollowIntervals}; {@code c.n} when there is none.
   */
  private int onset(Curve c, long[] z, int split) {
    int from = c.from;
    int n = c.n - from;
    double lowBefore = z[split] / (double) split;
    double lowAfter = (z[n] - z[split]) / (double) (n - split);
    // See DiskLimits#smrCusumReference.
    double reference = lowBefore + limits.smrCusumReference() * (lowAfter - lowBefore);
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
      if (low && z[Math.min(n, k + 1 + limits.smrFollowIntervals())] - z[k + 1] >= 1) {
        break;
      }
      onset++;
    }
    return onset;
  }

  /**
   * Told nothing of the media, whether stalls that set in after a held rate are a disk's: the held
   * rate one a disk reaches ({@link DiskLimits#hddMaxMBps}), held for {@link
   * DiskLimits#smrMinHeldSeconds} at least, and the one the run started at (a disk writes at once
   * at its full rate; a drive that starts slow and speeds up is an SSD's translation layer), and
   * most intervals near zero empty ({@link DiskLimits#smrEmptyShare}): a shingled disk rewriting a
   * band accepts nothing until it is done, where a starved SSD's garbage collection lets a trickle
   * through.
   */
  private boolean aDisksStalls(
      Curve c, double heldMBps, double heldSeconds, int zeros, int nearZero) {
    return heldMBps <= limits.hddMaxMBps()
        && heldSeconds >= limits.smrMinHeldSeconds()
        && c.burst >= Thresholds.DROP_FRACTION * heldMBps
        && c.burst * Thresholds.DROP_FRACTION <= heldMBps
        && zeros >= limits.smrEmptyShare() * nearZero;
  }

  /**
   * A gradual decline without a cliff, or null: the last tenth at most {@link
   * Thresholds#DROP_FRACTION} of the first, and zero intervals no more than {@link
   * DiskLimits#zonedMaxStallFraction} of the intervals (or 2).
   */
  Findings.Zoned zoned(Curve c, int stalls) {
    boolean told = c.s.media() == Media.HDD;
    Findings.Zoned line = c.s.media() == Media.SSD ? null : alongLine(c, stalls, told);
    return line != null || !told ? line : byTenths(c, stalls);
  }

  /** Told it is a disk: the last tenth well below the first, without a line through the blocks. */
  private Findings.Zoned byTenths(Curve c, int stalls) {
    int n = c.n - c.from;
    if (n < 10) {
      return null;
    }
    int tenth = Math.max(1, n / 10);
    double early = c.nonStallMean(c.from, c.from + tenth);
    double late = c.nonStallMean(c.n - tenth, c.n);
    if (late > Thresholds.DROP_FRACTION * early
        || stalls > Math.max(2, limits.zonedMaxStallFraction() * n)) {
      return null;
    }
    int fifth = Math.max(3, n / 5);
    double start = lineEnd(c, c.from, c.from + fifth, c.startOf(c.from));
    double end = lineEnd(c, c.n - fifth, c.n, c.endOf(c.n - 1));
    return new Findings.Zoned(start, end, largestStep(c.plateaus), Double.NaN);
  }

  /**
   * A decline along a line with time, or null: the run after the ramp cut into {@link
   * DiskLimits#zonedBlocks} blocks, each read by its median rate; the line through them falls by
   * {@link DiskLimits#zonedMinDrop} to {@link DiskLimits#zonedMaxDrop} of its start and by six
   * standard errors of a block at least (a noisy flat run's wander is no decline); every block
   * within {@link DiskLimits#zonedLineFraction} of the fall of the line (plus three of its standard
   * errors) and never that much above a block before it (the heads only move inwards); stalls as
   * for {@link #byTenths}. Not told it is a disk, also a disk's rate ({@link
   * DiskLimits#hddMaxMBps}) and pace ({@link DiskLimits#zonedMaxLossPerMinute}).
   */
  Findings.Zoned alongLine(Curve c, int stalls, boolean told) {
    int n = c.n - c.from;
    int blocks = limits.zonedBlocks();
    if (n < MIN_BLOCK_INTERVALS * blocks
        || stalls > Math.max(2, limits.zonedMaxStallFraction() * n)) {
      return null;
    }
    double[] t = new double[blocks];
    double[] y = new double[blocks];
    double[] se = new double[blocks];
    for (int b = 0; b < blocks; b++) {
      if (!block(c, c.from + b * n / blocks, c.from + (b + 1) * n / blocks, b, t, y, se)) {
        return null;
      }
    }
    double mt = Stats.mean(t, 0, blocks);
    double my = Stats.mean(y, 0, blocks);
    double sxy = 0;
    double sxx = 0;
    for (int b = 0; b < blocks; b++) {
      sxy += (t[b] - mt) * (y[b] - my);
      sxx += (t[b] - mt) * (t[b] - mt);
    }
    double slope = sxx > 0 ? sxy / sxx : 0;
    double seconds = c.endOf(c.n - 1) - c.startOf(c.from);
    double start = my + slope * (c.startOf(c.from) - mt);
    double end = my + slope * (c.endOf(c.n - 1) - mt);
    double fall = start - end;
    double worstSe = Arrays.stream(se).max().orElse(0);
    if (!(fall >= limits.zonedMinDrop() * start)
        || end < (1 - limits.zonedMaxDrop()) * start
        || fall < 6 * worstSe) {
      return null;
    }
    if (!told
        && (start > limits.hddMaxMBps()
            || fall / start / (seconds / 60) > limits.zonedMaxLossPerMinute())) {
      return null;
    }
    double off = 0;
    double lowest = Double.POSITIVE_INFINITY;
    for (int b = 0; b < blocks; b++) {
      double allowed = limits.zonedLineFraction() * fall + 3 * se[b];
      double away = Math.abs(y[b] - (my + slope * (t[b] - mt)));
      if (away > allowed || y[b] > lowest + allowed) {
        return null;
      }
      off = Math.max(off, away);
      lowest = Math.min(lowest, y[b]);
    }
    return straight(t, y, se, my, mt, slope, fall)
        ? new Findings.Zoned(start, end, largestStep(c.plateaus), off)
        : null;
  }

  /**
   * Whether the blocks keep to the line: the part of their departures from it that a bend explains
   * (their projection on a parabola and a cubic through the run, orthogonal to the line) is no more
   * than {@link DiskLimits#zonedBendFraction} of the fall anywhere, or no more than noise (below
   * {@link DiskLimits#zonedBendChi2} in squared standard errors). At constant turns the rate falls
   * at a constant pace, so a disk's line does not bend, and its zones' swings about it, a zone or
   * two long, project little on a bend the length of the run; heat approaching an equilibrium
   * holds, falls, then levels off, a bend of a quarter of its fall or more.
   */
  private boolean straight(
      double[] t, double[] y, double[] se, double my, double mt, double slope, double fall) {
    int blocks = y.length;
    double[][] basis = new double[4][blocks];
    double span = Math.max(1e-9, t[blocks - 1] - t[0]);
    for (int b = 0; b < blocks; b++) {
      double u = 2 * (t[b] - t[0]) / span - 1;
      for (int d = 0; d < 4; d++) {
        basis[d][b] = Math.pow(u, d);
      }
    }
    // Gram-Schmidt: the constant and the line first, so the bend is what they leave.
    for (int d = 0; d < 4; d++) {
      for (int k = 0; k < d; k++) {
        double dot = dot(basis[d], basis[k]);
        for (int b = 0; b < blocks; b++) {
          basis[d][b] -= dot * basis[k][b];
        }
      }
      double norm = Math.sqrt(dot(basis[d], basis[d]));
      for (int b = 0; b < blocks; b++) {
        basis[d][b] /= norm;
      }
    }
    double[] away = new double[blocks];
    double variance = 0;
    for (int b = 0; b < blocks; b++) {
      away[b] = y[b] - (my + slope * (t[b] - mt));
      variance += se[b] * se[b] / blocks;
    }
    double a2 = dot(away, basis[2]);
    double a3 = dot(away, basis[3]);
    double bend = 0;
    for (int b = 0; b < blocks; b++) {
      bend = Math.max(bend, Math.abs(a2 * basis[2][b] + a3 * basis[3][b]));
    }
    double chi2 = (a2 * a2 + a3 * a3) / Math.max(variance, 1e-12);
    return bend <= limits.zonedBendFraction() * fall || chi2 <= limits.zonedBendChi2();
  }

  private static double dot(double[] a, double[] b) {
    double s = 0;
    for (int i = 0; i < a.length; i++) {
      s += a[i] * b[i];
    }
    return s;
  }

  /**
   * Reads block {@code b}, samples [a, e), into its mid time, its median rate without stalls and
   * that median's standard error (from the block's own spread, 1.25 sigma over the root of its
   * count); false when it has too few writes to read.
   */
  private static boolean block(Curve c, int a, int e, int b, double[] t, double[] y, double[] se) {
    double[] rates = new double[e - a];
    int m = 0;
    double sum = 0;
    for (int i = a; i < e; i++) {
      if (!c.stall(i)) {
        rates[m++] = c.r[i];
        sum += mid(c, i);
      }
    }
    if (m < MIN_BLOCK_INTERVALS) {
      return false;
    }
    double[] w = Arrays.copyOf(rates, m);
    double median = Stats.median(w);
    for (int k = 0; k < m; k++) {
      w[k] = Math.abs(w[k] - median);
    }
    t[b] = sum / m;
    y[b] = median;
    se[b] = 1.2533 * 1.4826 * Stats.median(w) / Math.sqrt(m);
    return true;
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
