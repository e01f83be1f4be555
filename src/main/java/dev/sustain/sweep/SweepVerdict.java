package dev.sustain.sweep;

import dev.sustain.unit.Units;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;

/**
 * What a sweep says about request sizes: the best rate, the smallest request size that reaches
 * {@link #THRESHOLD} of it (at its best depth), and one sentence for people. Pure: points in, words
 * out. Immutable.
 *
 * @param direction which rate it is about
 * @param best the fastest point
 * @param neededBlockBytes the smallest request size whose best depth reaches 90% of the best rate
 * @param neededQueueDepth the smallest depth at which that size reaches it
 * @param smallerBlockBytes the next smaller size tested, or -1 when the needed size is the smallest
 * @param smallerFraction that smaller size's best rate as a share of the best rate (0..1), or NaN
 * @param withinNoise true when a comparison the verdict draws is between points that differ by less
 *     than their own spread (the sentence then says so)
 * @param sentence the verdict in words
 */
public record SweepVerdict(
    SweepPoint.Direction direction,
    SweepPoint best,
    int neededBlockBytes,
    int neededQueueDepth,
    int smallerBlockBytes,
    double smallerFraction,
    boolean withinNoise,
    String sentence) {

  /** "Reaches its best" means at least 90% of the fastest point. */
  public static final double THRESHOLD = 0.9;

  /**
   * The verdict over {@code points} for one direction; null when no point has that rate (reads not
   * measured) or every rate is 0.
   */
  public static SweepVerdict of(List<SweepPoint> points, SweepPoint.Direction direction) {
    List<SweepPoint> measured = new ArrayList<>();
    for (SweepPoint p : points) {
      if (Double.isFinite(p.rate(direction))) {
        measured.add(p);
      }
    }
    SweepPoint best = null;
    for (SweepPoint p : measured) {
      if (best == null || p.rate(direction) > best.rate(direction)) {
        best = p;
      }
    }
    if (best == null || best.rate(direction) <= 0) {
      return null;
    }
    Ranked k = Ranked.of(measured, direction, best);
    StringBuilder s = new StringBuilder();
    sizeSentence(k, s);
    boolean noisy = sizesWithinNoise(k, s);
    noisy |= depthSentence(k, s);
    return new SweepVerdict(
        direction,
        best,
        k.needed(),
        k.neededDepth(),
        k.smaller() == null ? -1 : k.smaller(),
        k.smallerFraction(),
        noisy,
        s.toString());
  }

  /**
   * What the sentences are drawn from: the measured points, the best one, each size's fastest
   * depth, the smallest size that reaches the goal (-1 when none) and the shallowest depth at which
   * it does, and the next smaller size tested (null when none).
   */
  private record Ranked(
      SweepPoint.Direction direction,
      List<SweepPoint> measured,
      SweepPoint best,
      double bestRate,
      double goal,
      TreeMap<Integer, SweepPoint> bestPerSize,
      int needed,
      int neededDepth,
      Integer smaller,
      double smallerFraction) {

    static Ranked of(List<SweepPoint> measured, SweepPoint.Direction direction, SweepPoint best) {
      double bestRate = best.rate(direction);
      double goal = THRESHOLD * bestRate;
      // For each size, its fastest depth.
      TreeMap<Integer, SweepPoint> bestPerSize = new TreeMap<>();
      for (SweepPoint p : measured) {
        bestPerSize.merge(
            p.blockBytes(), p, (a, b) -> b.rate(direction) > a.rate(direction) ? b : a);
      }
      int needed = -1;
      for (var e : bestPerSize.entrySet()) {
        if (e.getValue().rate(direction) >= goal) {
          needed = e.getKey();
          break;
        }
      }
      int neededDepth = Integer.MAX_VALUE;
      for (SweepPoint p : measured) {
        if (p.blockBytes() == needed && p.rate(direction) >= goal) {
          neededDepth = Math.min(neededDepth, p.queueDepth());
        }
      }
      Integer smaller = bestPerSize.lowerKey(needed);
      double smallerFraction =
          smaller == null ? Double.NaN : bestPerSize.get(smaller).rate(direction) / bestRate;
      return new Ranked(
          direction,
          measured,
          best,
          bestRate,
          goal,
          bestPerSize,
          needed,
          neededDepth,
          smaller,
          smallerFraction);
    }

    double rateAt(int blockBytes) {
      return bestPerSize.get(blockBytes).rate(direction);
    }
  }

  /** The size the target needs, against the next smaller one; or that size does not matter. */
  private static void sizeSentence(Ranked k, StringBuilder s) {
    String dir = k.direction().word();
    String bestText =
        Units.rate(k.bestRate())
            + " at "
            + Units.binaryBytes(k.best().blockBytes())
            + " QD"
            + k.best().queueDepth();
    if (k.smaller() == null) {
      s.append("Request size does not hold this target back: ")
          .append(Units.binaryBytes(k.needed()))
          .append(" ")
          .append(dir)
          .append("s, the smallest tested, already reach ")
          .append(percent(k.rateAt(k.needed()) / k.bestRate()))
          .append(" of its best ")
          .append(dir)
          .append(" rate (")
          .append(bestText)
          .append(").");
    } else {
      s.append("This target needs ")
          .append(Units.binaryBytes(k.needed()))
          .append(" requests to reach its best ")
          .append(dir)
          .append(" rate (")
          .append(bestText)
          .append("); at ")
          .append(Units.binaryBytes(k.smaller()))
          .append(" it gives ")
          .append(percent(k.smallerFraction()))
          .append(" (")
          .append(Units.rate(k.rateAt(k.smaller())))
          .append(").");
    }
  }

  /** Says so when the needed size and the next smaller one differ by less than their spread. */
  private static boolean sizesWithinNoise(Ranked k, StringBuilder s) {
    SweepPoint neededPoint = k.bestPerSize().get(k.needed());
    if (k.smaller() == null
        || !withinNoise(neededPoint, k.bestPerSize().get(k.smaller()), k.direction())) {
      return false;
    }
    s.append(" But ")
        .append(withSpread(neededPoint, k.direction()))
        .append(" and ")
        .append(withSpread(k.bestPerSize().get(k.smaller()), k.direction()))
        .append(" differ by less than their own spread: within noise, this sweep cannot tell")
        .append(" them apart (longer points, --min-time-per-point, may).");
    return true;
  }

  /**
   * The depth the needed size also needs, when its shallowest depth misses the goal; true when that
   * comparison is within noise.
   */
  private static boolean depthSentence(Ranked k, StringBuilder s) {
    SweepPoint.Direction direction = k.direction();
    SweepPoint shallow = shallowest(k.measured(), k.needed());
    if (shallow == null
        || shallow.rate(direction) >= k.goal()
        || shallow.queueDepth() >= k.neededDepth()) {
      return false;
    }
    s.append(" At queue depth ")
        .append(shallow.queueDepth())
        .append(" it gives ")
        .append(percent(shallow.rate(direction) / k.bestRate()))
        .append(" at that size: it also needs requests in flight (QD")
        .append(k.neededDepth())
        .append(").");
    SweepPoint deep = pointAt(k.measured(), k.needed(), k.neededDepth());
    if (deep == null || !withinNoise(shallow, deep, direction)) {
      return false;
    }
    s.append(" But ")
        .append(withSpread(shallow, direction))
        .append(" and ")
        .append(withSpread(deep, direction))
        .append(" differ by less than their own spread: within noise.");
    return true;
  }

  /**
   * True when two points' rates differ by less than the larger of their spreads (the standard
   * deviation of each one's sub-interval rates): the difference is what either point alone wanders
   * by. A point without a spread (too short, or not recorded) adds none.
   */
  static boolean withinNoise(SweepPoint a, SweepPoint b, SweepPoint.Direction direction) {
    double spread =
        Math.max(
            spreadOrZero(a.measured(direction).spreadMBps()),
            spreadOrZero(b.measured(direction).spreadMBps()));
    return Math.abs(a.rate(direction) - b.rate(direction)) < spread;
  }

  private static double spreadOrZero(double spreadMBps) {
    return Double.isFinite(spreadMBps) ? spreadMBps : 0;
  }

  /** {@code 1 MiB QD32 (2377 MB/s ± 40 MB/s)}. */
  private static String withSpread(SweepPoint p, SweepPoint.Direction direction) {
    return Units.binaryBytes(p.blockBytes())
        + " QD"
        + p.queueDepth()
        + " ("
        + Units.rate(p.rate(direction))
        + " ± "
        + Units.rate(spreadOrZero(p.measured(direction).spreadMBps()))
        + ")";
  }

  private static SweepPoint pointAt(List<SweepPoint> points, int blockBytes, int queueDepth) {
    for (SweepPoint p : points) {
      if (p.blockBytes() == blockBytes && p.queueDepth() == queueDepth) {
        return p;
      }
    }
    return null;
  }

  private static SweepPoint shallowest(List<SweepPoint> points, int blockBytes) {
    SweepPoint shallow = null;
    for (SweepPoint p : points) {
      if (p.blockBytes() == blockBytes
          && (shallow == null || p.queueDepth() < shallow.queueDepth())) {
        shallow = p;
      }
    }
    return shallow;
  }

  private static String percent(double fraction) {
    return String.format(Locale.ROOT, "%d%%", Math.round(fraction * 100));
  }
}
