package dev.sustain.report;

import dev.sustain.analysis.Analysis;
import dev.sustain.analysis.Findings;
import dev.sustain.analysis.Thresholds;
import dev.sustain.unit.Units;
import java.util.List;

/**
 * The words for the start-up and for what the levels cannot tell: the wait before the first
 * completion (named for what it was: the first requests in flight, or another process's I/O that
 * kept the device busy), a burst read from one or two intervals, spikes too short to be a level,
 * and a fall too recent to tell a cliff. Each sentence states only what its finding measured.
 * Locale-proof. Stateless and thread-safe.
 */
final class CurveCaveats {

  private CurveCaveats() {}

  /** The start-up in a phrase for the figure lines ({@code start-up ...}). */
  static String startUpLine(Findings.Ramp r) {
    Findings.OtherIo o = r.otherIo();
    if (o != null) {
      return Phrase.of(
          "{time} in which nothing of this run completed: other I/O kept the device busy ({.0}%"
              + " busy, {gb} that were not this run's; not stalls, not the drive's rate)",
          r.seconds(), o.busyPct(), o.gigabytes());
    }
    String wait =
        r.seconds() <= Thresholds.STARTUP_MAX_SECONDS
            ? "{time} before the first requests completed (in flight; not stalls)"
            : "{time} before the first request completed (not stalls)";
    String partial =
        r.gigabytes() > 0
            ? Phrase.of(
                "; the {gb} written in it left out of the burst, min and median", r.gigabytes())
            : "";
    return Phrase.of(wait, r.seconds()) + partial;
  }

  /** The start-up in a sentence for the evidence; null without one. */
  static String startUpSentence(Findings.Ramp r) {
    if (r.intervals() == 0) {
      return null;
    }
    String which =
        r.intervals() == 1 ? "The first interval" : "The first " + r.intervals() + " intervals";
    Findings.OtherIo o = r.otherIo();
    if (o != null) {
      return Phrase.of(
          "{} ({time}): nothing of this run completed while the device was {.0}% busy and moved"
              + " {gb} more than this run could have had in flight: other I/O kept the device"
              + " busy. Neither the burst nor stalls.",
          which, r.seconds(), o.busyPct(), o.gigabytes());
    }
    String recorded =
        Double.isNaN(r.firstCompletionSeconds())
            ? ""
            : Phrase.of(" (the first at {})", seconds(r.firstCompletionSeconds()));
    String partial =
        r.gigabytes() > 0
            ? Phrase.of(
                "; the last was mostly empty by time and wrote {gb}, counted in the average but"
                    + " not in the burst, min or median",
                r.gigabytes())
            : "";
    return Phrase.of(
        "{} ({time}) came before the first requests completed{}{}: neither the burst nor stalls.",
        which,
        r.seconds(),
        recorded,
        partial);
  }

  /** A time that may be far below a millisecond: to the microsecond. */
  private static String seconds(double s) {
    return s >= 0.1 ? Units.fixed(s, 2) + " s" : Units.fixed(s * 1000, 3) + " ms";
  }

  /** Other I/O in the stalls, as a clause to add to the stall sentence; empty when none. */
  static String stallsOtherIo(Findings.Stalls s) {
    Findings.OtherIo o = s.otherIo();
    if (o == null) {
      return "";
    }
    return Phrase.of(
        "; in {time} of them other I/O kept the device busy ({.0}% busy, {gb} that were not"
            + " this run's)",
        o.seconds(), o.busyPct(), o.gigabytes());
  }

  /** What the words must add about the levels: a short burst, spikes, a fall. */
  static void levels(Analysis a, List<String> e) {
    Findings f = a.findings();
    Findings.Cliff c = f.cliff();
    if (a.hasCliff() && c != null && c.burstIntervals() <= 2) {
      e.add(
          c.burstIntervals() == 1
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
    Findings.Spikes s = f.spikes();
    if (s != null) {
      e.add(
          Phrase.of(
              "{} stood far above the level around {} (the highest {rate} at {time}, against"
                  + " {rate}): too few to be a level, read as part of the level around {}; the"
                  + " data cannot tell more.",
              Units.count(s.intervals(), "interval"),
              s.intervals() == 1 ? "it" : "them",
              s.highestMBps(),
              s.atSeconds(),
              s.levelMBps(),
              s.intervals() == 1 ? "it" : "them"));
    }
  }

  /** "No cliff in the first N GB", true to the data: the bytes before a recent fall, if any. */
  static String noCliff(Analysis a) {
    Findings.Fall fall = a.findings().fall();
    if (fall != null) {
      return Phrase.of(
          "The rate fell from {rate} to {rate} at {time}, {time} before the run ended: too soon"
              + " to tell a cliff. The cache, if any, is at least the {gb} written before the"
              + " fall.",
          fall.fromMBps(),
          fall.toMBps(),
          fall.seconds(),
          fall.lastedSeconds(),
          fall.gigabytes());
    }
    return Phrase.of(
        "No cliff in the first {gb}: the cache, if any, is at least that; a projection past it"
            + " assumes the rate holds.",
        a.cacheGBMin());
  }

  /** The text's cache line without a cliff. */
  static String cacheLine(Analysis a) {
    Findings.Fall fall = a.findings().fall();
    return fall != null
        ? Phrase.of(
            "at least {gb} (written before the fall at {time}; too soon after it to tell a cliff)",
            a.cacheGBMin(),
            fall.seconds())
        : Phrase.of("at least {gb} (no cliff in this run)", a.cacheGBMin());
  }
}
