package dev.sustain.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Groups change-point segments into plateaus, the levels a drive held: segments shorter than {@link
 * Thresholds#MIN_PLATEAU_SAMPLES} fold into the closer neighbour (a stall or a spike is not a
 * level), then neighbours closer than {@link Thresholds#PLATEAU_MERGE_FRACTION} or within {@link
 * Thresholds#SIGNIFICANCE} standard errors of each other merge, weakest pair first. A plateau's
 * level leaves out its short transition segments (the interval a cliff fell in is half one level
 * and half the next). A first level of one or two intervals that wrote far more than the level
 * after it is a level of its own (a burst too short to fold away: {@link #shortFirstLevel}). A
 * level noisier than the run is judged by its own noise, and its intervals within its own spread
 * are its level's, not transitions ({@link LevelNoise}). Stateless.
 */
final class Levels {

  /**
   * A stretch of pieces too short to be held is a level when it runs on for this many intervals:
   * six times the {@link Thresholds#LASTING_MIN_SAMPLES} a level needs, so that it spans several of
   * the fastest cycles a level cannot be held through (a transition between two levels takes an
   * interval or two, a drive settling after a cliff a few more).
   */
  static final int RIPPLE_MIN_SAMPLES = 30;

  /**
   * A ripple's band: its 10th percentile at least this fraction of its 90th. A controller's folding
   * or collection batches slow a floor by a fraction of it; a drive that falls below half its rate
   * and back is nearly stopping by turns, a starved translation layer's swing.
   */
  static final double RIPPLE_MIN_BOTTOM = 0.5;

  /**
   * A level is held, not passed through, when its least-squares line moves over it by at most this
   * many times the spread around the line: a piece of a ramp moves by many of its noise's.
   */
  static final double RIPPLE_MAX_DRIFT_SPREADS = 2;

  /**
   * A ripple holds one level: split anywhere into two sides of several cycles, their means differ
   * by at most this many times the spread inside them. A ramp-and-reset's sides differ by at most a
   * quarter of its depth (one side over two thirds of a cycle) against a spread of 0.29 of it; two
   * levels a step apart differ by the step against the noise of each.
   */
  static final double RIPPLE_MAX_STEP_SPREADS = 1;

  private Levels() {}

  /**
   * The plateaus of {@code s} over {@code segments} (which cover samples {@code [from, n)}).
   *
   * @param transition set for the samples of short segments (filled here)
   * @param relNoise the run's relative noise
   * @param quantumMBps the least noise of a level (one request per interval), 0 when unknown
   */
  static List<Segment> plateaus(
      SampleSeries s,
      List<Segment> segments,
      boolean[] transition,
      double relNoise,
      double quantumMBps) {
    segments = rippleLevels(s, segments, markShort(segments, transition));
    boolean keepFirst = shortFirstLevel(s, segments, transition, relNoise, quantumMBps);
    if (keepFirst) {
      Segment g = segments.getFirst();
      Arrays.fill(transition, g.startIndex(), g.endIndex(), false);
    }
    List<int[]> r = new ArrayList<>();
    for (Segment g : segments) {
      r.add(new int[] {g.startIndex(), g.endIndex()});
    }
    foldShort(s, r, transition, keepFirst);
    mergeClose(s, r, transition, relNoise, quantumMBps);
    for (int[] range : r) {
      LevelNoise.reclaim(s, transition, range, relNoise);
    }
    LevelNoise.markBurstEdge(s, transition, r);
    List<Segment> out = new ArrayList<>(r.size());
    for (int[] range : r) {
      if (levelSamples(transition, range) == 0) {
        // Nothing but transitions (a run of two intervals): the level is all of it.
        out.add(Segment.of(s, range[0], range[1]));
        continue;
      }
      out.add(trimmed(s, range[0], range[1], transition));
    }
    return out;
  }

  /**
   * Folds each piece too short to be a plateau into the neighbour whose level is nearer its mean,
   * shortest first. A piece is short while it has fewer level (non-transition) samples than a
   * plateau needs: two short segments side by side (an outlier next to a first interval) stay short
   * together. A first level kept as one of its own ({@link #shortFirstLevel}) is not folded.
   */
  private static void foldShort(
      SampleSeries s, List<int[]> r, boolean[] transition, boolean keepFirst) {
    while (r.size() > 1) {
      int shortest = -1;
      for (int i = keepFirst ? 1 : 0; i < r.size(); i++) {
        int len = levelSamples(transition, r.get(i));
        if (len < Thresholds.MIN_PLATEAU_SAMPLES
            && (shortest < 0 || len < levelSamples(transition, r.get(shortest)))) {
          shortest = i;
        }
      }
      if (shortest < 0) {
        break;
      }
      double m = mean(s, r.get(shortest));
      int into;
      if (shortest == 0) {
        into = 1;
      } else if (shortest == r.size() - 1) {
        into = shortest - 1;
      } else {
        double dl = Math.abs(levelMean(s, transition, r.get(shortest - 1)) - m);
        double dr = Math.abs(levelMean(s, transition, r.get(shortest + 1)) - m);
        into = dl <= dr ? shortest - 1 : shortest + 1;
      }
      join(r, Math.min(shortest, into));
    }
  }

  /**
   * Merges neighbours whose levels are closer than {@link Thresholds#PLATEAU_MERGE_FRACTION} or
   * within {@link Thresholds#SIGNIFICANCE} standard errors of each other, weakest pair first, until
   * no pair is that close. The standard error is at the pair's noise ({@link
   * LevelNoise#mergeSigma}), each piece's own noise kept across the joins.
   */
  private static void mergeClose(
      SampleSeries s, List<int[]> r, boolean[] transition, double relNoise, double quantumMBps) {
    Map<Long, Double> ownNoise = new HashMap<>();
    while (r.size() > 1) {
      int best = -1;
      double bestScore = 1;
      for (int i = 0; i + 1 < r.size(); i++) {
        double a = levelMean(s, transition, r.get(i));
        double b = levelMean(s, transition, r.get(i + 1));
        double level = Math.max(Math.max(a, b), 1e-12);
        double rel = Math.abs(a - b) / level;
        double sigma =
            LevelNoise.mergeSigma(
                s, transition, r.get(i), r.get(i + 1), level, relNoise, quantumMBps, ownNoise);
        double se = sigma * Math.sqrt(1.0 / len(r.get(i)) + 1.0 / len(r.get(i + 1)));
        double score =
            Math.min(
                rel / Thresholds.PLATEAU_MERGE_FRACTION,
                Math.abs(a - b) / (Thresholds.SIGNIFICANCE * se + 1e-12));
        if (score < bestScore) {
          bestScore = score;
          best = i;
        }
      }
      if (best < 0) {
        break;
      }
      join(r, best);
    }
  }

  /**
   * The plateau of samples {@code [from, to)} whose level leaves out the transitions at either end
   * (at least one sample stays in the level).
   */
  static Segment trimmed(SampleSeries s, int from, int to, boolean[] transition) {
    int lf = from;
    int lt = to;
    while (lf < lt - 1 && transition[lf]) {
      lf++;
    }
    while (lt - 1 > lf && transition[lt - 1]) {
      lt--;
    }
    return Segment.of(s, from, to, lf, lt);
  }

  /** Marks the samples of segments too short to be a plateau as transitions; returns the marks. */
  private static boolean[] markShort(List<Segment> segments, boolean[] transition) {
    for (Segment g : segments) {
      if (g.sampleCount() < Thresholds.MIN_PLATEAU_SAMPLES) {
        Arrays.fill(transition, g.startIndex(), g.endIndex(), true);
      }
    }
    return transition;
  }

  /**
   * A stretch of segments none of which held long enough to be a level (the lasting time, at least
   * {@link Thresholds#LASTING_MIN_SAMPLES} intervals) is a transition when it is short: the
   * interval a cliff fell in, an outlier. Running on for {@link #RIPPLE_MIN_SAMPLES} intervals or
   * more it is where the drive is: a floor that cycles faster than a level can be held (a
   * controller folding its SLC cache or collecting garbage in batches of a few intervals, the rate
   * climbing as a batch drains and falling back as the next begins) is one level with a spread.
   * With little noise of its own such a floor's steady steps make the neighbour-difference noise
   * tiny, the segmenter cuts it into pieces of one or two intervals, and as transitions they would
   * fold into the level before them (the burst). Such a stretch is one segment, not transitions,
   * when it stays within a band whose bottom is at least {@link #RIPPLE_MIN_BOTTOM} of its top (a
   * drive that falls further and back swings, which is the erratic rule's to read) and holds one
   * level ({@link #splits}: a step or a decline cut into short pieces stays what it is).
   */
  static List<Segment> rippleLevels(SampleSeries s, List<Segment> segments, boolean[] transition) {
    List<Segment> out = new ArrayList<>(segments.size());
    double lasting = Curve.lastingSeconds(s);
    int k = 0;
    while (k < segments.size()) {
      int m = k;
      while (m < segments.size() && !held(s, segments.get(m), lasting)) {
        m++;
      }
      if (m == k) {
        out.add(segments.get(k++));
        continue;
      }
      int from = segments.get(k).startIndex();
      int to = segments.get(m - 1).endIndex();
      int[] inner = to - from >= RIPPLE_MIN_SAMPLES ? ripple(s, from, to) : null;
      if (inner != null) {
        Arrays.fill(transition, inner[0], inner[1], false);
        out.add(Segment.of(s, from, to));
      } else {
        out.addAll(segments.subList(k, m));
      }
      k = m;
    }
    return out;
  }

  /**
   * The samples of [from, to) that are a ripple's level, or null when the stretch is none: it stays
   * in one band and holds one level. Up to two intervals at either end outside its band (below its
   * 10th percentile or above its 90th) are left out and stay transitions: the interval a cliff fell
   * in is half the level before and half this one.
   */
  private static int[] ripple(SampleSeries s, int from, int to) {
    double[] sorted = new double[to - from];
    for (int i = from; i < to; i++) {
      sorted[i - from] = s.writeMBps(i);
    }
    Arrays.sort(sorted);
    double bottom = Stats.sortedQuantile(sorted, 0.1);
    double top = Stats.sortedQuantile(sorted, 0.9);
    if (!(top > 0) || bottom < RIPPLE_MIN_BOTTOM * top) {
      return null;
    }
    int a = from;
    while (a < from + 2 && outside(s.writeMBps(a), bottom, top)) {
      a++;
    }
    int b = to;
    while (b > to - 2 && outside(s.writeMBps(b - 1), bottom, top)) {
      b--;
    }
    return splits(s, a, b) ? null : new int[] {a, b};
  }

  private static boolean outside(double v, double bottom, double top) {
    return v < bottom || v > top;
  }

  /**
   * Whether a segment held a level: for the lasting time, {@link Thresholds#LASTING_MIN_SAMPLES}
   * intervals or more, without its line moving beyond its spread (a piece of a ramp is passed
   * through, not held).
   */
  private static boolean held(SampleSeries s, Segment g, double lastingSeconds) {
    return g.sampleCount() >= Thresholds.LASTING_MIN_SAMPLES
        && g.durationSeconds() >= lastingSeconds - 1e-9
        && !moves(s, g.startIndex(), g.endIndex());
  }

  /**
   * Whether samples [from, to) hold two levels: at some split, with a third of {@link
   * #RIPPLE_MIN_SAMPLES} or more on each side, the two sides' means differ by more than {@link
   * #RIPPLE_MAX_STEP_SPREADS} times the spread inside them. A step (or a decline) lies far outside
   * the noise of the levels either side of it; a ripple's sides, each spanning cycles, differ by a
   * fraction of the ripple's own spread.
   */
  private static boolean splits(SampleSeries s, int from, int to) {
    int m = to - from;
    double[] sum = new double[m + 1];
    double[] squares = new double[m + 1];
    for (int i = 0; i < m; i++) {
      double v = s.writeMBps(from + i);
      sum[i + 1] = sum[i] + v;
      squares[i + 1] = squares[i] + v * v;
    }
    int side = RIPPLE_MIN_SAMPLES / 3;
    for (int k = side; k <= m - side; k++) {
      double left = sum[k] / k;
      double right = (sum[m] - sum[k]) / (m - k);
      double within =
          squares[k] - k * left * left + (squares[m] - squares[k]) - (m - k) * right * right;
      double spread = Math.sqrt(Math.max(0, within) / (m - 2));
      if (Math.abs(left - right) > RIPPLE_MAX_STEP_SPREADS * spread) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether the least-squares line through samples [from, to) moves over them by more than {@link
   * #RIPPLE_MAX_DRIFT_SPREADS} times the spread around it: a ramp or a decline, not a level.
   */
  private static boolean moves(SampleSeries s, int from, int to) {
    int m = to - from;
    if (m < 3) {
      return false;
    }
    double mt = (m - 1) / 2.0;
    double my = 0;
    for (int i = 0; i < m; i++) {
      my += s.writeMBps(from + i);
    }
    my /= m;
    double sxy = 0;
    double sxx = 0;
    for (int i = 0; i < m; i++) {
      sxy += (i - mt) * (s.writeMBps(from + i) - my);
      sxx += (i - mt) * (i - mt);
    }
    double slope = sxy / sxx;
    double residual = 0;
    for (int i = 0; i < m; i++) {
      double e = s.writeMBps(from + i) - my - slope * (i - mt);
      residual += e * e;
    }
    double spread = Math.sqrt(residual / Math.max(1, m - 2));
    return Math.abs(slope) * m > RIPPLE_MAX_DRIFT_SPREADS * spread;
  }

  /**
   * Whether the first segment, shorter than a plateau, is a level of its own: the next segment long
   * enough to be a level is at or below {@link Thresholds#DROP_FRACTION} of it and differs from it
   * by {@link Thresholds#SIGNIFICANCE} standard errors (the next level's noise, at least the
   * quantum of one request). A drive cannot write faster than its fast level, and an interval's
   * bytes over its true length are what it wrote: one or two intervals far above all that follows
   * are a burst that ended (a DRAM or page cache, a small SLC cache), not noise to fold into the
   * level after it. Anywhere else such intervals are an excursion of the level around them.
   */
  static boolean shortFirstLevel(
      SampleSeries s,
      List<Segment> segments,
      boolean[] transition,
      double relNoise,
      double quantumMBps) {
    if (segments.size() < 2
        || segments.getFirst().sampleCount() >= Thresholds.MIN_PLATEAU_SAMPLES) {
      return false;
    }
    Segment first = segments.getFirst();
    Segment next = null;
    // The next level that wrote: stalls after a first interval are not a level it fell to.
    for (int k = 1; k < segments.size() && next == null; k++) {
      Segment g = segments.get(k);
      if (g.sampleCount() >= Thresholds.MIN_PLATEAU_SAMPLES && !mostlyStalls(s, g)) {
        next = g;
      }
    }
    if (next == null) {
      return false;
    }
    double high = first.meanMBps();
    double low = next.meanMBps();
    if (!(high > 0) || low > Thresholds.DROP_FRACTION * high) {
      return false;
    }
    double sigma = relNoise * high;
    double inside = spread(s, transition, new int[] {next.startIndex(), next.endIndex()});
    if (!Double.isNaN(inside)) {
      sigma = Math.min(sigma, inside);
    }
    sigma = Math.max(sigma, quantumMBps);
    double se = sigma * Math.sqrt(1.0 / first.sampleCount() + 1.0 / next.sampleCount());
    return high - low >= Thresholds.SIGNIFICANCE * se;
  }

  private static boolean mostlyStalls(SampleSeries s, Segment g) {
    int zeros = 0;
    for (int i = g.startIndex(); i < g.endIndex(); i++) {
      zeros += s.bytes(i) == 0 ? 1 : 0;
    }
    return zeros > Thresholds.STALL_LEVEL_ZERO_FRACTION * g.sampleCount();
  }

  /** The mean rate of a range without its transition samples (all of it if that is all). */
  static double levelMean(SampleSeries s, boolean[] transition, int[] range) {
    double levelMBps = Curve.meanMBpsOutside(s, transition, range[0], range[1]);
    return Double.isNaN(levelMBps) ? mean(s, range) : levelMBps;
  }

  /** The standard deviation of a range's non-zero, non-transition samples; NaN under 3. */
  static double spread(SampleSeries s, boolean[] transition, int[] range) {
    double sum = 0;
    double sumSq = 0;
    int m = 0;
    for (int i = range[0]; i < range[1]; i++) {
      if (s.bytes(i) > 0 && !transition[i]) {
        double v = s.writeMBps(i);
        sum += v;
        sumSq += v * v;
        m++;
      }
    }
    if (m < 3) {
      return Double.NaN;
    }
    double mean = sum / m;
    return Math.sqrt(Math.max(0, (sumSq - m * mean * mean) / (m - 1)));
  }

  /**
   * The lag-1 autocorrelation of the rate's noise around its plateaus, 0 to {@link
   * Thresholds#MAX_NOISE_CORRELATION}: a drive whose rate wanders (a controller's background work
   * spans several intervals) makes neighbouring intervals alike, and then a plateau's mean is worth
   * fewer independent intervals than it has. Relative residuals from each plateau's mean, pairs of
   * neighbours inside one plateau, neither a stall nor a transition nor beyond 3 robust sigmas (a
   * dip of several intervals is the curve's shape, not its noise). 0 with fewer than {@link
   * Thresholds#LASTING_MIN_SAMPLES} pairs. Plateaus cut at the wander absorb part of it, so this
   * errs low: a level is still told apart from its neighbour a little too readily, never less so.
   */
  static double noiseCorrelation(SampleSeries s, List<Segment> plateaus, boolean[] transition) {
    double[] e = new double[s.size()];
    Arrays.fill(e, Double.NaN);
    for (Segment p : plateaus) {
      double level = p.meanMBps();
      for (int i = p.startIndex(); i < p.endIndex() && level > 0; i++) {
        if (s.bytes(i) > 0 && !transition[i]) {
          e[i] = s.writeMBps(i) / level - 1;
        }
      }
    }
    double[] abs = Arrays.stream(e).filter(v -> !Double.isNaN(v)).map(Math::abs).toArray();
    if (abs.length < 2 * Thresholds.LASTING_MIN_SAMPLES) {
      return 0;
    }
    double limit = 3 * 1.4826 * Stats.median(abs);
    double products = 0;
    double squares = 0;
    int pairs = 0;
    for (Segment p : plateaus) {
      for (int i = p.startIndex(); i + 1 < p.endIndex(); i++) {
        // (NaN fails both comparisons: a stall or a transition breaks a pair.)
        if (Math.abs(e[i]) <= limit && Math.abs(e[i + 1]) <= limit) {
          products += e[i] * e[i + 1];
          squares += 0.5 * (e[i] * e[i] + e[i + 1] * e[i + 1]);
          pairs++;
        }
      }
    }
    if (pairs < Thresholds.LASTING_MIN_SAMPLES || squares <= 0) {
      return 0;
    }
    return Math.max(0, Math.min(Thresholds.MAX_NOISE_CORRELATION, products / squares));
  }

  private static int levelSamples(boolean[] transition, int[] range) {
    int m = 0;
    for (int i = range[0]; i < range[1]; i++) {
      m += transition[i] ? 0 : 1;
    }
    return m;
  }

  private static int len(int[] range) {
    return range[1] - range[0];
  }

  private static void join(List<int[]> r, int i) {
    r.get(i)[1] = r.get(i + 1)[1];
    r.remove(i + 1);
  }

  private static double mean(SampleSeries s, int[] range) {
    long b = 0;
    for (int i = range[0]; i < range[1]; i++) {
      b += s.bytes(i);
    }
    double sec = s.timeSeconds(range[1] - 1) - s.startSeconds(range[0]);
    return sec > 0 ? b / 1e6 / sec : 0;
  }
}
