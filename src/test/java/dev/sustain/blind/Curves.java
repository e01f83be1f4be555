package dev.sustain.blind;

import java.util.List;

/** What every generator shares: shape names, the interval for a run's length, the sampling. */
final class Curves {

  static final String FLAT = "flat";
  static final String CLIFF = "cache-cliff";
  static final String THERMAL = "thermal-throttle";
  static final String ERRATIC = "gc-erratic";
  static final String SMR = "smr-stalls";
  static final String ZONED = "hdd-zoned";

  /** No curve has more samples than this: a 2-core machine reads a few hundred of them. */
  static final int MAX_SAMPLES = 4000;

  private Curves() {}

  /**
   * An interval from 0.25 s to 5 s, long enough that a run of {@code durationS} stays within {@link
   * #MAX_SAMPLES} and short enough that it has at least 120.
   */
  static double intervalFor(Draw draw, double durationS) {
    double intervalS = draw.intervalSeconds();
    intervalS = Math.max(intervalS, durationS / MAX_SAMPLES);
    intervalS = Math.min(intervalS, Math.max(0.25, durationS / 120));
    intervalS = Math.min(5.0, Math.ceil(intervalS * 100) / 100.0);
    return intervalS;
  }

  /** The relative spread of a level: 0.5% to {@code maxFraction} (at most 30%), log-uniform. */
  static double noise(Draw draw, double maxFraction) {
    double max = Math.min(0.30, maxFraction);
    return max <= 0.005 ? max : draw.logUniform(0.005, max);
  }

  /**
   * Samples {@code truth} at {@code intervalS}: half the curves with interval ends that wander up
   * to 3%, half with jitter correlated from one interval to the next.
   */
  static Sampler.Samples sample(Timeline truth, double intervalS, Draw draw, Params params) {
    double wander = draw.chance(0.5) ? draw.uniform(0, 0.03) : 0;
    double correlation = draw.chance(0.5) ? draw.uniform(0, 0.7) : 0;
    params.add("interval_s", intervalS).add("correlation", correlation);
    return Sampler.sample(truth, intervalS, wander, correlation, draw);
  }

  /** A tolerance on a level's mean: 5% plus a share of its spread, wider for few samples. */
  static double levelTolerance(double mbps, double spreadFraction, double samples) {
    double standardErrors = 2 * spreadFraction / Math.sqrt(Math.max(1, samples));
    return mbps * (0.05 + 0.15 * spreadFraction + standardErrors);
  }

  static BlindCurve curve(
      String driveClass,
      long seed,
      Params params,
      Sampler.Samples samples,
      double[] tempC,
      String media,
      List<String> shapes,
      List<Truth> truths) {
    return new BlindCurve(
        driveClass, seed, params.toString(), samples, tempC, media, shapes, truths);
  }
}
