package dev.sustain.expect;

import dev.sustain.unit.Units;

/**
 * How far a measured figure may be from the prediction and still confirm it: one fraction for every
 * figure (burst, cache, floor, total time), so the same miss gets the same verdict wherever it
 * appears. The default, 10% either way, is five times the run-to-run spread of a healthy drive (2%)
 * and far below the halving of a floor that a starved or throttled drive shows. Immutable.
 *
 * @param fraction 0.10 = 10% either way; in [0, 1)
 */
public record Tolerance(double fraction) {

  public static final Tolerance DEFAULT = new Tolerance(0.10);

  public Tolerance {
    if (!(fraction >= 0 && fraction < 1)) {
      throw new IllegalArgumentException("a tolerance is a fraction in [0, 1): " + fraction);
    }
  }

  /** E.g. {@code ±10%}. */
  public String words() {
    return "±" + Units.plain(fraction * 100, 1) + "%";
  }
}
