package dev.sustain.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Heat cycles too shallow against their noise for a midline to cut ({@link CycleDetector}), read by
 * folding the rate at a steady period. A controller that drops one clock step as it heats and
 * resumes as it cools alternates 5-30% deep at the period of its heat sink; within noise of a few
 * percent the crossings of single intervals wander, but every cycle's low half still averages below
 * the high halves either side of it. So each period on a grid ({@link #FOLD_PERIOD_STEP}) is cut
 * into {@link #FOLD_BINS} bins, and each low half of 3 bins or more (with as many high) at each
 * phase is tried: a cycle counts when its low half's mean lies {@link Thresholds#CYCLE_FOLD_SIGMAS}
 * standard errors below both high halves beside it, the bin at each edge left out (the ramp and the
 * crossing's interval). The cycles are the longest run of such cycles on to the end of the run, at
 * least {@link Thresholds#MIN_DIPS}; noise, however it wanders, does not drop below its level again
 * and again at one period.
 *
 * <p>Tried only on a run no other rule reads a shape in. Stateless.
 */
final class CycleFold {

  private CycleFold() {}

  /**
   * Bins per period: a low half of 20-60% of the period is then 3-10 bins, its edge bins a
   * sixteenth of the period each, more than the drift of a period 3% uneven over eight cycles.
   */
  static final int FOLD_BINS = 16;

  /**
   * The smallest period tried, in intervals: each half holds at least one interval beside its edges
   * (a period of 8 intervals in 8 bins, 3 of them low).
   */
  static final int FOLD_MIN_INTERVALS = 8;

  /**
   * The periods tried grow by this fraction: a grid period at most 1% off drifts by a bin (a
   * sixteenth) only after six cycles, and the edge bins left out absorb that.
   */
  static final double FOLD_PERIOD_STEP = 0.02;

  /**
   * Each cycle's low half may start this many bins (a sixteenth of the period each) earlier or
   * later than a period after the one before: a heat sink's period wanders a few percent from cycle
   * to cycle with the ambient temperature, and a grid period 1% off drifts a whole period in 100
   * cycles, so a fold at one exact period over hours smears; following the phase cycle by cycle
   * reads each cycle where it is. A bin is 6% of the period, and the edge bins left out absorb a
   * bin's drift between shifts. Only at {@link #FOLD_BINS} bins a period: in a period of fewer
   * intervals a bin is one interval, 7-12% of the period, a shift larger than the wander.
   */
  static final int FOLD_DRIFT_BINS = 1;

  /**
   * The phase shifts by {@link #FOLD_DRIFT_BINS} at most once in this many cycles, and only where
   * the period at hand loses the cycle: a bin in three cycles follows a period 2% off or wandering
   * a few percent a cycle, and the last {@link Thresholds#MIN_DIPS} cycles of every reading keep
   * one period, so whether a run holds cycles at all is judged as at one steady period (dips at
   * irregular times do not chain by shifting); the shifts only let a reading that holds go on.
   */
  static final int FOLD_DRIFT_EVERY_CYCLES = Thresholds.MIN_DIPS;

  /** Prefix sums over the judged intervals, stalls left out (a stall is no rate of a level). */
  private record Prefix(Curve c, double[] sum, int[] count) {
    static Prefix of(Curve c) {
      int m = c.n - c.from;
      double[] sum = new double[m + 1];
      int[] count = new int[m + 1];
      for (int i = 0; i < m; i++) {
        boolean kept = !c.stall(c.from + i);
        sum[i + 1] = sum[i] + (kept ? c.r[c.from + i] : 0);
        count[i + 1] = count[i] + (kept ? 1 : 0);
      }
      return new Prefix(c, sum, count);
    }
  }

  /** A period's bins: bin j holds intervals [edge(j), edge(j + 1)) after the start-up. */
  private record Bins(Prefix x, double widthIntervals) {
    int edge(int j) {
      return (int) Math.round(j * widthIntervals);
    }

    int count(int a, int b) {
      return x.count[edge(b)] - x.count[edge(a)];
    }

    double mean(int a, int b) {
      int n = count(a, b);
      return n > 0 ? (x.sum[edge(b)] - x.sum[edge(a)]) / n : Double.NaN;
    }
  }

  /**
   * The best cycles found: period in intervals, bins per period, low bins, and the bin each cycle's
   * low half starts at (in order), each a period after the one before within {@link
   * #FOLD_DRIFT_BINS}.
   */
  private record Fold(double periodIntervals, int bins, int low, int[] starts, double evidence) {
    int cycles() {
      return starts.length;
    }

    int first() {
      return starts[0];
    }

    /** The bin after the last cycle's high half. */
    int endBin() {
      return starts[starts.length - 1] + bins;
    }
  }

  /** The shallow regular cycles of the curve as a sawtooth (its dips the low halves), or null. */
  static Findings.Sawtooth find(Curve c) {
    int m = c.n - c.from;
    if (m < FOLD_MIN_INTERVALS * Thresholds.MIN_DIPS) {
      return null;
    }
    Prefix x = Prefix.of(c);
    // First at the run's noise as if independent (the most cycles any period and phase could
    // show), then that reading again at the noise its own halves hold.
    double screenMBps = Math.max(c.quietNoise, 1e-9) * c.burst;
    Fold best = null;
    for (double periodIntervals = FOLD_MIN_INTERVALS;
        periodIntervals * Thresholds.MIN_DIPS <= m;
        periodIntervals *= 1 + FOLD_PERIOD_STEP) {
      Fold screened = atPeriod(c, x, periodIntervals, screenMBps);
      Fold f = screened == null ? null : recheck(c, x, screened);
      if (f != null && (best == null || f.evidence > best.evidence)) {
        best = f;
      }
    }
    return best == null ? null : sawtooth(c, best);
  }

  /** The best run of cycles on to the end at a period of {@code periodIntervals}, or null. */
  private static Fold atPeriod(Curve c, Prefix x, double periodIntervals, double seMBps) {
    int k = (int) Math.min(FOLD_BINS, Math.floor(periodIntervals));
    Bins b = new Bins(x, periodIntervals / k);
    int nb = (int) Math.floor((c.n - c.from) / b.widthIntervals + 1e-9);
    Fold best = null;
    for (int low = 3; low <= k - 3; low++) {
      for (int phase = 0; phase < k; phase++) {
        int last = phase + ((nb - phase) / k - 1) * k;
        Fold f = onToTheEnd(b, periodIntervals, k, low, last, seMBps);
        if (f != null && (best == null || f.evidence > best.evidence)) {
          best = f;
        }
      }
    }
    return best;
  }

  /**
   * The cycles from the one whose low half starts at bin {@code last} back to the first that does
   * not lie {@link Thresholds#CYCLE_FOLD_SIGMAS} below its high halves, when at least {@link
   * Thresholds#MIN_DIPS}; else null. Each cycle back starts a period before the one after it, or
   * where that loses the cycle, {@link #FOLD_DRIFT_BINS} earlier or later (where it lies lowest
   * below its halves), at most once in {@link #FOLD_DRIFT_EVERY_CYCLES}.
   */
  private static Fold onToTheEnd(
      Bins b, double periodIntervals, int k, int low, int last, double seMBps) {
    // Most tries end within a few cycles: grown as a chain lasts, not sized for the whole run.
    int[] starts = new int[8];
    int cycles = 0;
    double evidence = 0;
    int s = last;
    int sinceShift = 0;
    double z = cycleSigmas(b, s, k, low, seMBps);
    while (z >= Thresholds.CYCLE_FOLD_SIGMAS) {
      if (cycles == starts.length) {
        starts = Arrays.copyOf(starts, 2 * cycles);
      }
      starts[cycles++] = s;
      evidence += z;
      sinceShift++;
      int steady = s - k;
      s = steady;
      z = steady >= 0 ? cycleSigmas(b, steady, k, low, seMBps) : Double.NaN;
      if (k == FOLD_BINS && sinceShift >= FOLD_DRIFT_EVERY_CYCLES) {
        for (int d = -FOLD_DRIFT_BINS; d <= FOLD_DRIFT_BINS; d++) {
          int shifted = steady + d;
          double zd = d != 0 && shifted >= 0 ? cycleSigmas(b, shifted, k, low, seMBps) : Double.NaN;
          if (zd >= Thresholds.CYCLE_FOLD_SIGMAS && !(zd <= z)) {
            z = zd;
            s = shifted;
            sinceShift = 0;
          }
        }
      }
    }
    if (cycles < Thresholds.MIN_DIPS) {
      return null;
    }
    int[] ordered = new int[cycles];
    for (int i = 0; i < cycles; i++) {
      ordered[i] = starts[cycles - 1 - i];
    }
    return new Fold(periodIntervals, k, low, ordered, evidence);
  }

  /**
   * The cycles {@code f} read again at the noise of their own halves, or null when fewer than
   * {@link Thresholds#MIN_DIPS} still stand out of it: the residuals of the intervals inside the
   * halves (their edges left out) about the two levels, and of those before the cycles about their
   * own level, give the noise's sigma and its correlation from one interval to the next with the
   * cycles taken out (the run's correlation, measured around plateaus that do not see a shallow
   * cycle, counts the cycles as a wander). A mean of n intervals correlated rho has a standard
   * error of sigma sqrt((1 + rho) / (1 - rho) / n).
   */
  private static Fold recheck(Curve c, Prefix x, Fold f) {
    Bins b = new Bins(x, f.periodIntervals / f.bins);
    int endBin = f.endBin();
    int[] sides = sides(f);
    double[] level = new double[3];
    int[] count = new int[3];
    for (int j = 0; j < endBin; j++) {
      int side = sides[j];
      for (int i = c.from + b.edge(j); side >= 0 && i < c.from + b.edge(j + 1); i++) {
        if (!c.stall(i)) {
          level[side] += c.r[i];
          count[side]++;
        }
      }
    }
    double squares = 0;
    double products = 0;
    int n = 0;
    int previous = -2;
    double previousResidual = 0;
    for (int j = 0; j < endBin; j++) {
      int side = sides[j];
      for (int i = c.from + b.edge(j); side >= 0 && i < c.from + b.edge(j + 1); i++) {
        if (!c.stall(i)) {
          double e = c.r[i] - level[side] / count[side];
          squares += e * e;
          products += previous == i - 1 ? e * previousResidual : 0;
          n++;
          previous = i;
          previousResidual = e;
        }
      }
    }
    if (n < 4 || !(squares > 0) || dipInAHalf(c, b, sides, level, count)) {
      return null;
    }
    double rho = Math.max(0, Math.min(Thresholds.MAX_NOISE_CORRELATION, products / squares));
    double seMBps = Math.sqrt(squares / (n - 3) * (1 + rho) / (1 - rho));
    return onToTheEnd(b, f.periodIntervals, f.bins, f.low, f.starts[f.cycles() - 1], seMBps);
  }

  /**
   * Whether an interval inside a half lies {@link Thresholds#CYCLE_FOLD_DIP_SIGMAS} robust sigmas
   * (1.4826 times the median absolute residual of the halves' intervals about their levels) below
   * the low halves' level: a dip of something else, not a half of a heat cycle. A heat cycle lowers
   * its low half to one level and leaves its high halves at the other, so no interval of either
   * falls far under the low one (an interval of a low half the fold placed a bin off sits at the
   * low level, not under it); dips at chance times pull a few half-means down at a period that
   * happens to fit three of them, and each dip falls far under any level. A train of dips is the
   * dip rules' to read.
   */
  private static boolean dipInAHalf(Curve c, Bins b, int[] sides, double[] level, int[] count) {
    double[] residuals = new double[count[0] + count[1]];
    int n = 0;
    double lowestMBps = Double.POSITIVE_INFINITY;
    for (int j = 0; j < sides.length; j++) {
      int side = sides[j];
      boolean inAHalf = side == 0 || side == 1;
      for (int i = c.from + b.edge(j); inAHalf && i < c.from + b.edge(j + 1); i++) {
        if (!c.stall(i)) {
          double e = c.r[i] - level[side] / count[side];
          residuals[n++] = Math.abs(e);
          lowestMBps = Math.min(lowestMBps, c.r[i]);
        }
      }
    }
    if (n == 0) {
      return false;
    }
    double sigma = 1.4826 * Stats.median(Arrays.copyOf(residuals, n));
    return count[0] > 0
        && lowestMBps < level[0] / count[0] - Thresholds.CYCLE_FOLD_DIP_SIGMAS * sigma;
  }

  /**
   * For each bin up to the end of the cycles, whether it is inside a low half (0), inside a high
   * one (1), at an edge (-1), or before the cycles (2, the level the run held before them).
   */
  private static int[] sides(Fold f) {
    int[] sides = new int[f.endBin()];
    int k = f.bins;
    int from = f.first() - k + f.low;
    Arrays.fill(sides, 0, Math.max(0, from), 2);
    for (int i = -1; i < f.cycles(); i++) {
      // The high half before the first cycle as if a cycle had started a period earlier.
      int s = i < 0 ? f.first() - k : f.starts[i];
      int next = i + 1 < f.cycles() ? f.starts[i + 1] : s + k;
      for (int j = Math.max(0, Math.max(from, s)); j < next; j++) {
        int phase = j - s;
        boolean edge = phase == 0 || phase == f.low - 1 || phase == f.low || j == next - 1;
        sides[j] = edge ? -1 : phase < f.low ? 0 : 1;
      }
    }
    return sides;
  }

  /**
   * How many standard errors the low half starting at bin {@code s} lies below the high halves
   * before and after it (the lesser of the two; only after it for a cycle under way from the
   * start), each half without its edge bins.
   */
  private static double cycleSigmas(Bins b, int s, int k, int low, double seMBps) {
    double lowMean = b.mean(s + 1, s + low - 1);
    int lowCount = b.count(s + 1, s + low - 1);
    double z = sigmasBelow(b, s + low + 1, s + k - 1, lowMean, lowCount, seMBps);
    int before = s - k + low + 1;
    if (before >= 0) {
      z = Math.min(z, sigmasBelow(b, before, s - 1, lowMean, lowCount, seMBps));
    }
    return z;
  }

  /** The standard errors a half of bins [a, e) lies above a low mean of lowCount intervals. */
  private static double sigmasBelow(
      Bins b, int a, int e, double lowMean, int lowCount, double seMBps) {
    int n = b.count(a, e);
    if (n == 0 || lowCount == 0) {
      return Double.NaN;
    }
    return (b.mean(a, e) - lowMean) / (seMBps * Math.sqrt(1.0 / n + 1.0 / lowCount));
  }

  /**
   * The cycles as a sawtooth, when their halves hold two levels ({@link CycleHalves#twoLevels}:
   * apart by twice the spread inside a half, and not a ramp and a reset), else null.
   */
  private static Findings.Sawtooth sawtooth(Curve c, Fold f) {
    Bins b = new Bins(Prefix.of(c), f.periodIntervals / f.bins);
    List<int[]> lows = new ArrayList<>();
    long lowBytes = 0;
    double lowSeconds = 0;
    for (int i = 0; i < f.cycles(); i++) {
      int s = f.starts[i];
      // Each crossing at the best split of the raw rate over its edge bin and the bins beside it.
      int a = c.from + b.edge(s);
      a = CycleDetector.bestSplit(c, Math.max(c.from, a - b.edge(1)), c.from + b.edge(s + 2), a);
      int e = c.from + b.edge(s + f.low);
      e =
          CycleDetector.bestSplit(
              c, c.from + b.edge(s + f.low - 2), c.from + b.edge(s + f.low + 2), e);
      // The windows of the two splits overlap for a low half of 3 bins: its end never before its
      // start (a low of no time, not a negative one).
      e = Math.max(e, a);
      lows.add(new int[] {a, e, 0});
      lowBytes += c.cumulative[e] - c.cumulative[a];
      lowSeconds += c.startOf(e) - c.startOf(a);
    }
    int a = lows.getFirst()[0];
    int last = lows.getLast()[0];
    int end = c.from + b.edge(f.endBin());
    double lowMBps = lowBytes / 1e6 / lowSeconds;
    double levelMBps = CycleHalves.highLevel(c, lows, a, end);
    if (!CycleHalves.twoLevels(c, lows, levelMBps - lowMBps, 0)) {
      return null;
    }
    double periodSeconds = (c.startOf(last) - c.startOf(a)) / Math.max(1, f.cycles() - 1);
    return new Findings.Sawtooth(
        f.cycles(),
        periodSeconds,
        lowSeconds / f.cycles(),
        lowMBps,
        levelMBps,
        c.startOf(a),
        c.meanMBps(a, last));
  }
}
