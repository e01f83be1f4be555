package dev.sustain.report;

import dev.sustain.analysis.Analysis;
import dev.sustain.analysis.Detectors;
import java.util.ArrayList;
import java.util.List;

/**
 * The words for what the levels cannot tell: a burst read from one or two intervals, and where no
 * cliff was seen (a fall too recent to tell one, the start-up, the stalls and spikes too short to
 * be a level are their detectors' words: {@code Detectors.FALL}, {@code RAMP}, {@code STALLS},
 * {@code SPIKES}). Each sentence states only what its finding measured. Locale-proof. Stateless and
 * thread-safe.
 */
final class CurveCaveats {

  private CurveCaveats() {}

  /** What the words must add about the levels: a short burst (a fall is {@link #noCliff}'s). */
  static void levels(Analysis a, List<String> e) {
    int burstIntervals = a.findings().burstIntervals();
    if (a.hasCliff() && burstIntervals > 0 && burstIntervals <= 2) {
      e.add(
          burstIntervals == 1
              ? Phrase.of(
                  "The fast level was read from one interval ({rate}): the data cannot tell"
                      + " whether it was faster for part of that interval, so the burst is at"
                      + " least that and the cache at most the {gb} written to the end of the"
                      + " interval the drop fell in; a shorter --interval measures both.",
                  a.burstMBps(),
                  a.cacheGB())
              : "The fast level was read from two intervals: a shorter --interval measures the"
                  + " burst and the cache more closely.");
    }
  }

  /**
   * "No cliff in the first N GB", true to the data: the fall's own sentence when the run ended on a
   * fall too recent to tell a cliff ({@code Detectors.FALL}).
   */
  static String noCliff(Analysis a) {
    List<String> fall = new ArrayList<>();
    DetectorWords.evidence(Detectors.FALL, a, fall);
    if (!fall.isEmpty()) {
      return fall.getFirst();
    }
    return Phrase.of(
        "No cliff in the first {gb}: the cache, if any, is at least that; a projection past it"
            + " assumes the rate holds.",
        a.cacheGBMin());
  }

  /**
   * The burst before a cliff is named with its stalls when they took at least this share of the
   * time before it: the burst's rate is its rate while it wrote, and "held 859 MB/s for 28.7 GB (8m
   * 14s)" of a run that wrote nothing for 7m 40s of those is false (28.7 GB in 8m 14s is 58 MB/s).
   * Under a tenth, the bytes over the time agree with the rate within the tenth a ramp and the
   * noise take.
   */
  static final double STALLED_SHARE = 0.1;

  /**
   * The stall seconds before the cliff when they are worth saying ({@link #STALLED_SHARE}), else
   * null.
   */
  static Double burstStalls(Analysis a) {
    Double stalled = a.burstStallSeconds();
    return stalled != null
            && a.cliffSeconds() != null
            && stalled > 0
            && stalled >= STALLED_SHARE * a.cliffSeconds()
        ? stalled
        : null;
  }

  /**
   * "{rate} {lead} {gb} ({time})" of the burst before a cliff ({@code lead} "for", or "for its
   * first"), or with its stalls when they are worth saying ({@link #burstStalls}): "{rate} between
   * stalls {lead} {gb} ({time}, {time} of it with nothing written)".
   */
  static String burstFor(
      double burstMBps, double gigabytes, double seconds, Analysis a, String lead) {
    Double stalled = burstStalls(a);
    return stalled == null
        ? Phrase.of("{rate} " + lead + " {gb} ({time})", burstMBps, gigabytes, seconds)
        : Phrase.of(
            "{rate} between stalls " + lead + " {gb} ({time}, {time} of it with nothing written)",
            burstMBps,
            gigabytes,
            seconds,
            stalled);
  }

  /** The text's cache line without a cliff: the fall's, when the run ended on one. */
  static String cacheLine(Analysis a) {
    String fall = DetectorWords.figureLine(Detectors.FALL, a);
    return fall != null ? fall : Phrase.of("at least {gb} (no cliff in this run)", a.cacheGBMin());
  }
}
