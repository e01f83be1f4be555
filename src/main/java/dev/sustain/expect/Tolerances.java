package dev.sustain.expect;

/**
 * How far a measured figure may be from the prediction and still confirm it, as fractions (0.10 =
 * 10% either way). The defaults are wide enough for run-to-run noise (a healthy drive repeats
 * within 2%) and narrow enough to catch a GB-for-GiB mix-up (7%) in the total time. Immutable.
 */
public record Tolerances(double burst, double cache, double floor, double totalTime) {

  public static final Tolerances DEFAULT = new Tolerances(0.10, 0.10, 0.15, 0.05);

  public Tolerances {
    for (double t : new double[] {burst, cache, floor, totalTime}) {
      if (!(t >= 0 && t < 1)) {
        throw new IllegalArgumentException("a tolerance is a fraction in [0, 1): " + t);
      }
    }
  }
}
