package dev.sustain.analysis;

import java.util.Arrays;

/**
 * Where a cache's gradual fall left the burst ({@link CliffDetector}'s cliff when the rate fell
 * over several intervals rather than in one): the intervals between the two levels, clear of each
 * level's noise, fitted by a line back to the burst. Stateless.
 */
final class FallDeparture {

  private FallDeparture() {}

  /**
   * An interval is on the way between the two levels of a drop when it lies at least this many
   * noise sigmas from both: a level's own interval is that far out once in 740 (Gaussian), so a run
   * of {@link #FALL_MIN_INTERVALS} of them is a fall, never a level's noise.
   */
  static final double FALL_SIGMAS = 3;

  /**
   * A drop is a gradual fall, placed where it left the burst, when at least this many intervals in
   * a row lie between its levels ({@link #FALL_SIGMAS}): a step has one interval between them (the
   * one it fell in, half old level, half new), two at most when noise puts its neighbour out.
   */
  static final int FALL_MIN_INTERVALS = 3;

  /**
   * ... and at most this many: a cache's fall takes seconds (15 s is 60 intervals at 0.25 s), and a
   * longer run between the levels is a level or a ramp of its own, not the cache's end.
   */
  static final int FALL_MAX_INTERVALS = 200;

  /**
   * Where a gradual fall from {@code high} to {@code low} left the high level, as {seconds, bytes}
   * from the run's start, or null when the drop at {@code b} is a step ({@link
   * #FALL_MIN_INTERVALS}). A cache's size is the bytes written up to the first lasting departure
   * from the burst: when the controller's fast blocks run out die by die, or folding starts before
   * the last of them fills, the rate falls over several intervals, and the middle of that fall
   * (where a step is placed) counts half the fall's bytes into the cache. The fall's intervals are
   * fitted by a line, and the departure is where that line meets the high level, no later than
   * {@code b} and no earlier than the fall's own length before its first interval clear of the
   * noise.
   */
  static double[] departure(Curve c, int b, Segment before, Segment after) {
    double high = before.meanMBps();
    double low = after.meanMBps();
    // Each level's own spread, not the run's noise: a quiet burst before a noisy floor keeps its
    // few percent (the run's noise, pooled from both, put a 3% burst's line a third of the way
    // down an 8-second fall, and the fall read as a step in its middle). The run's noise stands in
    // for a level too short to read a spread of its own.
    double spreadBefore = spread(c, before, true);
    double top = high - FALL_SIGMAS * orNoise(c, spreadBefore, high);
    double bottom = low + FALL_SIGMAS * orNoise(c, spread(c, after, false), low);
    if (!(bottom < top) || b <= c.from || b >= c.n) {
      return null;
    }
    // The fall's run of intervals between the levels around b, across single intervals that noise
    // put outside (a long fall at a short interval has some); only those between are fitted.
    int f0 = b;
    while (f0 - 1 > c.from
        && (between(c, f0 - 1, top, bottom) || between(c, f0 - 2, top, bottom))
        && f0 - 2 >= c.from) {
      f0 -= between(c, f0 - 1, top, bottom) ? 1 : 2;
    }
    int f1 = b;
    while (f1 < c.n && (between(c, f1, top, bottom) || between(c, f1 + 1, top, bottom))) {
      f1 += between(c, f1, top, bottom) ? 1 : 2;
    }
    int count = 0;
    for (int i = f0; i < f1; i++) {
      count += between(c, i, top, bottom) ? 1 : 0;
    }
    if (!isFall(count, f1 - f0, before, after, !Double.isNaN(spreadBefore))) {
      return null;
    }
    double[] t = new double[count];
    double[] y = new double[count];
    for (int i = f0, k = 0; i < f1; i++) {
      if (between(c, i, top, bottom)) {
        t[k] = 0.5 * (c.startOf(i) + c.endOf(i));
        y[k++] = c.r[i];
      }
    }
    double[] line = Stats.robustLine(t, y);
    if (!(line[1] < 0)) {
      return null;
    }
    double seconds = (high - line[0]) / line[1];
    // Back from the fall's first interval clear of the burst's noise by at most the fall's own
    // length (a linear fall spends a like share of its time within noise of either level): any
    // further is a line extrapolated from noise.
    int earliest = Math.max(c.from, f0 - (f1 - f0) - 1);
    seconds = Math.max(c.startOf(earliest), Math.min(c.startOf(b), seconds));
    int i = earliest;
    while (i + 1 < b && c.startOf(i + 1) <= seconds) {
      i++;
    }
    double bytes = c.cumulative[i] + (seconds - c.startOf(i)) * high * 1e6;
    return new double[] {seconds, bytes};
  }

