package dev.sustain.hub;

import dev.sustain.share.LinkTier;
import java.util.Locale;

/**
 * Whether a share's numbers can be true of one run: the average is the bytes over the time, the
 * curve's area is the bytes and its length the time, no rate is above what the link tier can carry,
 * and the figures lie within the curve (a burst no interval reached, a floor below every interval,
 * a cache larger than what was written are made up). Tolerances leave room for rounding and for the
 * curve's merged points, never for a different run. Stateless.
 */
final class Plausibility {

  /** The average may differ from bytes over time by this fraction (the document's rounding). */
  static final double AVERAGE_TOLERANCE = 0.01;

  /** The curve's area may differ from the bytes by this fraction. */
  static final double AREA_TOLERANCE = 0.05;

  /** A figure may stand this far beyond the curve's extremes (a level vs merged points). */
  static final double FIGURE_TOLERANCE = 0.05;

  private Plausibility() {}

  /** Why the share cannot be true, in one line, or null when it can. */
  static String reason(Share s, double[][] curve) {
    double average = s.bytes() / s.seconds() / 1e6;
    if (!(s.seconds() > 0)
        || Math.abs(average - s.averageMBps()) > AVERAGE_TOLERANCE * average + 0.1) {
      return f("average_MBps %.1f is not bytes over seconds (%.1f)", s.averageMBps(), average);
    }
    double[] t = curve[0];
    double[] r = curve[1];
    double area = 0;
    double max = 0;
    double min = Double.POSITIVE_INFINITY;
    for (int i = 0; i < t.length; i++) {
      area += r[i] * 1e6 * (t[i] - (i == 0 ? 0 : t[i - 1]));
      max = Math.max(max, r[i]);
      min = Math.min(min, r[i]);
    }
    if (Math.abs(area - s.bytes()) > AREA_TOLERANCE * s.bytes()) {
      return f("the curve writes %.3f GB, the result %.3f GB", area / 1e9, s.bytes() / 1e9);
    }
    double end = t[t.length - 1];
    if (Math.abs(end - s.seconds()) > 0.02 * s.seconds() + 1) {
      return f("the curve ends at %.1f s, the run at %.1f s", end, s.seconds());
    }
    double ceiling = LinkTier.ceilingMBps(s.linkTier());
    double fastest = Math.max(max, Math.max(nz(s.burstMBps()), s.averageMBps()));
    if (fastest > ceiling) {
      return f("%.0f MB/s is above what %s can carry (%.0f MB/s)", fastest, s.linkTier(), ceiling);
    }
    if (s.burstMBps() != null && s.burstMBps() > max * (1 + FIGURE_TOLERANCE) + 1) {
      return f("burst %.1f MB/s is above every point of the curve (%.1f)", s.burstMBps(), max);
    }
    if (s.floorMBps() != null) {
      if (s.floorMBps() > max * (1 + FIGURE_TOLERANCE) + 1
          || s.floorMBps() < min * (1 - FIGURE_TOLERANCE) - 1) {
        return f("floor %.1f MB/s lies outside the curve (%.1f to %.1f)", s.floorMBps(), min, max);
      }
      if (s.burstMBps() != null && s.floorMBps() > s.burstMBps() * (1 + FIGURE_TOLERANCE) + 1) {
        return f("floor %.1f MB/s is above the burst %.1f", s.floorMBps(), s.burstMBps());
      }
    }
    if (s.cacheGB() != null
        && (s.cacheGB() > s.bytes() / 1e9 * (1 + AVERAGE_TOLERANCE) + 0.001
            || s.cacheGB() > s.capacityBytes() / 1e9 * (1 + FIGURE_TOLERANCE))) {
      return f("cache %.3f GB is more than was written or the drive holds", s.cacheGB());
    }
    return null;
  }

  private static double nz(Double v) {
    return v == null ? 0 : v;
  }

  private static String f(String format, Object... args) {
    return String.format(Locale.ROOT, format, args);
  }
}
