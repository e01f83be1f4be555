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
 *       on their own): a stretch beginning there, within {@link Limits#startSlackIntervals}
 *       intervals, in which it stays within {@link Limits#sumHoldFraction} of its level, or three
 *       times its own noise where that is larger (at most {@link Limits#maxHoldFraction}), stray
 *       seconds allowed (two in a row, a quarter of the stretch at most), its first and last thirds
 *       no further apart than that, judged over {@link Limits#sumSmoothSeconds} s at least for
 *       shorter intervals, lasting at least {@link Limits#minStretchIntervals} intervals. Without
 *       one there is no ceiling (and when each target wrote at its solo rate while they wrote
 *       together, that is the reason given).
 *   <li>Over that stretch, and over its first {@link Limits#minStretchIntervals} intervals alike, a
 *       target whose median rate is at most {@link Limits#belowSoloFraction} of its solo rate is
 *       held back by the others. One such target and a flat sum make a shared ceiling at the sum's
 *       level (a slow drive on a hub may keep its whole rate while the fast ones split the rest: a
 *       shared link shares out fairly, not evenly). None such, with every solo rate known: each
 *       target is limited on its own.
 *   <li>Without solo rates, a ceiling still shows when the targets trade it: over at least {@link
 *       Limits#tradeMinIntervals} intervals the sum varies far less than the targets do (variance
 *       ratio at most {@link Limits#tradeVarianceRatio}, their combined σ at least {@link
 *       Limits#tradeMinSwing} of the sum). Independent drives add their variances; drives behind
 *       one link take from each other.
 * </ol>
 *
 * <p>Separately, a target drags the others when its own cliff or a stall lines up with the others'
 * rise, by {@link Limits#drags} ({@link DragDetector}): it was holding a share of something they
 * all need.
 */
public final class SharedCeilingDetector {

  private SharedCeilingDetector() {}

  /**
   * The numbers the group is read by, with why they have their values: the sum that holds ({@link
   * SumHold}), the targets held back and the ceiling traded between them. A test varies one by
   * reading the group with other limits ({@link #detect(GroupCurves, Limits)}).
   *
   * @param sumHoldFraction The sum "holds" while within 5% of its level: drives and links vary by
   *     1-3% from one second to the next, so a ceiling's sum stays inside this band while
   *     independent drives' sum moves out of it whenever one of them changes.
   * @param minStretchIntervals A stretch shorter than this (6 s at 1 s) is too short to call a
   *     level.
   * @param maxHoldFraction However noisy the sum, a band wider than 15% is no longer "held": at
   *     most this. (Noise this large comes from sampling on a busy host, not from drives, whose
   *     seconds vary by 1-3%.)
   * @param maxStrayFraction At most a quarter of a held stretch may stray from its level (a busy
   *     host's hiccups).
   * @param startSlackIntervals The held stretch may begin this many intervals after the targets
   *     write together (a ramp).
   * @param sumSmoothSeconds The sum is judged over a second at least: a link or a throttle hands
   *     out its rate in slices, so a sum sampled every half second swings around its level from one
   *     interval to the next.
   * @param belowSoloFraction At most 85% of its solo rate: clearly held back. Solo passes and group
   *     runs of the same drive differ by a few percent (noise, a different moment), never by 15%.
   * @param tradeVarianceRatio Independent rates add their variances (ratio about 1); a traded
   *     ceiling keeps it far lower.
   * @param tradeMinSwing A trade is only read when the targets move: their combined σ at least 2%
   *     of the sum's level (below that the variances are measurement noise, and their ratio means
   *     nothing).
   * @param tradeMinIntervals A variance ratio is only trusted over 20 intervals or more: over 6,
   *     two independent series look traded (sample correlation below -0.7) about one time in
   *     sixteen.
   * @param edgeIntervals Each target's first and last interval are partial (start-up, end) and left
   *     out.
   * @param alignIntervals A cliff within 2 intervals of another target's start or end is caused by
   *     it.
   * @param drags the limits a target that drags the others is read by ({@link DragDetector})
   */
  public record Limits(
      double sumHoldFraction,
      int minStretchIntervals,
      double maxHoldFraction,
      double maxStrayFraction,
      int startSlackIntervals,
      double sumSmoothSeconds,
      double belowSoloFraction,
      double tradeVarianceRatio,
      double tradeMinSwing,
      int tradeMinIntervals,
      int edgeIntervals,
      int alignIntervals,
      DragDetector.Limits drags) {

    /** The limits the analysis reads every group by. */
    public static final Limits DEFAULT =
        new Limits(
            0.05, // sumHoldFraction
            6, // minStretchIntervals
            0.15, // maxHoldFraction
            0.25, // maxStrayFraction
            2, // startSlackIntervals
            1.0, // sumSmoothSeconds
            0.85, // belowSoloFraction
            0.3, // tradeVarianceRatio
            0.02, // tradeMinSwing
            20, // tradeMinIntervals
            1, // edgeIntervals
            2, // alignIntervals
            DragDetector.Limits.DEFAULT);

    /** These limits with another {@link #belowSoloFraction} (a test varying what held back is). */
    public Limits withBelowSoloFraction(double fraction) {
      return with(fraction, drags);
    }

    /** These limits with the drags read by {@code limits}. */
    public Limits withDrags(DragDetector.Limits limits) {
      return with(belowSoloFraction, limits);
    }

    private Limits with(double belowSoloFraction, DragDetector.Limits drags) {
      return new Limits(
          sumHoldFraction,
          minStretchIntervals,
          maxHoldFraction,
          maxStrayFraction,
          startSlackIntervals,
          sumSmoothSeconds,
          belowSoloFraction,
          tradeVarianceRatio,
          tradeMinSwing,
          tradeMinIntervals,
          edgeIntervals,
          alignIntervals,
          drags);
    }
  }

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

  /** Reads the group's curves by the limits the analysis reads every group by. */
  public static GroupVerdict detect(GroupCurves g) {
    return detect(g, Limits.DEFAULT);
  }

  /** Reads the group's curves by {@code limits}. */
  public static GroupVerdict detect(GroupCurves g, Limits limits) {
    if (g.targets() < 2) {
      return empty(g, GroupVerdict.Kind.UNDETERMINED, GroupVerdict.Reason.ONE_TARGET);
    }
    boolean[] together = together(g, limits);
    List<GroupVerdict.Drag> drags = DragDetector.drags(g, together, limits.drags());
    boolean[] usable = together.clone();
    double cut = firstOwnCliff(g, limits);
    int usableCount = 0;
    for (int k = 0; k < g.size(); k++) {
      usable[k] &= g.time(k) <= cut;
      usableCount += usable[k] ? 1 : 0;
    }
    if (usableCount < limits.minStretchIntervals()) {
      return withDrags(
          empty(g, GroupVerdict.Kind.UNDETERMINED, GroupVerdict.Reason.TOO_SHORT), drags);
    }
    double[] sum = sum(g, usable);
    SumHold.Held held = new SumHold(limits).find(sum, usable, g.intervalSeconds());
    if (held == null) {
      return withDrags(notFlat(g, usable, limits), drags);
    }
    int a = held.from();
    int b = held.to();
    double level = held.levelMBps();
    Shares shares = shares(g, held, limits);
    double swing = Math.sqrt(shares.sumVariance()) / level;
    double varianceRatio =
        shares.sumVariance() > 0
            ? Stats.variance(Arrays.copyOfRange(sum, a, b)) / shares.sumVariance()
            : Double.NaN;
    GroupVerdict.Reason reason;
    if (shares.heldBack() >= 1) {
      reason = GroupVerdict.Reason.HELD_BELOW_SOLO;
    } else if (shares.known() == g.targets()) {
      reason = GroupVerdict.Reason.AT_SOLO_RATES;
    } else if (b - a >= limits.tradeMinIntervals()
        && varianceRatio <= limits.tradeVarianceRatio()
        && swing >= limits.tradeMinSwing()) {
      reason = GroupVerdict.Reason.HELD_AND_TRADED;
    } else {
      reason = GroupVerdict.Reason.NO_SOLO_RATES;
    }
    GroupVerdict.Kind kind = kindOf(reason);
    return new GroupVerdict(
        kind,
        reason,
        kind == GroupVerdict.Kind.SHARED_CEILING ? level : null,
        g.time(a) - g.intervalSeconds(),
        g.time(b - 1),
        level,
        held.within(),
        varianceRatio,
        shares.shares(),
        drags);
  }

  /** What a reason says of the group (as {@link #notFlat} and {@link #empty} give it too). */
  private static GroupVerdict.Kind kindOf(GroupVerdict.Reason reason) {
    return switch (reason) {
      case HELD_BELOW_SOLO, HELD_AND_TRADED -> GroupVerdict.Kind.SHARED_CEILING;
      case AT_SOLO_RATES, SUM_NOT_FLAT -> GroupVerdict.Kind.NONE;
      case NO_SOLO_RATES, ONE_TARGET, TOO_SHORT -> GroupVerdict.Kind.UNDETERMINED;
    };
  }

  /** The targets' summed rate in each usable interval (0 in the others). */
  private static double[] sum(GroupCurves g, boolean[] usable) {
    double[] sum = new double[g.size()];
    for (int k = 0; k < sum.length; k++) {
      double s = 0;
      for (int i = 0; i < g.targets(); i++) {
        s += usable[k] ? g.rate(i, k) : 0;
      }
      sum[k] = s;
    }
    return sum;
  }

  /**
   * Each target's share of the held sum.
   *
   * @param heldBack how many were below their solo rate by {@link Limits#belowSoloFraction} over
   *     the stretch and from its start
   * @param known how many have a solo rate
   * @param sumVariance the targets' variances over the stretch, summed
   */
  private record Shares(
      List<GroupVerdict.Share> shares, int heldBack, int known, double sumVariance) {}

  private static Shares shares(GroupCurves g, SumHold.Held held, Limits limits) {
    int a = held.from();
    int b = held.to();
    List<GroupVerdict.Share> shares = new ArrayList<>();
    int below = 0;
    int known = 0;
    double sumVariance = 0;
    // Held back from the moment they all write, not only later (drives declining on their own).
    int early = Math.min(b, a + held.earlyIntervals());
    for (int i = 0; i < g.targets(); i++) {
      double[] r = Arrays.copyOfRange(g.rateMBps()[i], a, b);
      double median = Stats.median(r);
      double solo = g.soloMBps()[i];
      double ofSolo = solo > 0 ? median / solo : Double.NaN;
      double earlyOfSolo = Stats.median(Arrays.copyOfRange(g.rateMBps()[i], a, early)) / solo;
      boolean heldBack =
          ofSolo <= limits.belowSoloFraction() && earlyOfSolo <= limits.belowSoloFraction();
      known += Double.isNaN(ofSolo) ? 0 : 1;
      below += heldBack ? 1 : 0;
      shares.add(new GroupVerdict.Share(g.names().get(i), median, solo, ofSolo, heldBack));
      sumVariance += Stats.variance(r);
    }
    return new Shares(shares, below, known, sumVariance);
  }

  /** The intervals in which every target wrote, each target's partial first and last left out. */
  static boolean[] together(GroupCurves g, Limits limits) {
    int m = g.size();
    boolean[] all = new boolean[m];
    Arrays.fill(all, true);
    for (int i = 0; i < g.targets(); i++) {
      int first = first(g, i);
      int last = last(g, i);
      for (int k = 0; k < m; k++) {
        all[k] &=
            first >= 0
                && k >= first + limits.edgeIntervals()
                && k <= last - limits.edgeIntervals()
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
  static double firstOwnCliff(GroupCurves g, Limits limits) {
    double cut = Double.POSITIVE_INFINITY;
    double tolerance = limits.alignIntervals() * g.intervalSeconds();
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

  private static GroupVerdict empty(
      GroupCurves g, GroupVerdict.Kind kind, GroupVerdict.Reason reason) {
    List<GroupVerdict.Share> shares = new ArrayList<>();
    double[] solo = g.soloMBps();
    for (int i = 0; i < g.targets(); i++) {
      shares.add(new GroupVerdict.Share(g.names().get(i), Double.NaN, solo[i], Double.NaN, false));
    }
    return unheld(kind, reason, shares);
  }

  /**
   * No held sum: no ceiling. When every target wrote at its solo rate over the intervals they all
   * wrote, that is the reason (each is limited on its own, and a host's hiccup made the sum move);
   * otherwise the sum's moving is.
   */
  private static GroupVerdict notFlat(GroupCurves g, boolean[] usable, Limits limits) {
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
      allAtSolo &= ofSolo > limits.belowSoloFraction();
      shares.add(new GroupVerdict.Share(g.names().get(i), median, solo[i], ofSolo, false));
    }
    return unheld(
        GroupVerdict.Kind.NONE,
        allAtSolo ? GroupVerdict.Reason.AT_SOLO_RATES : GroupVerdict.Reason.SUM_NOT_FLAT,
        shares);
  }

  /** A verdict without a held sum: no ceiling, no stretch, no level, no drags (yet). */
  private static GroupVerdict unheld(
      GroupVerdict.Kind kind, GroupVerdict.Reason reason, List<GroupVerdict.Share> shares) {
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
