package dev.sustain.analysis;

import java.util.ArrayList;
import java.util.List;

/**
 * The two detectors of a spinning disk's shapes, smr-stalls and hdd-zoned: each reads the curve
 * through {@link SpinningDiskDetector} by its {@link DiskLimits} and says what it found. Told it is
 * a disk, the words say what the curve shows; told nothing of the media, also why the curve is a
 * disk's and that the media is not known (the same curve from an SSD would be read as one with
 * {@code --media ssd}). Immutable.
 */
final class DiskDetectors {

  private DiskDetectors() {}

  /** Whether the disk was read from the curve alone: the media was not said to be a disk. */
  private static boolean byCurve(Analysis a) {
    return a.media() != Media.HDD;
  }

  /** A shingled disk: zero intervals setting in after it held its rate. */
  record Smr(DiskLimits limits) implements Detector<Findings.Smr, DiskLimits> {

    @Override
    public Findings.Smr find(Reading r) {
      return new SpinningDiskDetector(limits).smr(r.curve(), r.stalls());
    }

    @Override
    public Findings.Smr in(Findings f) {
      return f.smr();
    }

    @Override
    public Words headline(Findings.Smr s, Analysis a) {
      return Words.of(
          "holds {rate} for {gb}, then stalls (shingled disk{})",
          s.heldMBps(),
          a.cacheGB(),
          byCurve(a) ? ", by the curve alone" : "");
    }

    @Override
    public List<Words> evidence(Findings.Smr s, Analysis a) {
      boolean byCurve = byCurve(a);
      List<Words> e = new ArrayList<>();
      e.add(
          Words.of(
              "Held {rate} for {time}, then {} of the remaining {} intervals ({pct}) wrote"
                  + " nothing and the rate fell to {rate}{}",
              s.heldMBps(),
              s.onsetSeconds(),
              s.zerosAfter(),
              s.intervalsAfter(),
              s.zerosAfter() / (double) s.intervalsAfter(),
              s.afterMBps(),
              byCurve
                  ? ", as a shingled (SMR) disk's does while it rewrites its bands; the media is"
                      + " not known."
                  : ": a shingled (SMR) disk rewriting its bands."));
      if (byCurve) {
        e.add(
            Words.of(
                "Why a disk: {} of the {} intervals near zero (below {pct} of the held rate) wrote"
                    + " nothing at all, as a disk rewriting a band accepts nothing until it is done"
                    + " where a starved SSD lets a trickle through; it wrote at its full rate from"
                    + " the start, and {rate} is within a disk's reach (at most {rate}). Pass"
                    + " --media ssd if it is flash.",
                s.zerosAfter(),
                s.nearZeroAfter(),
                limits.smrNearZeroFraction(),
                s.heldMBps(),
                limits.hddMaxMBps()));
      }
      return e;
    }

    @Override
    public List<Words> advice(Findings.Smr s, Analysis a) {
      return List.of(
          Words.of(
              "{}: for large backups choose a CMR disk, or expect {rate} once its fast zone is"
                  + " full.",
              byCurve(a)
                  ? "If this is a disk, as the curve says, it is a shingled (SMR) one"
                  : "This is a shingled (SMR) disk",
              a.afterCacheMBps()));
    }
  }

  /** A spinning disk's gradual decline, outer to inner tracks. */
  record Zoned(DiskLimits limits) implements Detector<Findings.Zoned, DiskLimits> {

    @Override
    public Findings.Zoned find(Reading r) {
      return new SpinningDiskDetector(limits).zoned(r.curve(), r.stalls());
    }

    @Override
    public Findings.Zoned in(Findings f) {
      return f.zoned();
    }

    @Override
    public Words headline(Findings.Zoned z, Analysis a) {
      return Words.of(
          "declines gradually from {rate} to {rate}{}",
          z.startMBps(),
          z.endMBps(),
          byCurve(a) ? " (spinning disk, by the curve alone)" : "");
    }

    @Override
    public List<Words> evidence(Findings.Zoned z, Analysis a) {
      int stalls = a.findings().stalls().intervals();
      if (!byCurve(a) || !z.alongLine()) {
        return List.of(
            Words.of(
                "Declined gradually from {rate} at the start to {rate} at the end, over {time},"
                    + " with no sharp lasting step (largest step between plateaus {rate}) and {}"
                    + " zero intervals: outer to inner tracks.",
                z.startMBps(),
                z.endMBps(),
                a.durationSeconds(),
                z.largestStepMBps(),
                stalls));
      }
      double lossPerMinute = (1 - z.endMBps() / z.startMBps()) / (a.durationSeconds() / 60);
      return List.of(
          Words.of(
              "The rate fell in a line with time from {rate} to {rate} over {time} (each of {}"
                  + " equal parts of the run within {rate} of the line, never climbing back), as a"
                  + " spinning disk's rate does from its outer tracks to its inner ones; the media"
                  + " is not known.",
              z.startMBps(),
              z.endMBps(),
              a.durationSeconds(),
              limits.zonedBlocks(),
              z.offLineMBps()),
          Words.of(
              "Why a disk: {rate} is within a disk's reach (at most {rate}) and a fall of {pct} a"
                  + " minute within a disk's pace (at most {pct}), with {} zero intervals and no"
                  + " step, dip or swing, which an SSD's cache, heat or garbage collection would"
                  + " make. Pass --media ssd if it is flash.",
              z.startMBps(),
              limits.hddMaxMBps(),
              lossPerMinute,
              limits.zonedMaxLossPerMinute(),
              stalls));
    }

    @Override
    public List<Words> advice(Findings.Zoned z, Analysis a) {
      return List.of(
          Words.of(
              byCurve(a)
                  ? "Nothing to fix if this is a spinning disk, as the curve says: it is slower on"
                      + " its inner tracks; plan by the floor."
                  : "Nothing to fix: a spinning disk is slower on its inner tracks; plan by the"
                      + " floor."));
    }
  }
}
