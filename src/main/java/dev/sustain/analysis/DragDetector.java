package dev.sustain.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The targets of a group that drag the others: a target's own cliff (a fall to at most {@link
 * Limits#dropFraction} of its rate) or a stall of at least {@link Limits#stallMinSeconds} that
 * lines up with the others' rise (at least {@link Limits#riseFraction} times their rate, taking at
 * least {@link Limits#takenFraction} of what it gave up): it was holding a share of something they
 * all need. Part of {@link SharedCeilingDetector}; pure and stateless.
 */
final class DragDetector {

  /**
   * The numbers a drag is read by, with why they have their values; {@link
   * SharedCeilingDetector.Limits#drags} carries them.
   *
   * @param window intervals before and after a cliff over which levels are compared (medians)
   * @param dropFraction a drop: the rate after is at most this fraction (70%) of the rate before
   * @param riseFraction the others rose: their sum after is at least this many times (1.15) their
   *     sum before
   * @param takenFraction ...and they took at least this fraction (30%) of what the dropping target
   *     gave up
   * @param stallFraction a stalled interval: at most this fraction (2%) of the target's rate before
   *     (usually a recorded 0)
   * @param stallMinSeconds a stall that drags lasts at least this long (a second, and two
   *     intervals): behind one queue a target may get nothing for a moment while the others take it
   *     all, and that is the trade, not a stall
   */
  public record Limits(
      int window,
      double dropFraction,
      double riseFraction,
      double takenFraction,
      double stallFraction,
      double stallMinSeconds) {

    /** The limits the analysis reads every group by. */
    public static final Limits DEFAULT = new Limits(3, 0.7, 1.15, 0.3, 0.02, 1.0);
  }

  private DragDetector() {}

  /** Targets whose stall or lasting drop lines up with the others' rise, read by {@code limits}. */
  static List<GroupVerdict.Drag> drags(GroupCurves g, boolean[] together, Limits limits) {
    List<GroupVerdict.Drag> out = new ArrayList<>();
    for (int i = 0; i < g.targets(); i++) {
      double[] others = new double[g.size()];
      for (int k = 0; k < g.size(); k++) {
        for (int j = 0; j < g.targets(); j++) {
          others[k] += j == i ? 0 : g.rate(j, k);
        }
      }
      GroupVerdict.Drag d = atCliff(g, together, i, others, limits);
      if (d == null) {
        d = atStall(g, together, i, others, limits);
      }
      if (d != null) {
        out.add(d);
      }
    }
    return out;
  }

  /**
   * Target {@code i}'s drag at its own cliff (as its own analysis found it), when the others
   * ({@code others}: their summed rate) rose as it fell, or null. Only a cliff or a stall counts:
   * the rates of targets that trade one ceiling swing against each other all the time, and a dip of
   * one interval that the others fill is that trade, not a drive that drags.
   */
  private static GroupVerdict.Drag atCliff(
      GroupCurves g, boolean[] together, int i, double[] others, Limits limits) {
    int m = g.size();
    int w = limits.window();
    double[] own = g.rateMBps()[i];
    double cliff = g.ownCliffSeconds()[i];
    if (!Double.isFinite(cliff)) {
      return null;
    }
    // The interval the cliff begins in is a transition: compare the windows either side of it.
    int k = 0;
    while (k < m && g.time(k) <= cliff + 1e-9) {
      k++;
    }
    if (k - 1 - w < 0 || k + w > m || !SumHold.allTrue(together, k - 1 - w, k + w)) {
      return null;
    }
    double before = Stats.median(Arrays.copyOfRange(own, k - 1 - w, k - 1));
    double after = Stats.median(Arrays.copyOfRange(own, k, k + w));
    double othersBefore = Stats.median(Arrays.copyOfRange(others, k - 1 - w, k - 1));
    double othersAfter = Stats.median(Arrays.copyOfRange(others, k, k + w));
    if (after <= limits.dropFraction() * before
        && takes(before, after, othersBefore, othersAfter, limits)) {
      return new GroupVerdict.Drag(
          g.names().get(i), cliff, false, before, after, othersBefore, othersAfter);
    }
    return null;
  }

  /**
   * Target {@code i}'s drag at its first stall of at least {@link Limits#stallMinSeconds} in which
   * the others rose as it fell, or null.
   */
  private static GroupVerdict.Drag atStall(
      GroupCurves g, boolean[] together, int i, double[] others, Limits limits) {
    int m = g.size();
    int w = limits.window();
    double[] own = g.rateMBps()[i];
    int minStall =
        Math.max(2, (int) Math.ceil(limits.stallMinSeconds() / g.intervalSeconds() - 1e-9));
    for (int k = w; k < m; k++) {
      if (!SumHold.allTrue(together, k - w, k + 1)) {
        continue;
      }
      double before = Stats.median(Arrays.copyOfRange(own, k - w, k));
      if (!(before > 0) || own[k] > limits.stallFraction() * before) {
        continue;
      }
      int end = k;
      while (end < m && together[end] && own[end] <= limits.stallFraction() * before) {
        end++;
      }
      if (end - k >= minStall) {
        double othersBefore = Stats.median(Arrays.copyOfRange(others, k - w, k));
        double othersDuring = Stats.mean(others, k, end);
        double during = Stats.mean(own, k, end);
        if (takes(before, during, othersBefore, othersDuring, limits)) {
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

  private static boolean takes(
      double before, double after, double oBefore, double oAfter, Limits limits) {
    return oAfter >= limits.riseFraction() * oBefore
        && oAfter - oBefore >= limits.takenFraction() * (before - after);
  }
}
