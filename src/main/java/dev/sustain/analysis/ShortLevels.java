package dev.sustain.analysis;

import java.util.List;

/**
 * What the levels cannot tell, so that the words say so instead of claiming more: a fall at the end
 * of a run too recent to tell a cliff (then "no cliff in the first N GB" counts only the bytes
 * before it). Spikes too few to be a level are {@link SpikeDetector}'s. Stateless.
 */
final class ShortLevels {

  private ShortLevels() {}

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
