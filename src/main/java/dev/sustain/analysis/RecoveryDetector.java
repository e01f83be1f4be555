package dev.sustain.analysis;

import java.util.List;

/**
 * Heat's first signature: a lasting climb back after a lasting drop, while still writing. A cache
 * that has run out does not refill mid-write; a controller that has cooled speeds up again. A drive
 * starts cool, at full speed, so heat only lowers the rate from where it started: the drop is from
 * a level the run's opening (lasting or not) and first lasting level are {@link
 * Limits#slowStartFraction} of, to below the first lasting level beyond noise. A run that opened
 * slower sped up from a slow start first (the erratic rule's). Immutable.
 *
 * @param limits the numbers a climb back is read by
 */
record RecoveryDetector(RecoveryDetector.Limits limits)
    implements Detector<Findings.Recovery, RecoveryDetector.Limits> {

  /**
   * The numbers a climb back is read by.
   *
   * @param dropFraction the drop before it is a lasting level below this fraction of the best one
   *     before it ({@link Thresholds#DROP_FRACTION}, the analysis's line for every drop)
   * @param slowStartFraction ... from a level the run's opening and first lasting level are at
   *     least this fraction of ({@link Thresholds#SLOW_START_FRACTION}): below it the run started
   *     slow, which no heat does
   * @param climbFraction a climb back is a lasting level this much above the low ({@link
   *     Thresholds#RECOVERY_FRACTION}, which the live phase reads too): a cache that has run out
   *     does not refill mid-write, so any lasting climb this large is heat
   * @param ofBurst ... and by at least this fraction of the best level before the drop ({@link
   *     Thresholds#RECOVERY_OF_BURST}, the live phase's too), so a crawl at 1% cannot recover
   * @param spreadSigmas a smaller climb is one too when it lies this many spreads of a single
   *     interval (of the low level or the level climbed to, whichever is noisier) above the low
   *     (6): then no interval of the low level reaches the level it climbed to, so the two are
   *     distinct levels, not one wandering. A controller steps back up by one clock step of 10-12%
   *     from a stage of 1% noise (8-17 spreads); a noisy floor's wander, a spread of a tenth or
   *     more, would need to climb 60% for it
   */
  public record Limits(
      double dropFraction,
      double slowStartFraction,
      double climbFraction,
      double ofBurst,
      double spreadSigmas) {

    /** The limits the analysis reads every curve by. */
    public static final Limits DEFAULT =
        new Limits(
            Thresholds.DROP_FRACTION,
            Thresholds.SLOW_START_FRACTION,
            Thresholds.RECOVERY_FRACTION,
            Thresholds.RECOVERY_OF_BURST,
            6);
  }

  /** The first lasting climb back after a lasting drop, or null. */
  @Override
  public Findings.Recovery find(Reading r) {
    Curve c = r.curve();
    Segment first = null;
    Segment best = null;
    Segment low = null;
    double bestAtDrop = Double.NaN;
    double opening = Double.NaN;
    for (Segment p : c.plateaus) {
      if (Double.isNaN(opening) && p.startIndex() >= c.from && !c.stallLevel(p)) {
        opening = p.meanMBps();
      }
      if (p.startIndex() < c.from || !c.lastingLevel(p)) {
        continue;
      }
      first = first == null ? p : first;
      double m = p.meanMBps();
      if (low != null && climbsBack(c, low, p, best)) {
        return new Findings.Recovery(bestAtDrop, low.meanMBps(), m, c.startOf(p.startIndex()));
      }
      if (best != null
          && m <= limits.dropFraction() * best.meanMBps()
          && c.differ(best, p)
          && Math.min(opening, first.meanMBps()) >= limits.slowStartFraction() * best.meanMBps()
          && m < first.meanMBps()
          && c.differ(first, p)) {
        if (low == null || m < low.meanMBps()) {
          low = p;
          bestAtDrop = best.meanMBps();
        }
      }
      if (best == null || m > best.meanMBps()) {
        best = p;
      }
    }
    return null;
  }

  /**
   * Whether lasting level {@code p} is a climb back from {@code low}: by {@link Limits#ofBurst} of
   * the highest level before ({@code best}) and beyond noise, and either {@link
   * Limits#climbFraction} above the low or {@link Limits#spreadSigmas} spreads of a single interval
   * of either level above it (a throttle that steps back up one clock step of 10-12% from a quiet
   * stage).
   */
  private boolean climbsBack(Curve c, Segment low, Segment p, Segment best) {
    double climbMBps = p.meanMBps() - low.meanMBps();
    if (climbMBps < limits.ofBurst() * best.meanMBps() || !c.differ(low, p)) {
      return false;
    }
    double spreadMBps = Math.max(c.quantumMBps, Math.max(c.spread(low), c.spread(p)));
    return p.meanMBps() >= limits.climbFraction() * low.meanMBps()
        || climbMBps >= limits.spreadSigmas() * spreadMBps;
  }

  @Override
  public Findings.Recovery in(Findings f) {
    return f.recovery();
  }

  /** The drop and the climb back, and why it is heat. */
  @Override
  public List<Words> evidence(Findings.Recovery r, Analysis a) {
    return List.of(
        Words.of(
            "Fell from {rate} to {rate} and climbed back to {rate} at {time} while still"
                + " writing: a full cache does not refill mid-write, a cooled controller speeds"
                + " up.",
            r.fromMBps(),
            r.lowMBps(),
            r.backMBps(),
            r.atSeconds()));
  }
}
