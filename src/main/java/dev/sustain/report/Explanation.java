package dev.sustain.report;

import dev.sustain.analysis.Analysis;
import dev.sustain.analysis.Detector;
import dev.sustain.analysis.Detectors;
import dev.sustain.analysis.Findings;
import dev.sustain.analysis.Segment;
import dev.sustain.analysis.Thresholds;
import dev.sustain.unit.Units;
import java.util.ArrayList;
import java.util.List;

/**
 * The one place the analysis is put into words: the headline, the evidence ("why") and the advice,
 * all made from the same {@link Analysis} figures and {@link Findings}, so they cannot disagree. A
 * sentence names a change only between figures the analysis knows to differ (a drop is at least
 * 15%, a climb back 15%). Locale-proof. Stateless and thread-safe.
 */
public final class Explanation {

  private Explanation() {}

  /**
   * The headline in the run's context: a target that is no drive (memory, a loop device over a
   * file) is named as such, with what its rate measures, never a drive's cache or floor.
   */
  public static String headline(Analysis a, RunContext c) {
    return c.notADrive() ? ContextWords.headline(a, c) : headline(a);
  }

  /** The shape in one short phrase with its numbers. */
  public static String headline(Analysis a) {
    Findings f = a.findings();
    return switch (a.shape()) {
      case UNDETERMINED -> DetectorWords.headline(Detectors.UNDETERMINED, a);
      case CACHE_CLIFF -> DetectorWords.headline(Detectors.CLIFF, a);
      case THERMAL_THROTTLE -> {
        if (f.hasSawtooth()) {
          yield DetectorWords.headline(Detectors.SAWTOOTH, a);
        }
        yield "throttles down to "
            + Units.rate(a.floorMBps())
            + (a.recovered() ? " and recovers while writing" : "")
            + (a.throttleTempC() != null ? Phrase.of(" at {.0} °C", a.throttleTempC()) : "");
      }
      case GC_ERRATIC -> DetectorWords.headline(Detectors.ERRATIC, a);
      case SMR_STALLS -> DetectorWords.headline(Detectors.SMR, a);
      case HDD_ZONED -> DetectorWords.headline(Detectors.ZONED, a);
      case FLAT ->
          "holds " + Units.rate(a.floorMBps()) + (a.linkCapped() ? " at the link's limit" : "");
    };
  }

  /** The evidence in the run's context: for a target that is no drive, what it is first. */
  public static List<String> evidence(Analysis a, RunContext c) {
    if (!c.notADrive()) {
      return evidence(a);
    }
    List<String> e = ContextWords.evidence(a, c);
    context(a, a.findings(), e);
    return e;
  }

  /** Sentences naming the numbers that decided the shape, then the context. */
  public static List<String> evidence(Analysis a) {
    Findings f = a.findings();
    List<String> e = new ArrayList<>();
    switch (a.shape()) {
      case UNDETERMINED -> {
        DetectorWords.evidence(Detectors.UNDETERMINED, a, e);
        if (f.tooShort()) {
          e.add(noCliff(a));
        }
      }
      case CACHE_CLIFF -> {
        DetectorWords.evidence(Detectors.CLIFF, a, e);
        if (!f.bentAtStep()) {
          DetectorWords.evidence(Detectors.BEND, a, e);
        }
      }
      case THERMAL_THROTTLE -> thermal(a, f, e);
      case GC_ERRATIC -> DetectorWords.evidence(Detectors.ERRATIC, a, e);
      case SMR_STALLS -> DetectorWords.evidence(Detectors.SMR, a, e);
      case HDD_ZONED -> DetectorWords.evidence(Detectors.ZONED, a, e);
      case FLAT -> flat(a, e);
    }
    context(a, f, e);
    return e;
  }