  /** A level's own spread, or the run's noise at its rate where it had none ({@link #spread}). */
  private static double orNoise(Curve c, double ownSpreadMBps, double levelMBps) {
    return Double.isNaN(ownSpreadMBps) ? c.relNoise * levelMBps : ownSpreadMBps;
  }

  /**
   * Whether {@code count} intervals between the levels over a span of {@code span} are a fall: at
   * least {@link #FALL_MIN_INTERVALS}, at most {@link #FALL_MAX_INTERVALS}, and a passage to a
   * level that outlasts it twice over. It may outlast the burst where the burst's own spread was
   * read ({@code burstSpreadRead}): a cache of two gigabytes at 440 MB/s fills in four seconds, and
   * one whose folding starts before its last die fills falls over seven. A burst too short for a
   * spread of its own is judged by the run's noise, which a noisy burst's own intervals lie outside
   * of; there the fall must be shorter than half the burst too, or a burst of six noisy intervals
   * reads as one long fall ({@link CliffDetector#fallEnds} bounds a fall's pieces by half the burst
   * or {@link CliffDetector.Limits#fallSeconds}, whichever is longer).
   */
  private static boolean isFall(
      int count, int span, Segment before, Segment after, boolean burstSpreadRead) {
    int longest =
        burstSpreadRead ? after.sampleCount() : Math.min(before.sampleCount(), after.sampleCount());
    return count >= FALL_MIN_INTERVALS && count <= FALL_MAX_INTERVALS && span <= longest / 2;
  }

  /**
   * The spread of a level's intervals (1.4826 median absolute deviation, or 1.2533 mean absolute
   * deviation when more: either is sigma for Gaussian noise), read from at most {@link
   * #FALL_MAX_INTERVALS} of them next to the fall (from its end when {@code fromEnd}), the
   * transitions at its ends left out (the intervals the level was entered or left in); at least a
   * request in whole requests. The transitions inside it stay: they are its own excursions, cut out
   * as short segments where the run's noise (a quiet floor's, when the level is a noisy burst) is
   * smaller than the level's, and left out they would make a noisy level look quiet and its noise a
   * fall (a burst of 4.8% noise before a floor of 0.6% read as falling for 13 s). NaN for a level
   * of fewer than {@link Thresholds#LASTING_MIN_SAMPLES} intervals.
   */
  private static double spread(Curve c, Segment level, boolean fromEnd) {
    int a = level.startIndex();
    int z = level.endIndex();
    while (a < z && c.transition[a]) {
      a++;
    }
    while (z > a && c.transition[z - 1]) {
      z--;
    }
    double[] x = new double[Math.min(z - a, FALL_MAX_INTERVALS)];
    int m = 0;
    for (int k = 0; k < z - a && m < x.length; k++) {
      int i = fromEnd ? z - 1 - k : a + k;
      if (!c.stall(i)) {
        x[m++] = c.r[i];
      }
    }
    if (m < Thresholds.LASTING_MIN_SAMPLES) {
      return Double.NaN;
    }
    double[] v = Arrays.copyOf(x, m);
    double center = Stats.median(v);
    double sum = 0;
    for (int i = 0; i < m; i++) {
      v[i] = Math.abs(v[i] - center);
      sum += v[i];
    }
    // The mean deviation too: whole requests make most intervals one count, so their median
    // deviation is none while the neighbouring counts lie a request away.
    return Math.max(c.quantumMBps, Math.max(1.4826 * Stats.median(v), 1.2533 * sum / m));
  }

  /** Whether interval {@code i} lies inside the run and strictly between the two lines. */
  private static boolean between(Curve c, int i, double top, double bottom) {
    return i >= c.from && i < c.n && c.r[i] < top && c.r[i] > bottom;
  }
}
