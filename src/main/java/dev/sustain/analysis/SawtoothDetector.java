package dev.sustain.analysis;

import java.util.ArrayList;
import java.util.List;

/**
 * Heat by its beat: short dips at a regular period ({@link ThrottleDetector#sawtooth}), or else any
 * alternation at a steady period (long heat cycles, {@link CycleDetector}), and, where no rule read
 * a shape, shallow cycles found by folding the rate at a period ({@link CycleFold}). Regularity is
 * a property of the alternation, not of how short its low half is. The throttle's onset is the
 * first departure from the first lasting level. Its words say the dips, their beat and what a long
 * job gets, and why swings at a steady beat are not a starved drive's. The dips' and cycles' own
 * numbers are still {@link Thresholds}' and those classes' constants; its limits are the onset's.
 * Immutable.
 *
 * @param limits the numbers its onset is read by
 */
record SawtoothDetector(SawtoothDetector.Limits limits)
    implements Detector<Findings.Sawtooth, SawtoothDetector.Limits> {

  /**
   * The numbers the onset is read by.
   *
   * @param onsetPeriods the first lasting level's end, or the rate's first departure from it
   *     ({@link ThrottleDetector#departure}), is the onset when it lies at most this many periods
   *     before the first dip (2): the dips begin within a period of the departure, and the first,
   *     at the seam half on the old level, may join no train
   */
  public record Limits(double onsetPeriods) {

    /** The limits the analysis reads every curve by. */
    public static final Limits DEFAULT = new Limits(2);
  }

  /** Short dips at a regular period, or else any alternation at a steady period; or null. */
  @Override
  public Findings.Sawtooth find(Reading r) {
    Curve c = r.curve();
    Findings.Sawtooth dips = ThrottleDetector.sawtooth(c);
    Findings.Sawtooth found = dips != null ? dips : CycleDetector.find(c);
    return found == null ? null : onset(c, found);
  }

  /**
   * Shallow cycles at a steady period, found by folding the rate ({@link CycleFold}), with their
   * onset; null when none. The rule list asks it only where no other rule read a shape.
   */
  Findings.Sawtooth folded(Curve c) {
    Findings.Sawtooth found = CycleFold.find(c);
    return found == null ? null : onset(c, found);
  }

  /**
   * The throttle's onset is the first departure from the first lasting level: when the first
   * plateau ends within {@link Limits#onsetPeriods} periods before the train's first dip, or the
   * rate before that dip steps down to a lower level between dips ({@link
   * ThrottleDetector#departure}), the onset is there.
   */
  private Findings.Sawtooth onset(Curve c, Findings.Sawtooth s) {
    int firstDip = c.from;
    while (firstDip < c.n && c.startOf(firstDip) < s.onsetSeconds()) {
      firstDip++;
    }
    double at = c.startOf(ThrottleDetector.departure(c, firstDip));
    Segment first = c.plateaus.getFirst();
    if (c.lastingLevel(first) && first.endIndex() < c.n) {
      at = Math.min(at, c.startOf(first.endIndex()));
    }
    if (at >= s.onsetSeconds()
        || s.onsetSeconds() - at > limits.onsetPeriods() * s.periodSeconds()) {
      return s;
    }
    return new Findings.Sawtooth(
        s.dips(), s.periodSeconds(), s.dipSeconds(), s.dipMBps(), s.levelMBps(), at, s.meanMBps());
  }

  @Override
  public Findings.Sawtooth in(Findings f) {
    return f.sawtooth();
  }

  /** "dips to 300 MB/s every 45s and comes back: 1200 MB/s on average". */
  @Override
  public Words headline(Findings.Sawtooth s, Analysis a) {
    return Words.of(
        "dips to {rate} every {time} and comes back: {rate} on average",
        s.dipMBps(),
        s.periodSeconds(),
        a.floorMBps());
  }

  /** The dips and their beat; and, when the erratic rule counted swings, why they are not its. */
  @Override
  public List<Words> evidence(Findings.Sawtooth s, Analysis a) {
    List<Words> e = new ArrayList<>();
    e.add(
        Words.of(
            "{} dips to {rate} ({pct} of {rate}) for about {time} every {time} from {time} on,"
                + " each coming back: a controller throttling as it heats and resuming as it"
                + " cools; over whole periods it wrote {rate}.",
            s.dips(),
            s.dipMBps(),
            s.dipMBps() / s.levelMBps(),
            s.levelMBps(),
            s.dipSeconds(),
            s.periodSeconds(),
            s.onsetSeconds(),
            s.meanMBps()));
    if (a.findings().erraticSwings()) {
      // Say why the other reading of swings was rejected: the period is the evidence.
      e.add(
          Words.of(
              "Not a translation layer short of free blocks: it swings whenever they run out, at"
                  + " irregular times, while these lows came every {time} within a quarter.",
              s.periodSeconds()));
    }
    return e;
  }
}
