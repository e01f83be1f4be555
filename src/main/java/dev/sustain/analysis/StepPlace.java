package dev.sustain.analysis;

/**
 * Where a step between two levels happened: the first interval after it, put back where the rates
 * on either side read as the two levels, and the time and bytes inside the interval it fell in. The
 * cliff ({@link CliffDetector}) and the fall ({@link FallDetector}) place their steps so.
 * Stateless.
 */
final class StepPlace {

  private StepPlace() {}

  /**
   * The first interval after a step from {@code high} to {@code low} near the segments' change at
   * {@code b}: within twice {@code window} intervals either way, the place with the most intervals
   * above the middle before it and below it after ({@code window} each, {@link
   * CliffDetector.Limits#stepPlaceIntervals}), nearest {@code b} on a tie. An odd interval next to
   * the step (an outlier just after it) can draw the change point; this puts it back. The search
   * reaches past one window of three: an outlier as large as a modest step (15-30% against a step
   * of 10-15%) after a few intervals at the low level draws the change point to its far side, four
   * intervals or more from the step, and a place farther away wins only by reading better on both
   * sides.
   */
  static int index(Curve c, int b, double high, double low, int window) {
    double middle = 0.5 * (high + low);
    int w = window;
    int best = b;
    int bestScore = -1;
    for (int d = 0; d <= 2 * w; d++) {
      for (int i : new int[] {b - d, b + d}) {
        if (i <= c.from || i >= c.n) {
          continue;
        }
        int score = 0;
        for (int k = Math.max(c.from, i - w); k < i; k++) {
          score += c.r[k] > middle ? 1 : 0;
        }
        for (int k = i; k < Math.min(c.n, i + w); k++) {
          score += c.r[k] < middle ? 1 : 0;
        }
        if (score > bestScore) {
          bestScore = score;
          best = i;
        }
      }
    }
    return best;
  }

  /**
   * When (seconds from the run's start) and after how many bytes a step from {@code high} to {@code
   * low} happened, given that the first interval after it is {@code b}. The interval the step fell
   * in has a rate between the two levels: {@code x = (rate - low) / (high - low)} of it was still
   * at {@code high}. It is the last before {@code b} (then {@code b} reads as the low level) or
   * {@code b} itself (then the one before reads as the high level); each is weighed by how well the
   * other interval reads as its level, in noise sigmas, and the two places averaged by those
   * weights, so that a noisy interval moves the answer by a fraction of an interval, not by a whole
   * one.
   */
  static double[] inInterval(Curve c, int b, double high, double low) {
    double span = high - low;
    if (span <= 0 || b - 1 < c.from) {
      return new double[] {c.startOf(b), c.cumulative[b]};
    }
    double before = Math.max(0, Math.min(1, (c.r[b - 1] - low) / span));
    double after = Math.max(0, Math.min(1, (c.r[b] - low) / span));
    // How far each interval is from the level it would have if the other held the step.
    double offHigh = (high - c.r[b - 1]) / (c.relNoise * high);
    double offLow = (c.r[b] - low) / (c.relNoise * Math.max(low, 1e-9));
    double inBefore = Math.exp(-0.5 * offLow * offLow);
    double inAfter = Math.exp(-0.5 * offHigh * offHigh);
    double sum = inBefore + inAfter;
    if (!(sum > 1e-300)) {
      inBefore = Math.abs(offLow) <= Math.abs(offHigh) ? 1 : 0;
      inAfter = 1 - inBefore;
      sum = 1;
    }
    double dtBefore = c.s.intervalSeconds(b - 1);
    double dtAfter = c.s.intervalSeconds(b);
    double seconds =
        (inBefore * (c.startOf(b - 1) + before * dtBefore)
                + inAfter * (c.startOf(b) + after * dtAfter))
            / sum;
    double bytes =
        (inBefore * (c.cumulative[b - 1] + before * dtBefore * high * 1e6)
                + inAfter * (c.cumulative[b] + after * dtAfter * high * 1e6))
            / sum;
    return new double[] {seconds, bytes};
  }
}
