package dev.sustain.blind;

import static dev.sustain.blind.Curves.CLIFF;
import static dev.sustain.blind.Curves.FLAT;
import static dev.sustain.blind.Curves.THERMAL;

import java.util.List;

/**
 * Solid-state drives without heat: one that never slows (no cache, or a link that caps it below its
 * cache's speed), and one whose SLC cache fills and drops to the native rate.
 */
final class SsdCurves {

  private SsdCurves() {}

  /**
   * Flat: a link-capped drive (USB 5/10/20 Gb, SATA, USB4: tight, like the T9's 913-928) or a drive
   * with no cache at all (a flash stick, a CPU-bound encrypted copy), with any noise. A host hiccup
   * of one interval now and then does not make it anything else.
   */
  static BlindCurve flat(long seed, Draw draw) {
    Params p = new Params();
    boolean linkCapped = draw.chance(0.5);
    double levelMBps;
    double spread;
    if (linkCapped) {
      double[][] tiers = {{380, 450}, {480, 550}, {900, 1050}, {1800, 2100}, {2500, 3900}};
      double[] tier = draw.pick(tiers);
      levelMBps = draw.uniform(tier[0], tier[1]);
      spread = Curves.noise(draw, 0.03);
    } else {
      levelMBps = draw.logUniform(10, 3000);
      spread = Curves.noise(draw, 0.30);
    }
    double durationS = draw.logUniform(120, 7200);
    double intervalS = Curves.intervalFor(draw, durationS);
    Timeline t = new Timeline();
    int hiccups = draw.chance(0.3) ? draw.between(1, 3) : 0;
    double[] hiccupAtS = new double[hiccups];
    for (int i = 0; i < hiccups; i++) {
      hiccupAtS[i] = draw.uniform(0.1, 0.9) * durationS;
    }
    java.util.Arrays.sort(hiccupAtS);
    double nowS = 0;
    for (double at : hiccupAtS) {
      t.hold(at - nowS, levelMBps, spread);
      t.hold(intervalS, levelMBps * draw.uniform(0.7, 0.95), spread);
      nowS = at + intervalS;
    }
    t.hold(durationS - nowS, levelMBps, spread);
    p.add("kind", linkCapped ? "link-capped" : "no-cache")
        .add("level_MBps", levelMBps)
        .percent("noise", spread)
        .add("duration_s", durationS)
        .add("hiccups", Integer.toString(hiccups));
    Sampler.Samples s = Curves.sample(t, intervalS, draw, p);
    double tol = Curves.levelTolerance(levelMBps, spread, s.size());
    return Curves.curve(
        "flat",
        seed,
        p,
        s,
        null,
        null,
        List.of(FLAT),
        List.of(Truth.of("burst_MBps", levelMBps, tol), Truth.of("floor_MBps", levelMBps, tol)));
  }

