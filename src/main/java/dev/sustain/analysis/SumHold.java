package dev.sustain.analysis;

import java.util.Arrays;

/**
 * The stretch in which a group's summed rate holds near one level from the moment all its targets
 * write: the first half of {@link SharedCeilingDetector}'s evidence. Pure and immutable: it reads
 * by the limits it is made with.
 *
 * <p>The sum is judged over a second at least ({@link
 * SharedCeilingDetector.Limits#sumSmoothSeconds} s: a link or a throttle hands out its rate in
 * slices, so a sum sampled every half second swings around its level); within {@link
 * SharedCeilingDetector.Limits#sumHoldFraction} of its level, or three times its own noise where
 * that is larger (at most {@link SharedCeilingDetector.Limits#maxHoldFraction}); beginning within
 * {@link SharedCeilingDetector.Limits#startSlackIntervals} intervals (or a hiccup's length) of the
 * first interval they all wrote; with stray seconds allowed (two in a row, {@link
 * SharedCeilingDetector.Limits#maxStrayFraction} of the stretch at most); its first and last thirds
 * no further apart than the band; at least {@link SharedCeilingDetector.Limits#minStretchIntervals}
 * intervals long.
 */
final class SumHold {

  private final SharedCeilingDetector.Limits limits;

  SumHold(SharedCeilingDetector.Limits limits) {
    this.limits = limits;
  }

  /**
   * A held stretch.
   *
   * @param from its first interval (raw, not smoothed)
   * @param to one past its last
   * @param levelMBps the sum's level over it
   * @param within the 90th percentile of the smoothed sum's relative deviation from the level
   * @param earlyIntervals how many raw intervals make its first {@link
   *     SharedCeilingDetector.Limits#minStretchIntervals} smoothed ones
   */
  record Held(int from, int to, double levelMBps, double within, int earlyIntervals) {}

  /**
   * The stretch over which {@code sum} holds, among the {@code usable} intervals; null when there
   * is none.
   */
  Held find(double[] sum, boolean[] usable, double intervalSeconds) {
    int m = sum.length;
    // A smoothed interval stands for the `span` raw ones it covers.
    int span = Math.max(1, (int) Math.round(limits.sumSmoothSeconds() / intervalSeconds));
    double[] smooth = new double[m];
    boolean[] smoothUsable = new boolean[m];
    for (int k = span - 1; k < m; k++) {
      smoothUsable[k] = allTrue(usable, k - span + 1, k + 1);
      smooth[k] = smoothUsable[k] ? Stats.mean(sum, k - span + 1, k + 1) : 0;
    }
    // The raw sum's noise over the first stretch they all wrote, as it is in the smoothed sum (a
    // mean of `span` intervals).
    int from = 0;
    while (from < m && !usable[from]) {
      from++;
    }
    int to = from;
    while (to < m && usable[to]) {
      to++;
    }
    double rawNoise = Stats.diffNoiseSigma(sum, from, to) / Math.sqrt(span);
    int[] stretch = heldFromStart(smooth, smoothUsable, rawNoise, 2 * span);
    if (stretch == null) {
      return null;
    }
    double level = Stats.median(Arrays.copyOfRange(smooth, stretch[0], stretch[1]));
    double[] deviation = new double[stretch[1] - stretch[0]];
    for (int k = stretch[0]; k < stretch[1]; k++) {
      deviation[k - stretch[0]] = Math.abs(smooth[k] - level) / level;
    }
    return new Held(
        stretch[0] - span + 1,
        stretch[1],
        level,
        Stats.quantile(deviation, 0.9),
        limits.minStretchIntervals() * span);
  }

