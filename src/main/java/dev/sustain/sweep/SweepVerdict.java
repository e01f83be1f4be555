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
 * @param sentence the verdict in words
 */
public record SweepVerdict(
    SweepPoint.Direction direction,
    SweepPoint best,
    int neededBlockBytes,
    int neededQueueDepth,
    int smallerBlockBytes,
    double smallerFraction,
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
    SweepPoint shallow = shallowest(measured, needed);
    if (shallow != null && shallow.rate(direction) < goal) {
      s.append(" At queue depth ")
          .append(shallow.queueDepth())
          .append(" it gives ")
          .append(percent(shallow.rate(direction) / bestRate))
          .append(" at that size: it also needs requests in flight (QD")
          .append(neededDepth)
          .append(").");
    }
    return new SweepVerdict(
        direction,
        best,
        needed,
        neededDepth,
        smaller == null ? -1 : smaller,
        smallerFraction,
        s.toString());
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