  /**
   * The SLC cache fills and the rate drops to the native rate: floors 1-70% of the burst, caches
   * from a few intervals to most of the run. Sometimes a staircase (a direct-TLC stage before the
   * last level); sometimes a folding stage below the floor that ends (the drive catches up with
   * moving the cached data) and the floor comes back. A folding dip that comes back is also how
   * heat looks, so thermal-throttle is accepted for those.
   */
  static BlindCurve cacheCliff(long seed, Draw draw) {
    Params p = new Params();
    double burstMBps = draw.logUniform(100, 7000);
    double floorFraction = draw.logUniform(0.01, 0.70);
    double floorMBps = burstMBps * floorFraction;
    double burstSpread = Curves.noise(draw, (1 - floorFraction) / 3);
    double floorSpread = Curves.noise(draw, 0.30);
    double durationS = draw.logUniform(300, 7200);
    double intervalS = Curves.intervalFor(draw, durationS);
    double afterMinS = Math.max(40, 15 * intervalS);
    double cacheS =
        draw.chance(0.2)
            ? draw.between(3, 8) * intervalS + draw.uniform(0, intervalS)
            : draw.logUniform(Math.max(10 * intervalS, 20), Math.max(0.85 * durationS, 21));
    cacheS = Math.min(cacheS, durationS - afterMinS);
    double afterS = durationS - cacheS;
    Timeline t = new Timeline().hold(cacheS, burstMBps, burstSpread);
    String kind = draw.pick("single", "single", "staircase", "folding");
    double foldMBps =
        afterTheCliff(t, kind, burstMBps, floorMBps, burstSpread, floorSpread, afterS, draw, p);
    List<String> shapes = Double.isNaN(foldMBps) ? List.of(CLIFF) : List.of(CLIFF, THERMAL);
    p.add("kind", kind)
        .add("burst_MBps", burstMBps)
        .add("floor_MBps", floorMBps)
        .percent("floor_of_burst", floorFraction)
        .add("cache_s", cacheS)
        .percent("burst_noise", burstSpread)
        .percent("floor_noise", floorSpread)
        .add("duration_s", durationS);
    Sampler.Samples s = Curves.sample(t, intervalS, draw, p);
    return Curves.curve(
        "cache-cliff",
        seed,
        p,
        s,
        null,
        null,
        shapes,
        cliffTruths(
            burstMBps, burstSpread, cacheS, floorMBps, foldMBps, floorSpread, afterS, intervalS));
  }

  /**
   * Appends what follows the cliff: straight to the floor, a staircase through a middle level, or
   * the floor with a folding stage below it that ends; returns the folding level (NaN without).
   */
  private static double afterTheCliff(
      Timeline t,
      String kind,
      double burstMBps,
      double floorMBps,
      double burstSpread,
      double floorSpread,
      double afterS,
      Draw draw,
      Params p) {
    double rampS = draw.chance(0.3) ? draw.uniform(1, 10) : 0;
    p.add("ramp_s", rampS);
    switch (kind) {
      case "staircase" -> {
        double middleMBps = floorMBps + (burstMBps - floorMBps) * draw.uniform(0.3, 0.7);
        double middleS = afterS * draw.uniform(0.1, 0.4);
        t.ramp(rampS, burstMBps, middleMBps, burstSpread).hold(middleS, middleMBps, floorSpread);
        t.ramp(rampS, middleMBps, floorMBps, floorSpread);
        t.hold(afterS - middleS - 2 * rampS, floorMBps, floorSpread);
        p.add("middle_MBps", middleMBps).add("middle_s", middleS);
        return Double.NaN;
      }
      case "folding" -> {
        double foldMBps = floorMBps * draw.uniform(0.3, 0.7);
        double beforeFoldS = afterS * draw.uniform(0.05, 0.3);
        double foldS = afterS * draw.uniform(0.1, 0.3);
        t.ramp(rampS, burstMBps, floorMBps, burstSpread).hold(beforeFoldS, floorMBps, floorSpread);
        t.hold(foldS, foldMBps, floorSpread);
        t.hold(afterS - rampS - beforeFoldS - foldS, floorMBps, floorSpread);
        p.add("fold_MBps", foldMBps).add("fold_after_cliff_s", beforeFoldS).add("fold_s", foldS);
        return foldMBps;
      }
      default -> {
        t.ramp(rampS, burstMBps, floorMBps, burstSpread);
        t.hold(afterS - rampS, floorMBps, floorSpread);
        return Double.NaN;
      }
    }
  }

