package dev.sustain.analysis;

import java.util.Arrays;
import java.util.List;

/**
 * What the halves of an alternation hold, once {@link CycleDetector} or {@link CycleFold} has found
 * them: the level between the low halves, and whether the two sides are two levels (a throttle's
 * two clocks) rather than one level whose noise wanders or a ramp that resets. Both finders ask the
 * same of their halves, so the tests live in one place. Stateless.
 */
final class CycleHalves {

  private CycleHalves() {}

  /**
   * A ramp moves by a quarter of the depth from the first half of each half-cycle to the second (it
   * spans half the depth there); half that is well clear of both a level's noise averaged over the
   * halves and a ramp's shortest halves, whose edges the crossing blurs.
   */
  static final double CYCLE_RAMP_FRACTION = 0.125;

  /**
   * The halves' levels lie this many spreads of the intervals inside a half apart: a throttle's two
   * clocks are two levels, each with its own noise, while the halves of one level whose noise
   * wanders lie within its spread (6.6% at rho 0.47 cut into four regular halves 7% apart). 2: a
   * cycle's noise is at most 40% of its depth in the blind family, a fifth in the project's.
   */
  static final double CYCLE_SPREAD_SIGMAS = 2;

  /**
   * Whether the halves found hold two levels {@code depthMBps} apart: by the noise test the
   * quantiles passed ({@code leastDepthMBps}: in a level whose noise wanders slowly the quantiles
   * lie apart and a long median crosses their lines now and then, but the stretches it finds hold
   * the same rate as the rest, 959 MB/s in both on a flat run), by {@link #CYCLE_SPREAD_SIGMAS}
   * spreads inside a half, and not as a ramp and a reset ({@link #rampAndReset}).
   */
  static boolean twoLevels(Curve c, List<int[]> lows, double depthMBps, double leastDepthMBps) {
    return depthMBps >= leastDepthMBps
        && depthMBps >= CYCLE_SPREAD_SIGMAS * withinSpread(c, lows)
        && !rampAndReset(c, lows, depthMBps);
  }

  /**
   * The pooled standard deviation of the intervals inside the halves, each about its own half's
   * mean, leaving out the interval either side of each crossing (partly in both halves) and stalls.
   */
  private static double withinSpread(Curve c, List<int[]> lows) {
    double squares = 0;
    int count = 0;
    for (int j = 0; j < lows.size(); j++) {
      int[] s = lows.get(j);
      int nextDown = j + 1 < lows.size() ? lows.get(j + 1)[0] : s[1];
      for (int[] half : new int[][] {{s[0] + 1, s[1] - 1}, {s[1] + 1, nextDown - 1}}) {
        double sum = 0;
        int m = 0;
        for (int i = half[0]; i < half[1]; i++) {
          if (!c.stall(i)) {
            sum += c.r[i];
            m++;
          }
        }
        for (int i = half[0]; i < half[1] && m > 1; i++) {
          if (!c.stall(i)) {
            squares += (c.r[i] - sum / m) * (c.r[i] - sum / m);
            count++;
          }
        }
        count -= m > 1 ? 1 : 0;
      }
    }
    return count > 0 ? Math.sqrt(squares / count) : 0;
  }

  /**
   * Whether the alternation is a ramp and a reset, not two levels: in the low halves and in the
   * high halves alike the rate moves the same way (the second half of each stretch above its first,
   * or below), by {@link #CYCLE_RAMP_FRACTION} of the depth or more on average. A controller that
   * throttles holds a lower clock and resumes a higher one, each half a level; a floor whose rate
   * climbs as a folding or collection batch drains and falls back as the next begins (or the other
   * way round) never holds either, and is one level with a spread ({@link Levels#rippleLevels}).
   */
  private static boolean rampAndReset(Curve c, List<int[]> lows, double depthMBps) {
    double lowDrift = 0;
    double highDrift = 0;
    for (int i = 0; i < lows.size(); i++) {
      int[] s = lows.get(i);
      lowDrift += drift(c, s[0], s[1]);
      if (i + 1 < lows.size()) {
        highDrift += drift(c, s[1], lows.get(i + 1)[0]);
      }
    }
    lowDrift /= lows.size();
    highDrift /= lows.size() - 1;
    double line = CYCLE_RAMP_FRACTION * depthMBps;
    return depthMBps > 0
        && Math.abs(lowDrift) >= line
        && Math.abs(highDrift) >= line
        && Math.signum(lowDrift) == Math.signum(highDrift);
  }

  /** The mean rate of the second half of [a, b) less that of its first half (0 under 2). */
  private static double drift(Curve c, int a, int b) {
    int half = (b - a) / 2;
    if (half < 1) {
      return 0;
    }
    return c.nonStallMean(b - half, b) - c.nonStallMean(a, a + half);
  }

  /**
   * The level between the lows over [a, b): the intervals neither low nor next to a low stretch
   * (those are partly in it).
   */
  static double highLevel(Curve c, List<int[]> lows, int a, int b) {
    boolean[] near = new boolean[c.n];
    for (int[] s : lows) {
      Arrays.fill(near, Math.max(0, s[0] - 1), Math.min(c.n, s[1] + 1), true);
    }
    double levelMBps = Curve.meanMBpsOutside(c.s, near, a, b);
    return Double.isNaN(levelMBps) ? c.burst : levelMBps;
  }
}
