package dev.sustain.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Regularity of any alternation between a high and a low level, long cycles and short dips alike,
 * read without the segmenter: a controller that heats, throttles, cools and resumes does so at a
 * steady period (its heat sink's time constant sets it), whatever the length of each half, while a
 * translation layer collecting garbage swings when its free blocks run out, at irregular times.
 *
 * <p>The rate after the start-up is smoothed by a running median of 3 intervals (an odd interval is
 * an outlier, not a crossing), or longer ones for cycles shallow against their noise ({@link
 * #CYCLE_WINDOWS}), and cut by a midline with hysteresis: a robust high level (the {@link
 * #CYCLE_HIGH_QUANTILE} quantile) and low level (the {@link #CYCLE_LOW_QUANTILE} quantile), the
 * state turning low below a quarter of the way up from the low level and high above three quarters
 * ({@link #CYCLE_HYSTERESIS}), so noise around either level never crosses. A noisy low level that a
 * segmenter would cut into many pieces is one low stretch here. The alternation is a heat cycle
 * when it has at least {@link Thresholds#MIN_DIPS} downward crossings, every spacing of the
 * downward and of the upward crossings within {@link #CYCLE_PERIOD_TOLERANCE} of the period (plus
 * an interval, the crossing's own uncertainty) of their mean, every low stretch as close to their
 * mean length, time back at the high level in every period ({@link
 * Thresholds#MIN_SWING_SIDE_FRACTION} of the cycles' time), the depth outside the levels' own noise
 * ({@link #CYCLE_NOISE_SIGMAS}), and no cycle missing before the run ends. Stateless.
 */
final class CycleDetector {

  private CycleDetector() {}

  /**
   * The high and low levels of an alternation ({@link CycleDetector}): these quantiles of its write
   * intervals. Each half of a heat cycle holds well over a tenth of the time, so the tenth and
   * ninetieth percentiles lie on the levels themselves (about 1.3 sigmas out), never on a
   * transition or an outlier.
   */
  static final double CYCLE_HIGH_QUANTILE = 0.9;

  /** See {@link #CYCLE_HIGH_QUANTILE}. */
  static final double CYCLE_LOW_QUANTILE = 0.1;

  /**
   * The crossings of heat cycles keep their spacing, and each low half its length, within this
   * fraction of the period (plus an interval, where a crossing falls inside its interval): a
   * throttle trips and resumes at the same temperatures through the same heat sink, so one drive
   * repeats within a few percent (the field's sawtooth periods of 45-60 s differ between drives,
   * not dip to dip); three times that leaves room for noise at the crossing. A translation layer
   * slow for 3-15 s and fast for 3-15 s by turns, whose periods spread by a quarter, is irregular.
   * Tighter than {@link Thresholds#PERIOD_TOLERANCE}: short dips are evidence in themselves, long
   * halves are not.
   */
  static final double CYCLE_PERIOD_TOLERANCE = 0.15;

  /**
   * An alternation turns low below this fraction of the way up from its low level, and high above
   * this fraction short of its high: the midline with a hysteresis of half the depth, so noise
   * around either level (after a 3-interval median) never counts as a crossing, however the
   * segmenter cut a noisy low level.
   */
  static final double CYCLE_HYSTERESIS = 0.25;

  /**
   * A false crossing needs noise to carry the smoothed rate from one level past the line at the far
   * side of the hysteresis, three quarters of the depth away: that distance must be at least this
   * many sigmas of the smoothed rate. 4, as for a dip ({@link Thresholds#DIP_NOISE_SIGMAS}): below
   * one in ten thousand per interval for Gaussian noise, so a level in noise makes no crossing and
   * a low half is not cut in two. The depth is judged against the levels' own noise, not against a
   * fixed fraction: a regular alternation 6% deep at 0.7% noise is far outside its noise, and a
   * controller that drops one clock step alternates that shallowly.
   */
  static final double CYCLE_NOISE_SIGMAS = 4;

  /**
   * The running medians the alternation is smoothed by, shortest first: the first whose noise the
   * depth clears is tried, then the longer ones. The noise of a median of w intervals is about
   * sqrt(pi / 2w) sigmas, so a window of 27 reads cycles four times deeper than its noise where one
   * of 3 needs eleven; each half of a cycle must then hold the window's length, so a longer window
   * only serves longer cycles.
   */
  static final int[] CYCLE_WINDOWS = {3, 9, 27};

  /**
   * A heat cycle's period spans at least this many intervals: each half needs an interval of its
   * own beside the one its crossing falls in. A rate that alternates from one interval to the next
   * is whole requests landing either side of a boundary (its differences all alike, so its measured
   * noise is none), not a controller heating and cooling, which takes tens of seconds.
   */
  static final int CYCLE_MIN_PERIOD_INTERVALS = 4;

  /**
   * A ramp moves by a quarter of the depth from the first half of each half-cycle to the second (it
   * spans half the depth there); half that is well clear of both a level's noise averaged over the
   * halves and a ramp's shortest halves, whose edges the crossing blurs.
   */
  static final double CYCLE_RAMP_FRACTION = 0.125;

  /** The regular cycles of the curve as a sawtooth (its dips are the low halves), or null. */
  static Findings.Sawtooth find(Curve c) {
    int m = c.n - c.from;
    if (m < 4 * Thresholds.MIN_DIPS) {
      return null;
    }
    double[] kept = new double[m];
    int k = 0;
    for (int i = c.from; i < c.n; i++) {
      if (!c.stall(i)) {
        kept[k++] = c.r[i];
      }
    }
    if (k < 4 * Thresholds.MIN_DIPS) {
      return null;
    }
    double[] sorted = Arrays.copyOf(kept, k);
    Arrays.sort(sorted);
    double high = Stats.sortedQuantile(sorted, CYCLE_HIGH_QUANTILE);
    double low = Stats.sortedQuantile(sorted, CYCLE_LOW_QUANTILE);
    if (!(low < high)) {
      return null;
    }
    // The noise of the high level (a drive's noise grows with its rate: the low one's is less).
    double sigma = c.quietNoise * high;
    double lowerLine = low + CYCLE_HYSTERESIS * (high - low);
    double upperLine = high - CYCLE_HYSTERESIS * (high - low);
    double midLine = 0.5 * (high + low);
    for (int w : CYCLE_WINDOWS) {
      double smoothSigma = sigma * Math.sqrt(Math.PI / (2.0 * w));
      if ((1 - CYCLE_HYSTERESIS) * (high - low) < CYCLE_NOISE_SIGMAS * smoothSigma
          || 4 * w * Thresholds.MIN_DIPS > m) {
        continue;
      }
      double[] smooth = ThrottleDetector.runningMedian(c.r, c.from, c.n, w);
      List<int[]> lows = lowStretches(c, smooth, lowerLine, upperLine, midLine);
      Findings.Sawtooth found = lows.size() < Thresholds.MIN_DIPS ? null : cycles(c, lows, w);
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  /**
   * The low stretches [start, end) between a high state and the next: entered below the lower line,
   * left above the upper one, each end moved to where the smoothed rate crossed the midline. A
   * stretch still low at the end of the run is left out (it may be the throttle's last, or a fall).
   */
  private static List<int[]> lowStretches(
      Curve c, double[] smooth, double lowerLine, double upperLine, double midLine) {
    List<int[]> out = new ArrayList<>();
    int state = 0;
    int start = -1;
    for (int i = c.from; i < c.n; i++) {
      if (state != -1 && smooth[i] < lowerLine) {
        if (state == 1) {
          start = i;
          while (start - 1 > c.from && smooth[start - 1] < midLine) {
            start--;
          }
        }
        state = -1;
      } else if (state != 1 && smooth[i] > upperLine) {
        if (state == -1 && start >= 0) {
          int end = i;
          while (end - 1 > start && smooth[end - 1] > midLine) {
            end--;
          }
          out.add(new int[] {start, end});
        }
        state = 1;
        start = -1;
      }
    }
    return out;
  }

  /**
   * The sawtooth the low stretches make when they are regular, or null; each half of a cycle at
   * least {@code window} intervals (a median over a window longer than a half bends its edges).
   */
  private static Findings.Sawtooth cycles(Curve c, List<int[]> lows, int window) {
    int count = lows.size();
    double[] downs = new double[count];
    double[] ups = new double[count];
    double lowSeconds = 0;
    double shortest = Double.POSITIVE_INFINITY;
    double longest = 0;
    long lowBytes = 0;
    for (int i = 0; i < count; i++) {
      int[] s = lows.get(i);
      downs[i] = c.startOf(s[0]);
      ups[i] = c.startOf(s[1]);
      double len = ups[i] - downs[i];
      lowSeconds += len;
      shortest = Math.min(shortest, len);
      longest = Math.max(longest, len);
      lowBytes += c.cumulative[s[1]] - c.cumulative[s[0]];
    }
    double period = (downs[count - 1] - downs[0]) / (count - 1);
    double meanLow = lowSeconds / count;
    // The halves alike too: a throttle cools to the same threshold each time, while a starved
    // translation layer is slow for as long as its collection takes.
    double tolerance = CYCLE_PERIOD_TOLERANCE * period + c.interval;
    if (!regular(downs, period, tolerance)
        || !regular(ups, (ups[count - 1] - ups[0]) / (count - 1), tolerance)
        || longest - meanLow > tolerance
        || meanLow - shortest > tolerance) {
      return null;
    }
    // Time back at the high level in every period: a drive that stays low and only blips up is
    // not cooling and resuming.
    double halfSeconds = window * c.interval;
    if (period - meanLow < Thresholds.MIN_SWING_SIDE_FRACTION * period
        || period < CYCLE_MIN_PERIOD_INTERVALS * c.interval - 1e-9
        || (window > 3 && (shortest < halfSeconds || period - longest < halfSeconds))) {
      return null;
    }
    // On to the end: no cycle is missing before the run ends.
    if (c.endOf(c.n - 1) - downs[count - 1]
        > (1 + CYCLE_PERIOD_TOLERANCE) * period + meanLow + c.interval) {
      return null;
    }
    int a = lows.getFirst()[0];
    int b = lows.getLast()[0];
    if (rampAndReset(c, lows, highLevel(c, lows, a, b) - lowBytes / 1e6 / lowSeconds)) {
      return null;
    }
    return new Findings.Sawtooth(
        count,
        period,
        meanLow,
        lowBytes / 1e6 / lowSeconds,
        highLevel(c, lows, a, b),
        downs[0],
        c.meanMBps(a, b));
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

  /** Whether every spacing of {@code times} is within {@code tolerance} seconds of their mean. */
  private static boolean regular(double[] times, double period, double tolerance) {
    for (int i = 1; i < times.length; i++) {
      if (Math.abs(times[i] - times[i - 1] - period) > tolerance) {
        return false;
      }
    }
    return true;
  }

  /**
   * The level between the lows over [a, b): the intervals neither low nor next to a low stretch
   * (those are partly in it).
   */
  private static double highLevel(Curve c, List<int[]> lows, int a, int b) {
    boolean[] near = new boolean[c.n];
    for (int[] s : lows) {
      Arrays.fill(near, Math.max(0, s[0] - 1), Math.min(c.n, s[1] + 1), true);
    }
    long bytes = 0;
    double seconds = 0;
    for (int i = a; i < b; i++) {
      if (!near[i]) {
        bytes += c.s.bytes(i);
        seconds += c.s.intervalSeconds(i);
      }
    }
    return seconds > 0 ? bytes / 1e6 / seconds : c.burst;
  }
}
