package dev.sustain.analysis;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * A level judged against its own noise, not only the run's ({@link Levels}). The run's noise is the
 * median of all its intervals' differences, so it is the noise of the level that lasted longest: an
 * hour's floor of 0.6% after a minute's burst of 4.8%. The segmenter cuts at that noise, so it cuts
 * a noisier level's own noise into pieces of one or two intervals; marked as transitions, they
 * leave the level's mean, its spread, and so what counts as falling from it, to the few intervals
 * of the pieces left. A level whose own noise is {@link Thresholds#OWN_NOISE_RUN_RATIO} times the
 * run's is judged by its own: two neighbours within its noise are one level ({@link #mergeSigma}),
 * and its intervals within {@link #OWN_SPREAD_SIGMAS} of its robust spread are its level's ({@link
 * #reclaim}). Stateless.
 */
final class LevelNoise {

  /**
   * An interval within this many of its level's own robust sigmas is the level's ({@link
   * #reclaim}): 3 sigmas hold all but one interval in 370 of a Gaussian level, and the same
   * distance marks a fall's intervals ({@link FallDeparture#FALL_SIGMAS}), so an interval is either
   * the level's or the passage's, never both.
   */
  static final double OWN_SPREAD_SIGMAS = 3;

  private LevelNoise() {}

  /**
   * The noise two neighbouring pieces {@code a} and {@code b} at {@code level} MB/s are told apart
   * by, MB/s: the run's relative noise at the level, or the noisier piece's own noise when it is a
   * noisier level ({@link #ownNoise}); no more than the larger spread inside the two (a rate that
   * alternates between two values, as whole requests in short intervals do, makes a
   * difference-based estimate too large), never below the quantum of one request. {@code known}
   * keeps each piece's own noise while the transitions do not change (a merge asks of every pair
   * again after each join, and a run of stalls has thousands of pieces).
   */
  static double mergeSigma(
      SampleSeries s,
      boolean[] transition,
      int[] a,
      int[] b,
      double level,
      double relNoise,
      double quantumMBps,
      Map<Long, Double> known) {
    double own =
        Math.max(
            known(s, transition, a, relNoise, known), known(s, transition, b, relNoise, known));
    double sigma = Math.max(relNoise * level, own);
    double inside = Math.max(Levels.spread(s, transition, a), Levels.spread(s, transition, b));
    if (!Double.isNaN(inside)) {
      sigma = Math.min(sigma, inside);
    }
    return Math.max(sigma, quantumMBps);
  }

  private static double known(
      SampleSeries s, boolean[] transition, int[] range, double relNoise, Map<Long, Double> known) {
    long key = ((long) range[0] << 32) | range[1];
    return known.computeIfAbsent(key, k -> ownNoise(s, transition, range, relNoise));
  }

  /**
   * A level's own noise in MB/s when it is a noisier level than the run's noise says, 0 otherwise:
   * measured as the run's is (1.4826 median absolute deviation of first differences over sqrt(2),
   * blind to a slow drift and to the odd outlier) over its intervals that wrote and are not
   * transitions (all of them when {@code transition} is null), and counted when it is at least
   * {@link Thresholds#OWN_NOISE_RUN_RATIO} times the run's relative noise at the level's median. 0
   * too under {@link Thresholds#LASTING_MIN_SAMPLES} intervals: a few differences are no estimate,
   * and a burst of a few intervals is the short first level's to read.
   */
  static double ownNoise(SampleSeries s, boolean[] transition, int[] range, double relNoise) {
    double[] x = new double[range[1] - range[0]];
    int m = 0;
    for (int i = range[0]; i < range[1]; i++) {
      if (s.bytes(i) > 0 && (transition == null || !transition[i])) {
        x[m++] = s.writeMBps(i);
      }
    }
    if (m < Thresholds.LASTING_MIN_SAMPLES) {
      return 0;
    }
    double own = Stats.diffNoiseSigma(x, 0, m);
    double level = Stats.median(Arrays.copyOf(x, m));
    return own >= Thresholds.OWN_NOISE_RUN_RATIO * relNoise * level ? own : 0;
  }

  /**
   * Gives a noisier level ({@link #ownNoise} over all its intervals) back the intervals of its own
   * noise: those marked as transitions that lie within {@link #OWN_SPREAD_SIGMAS} of its robust
   * spread (1.4826 median absolute deviation of all its intervals that wrote, about their median)
   * are its level's, not the passage between two levels. An interval a cliff fell in, or a fall's,
   * lies further out than that from both levels and stays a transition.
   */
  static void reclaim(SampleSeries s, boolean[] transition, int[] range, double relNoise) {
    if (ownNoise(s, null, range, relNoise) <= 0) {
      return;
    }
    double[] v = new double[range[1] - range[0]];
    int m = 0;
    for (int i = range[0]; i < range[1]; i++) {
      if (s.bytes(i) > 0) {
        v[m++] = s.writeMBps(i);
      }
    }
    v = Arrays.copyOf(v, m);
    double center = Stats.median(v);
    for (int i = 0; i < m; i++) {
      v[i] = Math.abs(v[i] - center);
    }
    double band = OWN_SPREAD_SIGMAS * 1.4826 * Stats.median(v);
    for (int i = range[0]; i < range[1]; i++) {
      if (transition[i] && s.bytes(i) > 0 && Math.abs(s.writeMBps(i) - center) <= band) {
        transition[i] = false;
      }
    }
  }

  /**
   * Marks as transitions the intervals at the edge between the first level of {@code r} and the
   * next that lie between their levels and outside {@link #OWN_SPREAD_SIGMAS} robust sigmas of both
   * (each level's 1.4826 median absolute deviation about its median, without those intervals): the
   * interval at the edge, and the one before or after it in turn while it does too (a cache that
   * falls over seconds writes its fall's intervals at neither rate). The burst is the rate the
   * cache took writes at, and the interval the cache ran out in wrote partly at each rate: counted
   * in the burst, it pulled a burst of nine quiet seconds 6% under the bytes over the time it held,
   * so "held 159 MB/s for 1.6 GB (9.34s)" said 169 by its own figures. Later edges are left as they
   * are: a stage's or a floor's level is read over many more intervals, and a swing's or a stage's
   * edges are the shapes' own to read. Levels of fewer than {@link Thresholds#LASTING_MIN_SAMPLES}
   * intervals are left too: a few give no spread to judge by.
   */
  static void markBurstEdge(SampleSeries s, boolean[] transition, List<int[]> r) {
    if (r.size() < 2) {
      return;
    }
    int[] a = r.get(0);
    int[] b = r.get(1);
    if (a[1] - a[0] < Thresholds.LASTING_MIN_SAMPLES
        || b[1] - b[0] < Thresholds.LASTING_MIN_SAMPLES) {
      return;
    }
    // A fall over several intervals leaves several between the levels: each in turn from the edge,
    // no further than half the shorter level, so that neither level is eaten (FallDeparture.isFall
    // and CliffDetector.fallEnds, which place the fall, let it outlast a burst with a spread).
    int most = Math.min(a[1] - a[0], b[1] - b[0]) / 2;
    for (int i = a[1] - 1; i >= a[1] - most && markIfBetween(s, transition, i, a, b); i--) {
      // marked
    }
    for (int i = b[0]; i < b[0] + most && markIfBetween(s, transition, i, b, a); i++) {
      // marked
    }
  }

  /**
   * Marks interval {@code i} of level {@code own} when it lies out of it towards {@code other};
   * whether it is marked.
   */
  private static boolean markIfBetween(
      SampleSeries s, boolean[] transition, int i, int[] own, int[] other) {
    if (transition[i] || s.bytes(i) <= 0) {
      return false;
    }
    double[] mine = centreAndSigma(s, transition, own, i);
    double[] theirs = centreAndSigma(s, transition, other, -1);
    double rate = s.writeMBps(i);
    boolean between =
        (rate - mine[0]) * (theirs[0] - mine[0]) > 0
            && (rate - theirs[0]) * (mine[0] - theirs[0]) > 0;
    if (between
        && Math.abs(rate - mine[0]) > OWN_SPREAD_SIGMAS * mine[1]
        && Math.abs(rate - theirs[0]) > OWN_SPREAD_SIGMAS * theirs[1]) {
      transition[i] = true;
      return true;
    }
    return false;
  }

  /** {median, robust sigma} of the level's writing intervals that are not transitions, but skip. */
  private static double[] centreAndSigma(
      SampleSeries s, boolean[] transition, int[] range, int skip) {
    double[] v = new double[range[1] - range[0]];
    int m = 0;
    for (int i = range[0]; i < range[1]; i++) {
      if (i != skip && s.bytes(i) > 0 && !transition[i]) {
        v[m++] = s.writeMBps(i);
      }
    }
    if (m == 0) {
      return new double[] {Double.NaN, Double.NaN};
    }
    v = Arrays.copyOf(v, m);
    double centre = Stats.median(v);
    for (int i = 0; i < m; i++) {
      v[i] = Math.abs(v[i] - centre);
    }
    return new double[] {centre, 1.4826 * Stats.median(v)};
  }
}
