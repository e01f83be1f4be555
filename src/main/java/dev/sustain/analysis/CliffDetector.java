package dev.sustain.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The cliff and the stages after it. The cliff is the first sharp lasting drop from the burst: a
 * plateau below {@link Thresholds#DROP_FRACTION} of the burst that, with the low plateaus after it,
 * holds for a lasting time, and after which the rate never climbs back above that line for a
 * lasting time (then it was a throttle's dip). Sharp means a step, not the end of a ramp: the step
 * between the two plateaus is at least {@link Thresholds#STEP_OF_DROP} of the whole drop and 15% of
 * the level before it, the local levels (pair medians) of up to 20 intervals either side differ by
 * at least half of it (a ramp's local change is its slope times 20, small against its total
 * decline), the plateaus change inside by less than the step over {@link
 * Thresholds#STEP_OVER_INSIDE}, and they differ beyond noise.
 *
 * <p>The cliff's time and the cache's bytes are read inside the interval it fell in when that
 * interval's rate lies clearly between the two levels (its mixed rate says how much of it was still
 * at the burst), so a 5-second interval still places the cliff to about a second.
 *
 * <p>The stages are every lasting level from the cliff on: the SLC cache's end, a folding stage,
 * the native TLC or QLC rate. A level counts by how long it held and what it is made of (mostly
 * zero intervals is a stall, never a stage), never by how slow it is against the burst. Stateless.
 */
final class CliffDetector {

  private CliffDetector() {}

  /**
   * A fall may take this long whatever the burst before it: a cache's fall takes seconds (as {@link
   * FallDeparture} reads one: 15 s is 60 intervals at 0.25 s).
   */
  static final double CACHE_FALL_SECONDS = 15;

  /** The first sharp lasting drop and the stages after it, or null. */
  static Findings.Cliff find(Curve c) {
    return from(c, firstSharpDrop(c, Thresholds.DROP_FRACTION));
  }

  /**
   * The first sharp lasting step of at least {@link Thresholds#PLATEAU_MERGE_FRACTION} of the level
   * before it (two levels closer than that are one), judged as the cliff is but against that line
   * instead of {@link Thresholds#DROP_FRACTION}; null when there is none. A controller that
   * throttles at a temperature threshold lowers its clock by a step that may be a tenth of the
   * rate: such a step is no cache's end by its size (a cache's native rate is a third of its burst
   * or less) and no drive's wobble either when it holds, so it is the drop only where the
   * temperature bends at it ({@link TemperatureBend}): the two signals are independent.
   */
  static Findings.Cliff step(Curve c) {
    return from(c, firstSharpDrop(c, 1 - Thresholds.PLATEAU_MERGE_FRACTION));
  }

  /**
   * The drop that begins at plateau {@code drop[0]} and the stages from plateau {@code drop[1]} on
   * (a fall's pieces between them are no stage); null when there is no drop.
   */
  private static Findings.Cliff from(Curve c, int[] drop) {
    if (drop == null) {
      return null;
    }
    int j = drop[0];
    List<Segment> p = c.plateaus;
    Segment before = p.get(j - 1);
    List<Segment> stages = stagesFrom(c, drop[1]);
    double first = stages.getFirst().meanMBps();
    double lowest = Double.POSITIVE_INFINITY;
    for (Segment q : stages) {
      lowest = Math.min(lowest, q.meanMBps());
    }
    // The run may end on a lower level that has not held long enough yet.
    Segment last = lastLevel(c, j);
    boolean mayBeLower =
        last != null
            && !c.lastingLevel(last)
            && last.endIndex() > stages.getLast().endIndex()
            && last.meanMBps() < Thresholds.DROP_FRACTION * lowest;
    int b = stepIndex(c, p.get(j).startIndex(), before.meanMBps(), first);
    double[] at = FallDeparture.departure(c, b, before, stages.getFirst());
    if (at == null) {
      at = placeInInterval(c, b, before.meanMBps(), first);
    }
    int burstIntervals = 0;
    for (int i = c.from; i < before.endIndex(); i++) {
      burstIntervals += c.transition[i] ? 0 : 1;
    }
    return new Findings.Cliff(
        at[0],
        at[1] / 1e9,
        before.meanMBps(),
        first,
        stages,
        lowest,
        mayBeLower,
        mayBeLower ? last.meanMBps() : Double.NaN,
        burstIntervals);
  }

  /**
   * The lasting levels from plateau {@code j} on, a level on both sides of a short excursion being
   * one stage; the longest piece when the low time was made of short pieces only.
   */
  private static List<Segment> stagesFrom(Curve c, int j) {
    List<Segment> p = c.plateaus;
    List<Segment> stages = new ArrayList<>();
    for (int k = j; k < p.size(); k++) {
      Segment q = p.get(k);
      if (!c.lastingLevel(q)) {
        continue;
      }
      Segment last = stages.isEmpty() ? null : stages.getLast();
      if (last != null && oneLevel(c, last, q)) {
        // The same level on both sides of a short excursion: one stage.
        stages.set(stages.size() - 1, join(c, last, q));
      } else {
        stages.add(q);
      }
    }
    if (stages.isEmpty()) {
      // The low time was made of short pieces: the longest stands for the level.
      Segment longest = null;
      for (int k = j; k < p.size(); k++) {
        Segment q = p.get(k);
        if (!c.stallLevel(q)
            && (longest == null || q.durationSeconds() > longest.durationSeconds())) {
          longest = q;
        }
      }
      stages.add(longest == null ? p.get(j) : longest);
    }
    return stages;
  }

  /** The last plateau from {@code j} on that is not a stall, or null. */
  private static Segment lastLevel(Curve c, int j) {
    List<Segment> p = c.plateaus;
    for (int k = p.size() - 1; k >= j; k--) {
      if (!c.stallLevel(p.get(k))) {
        return p.get(k);
      }
    }
    return null;
  }

  /** Two levels closer than {@link Thresholds#PLATEAU_MERGE_FRACTION} or within noise. */
  private static boolean oneLevel(Curve c, Segment a, Segment b) {
    double level = Math.max(a.meanMBps(), b.meanMBps());
    return Math.abs(a.meanMBps() - b.meanMBps()) < Thresholds.PLATEAU_MERGE_FRACTION * level
        || !c.differ(a, b);
  }

  /** One stage from a to the end of b: all their bytes, their levels weighted by their time. */
  private static Segment join(Curve c, Segment a, Segment b) {
    double level =
        (a.meanMBps() * a.durationSeconds() + b.meanMBps() * b.durationSeconds())
            / (a.durationSeconds() + b.durationSeconds());
    Segment whole = Segment.of(c.s, a.startIndex(), b.endIndex());
    return new Segment(
        whole.startIndex(),
        whole.endIndex(),
        whole.startSeconds(),
        whole.endSeconds(),
        level,
        whole.bytes());
  }

  /**
   * The first sharp lasting drop below {@code fraction} of the burst, by at least {@code 1 -
   * fraction} of the level before it, as {the plateau that begins it, the first level after it}, or
   * null. The two are one plateau for a step, and differ for a fall ({@link #fallEnds}).
   */
  private static int[] firstSharpDrop(Curve c, double fraction) {
    List<Segment> p = c.plateaus;
    double line = fraction * c.burst;
    for (int j = 1; j < p.size(); j++) {
      Segment q = p.get(j);
      if (c.stallLevel(q)) {
        continue;
      }
      if (q.meanMBps() <= line && sharp(c, j, j, fraction)) {
        return new int[] {j, j};
      }
      // A fall's first pieces may lie above the line its level is below.
      for (int k : fallEnds(c, j)) {
        if (sharp(c, j, k, fraction)) {
          return new int[] {j, k};
        }
      }
    }
    return null;
  }

  /**
   * The levels a fall that begins at plateau {@code j} may end on, nearest first: each plateau
   * {@code k} after {@code j} that lasts, with plateaus {@code j} to {@code k} each below the one
   * before and those before {@code k} together no longer than half the level the fall ends on, nor
   * than half the burst or {@link #CACHE_FALL_SECONDS}, whichever is longer. A cache whose fast
   * blocks run out die by die falls over seconds; the segmenter cuts that fall into pieces, each a
   * small step from the next, and a piece of five intervals may even pass as lasting. A level is
   * what holds, a fall is the passage between two of them: shorter than the level it ends on, and
   * going one way.
   */
  private static List<Integer> fallEnds(Curve c, int j) {
    List<Segment> p = c.plateaus;
    Segment before = p.get(j - 1);
    List<Integer> ends = new ArrayList<>();
    // Shorter than half the burst, or a cache's fall of seconds whatever the burst (a cache of two
    // gigabytes at 440 MB/s fills in four seconds, and folding that starts before its last die
    // fills makes a fall of seven).
    double longest = Math.max(0.5 * before.durationSeconds(), CACHE_FALL_SECONDS);
    double fallSeconds = 0;
    for (int k = j; k < p.size(); k++) {
      Segment z = p.get(k);
      if (z.meanMBps() >= p.get(k - 1).meanMBps() || c.stallLevel(z)) {
        break;
      }
      if (k > j
          && c.lastingLevel(z)
          && fallSeconds <= Math.min(longest, 0.5 * z.durationSeconds())) {
        ends.add(k);
      }
      fallSeconds += z.durationSeconds();
      if (fallSeconds > longest) {
        break;
      }
    }
    return ends;
  }

  /**
   * Whether the drop from plateau {@code j - 1} through plateau {@code j} to the level at plateau
   * {@code k} (the same plateau for a step) is sharp and lasting, judged by the class comment's
   * rules between the level before and the level after (a fall's pieces belong to neither).
   */
  private static boolean sharp(Curve c, int j, int k, double fraction) {
    List<Segment> p = c.plateaus;
    double line = fraction * c.burst;
    double low = 0;
    for (int m = k; m < p.size(); m++) {
      Segment z = p.get(m);
      if (z.meanMBps() <= line) {
        low += z.durationSeconds();
      } else if (z.durationSeconds() >= c.lasting) {
        break;
      }
    }
    Segment prev = p.get(j - 1);
    Segment q = p.get(k);
    double step = prev.meanMBps() - q.meanMBps();
    double fromBurst = c.burst - q.meanMBps();
    if (low < c.lasting
        || comesBack(c, k, line)
        || step < Thresholds.STEP_OF_DROP * fromBurst
        || step < (1 - fraction) * prev.meanMBps()) {
      return false;
    }
    // The intervals a fall passed through belong to neither side (a plateau's mean leaves them out
    // as transitions), so each side's median is read beyond them, while they last at most half
    // of the shorter level.
    int b = p.get(j).startIndex();
    int after = q.startIndex();
    double skip = 0.5 * Math.min(prev.durationSeconds(), q.durationSeconds());
    while (after < q.endIndex() - 1 && c.transition[after] && skip >= c.s.intervalSeconds(after)) {
      skip -= c.s.intervalSeconds(after);
      after++;
    }
    int w =
        Math.max(
            1,
            Math.min(
                Thresholds.STEP_MEDIAN_INTERVALS,
                Math.min(prev.sampleCount(), q.sampleCount()) / 2));
    double medianBefore = Stats.pairMedian(Arrays.copyOfRange(c.r, b - w, b));
    double medianAfter = Stats.pairMedian(Arrays.copyOfRange(c.r, after, after + w));
    boolean shortBefore = prev.sampleCount() < 2 * Thresholds.MIN_PLATEAU_SAMPLES;
    if (shortBefore) {
      // A level of a few intervals (a burst of one or two) is its level, and the interval the
      // step fell in, on either side of it, must not stand for a side: after it, the median of
      // as many intervals as make a short level.
      int n = Math.min(q.sampleCount(), 2 * Thresholds.MIN_PLATEAU_SAMPLES - 1);
      medianBefore = prev.meanMBps();
      medianAfter = Stats.pairMedian(Arrays.copyOfRange(c.r, after, after + n));
    }
    // A level of a few intervals has no inside to decline in: its slope is the noise of three
    // draws and the interval the step fell in, and a fall within them is a step.
    double inside =
        shortBefore
            ? c.internalDecline(q)
            : Math.max(c.internalDecline(prev), c.internalDecline(q));
    return medianBefore - medianAfter >= Thresholds.STEP_OF_LOCAL_MEDIANS * step
        && step >= Thresholds.STEP_OVER_INSIDE * inside
        && c.differ(prev, q);
  }

  /**
   * Whether a lasting level after plateau {@code j} climbs back above the drop line: then the drop
   * was a dip (a throttle's), not a cliff.
   */
  private static boolean comesBack(Curve c, int j, double line) {
    for (int k = j + 1; k < c.plateaus.size(); k++) {
      Segment p = c.plateaus.get(k);
      if (c.lastingLevel(p) && p.meanMBps() > line) {
        return true;
      }
    }
    return false;
  }

  /**
   * The first interval after a step from {@code high} to {@code low} near the segments' change at
   * {@code b}: within twice {@link Thresholds#STEP_PLACE_INTERVALS} intervals either way, the place
   * with the most intervals above the middle before it and below it after (three each), nearest
   * {@code b} on a tie. An odd interval next to the step (an outlier just after it) can draw the
   * change point; this puts it back. The search reaches past one window of three: an outlier as
   * large as a modest step (15-30% against a step of 10-15%) after a few intervals at the low level
   * draws the change point to its far side, four intervals or more from the step, and a place
   * farther away wins only by reading better on both sides.
   */
  static int stepIndex(Curve c, int b, double high, double low) {
    double middle = 0.5 * (high + low);
    int w = Thresholds.STEP_PLACE_INTERVALS;
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
  static double[] placeInInterval(Curve c, int b, double high, double low) {
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
