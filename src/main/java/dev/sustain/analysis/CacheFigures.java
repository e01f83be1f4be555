package dev.sustain.analysis;

import java.util.List;

/**
 * What an analysis says of the cache (see {@link Analysis}): when it ran out, what it held, the
 * rate after it and the stages on the way down; all absent for a shape that saw no cache end. An
 * SMR disk's is the time its rate held before the stalls set in; a cliff's or a stepped throttle's
 * is the cliff's.
 *
 * @param cliffSeconds when the cache ran out, null for none
 * @param gigabytes what was written before it ran out, null for none
 * @param afterMBps the mean rate from then to the end, null for none
 * @param stages the levels between the cliff and the floor
 */
record CacheFigures(Double cliffSeconds, Double gigabytes, Double afterMBps, List<Segment> stages) {

  static final CacheFigures NONE = new CacheFigures(null, null, null, List.of());

  /**
   * The cache figures of {@code shape}; {@code stepped} when it reads a cliff (a cache cliff, or a
   * throttle by a lasting step rather than a sawtooth).
   */
  static CacheFigures of(Curve c, Findings found, Shape shape, boolean stepped) {
    Findings.Cliff cliff = found.cliff();
    if (shape == Shape.SMR_STALLS) {
      Findings.Smr smr = found.smr();
      return new CacheFigures(smr.onsetSeconds(), smr.heldGB(), smr.afterMBps(), List.of());
    } else if (stepped && cliff != null) {
      double rest = c.endOf(c.n - 1) - cliff.seconds();
      double afterMBps = rest > 0 ? (c.cumulative[c.n] / 1e9 - cliff.cacheGB()) * 1000 / rest : 0;
      return new CacheFigures(cliff.seconds(), cliff.cacheGB(), afterMBps, cliff.stages());
    }
    return NONE;
  }
}
