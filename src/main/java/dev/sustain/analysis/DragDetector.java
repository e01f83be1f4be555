package dev.sustain.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The targets of a group that drag the others: a target's own cliff (a fall to at most {@value
 * Thresholds#DRAG_DROP_FRACTION} of its rate) or a stall of at least {@value
 * Thresholds#STALL_MIN_SECONDS} s that lines up with the others' rise (at least {@value
 * Thresholds#DRAG_RISE_FRACTION} times their rate, taking at least {@value
 * Thresholds#DRAG_TAKEN_FRACTION} of what it gave up): it was holding a share of something they all
 * need. Part of {@link SharedCeilingDetector}; pure and stateless.
 */
final class DragDetector {

  // Its own limits, beside it (as CycleDetector keeps its own): Thresholds is full.

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

  private DragDetector() {}

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
   * of at least {@link Thresholds#STALL_MIN_SECONDS}, when the others rose as it fell. Only these
   * count: the rates of targets that trade one ceiling swing against each other all the time, and a
   * dip of one interval that the others fill is that trade, not a drive that drags.
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
      if (k - 1 - w >= 0 && k + w <= m && SumHold.allTrue(together, k - 1 - w, k + w)) {
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
      if (!SumHold.allTrue(together, k - w, k + 1)) {
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
}
