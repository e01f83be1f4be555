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
    double bestRate = best.rate(direction);
    double goal = THRESHOLD * bestRate;
    // For each size, its fastest depth.
    TreeMap<Integer, SweepPoint> bestPerSize = new TreeMap<>();
    for (SweepPoint p : measured) {
      bestPerSize.merge(p.blockBytes(), p, (a, b) -> b.rate(direction) > a.rate(direction) ? b : a);
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
    String dir = direction.word();
    String bestText =
        Units.rate(bestRate)
            + " at "
            + Units.binaryBytes(best.blockBytes())
            + " QD"
            + best.queueDepth();
    StringBuilder s = new StringBuilder();
    if (smaller == null) {
      s.append("Request size does not hold this target back: ")
          .append(Units.binaryBytes(needed))
          .append(" ")
          .append(dir)
          .append("s, the smallest tested, already reach ")
          .append(percent(bestPerSize.get(needed).rate(direction) / bestRate))
          .append(" of its best ")
          .append(dir)
          .append(" rate (")
          .append(bestText)
          .append(").");
    } else {
      s.append("This target needs ")
          .append(Units.binaryBytes(needed))
          .append(" requests to reach its best ")
          .append(dir)
          .append(" rate (")
          .append(bestText)
          .append("); at ")
          .append(Units.binaryBytes(smaller))
          .append(" it gives ")
          .append(percent(smallerFraction))
          .append(" (")
          .append(Units.rate(bestPerSize.get(smaller).rate(direction)))
          .append(").");
    }
    boolean noisy = false;
    SweepPoint neededPoint = bestPerSize.get(needed);
    if (smaller != null && withinNoise(neededPoint, bestPerSize.get(smaller), direction)) {
      noisy = true;
      s.append(" But ")
          .append(withSpread(neededPoint, direction))
          .append(" and ")
          .append(withSpread(bestPerSize.get(smaller), direction))
          .append(" differ by less than their own spread: within noise, this sweep cannot tell")
          .append(" them apart (longer points, --min-time-per-point, may).");
    }
    SweepPoint shallow = shallowest(measured, needed);
    if (shallow != null && shallow.rate(direction) < goal && shallow.queueDepth() < neededDepth) {
      s.append(" At queue depth ")
          .append(shallow.queueDepth())
          .append(" it gives ")
          .append(percent(shallow.rate(direction) / bestRate))
          .append(" at that size: it also needs requests in flight (QD")
          .append(neededDepth)
          .append(").");
      SweepPoint deep = pointAt(measured, needed, neededDepth);
      if (deep != null && withinNoise(shallow, deep, direction)) {
        noisy = true;
        s.append(" But ")
            .append(withSpread(shallow, direction))
            .append(" and ")
            .append(withSpread(deep, direction))
            .append(" differ by less than their own spread: within noise.");
      }
    }
    return new SweepVerdict(
        direction,
        best,
        needed,
        neededDepth,
        smaller == null ? -1 : smaller,
        smallerFraction,
        noisy,
        s.toString());
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
