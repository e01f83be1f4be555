package dev.sustain.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Finds a limit that several targets writing at once share: a USB hub or root port, a controller, a
 * PCIe switch, any link they all go through. Pure: {@link GroupCurves} in, {@link GroupVerdict}
 * out; stateless and thread-safe.
 *
 * <p>The rules, in order:
 *
 * <ol>
 *   <li>Only the intervals in which every target wrote count, without each target's first and last
 *       interval (partial: a start-up or an end inside them), and only before the first target's
 *       own cache cliff: a drive past its cliff writes below its solo burst for its own reason. A
 *       "cliff" that lines up with another target's start or end is that target's arrival or
 *       departure, not the drive's cache, and does not count.
 *   <li>The sum must hold flat from the moment they all write (a shared limit binds at once, each
 *       drive alone being faster than its share; a sum that only settles later is drives declining
 *       on their own): a stretch beginning there, within {@value #START_SLACK_INTERVALS} intervals,
 *       in which it stays within {@value #SUM_HOLD_FRACTION} of its level, or three times its own
 *       noise where that is larger (at most {@value #MAX_HOLD_FRACTION}), stray seconds allowed
 *       (two in a row, a quarter of the stretch at most), its first and last thirds no further
 *       apart than that, judged over {@value #SUM_SMOOTH_SECONDS} s at least for shorter intervals,
 *       lasting at least {@value #MIN_STRETCH_INTERVALS} intervals. Without one there is no ceiling
 *       (and when each target wrote at its solo rate while they wrote together, that is the reason
 *       given).
 *   <li>Over that stretch, and over its first {@value #MIN_STRETCH_INTERVALS} intervals alike, a
 *       target whose median rate is at most {@value #BELOW_SOLO_FRACTION} of its solo rate is held
 *       back by the others. One such target and a flat sum make a shared ceiling at the sum's level
 *       (a slow drive on a hub may keep its whole rate while the fast ones split the rest: a shared
 *       link shares out fairly, not evenly). None such, with every solo rate known: each target is
 *       limited on its own.
 *   <li>Without solo rates, a ceiling still shows when the targets trade it: over at least {@value
 *       #TRADE_MIN_INTERVALS} intervals the sum varies far less than the targets do (variance ratio
 *       at most {@value #TRADE_VARIANCE_RATIO}, their combined σ at least {@value #TRADE_MIN_SWING}
 *       of the sum). Independent drives add their variances; drives behind one link take from each
 *       other.
 * </ol>
 *
 * <p>Separately, a target drags the others when its own cliff (a fall to at most {@value
 * #DRAG_DROP_FRACTION} of its rate) or a stall of at least {@value #STALL_MIN_SECONDS} s lines up
 * with the others' rise (at least {@value #DRAG_RISE_FRACTION} times their rate, taking at least
 * {@value #DRAG_TAKEN_FRACTION} of what it gave up): it was holding a share of something they all
 * need.
 */
public final class SharedCeilingDetector {

  /**
   * The sum "holds" while within 5% of its level: drives and links vary by 1-3% from one second to
   * the next, so a ceiling's sum stays inside this band while independent drives' sum moves out of
   * it whenever one of them changes.
   */
  static final double SUM_HOLD_FRACTION = 0.05;

  /** A stretch shorter than this (6 s at 1 s) is too short to call a level. */
  static final int MIN_STRETCH_INTERVALS = 6;

  /**
   * However noisy the sum, a band wider than 15% is no longer "held": at most this. (Noise this
   * large comes from sampling on a busy host, not from drives, whose seconds vary by 1-3%.)
   */
  static final double MAX_HOLD_FRACTION = 0.15;

  /** At most a quarter of a held stretch may stray from its level (a busy host's hiccups). */
  static final double MAX_STRAY_FRACTION = 0.25;

  /** The held stretch may begin this many intervals after the targets write together (a ramp). */
  static final int START_SLACK_INTERVALS = 2;

  /**
   * At most 85% of its solo rate: clearly held back. Solo passes and group runs of the same drive
   * differ by a few percent (noise, a different moment), never by 15%.
   */
  static final double BELOW_SOLO_FRACTION = 0.85;

  /** Independent rates add their variances (ratio about 1); a traded ceiling keeps it far lower. */
  static final double TRADE_VARIANCE_RATIO = 0.3;

  /**
   * A trade is only read when the targets move: their combined σ at least 2% of the sum's level
   * (below that the variances are measurement noise, and their ratio means nothing).
   */
  static final double TRADE_MIN_SWING = 0.02;

  /**
   * A variance ratio is only trusted over 20 intervals or more: over 6, two independent series look
   * traded (sample correlation below -0.7) about one time in sixteen.
   */
  static final int TRADE_MIN_INTERVALS = 20;

  /** Each target's first and last interval are partial (start-up, end) and left out. */
  static final int EDGE_INTERVALS = 1;

  /** A cliff within 2 intervals of another target's start or end is caused by it. */
  static final int ALIGN_INTERVALS = 2;

  /** Intervals before and after a cliff over which levels are compared (medians). */
  static final int DRAG_WINDOW = 3;

  /** A drop: the rate after is at most 70% of the rate before. */
  static final double DRAG_DROP_FRACTION = 0.7;

  /** The others rose: their sum after is at least 1.15 times their sum before. */
  static final double DRAG_RISE_FRACTION = 1.15;

  /** ...and they took at least 30% of what the dropping target gave up. */
  static final double DRAG_TAKEN_FRACTION = 0.3;

  /** A stalled interval: at most 2% of the target's rate before (usually a recorded 0). */
  static final double STALL_FRACTION = 0.02;

  /**
   * A stall that drags lasts at least a second (and two intervals): behind one queue a target may
   * get nothing for a moment while the others take it all, and that is the trade, not a stall.
   */
  static final double STALL_MIN_SECONDS = 1.0;

  /**
   * The sum is judged over a second at least: a link or a throttle hands out its rate in slices, so
   * a sum sampled every half second swings around its level from one interval to the next.
   */
  static final double SUM_SMOOTH_SECONDS = 1.0;

  private SharedCeilingDetector() {}

  /**
   * What a target wrote alone, from the rates of its solo pass: their median without the first and
   * last interval (a start-up and an end are partial); NaN with fewer than three intervals.
   */
  public static double soloRateMBps(double[] rates) {
    if (rates.length < 3) {
      return Double.NaN;
    }
    return Stats.median(Arrays.copyOfRange(rates, 1, rates.length - 1));
  }

  /** Reads the group's curves. */
  public static GroupVerdict detect(GroupCurves g) {
    int n = g.targets();
    int m = g.size();
    if (n < 2) {
      return empty(g, GroupVerdict.Kind.UNDETERMINED, GroupVerdict.Reason.ONE_TARGET);
    }
    boolean[] together = together(g);
    List<GroupVerdict.Drag> drags = drags(g, together);
    boolean[] usable = together.clone();
    double cut = firstOwnCliff(g);
    int usableCount = 0;
    for (int k = 0; k < m; k++) {
      usable[k] &= g.time(k) <= cut;
      usableCount += usable[k] ? 1 : 0;
    }
    if (usableCount < MIN_STRETCH_INTERVALS) {
      return withDrags(
          empty(g, GroupVerdict.Kind.UNDETERMINED, GroupVerdict.Reason.TOO_SHORT), drags);
    }
    double[] sum = new double[m];
    for (int k = 0; k < m; k++) {
      double s = 0;
      for (int i = 0; i < n; i++) {
        s += usable[k] ? g.rate(i, k) : 0;
      }
      sum[k] = s;
    }
    // The sum is judged over a second at least; a smoothed interval stands for the ones it covers.
    int span = Math.max(1, (int) Math.round(SUM_SMOOTH_SECONDS / g.intervalSeconds()));
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
      return withDrags(notFlat(g, usable), drags);
    }
    int a = stretch[0] - span + 1;
    int b = stretch[1];
    double level = Stats.median(Arrays.copyOfRange(smooth, stretch[0], b));
    double[] deviation = new double[b - stretch[0]];
    for (int k = stretch[0]; k < b; k++) {
      deviation[k - stretch[0]] = Math.abs(smooth[k] - level) / level;
    }
    double heldWithin = Stats.quantile(deviation, 0.9);
    List<GroupVerdict.Share> shares = new ArrayList<>();
    int below = 0;
    int known = 0;
    double sumVariance = 0;
    // Held back from the moment they all write, not only later (drives declining on their own).
    int early = Math.min(b, a + MIN_STRETCH_INTERVALS * span);
    for (int i = 0; i < n; i++) {
      double[] r = Arrays.copyOfRange(g.rateMBps()[i], a, b);
      double median = Stats.median(r);
      double solo = g.soloMBps()[i];
      double ofSolo = solo > 0 ? median / solo : Double.NaN;
      double earlyOfSolo = Stats.median(Arrays.copyOfRange(g.rateMBps()[i], a, early)) / solo;
      boolean held = ofSolo <= BELOW_SOLO_FRACTION && earlyOfSolo <= BELOW_SOLO_FRACTION;
      known += Double.isNaN(ofSolo) ? 0 : 1;
      below += held ? 1 : 0;
      shares.add(new GroupVerdict.Share(g.names().get(i), median, solo, ofSolo, held));
      sumVariance += variance(r);
    }
    double swing = Math.sqrt(sumVariance) / level;
    double varianceRatio =
        sumVariance > 0 ? variance(Arrays.copyOfRange(sum, a, b)) / sumVariance : Double.NaN;
    GroupVerdict.Kind kind;
    GroupVerdict.Reason reason;
    if (below >= 1) {
      kind = GroupVerdict.Kind.SHARED_CEILING;
      reason = GroupVerdict.Reason.HELD_BELOW_SOLO;
    } else if (known == n) {
      kind = GroupVerdict.Kind.NONE;
      reason = GroupVerdict.Reason.AT_SOLO_RATES;
    } else if (b - a >= TRADE_MIN_INTERVALS
        && varianceRatio <= TRADE_VARIANCE_RATIO
        && swing >= TRADE_MIN_SWING) {
      kind = GroupVerdict.Kind.SHARED_CEILING;
      reason = GroupVerdict.Reason.HELD_AND_TRADED;
    } else {
      kind = GroupVerdict.Kind.UNDETERMINED;
      reason = GroupVerdict.Reason.NO_SOLO_RATES;
    }
    double start = g.time(a) - g.intervalSeconds();
    return new GroupVerdict(
        kind,
        reason,
        kind == GroupVerdict.Kind.SHARED_CEILING ? level : null,
        start,
        g.time(b - 1),
        level,
        heldWithin,
        varianceRatio,
        shares,
        drags);
  }

  /** The intervals in which every target wrote, each target's partial first and last left out. */
  static boolean[] together(GroupCurves g) {
    int m = g.size();
    boolean[] all = new boolean[m];
    Arrays.fill(all, true);
    for (int i = 0; i < g.targets(); i++) {
      int first = first(g, i);
      int last = last(g, i);
      for (int k = 0; k < m; k++) {
        all[k] &=
            first >= 0
                && k >= first + EDGE_INTERVALS
                && k <= last - EDGE_INTERVALS
                && Double.isFinite(g.rate(i, k));
      }
    }
    return all;
  }

  private static int first(GroupCurves g, int i) {
    for (int k = 0; k < g.size(); k++) {
      if (Double.isFinite(g.rate(i, k))) {
        return k;
      }
    }
    return -1;
  }

  private static int last(GroupCurves g, int i) {
    for (int k = g.size() - 1; k >= 0; k--) {
      if (Double.isFinite(g.rate(i, k))) {
        return k;
      }
    }
    return -1;
  }

  /**
   * The group time of the first own cliff that is not another target's arrival or departure;
   * +infinity when there is none.
   */
  static double firstOwnCliff(GroupCurves g) {
    double cut = Double.POSITIVE_INFINITY;
    double tolerance = ALIGN_INTERVALS * g.intervalSeconds();
    double[] cliffs = g.ownCliffSeconds();
    for (int i = 0; i < g.targets(); i++) {
      double c = cliffs[i];
      if (!Double.isFinite(c)) {
        continue;
      }
      boolean caused = false;
      for (int j = 0; j < g.targets(); j++) {
        int first = first(g, j);
        if (j == i || first < 0) {
          continue;
        }
        double startJ = g.time(first) - g.intervalSeconds();
        double endJ = g.time(last(g, j));
        caused |= Math.abs(c - startJ) <= tolerance || Math.abs(c - endJ) <= tolerance;
      }
      if (!caused) {
        cut = Math.min(cut, c);
      }
    }
    return cut;
  }

  /**
   * The stretch from the start of the usable intervals in which the sum holds near its level, as
   * {@code [from, to)}; null when it does not hold from the start for {@link
   * #MIN_STRETCH_INTERVALS}. A shared limit binds as soon as the targets write together (each alone
   * is faster than its share), so the stretch must begin there (within {@link
   * #START_SLACK_INTERVALS}); a sum that only settles later (drives declining on their own, past
   * their burst) is no evidence of one. The level is first the median of the whole block, or of its
   * first intervals, then of the stretch found; the band is {@link #SUM_HOLD_FRACTION}, or three
   * times the sum's own interval-to-interval noise where that is larger (at most {@link
   * #MAX_HOLD_FRACTION}): a busy host's sampling jitter is not a change of level.
   */
  static int[] heldFromStart(double[] sum, boolean[] usable, double noiseMBps, int maxGap) {
    int u0 = 0;
    while (u0 < usable.length && !usable[u0]) {
      u0++;
    }
    int blockEnd = u0;
    while (blockEnd < usable.length && usable[blockEnd]) {
      blockEnd++;
    }
    if (blockEnd - u0 < MIN_STRETCH_INTERVALS) {
      return null;
    }
    // Two first guesses of the level: the whole block's (a sum that holds) and its first
    // intervals' (a sum that holds a while, then moves); the longer held run wins.
    double[] guesses = {
      Stats.median(Arrays.copyOfRange(sum, u0, blockEnd)),
      Stats.median(Arrays.copyOfRange(sum, u0, u0 + MIN_STRETCH_INTERVALS))
    };
    int[] best = null;
    for (double guess : guesses) {
      if (!(guess > 0)) {
        continue;
      }
      double band = Math.min(MAX_HOLD_FRACTION, Math.max(SUM_HOLD_FRACTION, 3 * noiseMBps / guess));
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
    return best != null && best[1] - best[0] >= MIN_STRETCH_INTERVALS ? best : null;
  }

  /**
   * The run, shortened (by halves) until its first and last thirds differ by no more than {@code
   * band}: a sum that slides down inside the band is a decline, not a ceiling. Null when what is
   * left is shorter than {@link #MIN_STRETCH_INTERVALS}.
   */
  private static int[] withoutDrift(double[] sum, int[] run, double band) {
    if (run == null) {
      return null;
    }
    int from = run[0];
    int to = run[1];
    while (to - from >= MIN_STRETCH_INTERVALS) {
      int third = Math.max(1, (to - from) / 3);
      double head = Stats.median(Arrays.copyOfRange(sum, from, from + third));
      double tail = Stats.median(Arrays.copyOfRange(sum, to - third, to));
      double level = Stats.median(Arrays.copyOfRange(sum, from, to));
      if (Math.abs(head - tail) <= band * level) {
        return new int[] {from, to};
      }
      to = from + Math.max(MIN_STRETCH_INTERVALS - 1, (to - from) / 2);
    }
    return null;
  }

  /**
   * The run held within {@code band} of {@code level}, starting at the first held interval among
   * the first {@link #START_SLACK_INTERVALS} (or {@code maxGap}) + 1 of {@code [from, to)}. Stray
   * intervals between held ones are allowed, up to {@code maxGap} in a row (a host's hiccup of a
   * second or two; one raw interval spreads over as many smoothed ones as the smoothing spans) and
   * up to {@link #MAX_STRAY_FRACTION} of the run.
   */
  private static int[] runFrom(
      double[] sum, int from, int to, double level, double band, int maxGap) {
    int start = -1;
    int slack = Math.max(START_SLACK_INTERVALS, maxGap); // a ramp, or a hiccup at the start
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
        if (strays + gap > MAX_STRAY_FRACTION * (j + 1 - start) + maxGap) {
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

  /** Targets whose stall or lasting drop lines up with the others' rise. */
  static List<GroupVerdict.Drag> drags(GroupCurves g, boolean[] together) {
    List<GroupVerdict.Drag> out = new ArrayList<>();
    for (int i = 0; i < g.targets(); i++) {
      GroupVerdict.Drag d = dragOf(g, together, i);
      if (d != null) {
        out.add(d);
      }
    }
    return out;
  }

  /**
   * Target {@code i}'s drag: at its own cliff (as its own analysis found it), or at its first stall
   * of at least {@link #STALL_MIN_SECONDS}, when the others rose as it fell. Only these count: the
   * rates of targets that trade one ceiling swing against each other all the time, and a dip of one
   * interval that the others fill is that trade, not a drive that drags.
   */
  private static GroupVerdict.Drag dragOf(GroupCurves g, boolean[] together, int i) {
    int m = g.size();
    int w = DRAG_WINDOW;
    double[] own = g.rateMBps()[i];
    double[] others = new double[m];
    for (int k = 0; k < m; k++) {
      for (int j = 0; j < g.targets(); j++) {
        others[k] += j == i ? 0 : g.rate(j, k);
      }
    }
    double cliff = g.ownCliffSeconds()[i];
    if (Double.isFinite(cliff)) {
      // The interval the cliff begins in is a transition: compare the windows either side of it.
      int k = 0;
      while (k < m && g.time(k) <= cliff + 1e-9) {
        k++;
      }
      if (k - 1 - w >= 0 && k + w <= m && allTrue(together, k - 1 - w, k + w)) {
        double before = Stats.median(Arrays.copyOfRange(own, k - 1 - w, k - 1));
        double after = Stats.median(Arrays.copyOfRange(own, k, k + w));
        double othersBefore = Stats.median(Arrays.copyOfRange(others, k - 1 - w, k - 1));
        double othersAfter = Stats.median(Arrays.copyOfRange(others, k, k + w));
        if (after <= DRAG_DROP_FRACTION * before
            && takes(before, after, othersBefore, othersAfter)) {
          return new GroupVerdict.Drag(
              g.names().get(i), cliff, false, before, after, othersBefore, othersAfter);
        }
      }
    }
    int minStall = Math.max(2, (int) Math.ceil(STALL_MIN_SECONDS / g.intervalSeconds() - 1e-9));
    for (int k = w; k < m; k++) {
      if (!allTrue(together, k - w, k + 1)) {
        continue;
      }
      double before = Stats.median(Arrays.copyOfRange(own, k - w, k));
      if (!(before > 0) || own[k] > STALL_FRACTION * before) {
        continue;
      }
      int end = k;
      while (end < m && together[end] && own[end] <= STALL_FRACTION * before) {
        end++;
      }
      if (end - k >= minStall) {
        double othersBefore = Stats.median(Arrays.copyOfRange(others, k - w, k));
        double othersDuring = Stats.mean(others, k, end);
        double during = Stats.mean(own, k, end);
        if (takes(before, during, othersBefore, othersDuring)) {
          return new GroupVerdict.Drag(
              g.names().get(i),
              g.time(k) - g.intervalSeconds(),
              true,
              before,
              during,
              othersBefore,
              othersDuring);
        }
      }
      k = end;
    }
    return null;
  }

  private static boolean takes(double before, double after, double oBefore, double oAfter) {
    return oAfter >= DRAG_RISE_FRACTION * oBefore
        && oAfter - oBefore >= DRAG_TAKEN_FRACTION * (before - after);
  }

  private static GroupVerdict.Drag drag(
      GroupCurves g,
      int i,
      int k,
      boolean stall,
      double before,
      double after,
      double othersBefore,
      double othersAfter) {
    return new GroupVerdict.Drag(
        g.names().get(i),
        g.time(k) - g.intervalSeconds(),
        stall,
        before,
        after,
        othersBefore,
        othersAfter);
  }

  private static boolean allTrue(boolean[] b, int from, int to) {
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

  private static double variance(double[] x) {
    if (x.length < 2) {
      return 0;
    }
    double mean = Stats.mean(x, 0, x.length);
    double s = 0;
    for (double v : x) {
      s += (v - mean) * (v - mean);
    }
    return s / (x.length - 1);
  }

  private static GroupVerdict empty(
      GroupCurves g, GroupVerdict.Kind kind, GroupVerdict.Reason reason) {
    List<GroupVerdict.Share> shares = new ArrayList<>();
    double[] solo = g.soloMBps();
    for (int i = 0; i < g.targets(); i++) {
      shares.add(new GroupVerdict.Share(g.names().get(i), Double.NaN, solo[i], Double.NaN, false));
    }
    return new GroupVerdict(
        kind,
        reason,
        null,
        Double.NaN,
        Double.NaN,
        Double.NaN,
        Double.NaN,
        Double.NaN,
        shares,
        List.of());
  }

  /**
   * No held sum: no ceiling. When every target wrote at its solo rate over the intervals they all
   * wrote, that is the reason (each is limited on its own, and a host's hiccup made the sum move);
   * otherwise the sum's moving is.
   */
  private static GroupVerdict notFlat(GroupCurves g, boolean[] usable) {
    List<GroupVerdict.Share> shares = new ArrayList<>();
    boolean allAtSolo = true;
    double[] solo = g.soloMBps();
    for (int i = 0; i < g.targets(); i++) {
      double[] r = new double[g.size()];
      int count = 0;
      for (int k = 0; k < g.size(); k++) {
        if (usable[k]) {
          r[count++] = g.rate(i, k);
        }
      }
      double median = Stats.median(Arrays.copyOf(r, count));
      double ofSolo = solo[i] > 0 ? median / solo[i] : Double.NaN;
      allAtSolo &= ofSolo > BELOW_SOLO_FRACTION;
      shares.add(new GroupVerdict.Share(g.names().get(i), median, solo[i], ofSolo, false));
    }
    return new GroupVerdict(
        GroupVerdict.Kind.NONE,
        allAtSolo ? GroupVerdict.Reason.AT_SOLO_RATES : GroupVerdict.Reason.SUM_NOT_FLAT,
        null,
        Double.NaN,
        Double.NaN,
        Double.NaN,
        Double.NaN,
        Double.NaN,
        shares,
        List.of());
  }

  private static GroupVerdict withDrags(GroupVerdict v, List<GroupVerdict.Drag> drags) {
    return new GroupVerdict(
        v.kind(),
        v.reason(),
        v.ceilingMBps(),
        v.startSeconds(),
        v.endSeconds(),
        v.sumMBps(),
        v.sumHeldWithin(),
        v.varianceRatio(),
        v.shares(),
        drags);
  }
}
