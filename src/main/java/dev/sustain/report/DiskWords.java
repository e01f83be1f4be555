package dev.sustain.report;

import dev.sustain.analysis.Analysis;
import dev.sustain.analysis.DiskThresholds;
import dev.sustain.analysis.Findings;
import java.util.List;

/**
 * The evidence of a spinning disk's shapes, in words: told it is a disk, what the curve shows; told
 * nothing of the media, also why the curve is a disk's and that the media is not known (the same
 * curve from an SSD would be read as one with {@code --media ssd}). Stateless.
 */
final class DiskWords {

  private DiskWords() {}

  /** The evidence of smr-stalls. */
  static void smr(Findings.Smr s, boolean byCurve, List<String> e) {
    e.add(
        Phrase.of(
            "Held {rate} for {time}, then {} of the remaining {} intervals ({pct}) wrote"
                + " nothing and the rate fell to {rate}{}",
            s.heldMBps(),
            s.onsetSeconds(),
            s.zerosAfter(),
            s.intervalsAfter(),
            s.zerosAfter() / (double) s.intervalsAfter(),
            s.afterMBps(),
            byCurve
                ? ", as a shingled (SMR) disk's does while it rewrites its bands; the media is not"
                    + " known."
                : ": a shingled (SMR) disk rewriting its bands."));
    if (byCurve) {
      e.add(
          Phrase.of(
              "Why a disk: {} of the {} intervals near zero (below {pct} of the held rate) wrote"
                  + " nothing at all, as a disk rewriting a band accepts nothing until it is done"
                  + " where a starved SSD lets a trickle through; it wrote at its full rate from"
                  + " the start, and {rate} is within a disk's reach (at most {rate}). Pass"
                  + " --media ssd if it is flash.",
              s.zerosAfter(),
              s.nearZeroAfter(),
              DiskThresholds.SMR_NEAR_ZERO_FRACTION,
              s.heldMBps(),
              DiskThresholds.HDD_MAX_MBPS));
    }
  }

  /** The evidence of hdd-zoned. */
  static void zoned(Analysis a, Findings f, boolean byCurve, List<String> e) {
    Findings.Zoned z = f.zoned();
    if (!byCurve || !z.alongLine()) {
      e.add(
          Phrase.of(
              "Declined gradually from {rate} at the start to {rate} at the end, over {time},"
                  + " with no sharp lasting step (largest step between plateaus {rate}) and {}"
                  + " zero intervals: outer to inner tracks.",
              z.startMBps(),
              z.endMBps(),
              a.durationSeconds(),
              z.largestStepMBps(),
              f.stalls().intervals()));
      return;
    }
    double lossPerMinute = (1 - z.endMBps() / z.startMBps()) / (a.durationSeconds() / 60);
    e.add(
        Phrase.of(
            "The rate fell in a line with time from {rate} to {rate} over {time} (each of {} equal"
                + " parts of the run within {rate} of the line, never climbing back), as a spinning"
                + " disk's"
                + " rate does from its outer tracks to its inner ones; the media is not known.",
            z.startMBps(),
            z.endMBps(),
            a.durationSeconds(),
            DiskThresholds.ZONED_BLOCKS,
            z.offLineMBps()));
    e.add(
        Phrase.of(
            "Why a disk: {rate} is within a disk's reach (at most {rate}) and a fall of {pct} a"
                + " minute within a disk's pace (at most {pct}), with {} zero intervals and no"
                + " step, dip or swing, which an SSD's cache, heat or garbage collection would"
                + " make. Pass --media ssd if it is flash.",
            z.startMBps(),
            DiskThresholds.HDD_MAX_MBPS,
            lossPerMinute,
            DiskThresholds.ZONED_MAX_LOSS_PER_MINUTE,
            f.stalls().intervals()));
  }
}
