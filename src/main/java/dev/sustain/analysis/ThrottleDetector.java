package dev.sustain.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Heat by its three signatures. A cache that has run out does not refill while writing; a
 * controller that has cooled speeds up again. So:
 *
 * <ul>
 *   <li>steps: a lasting drop followed by a lasting climb back ({@link RecoveryDetector});
 *   <li>dips: short drops below a running median that come back to it, at any depth above zero, at
 *       least {@link Thresholds#MIN_DIPS} of them at a regular spacing, on to the end of the run (a
 *       hot controller or USB bridge: 6-10 s down every 45-60 s);
 *   <li>the temperature's bend: the best two-line fit of temperature against time bends at the
 *       rate's step, after a rise, and the slope after is a fraction of the slope before ({@link
 *       TemperatureBend}).
 * </ul>
 *
 * Stateless.
 */
final class ThrottleDetector {

  private ThrottleDetector() {}

  /**
   * The first departure from the level the run started at, before sample {@code end} (a sawtooth's
   * first dip): the best single split of [from, end) into two means, when the later is lower by
   * {@link Thresholds#SIGNIFICANCE} standard errors at the run's noise and still above {@link
   * Thresholds#DROP_FRACTION} of the earlier (a throttle holding a lower speed between its dips; a
   * deeper fall is a cliff, read as one). {@code end} when there is none. Read from the rates
   * themselves, not the plateaus: a level 5-8% below the cool one merges with it there.
   */
  static int departure(Curve c, int end) {
    int min = Thresholds.LASTING_MIN_SAMPLES;
    if (end - c.from < min + 1) {
      return end;
    }
    // On the 3-interval running median: an odd interval is an outlier, not a departure.
    double[] x = runningMedian(c.r, c.from, end, 3);
    double total = 0;
    for (int i = c.from; i < end; i++) {
      total += x[i];
    }
    double left = 0;
    int best = end;
    double bestScore = 0;
    for (int k = c.from + 1; k < end; k++) {
      left += x[k - 1];
      int nl = k - c.from;
      int nr = end - k;
      // The cool level lasted; the lower one may hold a single interval before the first dip
      // (the significance below weighs how few there are).
      if (nl < min || nr < 1) {
        continue;
      }
      double drop = left / nl - (total - left) / nr;
      double score = drop * drop * nl * nr;
      if (drop > 0 && score > bestScore) {
        bestScore = score;
        best = k;
      }
    }
    if (best == end) {
      return end;
    }
    int nl = best - c.from;
    int nr = end - best;
    double before = Stats.mean(x, c.from, best);
    double after = Stats.mean(x, best, end);
    double sigma = Math.max(c.relNoise * before, c.quantumMBps);
    boolean significant =
        before - after > Thresholds.SIGNIFICANCE * sigma * Math.sqrt(1.0 / nl + 1.0 / nr);
    return significant && after >= Thresholds.DROP_FRACTION * before ? best : end;
  }

  /** One dip: samples [start, end), its mean rate and the baseline it dipped from. */
  record Dip(int start, int end, double meanMBps, double baselineMBps) {}

  /**
   * A regular train of dips that comes back each time, on to the end of the run, or null. The
   * baseline's window is tried at {@link Thresholds#BASELINE_SECONDS} and then at {@link
   * Thresholds#BASELINE_SCALE} times that, for the slower cycles of a larger heat sink.
   */
  static Findings.Sawtooth sawtooth(Curve c) {
    Findings.Sawtooth found = sawtooth(c, Thresholds.DIP_SPREAD_SIGMAS);
    return found != null ? found : sawtooth(c, Thresholds.BEAT_DIP_SPREAD_SIGMAS);
  }

