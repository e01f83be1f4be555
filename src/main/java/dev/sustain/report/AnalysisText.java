package dev.sustain.report;

import dev.sustain.analysis.Analysis;
import dev.sustain.analysis.Shape;
import dev.sustain.unit.Durations;
import dev.sustain.unit.Units;
import java.util.List;

/**
 * The analysis for people, read at a glance: the burst and for how many GB and seconds, the floor,
 * the shape in a sentence with its numbers, the projected time for a job size, and the advice.
 * Locale-proof. Stateless and thread-safe.
 */
public final class AnalysisText {

  private AnalysisText() {}

  /**
   * The text for {@code a}, lines ending in {@code \n}; {@code notes} (may be empty) come first.
   */
  public static String format(String title, Analysis a, List<String> notes) {
    StringBuilder b = new StringBuilder();
    if (title != null && !title.isEmpty()) {
      b.append(title).append('\n');
    }
    for (String n : notes) {
      b.append("  note: ").append(n).append('\n');
    }
    line(b, "shape", a.shape().id() + " — " + headline(a));
    if (a.hasCliff()) {
      line(
          b,
          "burst",
          Units.rate(a.burstMBps())
              + " for "
              + gb(a.cacheGB())
              + " ("
              + Durations.format(a.cliffSeconds())
              + ")");
      line(
          b,
          "floor",
          Units.rate(a.floorMBps())
              + " (after the cliff: "
              + Units.rate(a.afterCacheMBps())
              + " on average, "
              + pct(a.floorMBps() / a.burstMBps())
              + " of the burst)");
    } else {
      line(
          b,
          "burst",
          Units.rate(a.burstMBps()) + (a.shape() == Shape.FLAT ? ", held to the end" : ""));
      line(b, "floor", Units.rate(a.floorMBps()));
    }
    line(
        b,
        "average",
        Units.rate(a.averageMBps())
            + " over "
            + gb(a.totalGB())
            + " in "
            + Durations.format(a.durationSeconds())
            + "  (min "
            + Units.mbps(a.minMBps())
            + ", median "
            + Units.mbps(a.medianMBps())
            + ", max "
            + Units.mbps(a.maxMBps())
            + ")");
    if (a.stallSeconds() > 0) {
      line(
          b,
          "stalls",
          Units.fixed(a.stallSeconds(), a.stallSeconds() < 10 ? 1 : 0) + " s with nothing written");
    }
    if (a.throttleTempC() != null) {
      line(b, "throttles", "at " + Units.fixed(a.throttleTempC(), 0) + " °C");
    }
    if (a.projection() != null) {
      double s = a.projection().seconds();
      line(
          b,
          "projection",
          gb(a.projection().gigabytes())
              + " takes "
              + (Double.isFinite(s) ? "about " + Durations.format(s) : "forever (the floor is 0)")
              + (a.hasCliff() && a.projection().gigabytes() > a.cacheGB()
                  ? " (past the cache at the floor)"
                  : ""));
    }
    b.append("why:\n");
    for (String e : a.evidence()) {
      b.append("  - ").append(e).append('\n');
    }
    b.append("advice:\n");
    for (String adv : a.advice()) {
      b.append("  - ").append(adv).append('\n');
    }
    return b.toString();
  }

  /** The shape in one short phrase with its numbers. */
  static String headline(Analysis a) {
    return switch (a.shape()) {
      case CACHE_CLIFF ->
          "fast for " + gb(a.cacheGB()) + ", then " + Units.rate(a.floorMBps()) + " to the end";
      case THERMAL_THROTTLE ->
          "throttles down to "
              + Units.rate(a.floorMBps())
              + (a.recovered() ? " and recovers while writing" : "")
              + (a.throttleTempC() != null
                  ? " at " + Units.fixed(a.throttleTempC(), 0) + " °C"
                  : "");
      case GC_ERRATIC ->
          "erratic between "
              + Units.mbps(a.minMBps())
              + " and "
              + Units.rate(a.maxMBps())
              + ": short of free blocks (no TRIM)";
      case SMR_STALLS ->
          "holds "
              + Units.rate(a.burstMBps())
              + " for "
              + gb(a.cacheGB())
              + ", then stalls (shingled disk)";
      case HDD_ZONED ->
          "declines gradually from "
              + Units.rate(a.burstMBps())
              + " to "
              + Units.rate(a.floorMBps());
      case FLAT ->
          "holds " + Units.rate(a.floorMBps()) + (a.linkCapped() ? " at the link's limit" : "");
    };
  }

  private static void line(StringBuilder b, String label, String text) {
    b.append(
        String.format(java.util.Locale.ROOT, "  %-11s %s%n", label, text)
            .replace(System.lineSeparator(), "\n"));
  }

  private static String gb(double gigabytes) {
    return Units.fixed(gigabytes, gigabytes >= 100 ? 0 : gigabytes >= 1 ? 1 : 3) + " GB";
  }

  private static String pct(double fraction) {
    return Units.fixed(100 * fraction, 0) + "%";
  }
}