  /**
   * The stretch from the start of the usable intervals in which the sum holds near its level, as
   * {@code [from, to)}; null when it does not hold from the start for {@link
   * SharedCeilingDetector.Limits#minStretchIntervals}. A shared limit binds as soon as the targets
   * write together (each alone is faster than its share), so the stretch must begin there (within
   * {@link SharedCeilingDetector.Limits#startSlackIntervals}); a sum that only settles later
   * (drives declining on their own, past their burst) is no evidence of one. The level is first the
   * median of the whole block, or of its first intervals, then of the stretch found; the band is
   * {@link SharedCeilingDetector.Limits#sumHoldFraction}, or three times the sum's own
   * interval-to-interval noise where that is larger (at most {@link
   * SharedCeilingDetector.Limits#maxHoldFraction}): a busy host's sampling jitter is not a change
   * of level.
   */
  int[] heldFromStart(double[] sum, boolean[] usable, double noiseMBps, int maxGap) {
    int u0 = 0;
    while (u0 < usable.length && !usable[u0]) {
      u0++;
    }
    int blockEnd = u0;
    while (blockEnd < usable.length && usable[blockEnd]) {
      blockEnd++;
    }
    if (blockEnd - u0 < limits.minStretchIntervals()) {
      return null;
    }
    // Two first guesses of the level: the whole block's (a sum that holds) and its first
    // intervals' (a sum that holds a while, then moves); the longer held run wins.
    double[] guesses = {
      Stats.median(Arrays.copyOfRange(sum, u0, blockEnd)),
      Stats.median(Arrays.copyOfRange(sum, u0, u0 + limits.minStretchIntervals()))
    };
    int[] best = null;
    for (double guess : guesses) {
      if (!(guess > 0)) {
        continue;
      }
      double band =
          Math.min(
              limits.maxHoldFraction(), Math.max(limits.sumHoldFraction(), 3 * noiseMBps / guess));
      double level = guess;
      for (int round = 0; round < 4; round++) {
        int[] found = withoutDrift(sum, runFrom(sum, u0, blockEnd, level, band, maxGap), band);
        if (found == null) {
          break;
        }
        if (best == null || found[1] - found[0] > best[1] - best[0]) {
          best = found;
        }
        double refined = Stats.median(Arrays.copyOfRange(sum, found[0], found[1]));
        if (refined == level) {
          break;
        }
        level = refined;
      }
    }
    return best != null && best[1] - best[0] >= limits.minStretchIntervals() ? best : null;
  }

  /**
   * The run, shortened (by halves) until its first and last thirds differ by no more than {@code
   * band}: a sum that slides down inside the band is a decline, not a ceiling. Null when what is
   * left is shorter than {@link SharedCeilingDetector.Limits#minStretchIntervals}.
   */
  private int[] withoutDrift(double[] sum, int[] run, double band) {
    if (run == null) {
      return null;
    }
    int from = run[0];
    int to = run[1];
    while (to - from >= limits.minStretchIntervals()) {
      int third = Math.max(1, (to - from) / 3);
      double head = Stats.median(Arrays.copyOfRange(sum, from, from + third));
      double tail = Stats.median(Arrays.copyOfRange(sum, to - third, to));
      double level = Stats.median(Arrays.copyOfRange(sum, from, to));
      if (Math.abs(head - tail) <= band * level) {
        return new int[] {from, to};
      }
      to = from + Math.max(limits.minStretchIntervals() - 1, (to - from) / 2);
    }
    return null;
  }

  /**
   * The run held within {@code band} of {@code level}, starting at the first held interval among
   * the first {@link SharedCeilingDetector.Limits#startSlackIntervals} (or {@code maxGap}) + 1 of
   * {@code [from, to)}. Stray intervals between held ones are allowed, up to {@code maxGap} in a
   * row (a host's hiccup of a second or two; one raw interval spreads over as many smoothed ones as
   * the smoothing spans) and up to {@link SharedCeilingDetector.Limits#maxStrayFraction} of the
   * run.
   */
  private int[] runFrom(double[] sum, int from, int to, double level, double band, int maxGap) {
    int start = -1;
    int slack = Math.max(limits.startSlackIntervals(), maxGap); // a ramp, or a hiccup at the start
    for (int k = from; k <= Math.min(to - 1, from + slack); k++) {
      if (Math.abs(sum[k] - level) <= band * level) {
        start = k;
        break;
      }
    }
    if (start < 0) {
      return null;
    }
    int end = start + 1;
    int strays = 0;
    int gap = 0;
    for (int j = start + 1; j < to; j++) {
      if (Math.abs(sum[j] - level) <= band * level) {
        // A quarter of the run may stray (and one gap more, so a hiccup early on is allowed).
        if (strays + gap > limits.maxStrayFraction() * (j + 1 - start) + maxGap) {
          break;
        }
        strays += gap;
        gap = 0;
        end = j + 1;
      } else if (++gap > maxGap) {
        break;
      }
    }
    return new int[] {start, end};
  }

  static boolean allTrue(boolean[] b, int from, int to) {
    if (from < 0 || to > b.length) {
      return false;
    }
    for (int k = from; k < to; k++) {
      if (!b[k]) {
        return false;
      }
    }
    return true;
  }
}
