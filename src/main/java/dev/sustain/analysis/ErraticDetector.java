package dev.sustain.analysis;

import java.util.List;

/**
 * A translation layer short of free blocks (no TRIM): the drive collects garbage while it writes,
 * so its rate swings between low and full at irregular times with much of the time low (the
 * Kingston's 0/256/937 MB/s min/median/max), or it starts slow and speeds up as the overwrite frees
 * blocks (nothing thermal or cache-related starts slow). Stateless.
 *
 * <ul>
 *   <li>swings: at least {@link Thresholds#MIN_SWINGS} climbs from a low segment to a high one
 *       (change-point segments, so that noise around a middle level is not a swing), at least
 *       {@link Thresholds#MIN_SWING_SIDE_FRACTION} of the time on each side, swings in both halves
 *       of the run. High is within {@link Thresholds#SWING_HIGH} (or 2 noise sigmas) of the high
 *       level (p95); low is as far below it as a dip ({@link Thresholds#DIP_ENTER} or {@link
 *       Thresholds#DIP_NOISE_SIGMAS} sigmas), at any depth above zero. Zero intervals are stalls,
 *       not swings.
 *   <li>slow start: the first lasting level begins within {@link
 *       Thresholds#SLOW_START_RUN_FRACTION} of the run, lasts that fraction and {@link
 *       Thresholds#SLOW_START_MIN_SAMPLES} intervals, and is below {@link
 *       Thresholds#SLOW_START_FRACTION} of a later lasting level.
 * </ul>
 */
final class ErraticDetector {

  private ErraticDetector() {}

  /** Swings or a slow start, or null. */
  static Findings.Erratic find(Curve c) {
    double[] kept = new double[c.n - c.from];
    int m = 0;
    for (int i = c.from; i < c.n; i++) {
      if (!c.stall(i)) {
        kept[m++] = c.r[i];
      }
    }
    if (m == 0) {
      return null;
    }
    double high = Stats.quantile(java.util.Arrays.copyOf(kept, m), Thresholds.HIGH_QUANTILE);
    double highLine = high * c.highLine();
    double lowLine = high * c.dipLine();
    // Swings are counted between change-point segments, not single intervals (a level between
    // the two lines, a throttle's 80%, must not swing with its noise), and the low time is the
    // time of the swings: a slow start or a slow end is not swinging.
    int state = 0;
    int swings = 0;
    int firstHalf = 0;
    double lows = 0;
    double pending = 0;
    double highs = 0;
    double written = 0;
    double half = c.startOf(c.from) + 0.5 * c.judgedSeconds();
    for (Segment g : pieces(c)) {
      if (c.stallLevel(g)) {
        continue;
      }
      double seconds = g.durationSeconds();
      written += seconds;
      if (g.meanMBps() < lowLine) {
        if (state != 0) {
          pending += seconds;
          state = -1;
        }
      } else if (g.meanMBps() > highLine) {
        highs += seconds;
        if (state == -1 && pending >= Thresholds.MIN_SWING_SECONDS) {
          swings++;
          lows += pending;
          firstHalf += c.startOf(g.startIndex()) < half ? 1 : 0;
        }
        pending = 0;
        state = 1;
      }
    }
    double lowFraction = written > 0 ? lows / written : 0;
    double highFraction = written > 0 ? highs / written : 0;
    boolean swinging =
        swings >= Thresholds.MIN_SWINGS
            && lowFraction >= Thresholds.MIN_SWING_SIDE_FRACTION
            && highFraction >= Thresholds.MIN_SWING_SIDE_FRACTION
            && firstHalf >= 1
            && swings - firstHalf >= 1;
    Segment slow = slowStart(c);
    if (!swinging && slow == null) {
      return null;
    }
    return new Findings.Erratic(
        swinging ? swings : 0,
        high,
        lowFraction,
        highFraction,
        lowLine,
        highLine,
        slow,
        slow == null ? Double.NaN : laterBest(c, slow));
  }

  /**
   * The pieces swings are counted over: the change-point segments, or, when the segmenter stopped
   * at its cap (a day of swings makes thousands), runs of intervals on one side of the middle of a
   * 3-interval running median, which keeps swings of three intervals and more.
   */
  private static List<Segment> pieces(Curve c) {
    if (c.segments.size() < Segmenter.MAX_SEGMENTS) {
      return c.segments;
    }
    double[] smooth = ThrottleDetector.runningMedian(c.r, c.from, c.n, 3);
    double middle = Stats.median(java.util.Arrays.copyOfRange(smooth, c.from, c.n));
    List<Segment> out = new java.util.ArrayList<>();
    int start = c.from;
    for (int i = c.from + 1; i <= c.n; i++) {
      if (i == c.n || (smooth[i] < middle) != (smooth[start] < middle)) {
        out.add(Segment.of(c.s, start, i));
        start = i;
      }
    }
    return out;
  }

  private static Segment slowStart(Curve c) {
    List<Segment> lasting = c.plateaus.stream().filter(c::lastingLevel).toList();
    if (lasting.size() < 2) {
      return null;
    }
    Segment first = lasting.getFirst();
    double duration = c.judgedSeconds();
    if (first.startSeconds() - c.s.startSeconds(c.from)
            > Thresholds.SLOW_START_RUN_FRACTION * duration
        || first.durationSeconds()
            < Math.max(c.lasting, Thresholds.SLOW_START_RUN_FRACTION * duration)
        || first.sampleCount() < Thresholds.SLOW_START_MIN_SAMPLES) {
      return null;
    }
    return first.meanMBps() < Thresholds.SLOW_START_FRACTION * laterBest(c, first) ? first : null;
  }

  private static double laterBest(Curve c, Segment first) {
    double best = 0;
    for (Segment p : c.plateaus) {
      if (p.startIndex() > first.startIndex() && c.lastingLevel(p)) {
        best = Math.max(best, p.meanMBps());
      }
    }
    return best;
  }
}