  /**
   * A flash stick's small cache and a slow, noisy floor (120 MB/s for 4 GB, then about 18 MB/s with
   * a spread of a sixth of it): noise on a low floor is still a floor.
   */
  static BlindCurve noisyFloor(long seed, Draw draw) {
    Params p = new Params();
    double burstMBps = draw.logUniform(60, 450);
    double floorFraction = draw.uniform(0.06, 0.30);
    double floorMBps = burstMBps * floorFraction;
    double cacheGB = draw.logUniform(1, 8);
    double cacheS = cacheGB * 1000 / burstMBps;
    double afterS = draw.uniform(600, 3600);
    double durationS = cacheS + afterS;
    double intervalS = Curves.intervalFor(draw, durationS);
    if (cacheS < 6 * intervalS) {
      intervalS = Math.max(0.25, Math.floor(cacheS / 6 * 100) / 100);
    }
    // A short interval for a small cache shortens the run that fits in the samples.
    afterS = Math.min(afterS, Curves.MAX_SAMPLES * intervalS * 0.95 - cacheS);
    double burstSpread = Curves.noise(draw, 0.05);
    double floorSpread = draw.uniform(1 / 8.0, 1 / 4.0);
    Timeline t = new Timeline().hold(cacheS, burstMBps, burstSpread);
    double pauseEveryS = draw.chance(0.5) ? draw.uniform(10, 60) : 0;
    if (pauseEveryS > 0) {
      erasePauses(t, afterS, floorMBps, floorSpread, pauseEveryS, draw);
    } else {
      t.hold(afterS, floorMBps, floorSpread);
    }
    double floorMeanMBps = (t.megabytesUpTo(t.endSeconds()) - t.megabytesUpTo(cacheS)) / afterS;
    p.add("burst_MBps", burstMBps)
        .add("pause_every_s", pauseEveryS)
        .add("cache_GB", cacheGB)
        .add("floor_MBps", floorMBps)
        .percent("floor_spread", floorSpread)
        .percent("burst_noise", burstSpread)
        .add("after_s", afterS);
    Sampler.Samples s = Curves.sample(t, intervalS, draw, p);
    return Curves.curve(
        "noisy-floor",
        seed,
        p,
        s,
        null,
        null,
        List.of(CLIFF),
        cliffTruths(
            burstMBps,
            burstSpread,
            cacheS,
            floorMeanMBps,
            floorMBps,
            floorSpread,
            afterS,
            intervalS));
  }

  /**
   * A stick's floor with its erase pauses: writing at the floor's level, now and then (at random
   * times, about every {@code pauseEveryS}) a second or three at a fraction of it while a block is
   * erased.
   */
  private static void erasePauses(
      Timeline t, double seconds, double mbps, double spread, double pauseEveryS, Draw draw) {
    double endS = t.endSeconds() + seconds;
    while (t.endSeconds() < endS) {
      t.hold(Math.min(endS - t.endSeconds(), draw.lognormal(pauseEveryS, 0.8)), mbps, spread);
      double pauseS = Math.min(endS - t.endSeconds(), draw.uniform(0.5, 3));
      t.hold(pauseS, mbps * draw.uniform(0, 0.4), spread);
    }
  }

  /**
   * Burst, cache bytes and floor of a cliff. The cache may be off by two intervals' bytes (where
   * the cliff falls inside an interval, and a ramp) plus 5%. {@code otherFloorMBps} is a second
   * floor the physics allows (a folding stage's level, the level between erase pauses), or NaN.
   */
  private static List<Truth> cliffTruths(
      double burstMBps,
      double burstSpread,
      double cacheS,
      double floorMBps,
      double otherFloorMBps,
      double floorSpread,
      double afterS,
      double intervalS) {
    double cacheGB = burstMBps * cacheS / 1000;
    double cacheTolGB = 0.05 * cacheGB + 2 * intervalS * burstMBps / 1000;
    double floorTol = Curves.levelTolerance(floorMBps, floorSpread, afterS / intervalS);
    Truth floor =
        Double.isNaN(otherFloorMBps)
            ? Truth.of("floor_MBps", floorMBps, floorTol)
            : new Truth("floor_MBps", floorMBps, Math.max(floorTol, 0), List.of(otherFloorMBps));
    return List.of(
        Truth.of(
            "burst_MBps",
            burstMBps,
            Curves.levelTolerance(burstMBps, burstSpread, cacheS / intervalS)),
        Truth.of("cache_GB", cacheGB, cacheTolGB),
        floor);
  }
}
