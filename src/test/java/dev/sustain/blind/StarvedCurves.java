package dev.sustain.blind;

import static dev.sustain.blind.Curves.ERRATIC;

import java.util.List;

/**
 * A drive starved of free blocks (no TRIM ever reached it): its controller spends its time on
 * garbage collection, so the rate swings at irregular times between near zero and full speed, with
 * much of the time low (the Kingston: 0 / 256 / 937 MB/s min / median / max, 470 MB/s on average
 * against 972 after a format). Or it runs backwards: slow and erratic, full speed once the write
 * has overwritten enough stale data, then slow again.
 */
final class StarvedCurves {

  private StarvedCurves() {}

  /** Irregular swings, most of the time low; sometimes a short stretch of free blocks first. */
  static BlindCurve gcErratic(long seed, Draw draw) {
    Params p = new Params();
    double fullMBps = draw.logUniform(150, 3000);
    double durationS = draw.uniform(120, 1800);
    double intervalS = Curves.intervalFor(draw, durationS);
    double meanHighS = draw.logUniform(Math.max(1.5 * intervalS, 1), Math.max(2 * intervalS, 15));
    double meanLowS = meanHighS * draw.uniform(1, 4);
    double logSpread = draw.uniform(0.5, 1.0);
    double spread = Curves.noise(draw, 0.10);
    Timeline t = new Timeline();
    double freeS = draw.chance(0.3) ? draw.uniform(0.02, 0.15) * durationS : 0;
    t.hold(freeS, fullMBps * draw.uniform(0.9, 1.0), spread);
    double lowS =
        swings(t, durationS - freeS, fullMBps, meanHighS, meanLowS, logSpread, spread, draw);
    p.add("full_MBps", fullMBps)
        .add("duration_s", durationS)
        .add("mean_high_s", meanHighS)
        .add("mean_low_s", meanLowS)
        .add("log_spread", logSpread)
        .add("free_first_s", freeS)
        .percent("time_low", lowS / durationS)
        .percent("noise", spread);
    Sampler.Samples s = Curves.sample(t, intervalS, draw, p);
    return Curves.curve("gc-erratic", seed, p, s, null, null, List.of(ERRATIC), List.of());
  }

  /**
   * Slow and erratic, then full speed, then (mostly) slow again: the nearly full drive of the field
   * report (250 s slow, 250 s fast, slow again). Nothing thermal or cache-related starts slow and
   * speeds up.
   */
  static BlindCurve runsBackwards(long seed, Draw draw) {
    Params p = new Params();
    double fullMBps = draw.logUniform(200, 3000);
    double slowS = draw.uniform(60, 600);
    double fastS = draw.uniform(60, 600);
    double slowAgainS = draw.chance(0.8) ? draw.uniform(60, 600) : 0;
    double durationS = slowS + fastS + slowAgainS;
    double intervalS = Curves.intervalFor(draw, durationS);
    double meanHighS = draw.logUniform(Math.max(1.5 * intervalS, 1), Math.max(2 * intervalS, 10));
    double meanLowS = meanHighS * draw.uniform(2, 5);
    double logSpread = draw.uniform(0.5, 1.0);
    double spread = Curves.noise(draw, 0.10);
    double fastSpread = Curves.noise(draw, 0.05);
    Timeline t = new Timeline();
    swings(t, slowS, fullMBps, meanHighS, meanLowS, logSpread, spread, draw);
    t.hold(fastS, fullMBps, fastSpread);
    swings(t, slowAgainS, fullMBps, meanHighS, meanLowS, logSpread, spread, draw);
    p.add("full_MBps", fullMBps)
        .add("slow_s", slowS)
        .add("fast_s", fastS)
        .add("slow_again_s", slowAgainS)
        .add("mean_high_s", meanHighS)
        .add("mean_low_s", meanLowS)
        .percent("noise", spread)
        .percent("fast_noise", fastSpread);
    Sampler.Samples s = Curves.sample(t, intervalS, draw, p);
    return Curves.curve("runs-backwards", seed, p, s, null, null, List.of(ERRATIC), List.of());
  }

  /**
   * Appends {@code seconds} of garbage collection: visits alternate between a high level (55-100%
   * of full) and a low one (0-15%, a quarter of them stalled at 0), each lasting a lognormal time;
   * returns the seconds spent low.
   */
  private static double swings(
      Timeline t,
      double seconds,
      double fullMBps,
      double meanHighS,
      double meanLowS,
      double logSpread,
      double spread,
      Draw draw) {
    double endS = t.endSeconds() + seconds;
    double lowS = 0;
    boolean high = draw.chance(0.4);
    while (t.endSeconds() < endS) {
      double visitS = draw.lognormal(high ? meanHighS : meanLowS, logSpread);
      visitS = Math.min(Math.max(visitS, 0.25), endS - t.endSeconds());
      double mbps;
      if (high) {
        mbps = fullMBps * draw.uniform(0.55, 1.0);
      } else {
        mbps = draw.chance(0.25) ? 0 : fullMBps * draw.uniform(0.0, 0.15);
        lowS += visitS;
      }
      t.hold(visitS, mbps, spread);
      high = !high;
    }
    return lowS;
  }
}
