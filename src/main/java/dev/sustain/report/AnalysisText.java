package dev.sustain.report;

import dev.sustain.analysis.Analysis;
import dev.sustain.analysis.Segment;
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
      if (a.stages().size() > 1) {
        StringBuilder st = new StringBuilder();
        for (Segment g : a.stages()) {
          st.append(st.isEmpty() ? "" : ", ")
              .append(Units.rate(g.meanMBps()))
              .append(" for ")
              .append(gb(g.gigabytes()));
        }
        line(b, "stages", st.toString());
      }
      line(
          b,
          "floor",
          (a.floorMBps() == null ? "-" : Units.rate(a.floorMBps()))
              + (a.floorMBps() == null
                  ? ""
                  : " (" + pct(a.floorMBps() / a.burstMBps()) + " of the burst)")
              + "; after the cliff "
              + Units.rate(a.afterCacheMBps())
              + " on average"
              + (a.floorMayBeLower() ? "; may be lower (the run ended on a lower level)" : ""));
    } else {
      line(
          b,
          "burst",
          Units.rate(a.burstMBps()) + (a.shape() == Shape.FLAT ? ", held to the end" : ""));
      line(b, "floor", a.floorMBps() == null ? "- (too short to tell)" : Units.rate(a.floorMBps()));
      if (a.cacheGBMin() != null) {
        line(b, "cache", "at least " + gb(a.cacheGBMin()) + " (no cliff in this run)");
      }
    }
    line(
        b,
        "average",
        Units.rate(a.averageMBps())
            + " over "
            + gb(a.totalGB())
            + " in "
            + Durations.format(a.durationSeconds())
            // The intervals' figures leave the start-up ramp out; the average counts all bytes
            // over all time, so without saying so an average below the minimum reads as an error.
            + (a.findings().ramp().intervals() > 0 ? "  (after the start-up: min " : "  (min ")
            + Units.mbps(a.minMBps())
            + ", median "
            + Units.mbps(a.medianMBps())
            + ", max "
            + Units.mbps(a.maxMBps())
            + ")");
    if (a.findings().ramp().intervals() > 0) {
      line(
          b,
          "start-up",
          Durations.format(a.findings().ramp().seconds())
              + " ramp while the first requests were in flight (not stalls)");
    }
    if (a.stallSeconds() > 0) {
      line(
          b,
          "stalls",
          Units.fixed(a.stallSeconds(), a.stallSeconds() < 10 ? 1 : 0) + " s with nothing written");
    }
    if (a.flushSeconds() > 0) {
      line(
          b,
          "flush",
          Durations.format(a.flushSeconds()) + " to put the last writes on the drive (fsync)");
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
              + projectionNote(a));
    }
    b.append("why:\n");
    for (String e : Explanation.evidence(a)) {
      b.append("  - ").append(e).append('\n');
    }
    b.append("advice:\n");
    for (String adv : Explanation.advice(a)) {
      b.append("  - ").append(adv).append('\n');
    }
    return b.toString();
  }

  /** How a projection got past the measured curve, if it did. */
  static String projectionNote(Analysis a) {
    if (a.projection().assumesRateHolds()) {
      return " (assumes the rate of "
          + Units.rate(a.projection().rateMBps())
          + " holds past the "
          + gb(a.totalGB())
          + " measured)";
    }
    if (a.hasCliff() && a.projection().gigabytes() > a.cacheGB()) {
      return " (past the cache at the floor)";
    }
    return "";
  }

  /** The shape in one short phrase with its numbers (see {@link Explanation#headline}). */
  static String headline(Analysis a) {
    return Explanation.headline(a);
  }

  private static void line(StringBuilder b, String label, String text) {
    b.append(
        String.format(java.util.Locale.ROOT, "  %-11s %s%n", label, text)
            .replace(System.lineSeparator(), "\n"));
  }

  private static String gb(Double gigabytes) {
    return Explanation.gb(gigabytes);
  }

  private static String pct(double fraction) {
    return Units.fixed(100 * fraction, 0) + "%";
  }
}
