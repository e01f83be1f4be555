package dev.sustain.analysis;

import static dev.sustain.analysis.DriveCurves.f;
import static dev.sustain.analysis.DriveCurves.logUniform;
import static dev.sustain.analysis.DriveCurves.quietPlan;
import static dev.sustain.analysis.DriveCurves.wander;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.analysis.DriveCurves.Plan;
import dev.sustain.testing.CurveSeeded;
import dev.sustain.testing.Seeds;
import java.util.SplittableRandom;

/**
 * A cache of a few seconds, then a noisy floor, over seeded random parameters: a spread of 12-25%
 * of its level, interval to interval, that wanders (AR(1) with a coefficient of 0-0.7) half the
 * time, and half the time erase pauses (every 10-60 s, 0.5-3 s at 0-40% of the floor). The floor is
 * nearly the whole run, so the swings' high line (p95 of the intervals) is the floor's own top; its
 * noise and its pauses are one level, not a starved drive swinging between two ({@link
 * Thresholds#SWING_SPREAD_SIGMAS}). Bursts of 60-3000 MB/s for 4-12 intervals (at least 2 s),
 * floors of 5-40% of them for 600-2400 s, intervals 0.25-5 s.
 */
class NoisyFloorSwingsTest {

  @CurveSeeded
  void aNoisyFloorAfterASmallCacheDoesNotSwing(long seed) {
    Seeds.withSeed(
        seed,
        r -> {
          NoisyFloorTest.Floor c = pausingFloor(r);
          Analysis a = Analyzer.analyze(c.series());
          Findings.Erratic e = a.findings().erratic();
          String what = c.what() + f(": read as %s, %s", a.shape(), e);
          assertThat(e == null || !e.swinging()).as(what).isTrue();
          assertThat(a.shape()).as(what).isNotEqualTo(Shape.GC_ERRATIC);
        });
  }

  /**
   * A cache of 4-12 intervals, then a floor with a spread of 12-25% wandering half the time and
   * erase pauses half the time (the class comment's ranges).
   */
  private static NoisyFloorTest.Floor pausingFloor(SplittableRandom r) {
    Plan p = quietPlan(r);
    double burst = logUniform(r, 60, 3000);
    double floor = burst * r.nextDouble(0.05, 0.4);
    double spread = r.nextDouble(0.12, 0.25);
    double rho = r.nextBoolean() ? r.nextDouble(0, 0.7) : 0;
    double cacheSeconds = Math.max(2, r.nextInt(4, 13) * p.interval);
    double cliff = p.latency + cacheSeconds;
    p.seconds = cliff + r.nextDouble(600, 2400);
    double pauseEvery = r.nextBoolean() ? r.nextDouble(10, 60) : 0;
    double[] draw = wander(r, (int) (p.seconds / p.interval) + 2, spread, rho);
    for (double t = cliff + r.nextDouble(0.5, 1.5) * pauseEvery;
        pauseEvery > 0 && t < p.seconds;
        t += r.nextDouble(0.5, 1.5) * pauseEvery) {
      double pause = r.nextDouble(0.5, 3);
      double depth = r.nextDouble(0, 0.4);
      // Each interval the pause overlaps loses its share of the time to the pause's rate.
      for (int k = (int) (t / p.interval); k * p.interval < t + pause && k < draw.length; k++) {
        double overlap = Math.min(t + pause, (k + 1) * p.interval) - Math.max(t, k * p.interval);
        draw[k] *= 1 - overlap / p.interval * (1 - depth);
      }
      t += pause;
    }
    SampleSeries s = NoisyFloorTest.cacheThenFloor(p, cliff, burst, floor, draw, r);
    return new NoisyFloorTest.Floor(
        s,
        f(
            "%.1f for %.1f s then %.1f with a spread of %.0f%% at correlation %.2f, pauses"
                + " every %.0f s, dt %.2f",
            burst, cacheSeconds, floor, 100 * spread, rho, pauseEvery, p.interval),
        rho);
  }
}
