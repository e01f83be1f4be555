package dev.sustain.analysis;

import java.util.List;

/**
 * What the levels cannot tell, said so instead of claiming more: a fall at the end of a run too
 * recent to tell a cliff. Then "no cliff in the first N GB" counts only the bytes before it, and
 * the cache is at least those. Spikes too few to be a level are {@link SpikeDetector}'s. Immutable.
 *
 * @param limits the numbers a fall is read by
 */
record FallDetector(FallDetector.Limits limits)
    implements Detector<Findings.Fall, FallDetector.Limits> {

  /**
   * The numbers a fall is read by.
   *
   * @param dropFraction the run ended on plateaus below this fraction of the burst, the first of
   *     them below it of the level before ({@link Thresholds#DROP_FRACTION}, the analysis's line
   *     for every drop): a fall as large as the least cliff, too recent to be one
   */
  public record Limits(double dropFraction) {

    /** The limits the analysis reads every curve by. */
    public static final Limits DEFAULT = new Limits(Thresholds.DROP_FRACTION);
  }

  /**
   * The run ended on plateaus below {@link Limits#dropFraction} of the burst (or on stalls), the
   * first of them below that of the level before it and differing from it beyond noise, without a
   * cliff ({@link Reading#cliff}): the fall, placed inside the interval it began in as a cliff is.
   * Null when the run did not end so, or had a cliff.
   */
  @Override
  public Findings.Fall find(Reading r) {
    if (r.cliff() != null) {
      return null;
    }
    Curve c = r.curve();
    List<Segment> p = c.plateaus;
    int t = p.size();
    while (t > 1
        && (p.get(t - 1).meanMBps() <= limits.dropFraction() * c.burst
            || c.stallLevel(p.get(t - 1)))) {
      t--;
    }
    if (t == p.size()) {
      return null;
    }
    Segment before = p.get(t - 1);
    Segment low = p.get(t);
    if (low.meanMBps() > limits.dropFraction() * before.meanMBps() || !c.differ(before, low)) {
      return null;
    }
    // Placed as the cliff places its step.
    int b =
        StepPlace.index(
            c,
            low.startIndex(),
            before.meanMBps(),
            low.meanMBps(),
            CliffDetector.Limits.DEFAULT.stepPlaceIntervals());
    double[] at = StepPlace.inInterval(c, b, before.meanMBps(), low.meanMBps());
    return new Findings.Fall(
        at[0], at[1] / 1e9, before.meanMBps(), low.meanMBps(), c.endOf(c.n - 1) - at[0]);
  }

  @Override
  public Findings.Fall in(Findings f) {
    return f.fall();
  }

  /** The fall and what it leaves of the cache: at least the bytes written before it. */
  @Override
  public List<Words> evidence(Findings.Fall fall, Analysis a) {
    return List.of(
        Words.of(
            "The rate fell from {rate} to {rate} at {time}, {time} before the run ended: too soon"
                + " to tell a cliff. The cache, if any, is at least the {gb} written before the"
                + " fall.",
            fall.fromMBps(),
            fall.toMBps(),
            fall.seconds(),
            fall.lastedSeconds(),
            fall.gigabytes()));
  }

  /** The text's cache line: at least what was written before the fall. */
  @Override
  public Words figureLine(Findings.Fall fall, Analysis a) {
    return Words.of(
        "at least {gb} (written before the fall at {time}; too soon after it to tell a cliff)",
        a.cacheGBMin(),
        fall.seconds());
  }
}
