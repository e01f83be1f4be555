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
 *       Thresholds#DIP_NOISE_SIGMAS} sigmas), at any depth above zero. A stall level between two
 *       fast visits is a low visit: a starved drive may accept nothing while it collects. A swing
 *       is between two levels: its low side is {@link Thresholds#SWING_SPREAD_SIGMAS} sigmas below
 *       its high side, and below the level the climb reached by as many of that level's own sigmas
 *       when it is a noisier level than the run ({@link #leftItsLevel}).
 *   <li>deep swings: the same, low below {@link #SWING_DEEP_LOW} of the high level and high above
 *       {@link #SWING_DEEP_HIGH} of it (a starved drive nearly stops, then writes at whatever speed
 *       its freed blocks allow).
 *   <li>slow start: the first lasting level begins within {@link
 *       Thresholds#SLOW_START_RUN_FRACTION} of the run, lasts that fraction and {@link
 *       Thresholds#SLOW_START_MIN_SAMPLES} intervals, and is below {@link
 *       Thresholds#SLOW_START_FRACTION} of a later lasting level; or the run swings first, or began
 *       slow ({@link #beganSlow}), and then speeds up to a lasting level ({@link #swingingStart}).
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
    // Near full speed and as far below it as a dip; or, deep: nearly stopped and back at half
    // speed or more (see SWING_DEEP_LOW).
    Swings near = swings(c, high * c.dipLine(), high * c.highLine());
    Swings deep = swings(c, high * SWING_DEEP_LOW, high * SWING_DEEP_HIGH);
    Swings found = near.swinging() || !deep.swinging() ? near : deep;
    Segment slow = slowStart(c);
    double later = slow == null ? Double.NaN : laterBest(c, slow);
    if (slow == null && !found.swinging()) {
      Segment speedsUp = swingingStart(c, high);
      if (speedsUp != null) {
        slow = Segment.of(c.s, c.from, speedsUp.startIndex());
        later = speedsUp.meanMBps();
      }
    }
    if (!found.swinging() && slow == null) {
      return null;
    }
    return new Findings.Erratic(
        found.swinging() ? found.count : 0,
        high,
        found.lowFraction,
        found.highFraction,
        found.lowLineMBps,
        found.highLineMBps,
        found.swinging() ? found.shortestGapSeconds : Double.NaN,
        found.swinging() ? found.longestGapSeconds : Double.NaN,
        slow,
        later);
  }

  /**
   * The deep swings of a starved translation layer: low below this fraction of the high level
   * (p95), high above {@link #SWING_DEEP_HIGH} of it. While it collects garbage it writes next to
   * nothing (the Kingston's 0 MB/s minimum, 256 median against 937 maximum), and between
   * collections it writes as fast as the blocks it freed allow, which differs from one collection
   * to the next (from about half to full speed); so a climb from nearly stopped to half speed is a
   * swing though it stops short of the high level. A throttle's stage (20-80% of the level) or a
   * noisy floor's spread lies above this low line, and an erase pause of a second or three is too
   * short to be a swing's low ({@link Thresholds#MIN_SWING_SECONDS}).
   */
  static final double SWING_DEEP_LOW = 0.25;

  /** See {@link #SWING_DEEP_LOW}: the deep swing's high line, half the high level. */
  static final double SWING_DEEP_HIGH = 0.5;

  /** Swings counted between a low and a high line, with the time spent on each side. */
  private record Swings(
      int count,
      int firstHalf,
      double lowFraction,
      double highFraction,
      double lowLineMBps,
      double highLineMBps,
      double shortestGapSeconds,
      double longestGapSeconds) {

    /** Enough swings, time on each side, swings in both halves of the run. */
    boolean swinging() {
      return count >= Thresholds.MIN_SWINGS
          && lowFraction >= Thresholds.MIN_SWING_SIDE_FRACTION
          && highFraction >= Thresholds.MIN_SWING_SIDE_FRACTION
          && firstHalf >= 1
          && count - firstHalf >= 1;
    }
  }

  /**
   * The climbs from below {@code lowLine} to above {@code highLine}, over change-point segments,
   * not single intervals (a level between the two lines, a throttle's 80%, must not swing with its
   * noise); the low time is the time of the swings: a slow start or a slow end is not swinging.
   */
  private static Swings swings(Curve c, double lowLine, double highLine) {
    return swings(c, lowLine, highLine, c.n, 0);
  }

  /**
   * {@link #swings(Curve, double, double)} over the pieces that begin before sample {@code end},
   * from {@code state} at the start (1: a low start counts as a low visit).
   */
  private static Swings swings(Curve c, double lowLine, double highLine, int end, int state) {
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
    java.util.Arrays.fill(levelSigmas, Double.NaN);
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
            && pending >= Thresholds.MIN_SWING_SECONDS
            && twoLevels(c, pendingMB / pending, g.meanMBps(), wider(pendingSpread, c.spread(g)))
            && leftItsLevel(c, pendingMB / pending, g, levelSigmas)) {
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
  private static boolean twoLevels(Curve c, double lowMBps, double highMBps, double spreadMBps) {
    // In whole requests at a few an interval a spread is the counts' (see
    // SWING_SPREAD_MIN_REQUESTS): the lines alone decide there.
    if (c.quantumMBps > 0
        && highMBps
            < Thresholds.SWING_SPREAD_MIN_REQUESTS
                * c.quantumMBps
                / Thresholds.QUANTUM_SIGMA_REQUESTS) {
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
  private static boolean leftItsLevel(Curve c, double lowMBps, Segment g, double[] sigmas) {
    int k = plateauOf(c, g.startIndex());
    Segment level = c.plateaus.get(k);
    if (Double.isNaN(sigmas[k])) {
      sigmas[k] = levelNoise(c, level);
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
  private static double levelNoise(Curve c, Segment level) {
    double[] x = java.util.Arrays.copyOfRange(c.r, level.startIndex(), level.endIndex());
    if (x.length < Thresholds.LASTING_MIN_SAMPLES) {
      return 0;
    }
    double own = Math.min(Segmenter.relativeNoise(x), Segmenter.quietRelativeNoise(x));
    if (own < Thresholds.OWN_NOISE_RUN_RATIO * c.quietNoise) {
      return 0;
    }
    java.util.Arrays.sort(x);
    if (Stats.sortedQuantile(x, 0.1) < SWING_DEEP_LOW * Stats.sortedQuantile(x, 0.9)) {
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
    List<Segment> out = new java.util.ArrayList<>();
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

  /**
   * The lasting level a slow, swinging start speeds up to, or null: the drive swung ({@link
   * Thresholds#MIN_SWINGS} climbs, near or deep) up to it, and wrote on average below {@link
   * Thresholds#SLOW_START_FRACTION} of it, for {@link Thresholds#SLOW_START_RUN_FRACTION} of the
   * run at least; the level lasts that long too. A drive short of free blocks collects garbage
   * until the overwrite has freed enough of them, then writes at full speed (the nearly full drive
   * of the field reports: 250 s slow and erratic, then 250 s fast); a throttle steps down and a
   * cache runs out, and neither starts by swinging low. The climbs counted include the one out of a
   * slow first stretch and the one onto the level: the drive was collecting from the first second,
   * and its last collection ends where it speeds up. A run that began slow needs no count ({@link
   * #beganSlow}).
   */
  private static Segment swingingStart(Curve c, double high) {
    double least = Math.max(c.lasting, Thresholds.SLOW_START_RUN_FRACTION * c.judgedSeconds());
    for (Segment p : c.plateaus) {
      if (!c.lastingLevel(p)
          || p.durationSeconds() < least
          || c.startOf(p.startIndex()) - c.startOf(c.from) < least
          || !(c.meanMBps(c.from, p.startIndex())
              < Thresholds.SLOW_START_FRACTION * p.meanMBps())) {
        continue;
      }
      int end = p.startIndex() + 1;
      if (beganSlow(c, p)
          || swings(c, high * c.dipLine(), high * c.highLine(), end, 1).count
              >= Thresholds.MIN_SWINGS
          || swings(c, high * SWING_DEEP_LOW, high * SWING_DEEP_HIGH, end, 1).count
              >= Thresholds.MIN_SWINGS) {
        return p;
      }
    }
    return null;
  }

  /**
   * Whether the run began slow, below {@link Thresholds#SLOW_START_FRACTION} of the level {@code p}
   * it speeds up to: its first level, where the start-up ramp ends, lasted and was that slow. A
   * drive starts cool and with its cache empty, so heat and a full cache only slow it from the
   * speed it starts at; a run that opens at a fraction of a speed it reaches later was slowed by
   * something it cleared while writing, a translation layer collecting garbage. Then the start
   * needs no count of swings (two slow visits each way have only two climbs): the swings guard a
   * start that opened fast, a throttle's drop and climb back.
   */
  private static boolean beganSlow(Curve c, Segment p) {
    Segment first = c.plateaus.getFirst();
    return first.startIndex() < p.startIndex()
        && c.lastingLevel(first)
        && first.meanMBps() < Thresholds.SLOW_START_FRACTION * p.meanMBps();
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
