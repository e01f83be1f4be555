package dev.sustain.analysis;

import java.util.List;

/**
 * What the levels cannot tell, so that the words say so instead of claiming more: intervals far
 * above the level around them that are too few to be a level (a spike in the middle of a run), and
 * a fall at the end of a run too recent to tell a cliff (then "no cliff in the first N GB" counts
 * only the bytes before it). Stateless.
 */
final class ShortLevels {

  private ShortLevels() {}

  /**
   * Intervals that stand at least 1 / {@link Thresholds#DROP_FRACTION} above the level of their
   * plateau and {@link Thresholds#SIGNIFICANCE} noise sigmas (at least the quantum of one request)
   * above it; null when none.
   */
  static Findings.Spikes spikes(Curve c) {
    List<Segment> p = c.plateaus;
    int count = 0;
    int highest = -1;
    double highestLevel = 0;
    // A first level of one or two intervals is a plateau of its own (a burst): none of its
    // intervals stands above its level, so every plateau is searched.
    for (int k = 0; k < p.size(); k++) {
      Segment q = p.get(k);
      double level = q.meanMBps();
      // Judged against the level's own spread (robust, so the spikes do not widen it): a floor
      // that ripples has tops that belong to it.
      double sigma = Math.max(Math.max(c.relNoise * level, c.quantumMBps), robustSpread(c, q));
      double line =
          Math.max(level / Thresholds.DROP_FRACTION, level + Thresholds.SIGNIFICANCE * sigma);
      for (int i = q.startIndex(); i < q.endIndex(); i++) {
        if (c.r[i] > line && level > 0 && !mixed(c, k, i)) {
          count++;
          if (highest < 0 || c.r[i] / level > c.r[highest] / highestLevel) {
            highest = i;
            highestLevel = level;
          }
        }
      }
    }
    return count == 0
        ? null
        : new Findings.Spikes(count, c.startOf(highest), c.r[highest], highestLevel);
  }

  /**
   * Whether interval i of plateau k is the step from or to a neighbouring level: a transition at
   * the plateau's edge whose rate is no higher than the neighbour's level (the interval a cliff
   * fell in is part one level and part the next, not a spike above either).
   */
  private static boolean mixed(Curve c, int k, int i) {
    List<Segment> p = c.plateaus;
    Segment q = p.get(k);
    if (!c.transition[i]) {
      return false;
    }
    boolean before = k > 0 && i < q.startIndex() + 2 && c.r[i] <= p.get(k - 1).meanMBps();
    boolean after = k + 1 < p.size() && i >= q.endIndex() - 2 && c.r[i] <= p.get(k + 1).meanMBps();
    return before || after;
  }

  /** 1.4826 times the median absolute deviation of a plateau's level intervals; 0 under 3. */
  private static double robustSpread(Curve c, Segment q) {
    double[] v = new double[q.sampleCount()];
    int m = 0;
    for (int i = q.startIndex(); i < q.endIndex(); i++) {
      if (!c.stall(i) && !c.transition[i]) {
        v[m++] = c.r[i];
      }
    }
    if (m < 3) {
      return 0;
    }
    double[] kept = java.util.Arrays.copyOf(v, m);
    double median = Stats.median(kept);
    for (int i = 0; i < m; i++) {
      kept[i] = Math.abs(kept[i] - median);
    }
    return 1.4826 * Stats.median(kept);
  }

  /**
   * The run ended on plateaus below {@link Thresholds#DROP_FRACTION} of the level before them (or
   * on stalls), the first of them differing from it beyond noise, without a cliff: the fall, placed
   * inside the interval it began in as a cliff is. Null when the run did not end so, or had a
   * cliff.
   */
  static Findings.Fall fall(Curve c, Findings.Cliff cliff) {
    if (cliff != null) {
      return null;
    }
    List<Segment> p = c.plateaus;
    int t = p.size();
    while (t > 1
        && (p.get(t - 1).meanMBps() <= Thresholds.DROP_FRACTION * c.burst
            || c.stallLevel(p.get(t - 1)))) {
      t--;
    }
    if (t == p.size()) {
      return null;
    }
    Segment before = p.get(t - 1);
    Segment low = p.get(t);
    if (low.meanMBps() > Thresholds.DROP_FRACTION * before.meanMBps() || !c.differ(before, low)) {
      return null;
    }
    int b = CliffDetector.stepIndex(c, low.startIndex(), before.meanMBps(), low.meanMBps());
    double[] at = CliffDetector.placeInInterval(c, b, before.meanMBps(), low.meanMBps());
    return new Findings.Fall(
        at[0], at[1] / 1e9, before.meanMBps(), low.meanMBps(), c.endOf(c.n - 1) - at[0]);
  }
}
