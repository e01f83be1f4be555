package dev.sustain.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The swings of a translation layer short of free blocks, counted for {@link ErraticDetector}: the
 * climbs from a low piece to a high one over change-point segments, each between two levels, with
 * the time spent on each side and the spacing of the climbs. Stateless.
 */
final class ErraticSwings {

  private ErraticSwings() {}

  /** Swings counted between a low and a high line, with the time spent on each side. */
  record Swings(
      int count,
      int firstHalf,
      double lowFraction,
      double highFraction,
      double lowLineMBps,
      double highLineMBps,
      double shortestGapSeconds,
      double longestGapSeconds) {

    /** Enough swings, time on each side, swings in both halves of the run. */
    boolean swinging(ErraticDetector.Limits l) {
      return count >= l.minSwings()
          && lowFraction >= l.minSideFraction()
          && highFraction >= l.minSideFraction()
          && firstHalf >= 1
          && count - firstHalf >= 1;
    }
  }

  /**
   * The climbs from below {@code lowLine} to above {@code highLine}, over change-point segments,
   * not single intervals (a level between the two lines, a throttle's 80%, must not swing with its
   * noise); the low time is the time of the swings: a slow start or a slow end is not swinging.
   */
  static Swings count(Curve c, double lowLine, double highLine, ErraticDetector.Limits l) {
    return count(c, lowLine, highLine, c.n, 0, l);
  }

  /**
   * {@link #count(Curve, double, double, ErraticDetector.Limits)} over the pieces that begin before
   * sample {@code end}, from {@code state} at the start (1: a low start counts as a low visit).
   */
  static Swings count(
      Curve c, double lowLine, double highLine, int end, int state, ErraticDetector.Limits l) {
    int swings = 0;
    int firstHalf = 0;
    double lows = 0;
    double pending = 0;
    double pendingMB = 0;
    double pendingSpread = Double.NaN;
    double highs = 0;
    double written = 0;
    double lastClimb = Double.NaN;
    double shortestGap = Double.NaN;
    double longestGap = Double.NaN;
    double half = c.startOf(c.from) + 0.5 * c.judgedSeconds();
    double[] levelSigmas = new double[c.plateaus.size()];
    Arrays.fill(levelSigmas, Double.NaN);
    for (Segment g : pieces(c, lowLine, highLine)) {
      if (g.startIndex() >= end) {
        break;
      }
      double seconds = g.durationSeconds();
      written += seconds;
      if (g.meanMBps() < lowLine) {
        if (state != 0) {
          pending += seconds;
          pendingMB += g.meanMBps() * seconds;
          pendingSpread = wider(pendingSpread, c.spread(g));
          state = -1;
        }
      } else if (g.meanMBps() > highLine) {
        highs += seconds;
        if (state == -1
            && pending >= l.minLowSeconds()
            && twoLevels(c, pendingMB / pending, g.meanMBps(), wider(pendingSpread, c.spread(g)), l)
            && leftItsLevel(c, pendingMB / pending, g, levelSigmas, l)) {
          swings++;
          lows += pending;
          double climb = c.startOf(g.startIndex());
          firstHalf += climb < half ? 1 : 0;
          double gap = climb - lastClimb;
          shortestGap = Double.isNaN(shortestGap) ? gap : Math.min(shortestGap, gap);
          longestGap = Double.isNaN(longestGap) ? gap : Math.max(longestGap, gap);
          lastClimb = climb;
        }
        pending = 0;
        pendingMB = 0;
        pendingSpread = Double.NaN;
        state = 1;
      }
    }
    return new Swings(
        swings,
        firstHalf,
        written > 0 ? lows / written : 0,
        written > 0 ? highs / written : 0,
        lowLine,
        highLine,
        shortestGap,
        longestGap);
  }

  /**
   * Whether a climb from {@code lowMBps} to {@code highMBps} is between two levels, not inside one
   * level's noise: the gap is at least {@link Thresholds#SWING_SPREAD_SIGMAS} level sigmas. A
   * starved drive swings between nearly stopped and full speed, each side with its own small noise;
   * a noisy floor's top and bottom are one level. The sigma is the smaller of the two sides' larger
   * spread ({@code spreadMBps}, NaN under 3 intervals) and the run's quiet noise at the high side
   * over sqrt(1 - rho), as in {@link Curve#differ}: a piece cut across short visits to both sides
   * spreads by the swing itself, and the quiet differences see the noise inside a visit.
   */
  private static boolean twoLevels(
      Curve c, double lowMBps, double highMBps, double spreadMBps, ErraticDetector.Limits l) {
    // In whole requests at a few an interval a spread is the counts' (see
    // Limits.spreadMinRequests): the lines alone decide there.
    if (c.quantumMBps > 0
        && highMBps < l.spreadMinRequests() * c.quantumMBps / Thresholds.QUANTUM_SIGMA_REQUESTS) {
      return true;
    }
    double sigma = c.quietNoise * highMBps / Math.sqrt(1 - c.noiseCorrelation);
    if (!Double.isNaN(spreadMBps)) {
      sigma = Math.min(sigma, spreadMBps);
    }
    return highMBps - lowMBps >= Thresholds.SWING_SPREAD_SIGMAS * sigma;
  }

