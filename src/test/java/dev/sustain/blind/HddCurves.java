package dev.sustain.blind;

import static dev.sustain.blind.Curves.ERRATIC;
import static dev.sustain.blind.Curves.SMR;
import static dev.sustain.blind.Curves.ZONED;

import java.util.List;

/**
 * Spinning disks filled from the outer tracks in: the rate follows the radius (240 MB/s falling to
 * about 120 on the 16 TB IronWolf), in zones; a drive-managed SMR disk holds for a while (146 MB/s
 * for two hours on the 8 TB Barracuda), then has to rewrite shingled bands and the curve fills with
 * seconds of zeros at irregular times.
 */
final class HddCurves {

  private HddCurves() {}

  /**
   * A sequential fill of part or all of a disk: no steps to speak of, no stalls. {@code media} is
   * what the reader is told ({@code hdd}, or null for a plain CSV from another tool).
   */
  static BlindCurve zoned(long seed, Draw draw, String media) {
    Params p = new Params();
    double outerMBps = draw.uniform(150, 280);
    double innerRatio = draw.uniform(0.42, 0.6);
    double writtenShare = draw.uniform(0.4, 1.0);
    int zones = draw.between(12, 40);
    // The longest run the harness can sample: MAX_SAMPLES intervals of 5 s.
    double maxS = Curves.MAX_SAMPLES * 5.0 * 0.95;
    double capacityMB = draw.pick(1e6, 2e6, 4e6, 8e6, 16e6);
    capacityMB = Math.min(capacityMB, maxS * outerMBps * 0.7 / writtenShare);
    double spread = Curves.noise(draw, 0.05);
    Timeline t = new Timeline();
    fillZones(t, outerMBps, innerRatio, zones, 0, writtenShare, capacityMB, spread);
    double intervalS = Curves.intervalFor(draw, t.endSeconds());
    p.add("outer_MBps", outerMBps)
        .add("inner_ratio", innerRatio)
        .percent("written", writtenShare)
        .add("capacity_TB", capacityMB / 1e6)
        .add("zones", Integer.toString(zones))
        .add("duration_s", t.endSeconds())
        .percent("noise", spread);
    p.add("media", String.valueOf(media));
    Sampler.Samples s = Curves.sample(t, intervalS, draw, p);
    return Curves.curve(
        media == null ? "hdd-zoned-no-media" : "hdd-zoned",
        seed,
        p,
        s,
        null,
        media,
        List.of(ZONED),
        List.of(Truth.of("burst_MBps", outerMBps, Curves.levelTolerance(outerMBps, spread, 20))));
  }

  /**
   * An SMR disk: zoned rate and a few slow seconds while its cache area takes the writes, then from
   * an onset bursts of writing at a lower rate between stalls of seconds, at irregular times. Told
   * nothing of the media, a reader may take the stalls for a starved SSD's garbage collection
   * (zeros at irregular times are what both do), so gc-erratic is accepted then.
   */
  static BlindCurve smrStalls(long seed, Draw draw, String media) {
    Params p = new Params();
    double outerMBps = draw.uniform(120, 250);
    double durationS = draw.logUniform(1800, Curves.MAX_SAMPLES * 5.0 * 0.9);
    double intervalS = Curves.intervalFor(draw, durationS);
    double onsetS = draw.uniform(0.1, 0.6) * durationS;
    double spread = Curves.noise(draw, 0.05);
    // The fill is a part of a larger disk, so the rate declines little before the onset.
    double capacityMB = durationS * outerMBps * draw.uniform(1.5, 4.0);
    Timeline t = new Timeline();
    double writtenShare = onsetS * outerMBps * 0.9 / capacityMB;
    fillZones(t, outerMBps, 0.5, 30, 0, writtenShare, capacityMB, spread);
    onsetS = t.endSeconds();
    double writeMeanS = draw.uniform(3, 30);
    double stallMeanS = Math.max(intervalS * draw.uniform(1.5, 4), draw.uniform(1, 10));
    double between = draw.uniform(0.4, 0.9);
    double betweenSpread = draw.uniform(0.1, 0.3);
    while (t.endSeconds() < durationS) {
      double leftS = durationS - t.endSeconds();
      t.hold(Math.min(leftS, draw.lognormal(writeMeanS, 0.8)), outerMBps * between, betweenSpread);
      t.hold(Math.min(durationS - t.endSeconds(), draw.lognormal(stallMeanS, 0.6)), 0, 0);
    }
    p.add("outer_MBps", outerMBps)
        .add("duration_s", durationS)
        .add("onset_s", onsetS)
        .add("write_mean_s", writeMeanS)
        .add("stall_mean_s", stallMeanS)
        .percent("between_stalls", between)
        .percent("between_spread", betweenSpread)
        .percent("noise", spread);
    p.add("media", String.valueOf(media));
    Sampler.Samples s = Curves.sample(t, intervalS, draw, p);
    return Curves.curve(
        media == null ? "smr-stalls-no-media" : "smr-stalls",
        seed,
        p,
        s,
        null,
        media,
        media == null ? List.of(SMR, ERRATIC) : List.of(SMR),
        List.of(Truth.of("burst_MBps", outerMBps, outerMBps * 0.10 + 2 * spread * outerMBps)));
  }

  /**
   * Appends a sequential fill from {@code fromShare} to {@code toShare} of the disk: the rate is
   * proportional to the track's radius, and the radius at a share x of the bytes written from the
   * outside is sqrt(1 - x (1 - inner^2)) of the outer one (the area swept is what fills); constant
   * within each of {@code zones} zones.
   */
  private static void fillZones(
      Timeline t,
      double outerMBps,
      double innerRatio,
      int zones,
      double fromShare,
      double toShare,
      double capacityMB,
      double spread) {
    double zoneShare = 1.0 / zones;
    double x = fromShare;
    while (x < toShare - 1e-12) {
      double zoneEnd = Math.min(toShare, (Math.floor(x / zoneShare + 1e-9) + 1) * zoneShare);
      double zoneMid = Math.floor(x / zoneShare + 1e-9) * zoneShare + zoneShare / 2;
      double mbps = outerMBps * Math.sqrt(1 - zoneMid * (1 - innerRatio * innerRatio));
      t.hold((zoneEnd - x) * capacityMB / mbps, mbps, spread);
      x = zoneEnd;
    }
  }
}