  /** A flat run: the rate it held, and that it never dropped. */
  private static void flat(Analysis a, List<String> e) {
    e.add(
        Phrase.of(
            "Held {rate} from start to end: min {mbps}, median {mbps}, max {mbps} MB/s, stdev"
                + " {mbps} MB/s; no lasting drop below {rate} ({.0}% of the burst).",
            a.floorMBps(),
            a.minMBps(),
            a.medianMBps(),
            a.maxMBps(),
            a.stdevMBps(),
            Thresholds.DROP_FRACTION * a.burstMBps(),
            100 * Thresholds.DROP_FRACTION));
    e.add(noCliff(a));
  }

  /** What to do, one sentence each; never empty. */
  public static List<String> advice(Analysis a) {
    return advice(a, RunContext.NONE);
  }

  /**
   * What to do in the run's context, one sentence each; never empty. Advice to write longer says
   * instead what ended the run where that was the user's own limit or all the space there was, and
   * a target that is no drive gets no drive's advice.
   */
  public static List<String> advice(Analysis a, RunContext c) {
    if (c.notADrive()) {
      return List.of(ContextWords.advice(c));
    }
    Findings f = a.findings();
    List<String> out = new ArrayList<>();
    shapeAdvice(a, c, f, out);
    limitAdvice(a, out);
    if (out.isEmpty()) {
      out.add("Nothing to do: the drive holds its rate.");
    }
    return out;
  }

  /** The advice for the run's shape. */
  private static void shapeAdvice(Analysis a, RunContext c, Findings f, List<String> out) {
    switch (a.shape()) {
      case UNDETERMINED -> {
        // What ended a run too short, where the context knows, says more than "write longer".
        String why = f.tooShort() ? ContextWords.tooShort(a, c) : null;
        if (why != null) {
          out.add(why);
        } else {
          DetectorWords.advice(Detectors.UNDETERMINED, a, out);
        }
      }
      case CACHE_CLIFF -> {
        DetectorWords.advice(Detectors.CLIFF, a, out);
        if (a.floorMayBeLower()) {
          String why = ContextWords.mayBeLower(a, c);
          out.add(
              why != null
                  ? why
                  : "Write longer (--until floor) to see whether it settles lower still.");
        }
      }
      case THERMAL_THROTTLE ->
          out.add(
              "Cool the drive: a fan or an enclosure with a heatsink; let a passive drive rest"
                  + " between long transfers.");
      case GC_ERRATIC -> DetectorWords.advice(Detectors.ERRATIC, a, out);
      case SMR_STALLS -> DetectorWords.advice(Detectors.SMR, a, out);
      case HDD_ZONED -> DetectorWords.advice(Detectors.ZONED, a, out);
      case FLAT -> {}
    }
  }

  /** The advice for what limited the run but the drive: the link, the CPU. */
  private static void limitAdvice(Analysis a, List<String> out) {
    for (Detector<?, ?> d : Detectors.HOST) {
      DetectorWords.advice(d, a, out);
    }
  }

  private static void thermal(Analysis a, Findings f, List<String> e) {
    if (f.hasSawtooth()) {
      DetectorWords.evidence(Detectors.SAWTOOTH, a, e);
      return;
    }
    DetectorWords.evidence(Detectors.RECOVERY, a, e);
    if (f.bentAtStep()) {
      DetectorWords.evidence(Detectors.BEND, a, e);
    }
    DetectorWords.evidence(Detectors.CLIFF, a, e);
  }

  private static void context(Analysis a, Findings f, List<String> e) {
    DetectorWords.evidence(Detectors.RAMP, a, e);
    CurveCaveats.levels(a, e);
    DetectorWords.evidence(Detectors.SPIKES, a, e);
    DetectorWords.evidence(Detectors.STALLS, a, e);
    for (Detector<?, ?> d : Detectors.HOST) {
      DetectorWords.evidence(d, a, e);
    }
  }

  private static String noCliff(Analysis a) {
    return CurveCaveats.noCliff(a);
  }

  /** "2555 MB/s for 280 GB, 1200 MB/s for 90.5 GB": each stage's rate and size. */
  static String stages(List<Segment> stages) {
    List<String> each = new ArrayList<>();
    for (Segment s : stages) {
      each.add(Phrase.of("{rate} for {gb}", s.meanMBps(), s.gigabytes()));
    }
    return String.join(", ", each);
  }
}
