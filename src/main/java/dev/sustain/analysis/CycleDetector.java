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
 * segmenter would cut into many pieces is one low stretch here. Each crossing is then placed at the
 * best split of the raw rate around it ({@link #placed}). The alternation is a heat cycle when it
 * has at least {@link Thresholds#MIN_DIPS} low halves (a run that opens in one, a cycle under way
 * from the start, counts it), every spacing of the downward and of the upward crossings within
 * {@link Thresholds#CYCLE_PERIOD_TOLERANCE} of the period (plus an interval, the crossing's own
 * uncertainty) of their mean, every low stretch as close to their mean length, time back at the
 * high level in every period ({@link Thresholds#MIN_SWING_SIDE_FRACTION} of the cycles' time), the
 * depth outside the levels' own noise ({@link #CYCLE_NOISE_SIGMAS}), both as the quantiles give it
 * and as the halves found hold it, and no cycle missing before the run ends. Stateless.
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
   * The regular cycles of the curve as a sawtooth (its dips are the low halves), or null: read
   * between the levels of its write intervals, or, when those hold no cycle and the run has stalls,
   * between its high level and nothing written. A controller past its last thermal threshold stops
   * writing until it has cooled, then resumes at full speed, so its low halves are empty intervals
   * at a steady period. The write intervals' levels come first: stalls scattered through a run (an
   * erase pause, a host hiccup) are no cycle's half, and the regularity checks refuse them as low
   * halves, so the run's own levels are tried first. The low level of pauses is zero itself, not a
   * quantile: a cycle that sets in late holds its pauses for less than a tenth of the run. A pause
   * is a cycle's low half when it lasts {@link Thresholds#MIN_SWING_SECONDS} at least, as long as a
   * swing's low: a stall of a second or two at a steady period is an erase or a host's pause, which
   * the stalls report, not a controller cooling; longer ones are the swings the erratic rule would
   * otherwise count, and this reads their period first.
   */
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
    Findings.Sawtooth found = between(c, high, Stats.sortedQuantile(sorted, CYCLE_LOW_QUANTILE));
    if (found != null || k == m) {
      return found;
    }
    Findings.Sawtooth paused = between(c, high, 0);
    return paused != null && paused.dipSeconds() >= Thresholds.MIN_SWING_SECONDS ? paused : null;
  }

  /** The cycles between a high and a low level, or null. */
  private static Findings.Sawtooth between(Curve c, double high, double low) {
    int m = c.n - c.from;
    if (!(low < high)) {
      return null;
    }
    // The noise of the high level (a drive's noise grows with its rate: the low one's is less).
    double sigma = c.quietNoise * high;
    double lowerLine = low + CYCLE_HYSTERESIS * (high - low);
    double upperLine = high - CYCLE_HYSTERESIS * (high - low);
    for (int w : CYCLE_WINDOWS) {
      double smoothSigma = sigma * Math.sqrt(Math.PI / (2.0 * w));
      if ((1 - CYCLE_HYSTERESIS) * (high - low) < CYCLE_NOISE_SIGMAS * smoothSigma
          || 4 * w * Thresholds.MIN_DIPS > m) {
        continue;
      }
      double[] smooth = ThrottleDetector.runningMedian(c.r, c.from, c.n, w);
      List<int[]> lows = lowStretches(c, smooth, lowerLine, upperLine, 0.5 * (high + low));
      if (!lows.isEmpty()
          && lows.getFirst()[2] == 1
          && w > 3
          && visitsHigh(c, lows.getFirst(), upperLine)) {
        lows = lows.subList(1, lows.size());
      }
      Findings.Sawtooth found =
          lows.size() < Thresholds.MIN_DIPS
              ? null
              : cycles(
                  c,
                  lows,
                  w,
                  CYCLE_NOISE_SIGMAS * smoothSigma,
                  endsLow(c, smooth, lowerLine, upperLine));
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  /**
   * The low stretches [start, end, open) between high states: entered below the lower line, left
   * above the upper one, each end moved back to the midline, then placed ({@link #placed}); one
   * still low at the end is left out (the throttle's last, or a fall). A run that starts low opens
   * with {@code [from, end, 1]}: a cycle under way, whose downward crossing came before the run.
   */
  private static List<int[]> lowStretches(
      Curve c, double[] smooth, double lowerLine, double upperLine, double midLine) {
    List<int[]> out = new ArrayList<>();
    int state = 0;
    int start = -1;
    boolean open = false;
    for (int i = c.from; i < c.n; i++) {
      if (state != -1 && smooth[i] < lowerLine) {
        open = state == 0;
        start = i;
        while (start - 1 > c.from && smooth[start - 1] < midLine) {
          start--;
        }
        state = -1;
      } else if (state != 1 && smooth[i] > upperLine) {
        if (state == -1) {
          int end = i;
          while (end - 1 > start && smooth[end - 1] > midLine) {
            end--;
          }
          out.add(new int[] {open ? c.from : start, end, open ? 1 : 0});
        }
        state = 1;
      }
    }
    return placed(c, out);
  }

  /**
   * Each crossing placed at the split of the raw rate, from the middle of the stretch before it to
   * the middle of the one after, of least squared deviation from the two sides' means. A noisy or
   * wandering level crosses the midline intervals early or late; the best split weighs every
   * interval of both halves, so its error falls with the depth over the noise, not with the luck of
   * one interval. A ramp is split at its middle in every cycle alike.
   */
  private static List<int[]> placed(Curve c, List<int[]> lows) {
    List<int[]> out = new ArrayList<>();
    for (int j = 0; j < lows.size(); j++) {
      int[] s = lows.get(j);
      int highBefore = s[0] - (j == 0 ? c.from : lows.get(j - 1)[1]);
      int highAfter = (j + 1 < lows.size() ? lows.get(j + 1)[0] : c.n) - s[1];
      int half = (s[1] - s[0]) / 2;
      int down = s[2] == 1 ? c.from : bestSplit(c, s[0] - highBefore / 2, s[0] + half, s[0]);
      int up = bestSplit(c, s[1] - half, s[1] + highAfter / 2, s[1]);
      out.add(new int[] {down, Math.max(up, down + 1), s[2]});
    }
    return out;
  }

  /**
   * The index k in (a, b) that splits [a, b) into two runs of least total squared deviation from
   * their means, or {@code fallback} when the range is under 2 intervals.
   */
  static int bestSplit(Curve c, int a, int b, int fallback) {
    if (b - a < 2) {
      return fallback;
    }
    double total = 0;
    double totalSq = 0;
    for (int i = a; i < b; i++) {
      total += c.r[i];
      totalSq += c.r[i] * c.r[i];
    }
    double left = 0;
    double leftSq = 0;
    double best = Double.POSITIVE_INFINITY;
    int at = fallback;
    for (int k = a + 1; k < b; k++) {
      left += c.r[k - 1];
      leftSq += c.r[k - 1] * c.r[k - 1];
      int nl = k - a;
      int nr = b - k;
      double sse =
          leftSq - left * left / nl + (totalSq - leftSq) - (total - left) * (total - left) / nr;
      if (sse < best) {
        best = sse;
        at = k;
      }
    }
    return at;
  }

  /**
   * The sawtooth the low stretches make when they are regular, or null; each half of a cycle at
   * least {@code window} intervals (a median over a window longer than a half bends its edges). An
   * open first stretch (a cycle under way from the start) counts as a low half and its upward
   * crossing keeps the spacing, but its length is only a lower bound: it must not exceed the
   * longest of the others (a start slower for longer than every low half after it is a slow start,
   * a starved translation layer's, not a cycle's half), and the period and the lengths are read
   * from the whole stretches.
   */
  private static Findings.Sawtooth cycles(
      Curve c, List<int[]> lows, int window, double leastDepthMBps, boolean endsLow) {
    int count = lows.size();
    int open = lows.getFirst()[2];
    double[] downs = new double[count - open];
    double[] ups = new double[count];
    double lowSeconds = 0;
    double shortest = Double.POSITIVE_INFINITY;
    double longest = 0;
    double wholeSeconds = 0;
    long lowBytes = 0;
    for (int i = 0; i < count; i++) {
      int[] s = lows.get(i);
      ups[i] = c.startOf(s[1]);
      lowSeconds += ups[i] - c.startOf(s[0]);
      lowBytes += c.cumulative[s[1]] - c.cumulative[s[0]];
      if (i >= open) {
        downs[i - open] = c.startOf(s[0]);
        double len = ups[i] - downs[i - open];
        wholeSeconds += len;
        shortest = Math.min(shortest, len);
        longest = Math.max(longest, len);
      }
    }
    if (downs.length < 2) {
      return null;
    }
    double period = (downs[downs.length - 1] - downs[0]) / (downs.length - 1);
    double meanLow = wholeSeconds / downs.length;
    // The halves alike too: a throttle cools to the same threshold each time, while a starved
    // translation layer is slow for as long as its collection takes.
    double tolerance = Thresholds.CYCLE_PERIOD_TOLERANCE * period + c.interval;
    double openLow = open == 1 ? ups[0] - c.startOf(c.from) : 0;
    if (!regular(downs, period, tolerance)
        || !regular(ups, (ups[count - 1] - ups[0]) / (count - 1), tolerance)
        || longest - meanLow > tolerance
        || meanLow - shortest > tolerance
        || openLow > longest + tolerance
        || !firstHighAlike(c, lows, ups, tolerance)) {
      return null;
    }
    if (!sidesHeld(c, period, meanLow, shortest, longest, window)
        || !onToTheEnd(c, downs[downs.length - 1], period, meanLow, window, endsLow)) {
      return null;
    }
    int a = lows.getFirst()[0];
    int b = lows.getLast()[0];
    double lowMBps = lowBytes / 1e6 / lowSeconds;
    double levelMBps = CycleHalves.highLevel(c, lows, a, b);
    if (!CycleHalves.twoLevels(c, lows, levelMBps - lowMBps, leastDepthMBps)) {
      return null;
    }
    return new Findings.Sawtooth(
        count, period, meanLow, lowMBps, levelMBps, c.startOf(a), c.meanMBps(a, b));
  }

  /**
   * Whether an open first low half is followed by a high half within {@code tolerance} of the
   * others' mean (the spacings hold it when every low half is whole): a throttle resumes for as
   * long as its heat sink takes to reach the trip temperature again; a starved drive's slow start,
   * short fast visit and second slow stretch are not alike.
   */
  private static boolean firstHighAlike(Curve c, List<int[]> lows, double[] ups, double tolerance) {
    if (lows.getFirst()[2] == 0) {
      return true;
    }
    double others = 0;
    for (int i = 1; i + 1 < lows.size(); i++) {
      others += (c.startOf(lows.get(i + 1)[0]) - ups[i]) / (lows.size() - 2);
    }
    return Math.abs(c.startOf(lows.get(1)[0]) - ups[0] - others) <= tolerance;
  }

  /**
   * Time back at the high level in every period (a drive that stays low and only blips up is not
   * cooling and resuming), a period of {@link #CYCLE_MIN_PERIOD_INTERVALS} at least, and each half
   * as long as a median window longer than 3.
   */
  private static boolean sidesHeld(
      Curve c, double period, double meanLow, double shortest, double longest, int window) {
    double halfSeconds = window * c.interval;
    return period - meanLow >= Thresholds.MIN_SWING_SIDE_FRACTION * period
        && period >= CYCLE_MIN_PERIOD_INTERVALS * c.interval - 1e-9
        && (window <= 3 || (shortest >= halfSeconds && period - longest >= halfSeconds));
  }

  /**
   * On to the end: no cycle is missing. The run ends within a period and a low half of the last
   * downward crossing and, when it ends high, before the next low half was due (a period on, plus
   * the tolerance and the window for the median to turn): a drive at speed past its next throttle's
   * time has stopped cycling, or never was (a starved drive's slow start of a few swings).
   */
  private static boolean onToTheEnd(
      Curve c, double lastDown, double period, double meanLow, int window, boolean endsLow) {
    double end = c.endOf(c.n - 1);
    double tolerance = Thresholds.CYCLE_PERIOD_TOLERANCE * period + c.interval;
    return end - lastDown <= (1 + Thresholds.CYCLE_PERIOD_TOLERANCE) * period + meanLow + c.interval
        && (endsLow || end - lastDown <= period + tolerance + window * c.interval);
  }

  /** Whether the smoothed rate was last on the low side of the hysteresis when the run ended. */
  private static boolean endsLow(Curve c, double[] smooth, double lowerLine, double upperLine) {
    for (int i = c.n - 1; i >= c.from; i--) {
      if (smooth[i] < lowerLine) {
        return true;
      } else if (smooth[i] > upperLine) {
        return false;
      }
    }
    return false;
  }

  /**
   * Whether the run's 3-interval median climbs above {@code upperLine} inside the open stretch
   * {@code s}: the stretch a longer median read as one low half was visited at the high level.
   */
  private static boolean visitsHigh(Curve c, int[] s, double upperLine) {
    double[] smooth = ThrottleDetector.runningMedian(c.r, c.from, s[1], 3);
    for (int i = s[0]; i < s[1]; i++) {
      if (smooth[i] > upperLine) {
        return true;
      }
    }
    return false;
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
}