  /**
   * The sawtooth of dips {@code spreadSigmas} outside their level's spread; below {@link
   * Thresholds#DIP_SPREAD_SIGMAS} only a train that keeps a steady beat counts (see {@link
   * Thresholds#BEAT_DIP_SPREAD_SIGMAS}).
   */
  private static Findings.Sawtooth sawtooth(Curve c, double spreadSigmas) {
    double seconds = Thresholds.BASELINE_SECONDS;
    for (int scale = 0; scale < 2; scale++, seconds *= Thresholds.BASELINE_SCALE) {
      int w = baselineWindow(c, seconds);
      if (scale > 0 && w > c.n - c.from) {
        break;
      }
      Findings.Sawtooth found =
          sawtooth(c, dips(c, w, spreadSigmas), spreadSigmas < Thresholds.DIP_SPREAD_SIGMAS);
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  private static Findings.Sawtooth sawtooth(Curve c, List<Dip> dips, boolean onBeatOnly) {
    if (dips.size() < Thresholds.MIN_DIPS) {
      return null;
    }
    // The longest trains are the candidates; a day of stalls makes thousands of short ones, and
    // each check reads the whole run.
    List<DipChains.Chain> trains = DipChains.of(c, dips, Thresholds.MAX_SKIPPED_BEATS);
    for (DipChains.Chain train :
        trains.subList(0, Math.min(trains.size(), Thresholds.MAX_TRAINS_TRIED))) {
      Findings.Sawtooth found = sawtooth(c, dips, train, onBeatOnly);
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  /** The sawtooth that {@code train} makes, or null when it is not one (see {@link DipTrain}). */
  private static Findings.Sawtooth sawtooth(
      Curve c, List<Dip> dips, DipChains.Chain chain, boolean onBeatOnly) {
    List<Dip> train = chain.dips();
    if (train.size() < (onBeatOnly ? Thresholds.BEAT_DIP_MIN_DIPS : Thresholds.MIN_DIPS)) {
      return null;
    }
    DipTrain t = DipTrain.of(c, chain);
    // A train that steps over a beat counts only where the beat is steady across it.
    if (((onBeatOnly || t.skips()) && !t.steadyBeat(c, dips))
        || !t.shortAndAlike(c, dips)
        || !t.lowOnlyInDips(c)
        || !t.steadyElsewhere(c, dips)
        || !t.onToTheEnd(c)) {
      return null;
    }
    int a = train.getFirst().start();
    int b = train.getLast().start();
    return new Findings.Sawtooth(
        train.size(),
        t.periodSeconds(),
        t.meanDipSeconds(),
        t.dipMBps(),
        between(c, dips, a, b),
        t.firstSeconds(),
        c.meanMBps(a, b));
  }

  /**
   * The level between the dips of [a, b): the mean of the intervals that are neither in a dip nor
   * next to one (those are partly in it), the median baseline if there are none.
   */
  private static double between(Curve c, List<Dip> dips, int a, int b) {
    boolean[] near = new boolean[c.n];
    for (Dip d : dips) {
      for (int i = Math.max(0, d.start() - 1); i < Math.min(c.n, d.end() + 1); i++) {
        near[i] = true;
      }
    }
    double levelMBps = Curve.meanMBpsOutside(c.s, near, a, b);
    if (!Double.isNaN(levelMBps)) {
      return levelMBps;
    }
    double[] levels = new double[dips.size()];
    for (int i = 0; i < levels.length; i++) {
      levels[i] = dips.get(i).baselineMBps();
    }
    return Stats.median(levels);
  }

  /**
   * Every dip after the ramp: intervals at least {@link Thresholds#DIP_ENTER} (or {@link
   * Thresholds#DIP_NOISE_SIGMAS} noise sigmas) below the running median, extended while they stay
   * {@link Thresholds#DIP_EXIT} below it, shorter than half the median's window, not made mostly of
   * zero intervals (those are stalls), with the level before and after them near the baseline, and
   * short of it by more than whole requests explain ({@link Thresholds#QUANTUM_SIGMA_REQUESTS}).
   */
  static List<Dip> dips(Curve c, int w) {
    return dips(c, w, Thresholds.DIP_SPREAD_SIGMAS);
  }

  /** The dips as {@link #dips(Curve, int)} reads them, each {@code spreadSigmas} outside. */
  static List<Dip> dips(Curve c, int w, double spreadSigmas) {
    double[] base = runningMedian(c.r, c.from, c.n, w);
    double enter = c.dipLine();
    double exit = c.backLine();
    List<Dip> out = new ArrayList<>();
    int i = c.from;
    while (i < c.n) {
      if (!(c.r[i] < enter * base[i])) {
        i++;
        continue;
      }
      int a = i;
      while (a - 1 >= c.from && c.r[a - 1] < exit * base[a - 1]) {
        a--;
      }
      int b = i + 1;
      while (b < c.n && c.r[b] < exit * base[b]) {
        b++;
      }
      i = b;
      if (b - a > w / 2 || a == c.from || b >= c.n) {
        continue;
      }
      int zeros = 0;
      for (int k = a; k < b; k++) {
        zeros += c.stall(k) ? 1 : 0;
      }
      if (zeros > Thresholds.STALL_LEVEL_ZERO_FRACTION * (b - a)) {
        continue;
      }
      double level = Stats.median(Arrays.copyOfRange(base, a, b));
      // In whole requests a low interval may be the count's own variation: a dip is short of its
      // level by more than DIP_NOISE_SIGMAS quanta over its intervals (3 requests an interval
      // counted 2 once is no dip).
      if (c.quantumMBps > 0
          && (level - c.meanMBps(a, b)) * Math.sqrt(b - a)
              < Thresholds.DIP_NOISE_SIGMAS * c.quantumMBps) {
        continue;
      }
      // Judged against the level's own spread: a noisy low floor swings by its own noise, and an
      // interval of it below the run's dip line is no dip. The dip's mean is short of its level by
      // DIP_SPREAD_SIGMAS of the spread of the intervals around it (1.4826 MAD, the dip left out).
      if (!outsideSpread(c, a, b, w, level, spreadSigmas)) {
        continue;
      }
      int around = Math.max(1, Math.min(3, w / 4));
      double before = Stats.median(Arrays.copyOfRange(c.r, Math.max(c.from, a - around), a));
      double after = Stats.median(Arrays.copyOfRange(c.r, b, Math.min(c.n, b + around)));
      if (before < exit * level || after < exit * level) {
        continue;
      }
      out.add(new Dip(a, b, c.meanMBps(a, b), level));
    }
    return out;
  }

  /**
   * Whether the dip [a, b) falls outside the spread of the level around it: its mean below {@code
   * level} by {@link Thresholds#DIP_SPREAD_SIGMAS} robust sigmas (1.4826 times the median absolute
   * deviation of the window's other intervals), over the square root of its intervals.
   */
  private static boolean outsideSpread(
      Curve c, int a, int b, int w, double level, double spreadSigmas) {
    int lo = Math.max(c.from, a - w / 2);
    int hi = Math.min(c.n, b + w / 2);
    double[] dev = new double[hi - lo];
    int m = 0;
    for (int i = lo; i < hi; i++) {
      if ((i < a || i >= b) && !c.stall(i)) {
        dev[m++] = Math.abs(c.r[i] - level);
      }
    }
    if (m < Thresholds.LASTING_MIN_SAMPLES) {
      return true;
    }
    double sigma = 1.4826 * Stats.median(Arrays.copyOf(dev, m));
    return (level - c.meanMBps(a, b)) * Math.sqrt(b - a) >= spreadSigmas * sigma;
  }

  /**
   * The running median's window in intervals for {@code seconds}: odd, at least {@link
   * Thresholds#BASELINE_MIN_SAMPLES}, at most {@link Thresholds#BASELINE_MAX_SAMPLES}.
   */
  static int baselineWindow(Curve c, double seconds) {
    long w =
        Math.max(Thresholds.BASELINE_MIN_SAMPLES, Math.round(seconds / Math.max(c.interval, 1e-9)));
    w = Math.min(w, Thresholds.BASELINE_MAX_SAMPLES);
    return (int) (w % 2 == 0 ? w + 1 : w);
  }

  /**
   * The centred running median of x over [from, to) with an odd window w (shrunk at the ends); NaN
   * before {@code from}. A sorted window is kept and updated in place: O(n w) moves, cheap even at
   * 0.1 s intervals (w = 451).
   */
  static double[] runningMedian(double[] x, int from, int to, int w) {
    double[] out = new double[x.length];
    Arrays.fill(out, Double.NaN);
    int half = w / 2;
    double[] window = new double[w];
    int size = 0;
    int lo = from;
    int hi = from; // the window holds x[lo, hi)
    for (int i = from; i < to; i++) {
      int wantLo = Math.max(from, i - half);
      int wantHi = Math.min(to, i + half + 1);
      while (lo < wantLo) {
        size = remove(window, size, x[lo++]);
      }
      while (hi < wantHi) {
        size = insert(window, size, x[hi++]);
      }
      out[i] = size % 2 == 1 ? window[size / 2] : 0.5 * (window[size / 2 - 1] + window[size / 2]);
    }
    return out;
  }

  private static int insert(double[] sorted, int size, double v) {
    int at = Arrays.binarySearch(sorted, 0, size, v);
    if (at < 0) {
      at = -at - 1;
    }
    System.arraycopy(sorted, at, sorted, at + 1, size - at);
    sorted[at] = v;
    return size + 1;
  }

  private static int remove(double[] sorted, int size, double v) {
    int at = Arrays.binarySearch(sorted, 0, size, v);
    if (at < 0) {
      return size;
    }
    System.arraycopy(sorted, at + 1, sorted, at, size - at - 1);
    return size - 1;
  }
}