  /**
   * Whether a low side at {@code lowMBps} left the level the climb reached: when the plateau that
   * holds the high piece {@code g} is a noisier level than the run ({@link #levelNoise}), the low
   * side lies below that plateau's mean by {@link Thresholds#SWING_SPREAD_SIGMAS} of its own noise.
   * A noisy burst of a fifth after which a quiet floor set the run's noise is cut by that quieter
   * noise into pieces a sigma or two either side of its mean, which cross both lines, but it is one
   * level: the analysis merged them into one plateau, and its pieces stay around that plateau's
   * mean. A starved translation layer's visits are levels of the run's own noise, and its low
   * visits nearly stop.
   */
  private static boolean leftItsLevel(
      Curve c, double lowMBps, Segment g, double[] sigmas, ErraticDetector.Limits l) {
    int k = plateauOf(c, g.startIndex());
    Segment level = c.plateaus.get(k);
    if (Double.isNaN(sigmas[k])) {
      sigmas[k] = levelNoise(c, level, l);
    }
    return lowMBps <= level.meanMBps() * Math.exp(-Thresholds.SWING_SPREAD_SIGMAS * sigmas[k]);
  }

  /**
   * A plateau's own relative noise when it is a noisier level than the run's, 0 otherwise: its
   * quiet noise (as {@link Curve#quietNoise} is measured over the run, the lower quartile of the
   * differences, which swings every few intervals do not inflate) over sqrt(1 - rho) for a
   * wandering noise, counted when it is at least {@link Thresholds#OWN_NOISE_RUN_RATIO} times the
   * run's: a level of another kind than the one that set the run's noise.
   */
  private static double levelNoise(Curve c, Segment level, ErraticDetector.Limits l) {
    double[] x = Arrays.copyOfRange(c.r, level.startIndex(), level.endIndex());
    if (x.length < Thresholds.LASTING_MIN_SAMPLES) {
      return 0;
    }
    double own = Math.min(Segmenter.relativeNoise(x), Segmenter.quietRelativeNoise(x));
    if (own < Thresholds.OWN_NOISE_RUN_RATIO * c.quietNoise) {
      return 0;
    }
    Arrays.sort(x);
    if (Stats.sortedQuantile(x, 0.1) < l.deepLow() * Stats.sortedQuantile(x, 0.9)) {
      // It nearly stops by turns: swings the plateaus merged, not one level's noise.
      return 0;
    }
    return own / Math.sqrt(1 - c.noiseCorrelation);
  }

  /** The index of the plateau that holds sample {@code i}. */
  private static int plateauOf(Curve c, int i) {
    List<Segment> p = c.plateaus;
    int lo = 0;
    int hi = p.size() - 1;
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (p.get(mid).startIndex() <= i) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  }

  /** The larger of two spreads, NaN (unknown) only when both are. */
  private static double wider(double a, double b) {
    return Double.isNaN(a) ? b : Double.isNaN(b) ? a : Math.max(a, b);
  }

  /**
   * The pieces swings are counted over: the change-point segments, or, when the segmenter stopped
   * at its cap (a day of swings makes thousands), runs of intervals on one side of the two lines,
   * with hysteresis, on a 3-interval running median, which keeps swings of three intervals and more
   * (a state holds until the rate crosses the other line, so noise at either line does not cut a
   * visit in pieces).
   */
  private static List<Segment> pieces(Curve c, double lowLine, double highLine) {
    if (c.segments.size() < Segmenter.MAX_SEGMENTS) {
      return c.segments;
    }
    double[] smooth = ThrottleDetector.runningMedian(c.r, c.from, c.n, 3);
    List<Segment> out = new ArrayList<>();
    int start = c.from;
    int state = side(smooth[c.from], lowLine, highLine, 0);
    for (int i = c.from + 1; i <= c.n; i++) {
      int next = i == c.n ? state : side(smooth[i], lowLine, highLine, state);
      if (i == c.n || next != state) {
        out.add(Segment.of(c.s, start, i));
        start = i;
        state = next;
      }
    }
    return out;
  }

  /** -1 below the low line, 1 above the high line, else {@code state} (hysteresis). */
  private static int side(double mbps, double lowLine, double highLine, int state) {
    return mbps < lowLine ? -1 : mbps > highLine ? 1 : state;
  }
}
