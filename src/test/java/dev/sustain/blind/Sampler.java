package dev.sustain.blind;

/**
 * Samples a {@link Timeline} the way a tool does: an interval's rate is the bytes that completed in
 * it over its real length, with the drive's jitter on top. Interval ends may wander a little (a
 * sampler woken late); the jitter may be correlated from one interval to the next (a controller's
 * housekeeping lasts longer than one interval).
 */
final class Sampler {

  /** The sampled curve: interval end times and rates. */
  record Samples(double[] timeS, double[] mbps, double intervalS) {
    int size() {
      return timeS.length;
    }
  }

  private Sampler() {}

  /**
   * Samples the whole timeline at {@code intervalS}; {@code wanderFraction} moves each interval's
   * end by up to that fraction of an interval; {@code correlation} is the AR(1) coefficient of the
   * jitter (0 for independent intervals).
   */
  static Samples sample(
      Timeline truth, double intervalS, double wanderFraction, double correlation, Draw draw) {
    int n = (int) Math.floor(truth.endSeconds() / intervalS + 1e-9);
    double[] edges = new double[n + 1];
    for (int i = 1; i <= n; i++) {
      double wander = i < n ? draw.uniform(-wanderFraction, wanderFraction) * intervalS : 0;
      edges[i] = i * intervalS + wander;
    }
    double[][] meanAndSpread = truth.integrate(edges);
    double[] mbps = new double[n];
    double[] timeS = new double[n];
    double jitter = draw.gaussian();
    double innovation = Math.sqrt(1 - correlation * correlation);
    for (int i = 0; i < n; i++) {
      jitter = correlation * jitter + innovation * draw.gaussian();
      double rate = meanAndSpread[0][i] + meanAndSpread[1][i] * jitter;
      mbps[i] = Math.max(0, rate);
      timeS[i] = edges[i + 1];
    }
    return new Samples(timeS, mbps, intervalS);
  }
}
