package dev.sustain.analysis;

import java.util.Arrays;
import java.util.List;

/**
 * Intervals far above the level around them that are too few to be a level (a spike in the middle
 * of a run): named, so that the words say the data cannot tell more instead of claiming a level.
 * Immutable.
 *
 * @param limits the numbers a spike is read by
 */
record SpikeDetector(SpikeDetector.Limits limits)
    implements Detector<Findings.Spikes, SpikeDetector.Limits> {

  /**
   * The numbers a spike is read by: the analysis's own lines for a change of level, so that an
   * interval named a spike stands above its level as far as a drop the analysis names lies below
   * one.
   *
   * @param dropFraction an interval is a spike only at least 1 / this above its plateau's level: a
   *     rise as large as the least drop ({@link Thresholds#DROP_FRACTION}), beyond any healthy
   *     drive's interval noise
   * @param sigmas ... and this many noise sigmas above it (the level's own robust spread, the run's
   *     noise or one request's quantum, whichever is most): the standard errors by which two levels
   *     differ ({@link Thresholds#SIGNIFICANCE}), so a floor that ripples keeps its tops
   * @param spreadMinIntervals a level's own spread is read only from at least this many of its
   *     intervals: the median absolute deviation of one or two intervals is no spread
   * @param maxShare a plateau's intervals above its line are spikes only while they are at most
   *     this share of its intervals: a quarter. Noise puts one interval in a thousand three sigmas
   *     up, and an odd fast interval is rarer still; a plateau that spends more of its time far
   *     above its mean is no level with spikes on it but an alternation the segmenter could not cut
   *     (900 and 0 MB/s by turns of two seconds have a mean of 450 that no interval wrote), and
   *     "too few to be a level" of half its intervals is false
   */
  public record Limits(
      double dropFraction, double sigmas, int spreadMinIntervals, double maxShare) {

    /** The limits the analysis reads every curve by. */
    public static final Limits DEFAULT =
        new Limits(Thresholds.DROP_FRACTION, Thresholds.SIGNIFICANCE, 3, 0.25);
  }

  /**
   * Intervals that stand at least 1 / {@link Limits#dropFraction} above the level of their plateau
   * and {@link Limits#sigmas} noise sigmas (at least the quantum of one request) above it, in the
   * plateaus where they are at most {@link Limits#maxShare} of the intervals; null when none.
   */
  @Override
  public Findings.Spikes find(Reading r) {
    Curve c = r.curve();
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
      double line = Math.max(level / limits.dropFraction(), level + limits.sigmas() * sigma);
      int above = 0;
      int top = -1;
      for (int i = q.startIndex(); i < q.endIndex(); i++) {
        if (c.r[i] > line && level > 0 && !mixed(c, k, i)) {
          above++;
          top = top < 0 || c.r[i] > c.r[top] ? i : top;
        }
      }
      if (above == 0 || above > limits.maxShare() * q.sampleCount()) {
        continue;
      }
      count += above;
      if (highest < 0 || c.r[top] / level > c.r[highest] / highestLevel) {
        highest = top;
        highestLevel = level;
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

  /**
   * 1.4826 times the median absolute deviation of a plateau's level intervals (the standard
   * deviation of Gaussian noise); 0 under {@link Limits#spreadMinIntervals}.
   */
  private double robustSpread(Curve c, Segment q) {
    double[] v = new double[q.sampleCount()];
    int m = 0;
    for (int i = q.startIndex(); i < q.endIndex(); i++) {
      if (!c.stall(i) && !c.transition[i]) {
        v[m++] = c.r[i];
      }
    }
    if (m < limits.spreadMinIntervals()) {
      return 0;
    }
    double[] kept = Arrays.copyOf(v, m);
    double median = Stats.median(kept);
    for (int i = 0; i < m; i++) {
      kept[i] = Math.abs(kept[i] - median);
    }
    return 1.4826 * Stats.median(kept);
  }

  @Override
  public Findings.Spikes in(Findings f) {
    return f.spikes();
  }

  @Override
  public List<Words> evidence(Findings.Spikes s, Analysis a) {
    return List.of(
        Words.of(
            s.intervals() == 1
                ? "{} interval stood far above the level around it (the highest {rate} at {time},"
                    + " against {rate}): too few to be a level, read as part of the level around"
                    + " it; the data cannot tell more."
                : "{} intervals stood far above the level around them (the highest {rate} at"
                    + " {time}, against {rate}): too few to be a level, read as part of the level"
                    + " around them; the data cannot tell more.",
            s.intervals(),
            s.highestMBps(),
            s.atSeconds(),
            s.levelMBps()));
  }
}
