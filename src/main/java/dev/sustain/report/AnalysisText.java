package dev.sustain.report;

import dev.sustain.analysis.Analysis;
import dev.sustain.analysis.Detectors;
import dev.sustain.analysis.Shape;
import dev.sustain.unit.Units;
import java.util.List;
import java.util.Objects;

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
    return format(title, a, notes, RunContext.NONE);
  }

  /**
   * The text for {@code a} in the run's context {@code c}: what ended the run shapes the advice,
   * and a target that is no drive is named as such, without a drive's cache or floor.
   */
  public static String format(String title, Analysis a, List<String> notes, RunContext c) {
    StringBuilder b = new StringBuilder();
    if (title != null && !title.isEmpty()) {
      b.append(title).append('\n');
    }
    for (String n : notes) {
      b.append("  note: ").append(n).append('\n');
    }
    line(b, "shape", a.shape().word() + " — " + Explanation.headline(a, c));
    if (c.notADrive()) {
      line(b, "target", c.targetWords() + ": not a drive, so no drive's cache or floor");
    }
    levels(b, a, c);
    average(b, a);
    events(b, a, c);
    whyAndAdvice(b, a, c);
    return b.toString();
  }

  /** The average over the whole run, with the intervals' minimum, median and maximum. */
  private static void average(StringBuilder b, Analysis a) {
    line(
        b,
        "average",
        Phrase.of(
            "{rate} over {gb} in {time}{}  ({}min {mbps}, median {mbps}, max {mbps})",
            a.averageMBps(),
            a.totalGB(),
            averageSeconds(a),
            a.flushSeconds() > 0 ? ", flush included" : "",
            // The intervals' figures leave the start-up ramp out; the average counts all bytes
            // over all time, so without saying so an average below the minimum reads as an error.
            a.findings().hasStartUp() ? "after the start-up: " : "",
            a.minMBps(),
            a.medianMBps(),
            a.maxMBps()));
  }

  /** The start-up, stalls, flush, throttling and projection lines, each where there is one. */
  private static void events(StringBuilder b, Analysis a, RunContext c) {
    String startUp = DetectorWords.figureLine(Detectors.RAMP, a);
    if (startUp != null) {
      line(b, "start-up", startUp);
    }
    String stalls = DetectorWords.figureLine(Detectors.STALLS, a);
    if (stalls != null) {
      line(b, "stalls", stalls);
    }
    if (a.flushSeconds() > 0) {
      line(
          b,
          "flush",
          Phrase.of(
              "{time} to put the last writes {} (fsync)",
              a.flushSeconds(),
              c.notADrive() ? "down" : "on the drive"));
    }
    if (a.throttleTempC() != null) {
      line(b, "throttles", Phrase.of("at {.0} °C", a.throttleTempC()));
    }
    if (a.projection() != null) {
      double s = a.projection().seconds();
      line(
          b,
          "projection",
          Phrase.of(
              "{gb} takes {}{}",
              a.projection().gigabytes(),
              Double.isFinite(s) ? Phrase.of("about {time}", s) : "forever (the floor is 0)",
              projectionNote(a)));
    }
  }

  /** The evidence and the advice, one item a line. */
  private static void whyAndAdvice(StringBuilder b, Analysis a, RunContext c) {
    b.append("why:\n");
    for (String e : Explanation.evidence(a, c)) {
      b.append("  - ").append(e).append('\n');
    }
    b.append("advice:\n");
    for (String adv : Explanation.advice(a, c)) {
      b.append("  - ").append(adv).append('\n');
    }
  }

  /** The burst, the stages, the floor and the cache (a target that is no drive has none). */
  private static void levels(StringBuilder b, Analysis a, RunContext c) {
    // Beside a figure of a target that is no drive, so no line reads as a drive's.
    String notDrive = c.notADrive() ? " (not a drive's)" : "";
    if (a.hasCliff()) {
      line(
          b,
          "burst",
          CurveCaveats.burstFor(a.burstMBps(), a.cacheGB(), a.cliffSeconds(), a, "for") + notDrive);
      if (a.stages().size() > 1) {
        line(b, "stages", Explanation.stages(a.stages()));
      }
      line(
          b,
          "floor",
          (a.floorMBps() == null
                  ? "-"
                  : Phrase.of(
                      "{rate} ({.0}% of the burst)",
                      a.floorMBps(), 100 * (a.floorMBps() / a.burstMBps())))
              + Phrase.of("; after the cliff {rate} on average", a.afterCacheMBps())
              + (a.floorMayBeLower() ? "; may be lower (the run ended on a lower level)" : "")
              + notDrive);
    } else {
      line(
          b,
          "burst",
          Units.rate(a.burstMBps())
              + (a.shape() == Shape.FLAT ? ", held to the end" : "")
              + notDrive);
      line(
          b,
          "floor",
          a.floorMBps() == null
              ? "- ("
                  + Objects.requireNonNullElse(FiguresTable.noFloorWhy(a), "too short to tell")
                  + ")"
              : Units.rate(a.floorMBps()) + notDrive);
      if (a.cacheGBMin() != null && !c.notADrive()) {
        line(b, "cache", CurveCaveats.cacheLine(a));
      }
    }
  }

  /** How a projection got past the measured curve, if it did. */
  static String projectionNote(Analysis a) {
    if (a.projection().assumesRateHolds()) {
      return Phrase.of(
          " (assumes the rate of {rate} holds past the {gb} measured)",
          a.projection().rateMBps(),
          a.totalGB());
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

  /**
   * The time the average is over: the write intervals and the final flush, all time of the record
   * (a run's average is all bytes over all time, flush included; a copy's, its write phases with
   * their flushes), so that the average is the bytes over this time wherever it is printed.
   */
  static double averageSeconds(Analysis a) {
    // The sum of the two figures analysis.json stores (each to the millisecond), so the printed
    // time is what a reader of analysis.json adds up, never 1 ms off it at a rounding boundary.
    return Units.roundedToThousandths(a.durationSeconds())
        + Units.roundedToThousandths(a.flushSeconds());
  }
}
