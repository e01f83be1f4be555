package dev.sustain.analysis;

import static dev.sustain.analysis.DriveCurves.f;
import static dev.sustain.analysis.DriveCurves.logUniform;
import static dev.sustain.analysis.DriveCurves.plan;
import static dev.sustain.analysis.DriveCurves.quietPlan;
import static dev.sustain.analysis.DriveCurves.sample;
import static dev.sustain.analysis.DriveCurves.wander;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.analysis.DriveCurves.Plan;
import dev.sustain.testing.CurveSeeded;
import dev.sustain.testing.Seeds;
import java.util.SplittableRandom;

/**
 * A cache, then a floor noisier than the burst (a spread of 10-30% of its level, interval to
 * interval, as a QLC floor folding in bursts shows), over seeded random parameters: the floor's own
 * noise is no train of dips. Bursts of 200-3000 MB/s for 20-200 s, floors of 5-40% of them for
 * 200-800 s, intervals 0.25-5 s.
 */
class NoisyFloorTest {

  @CurveSeeded
  void aNoisyFloorIsAFloorNotDips(long seed) {
    Seeds.withSeed(
        seed,
        r -> {
          Floor c = noisyFloor(r);
          Analysis a = Analyzer.analyze(c.series());
          String what = c.what() + f(": read as %s, %s", a.shape(), a.findings().sawtooth());
          assertThat(a.findings().sawtooth()).as(what).isNull();
          // (A spread of a fifth and more may still cut the floor into levels that climb back by
          // their noise, read as steps: 4 seeds of 200, not a dip, and not read here.)
          assertThat(a.shape()).as(what).isIn(Shape.CACHE_CLIFF, Shape.THERMAL_THROTTLE);
        });
  }

  /**
   * A floor whose noise wanders (AR(1): each interval keeps 30-70% of the last one's deviation, as
   * a controller's background work spans several intervals), a spread of 10-25% of its level, for
   * 600-3600 s: the curve sees the wander ({@link Curve#noiseCorrelation} above a fifth of the
   * truth, so a level's mean rests on fewer intervals and the floor's slow swings are no climb
   * back) and errs low, as its comment says (at most the truth and a tenth). Same bursts, floors
   * and intervals as above; the floor's noise is all its own wander (no sampling noise on top).
   */
  @CurveSeeded
  void aWanderingFloorsCorrelationIsSeen(long seed) {
    Seeds.withSeed(
        seed,
        r -> {
          Floor c = wanderingFloor(r, 0.3);
          double seen = new Curve(c.series()).noiseCorrelation;
          String what = c.what() + f(": seen %.3f", seen);
          assertThat(seen).as(what).isBetween(c.rho() / 5, c.rho() + 0.1);
        });
  }

  /**
   * A cache and its noisy floor as drawn, {@code what} saying what they were (for messages) and
   * {@code rho} the lag-1 correlation of the floor's noise (0 where it does not wander); the
   * noisy-floor tests' curves, this class's and {@link NoisyFloorSwingsTest}'s.
   */
  record Floor(SampleSeries series, String what, double rho) {}

  /**
   * The burst until {@code cliff}, then the floor times each interval's factor of {@code draw},
   * sampled by {@code p}: how every noisy-floor curve is made real.
   */
  static SampleSeries cacheThenFloor(
      Plan p, double cliff, double burst, double floor, double[] draw, SplittableRandom r) {
    return sample(t -> t < cliff ? burst : floor * draw[(int) Math.floor(t / p.interval)], p, r);
  }

  /** A cache, then a floor with a spread of 10-30% of its level, interval to interval. */
  private static Floor noisyFloor(SplittableRandom r) {
    Plan p = plan(r);
    double burst = logUniform(r, 200, 3000);
    double floor = burst * r.nextDouble(0.05, 0.4);
    double spread = r.nextDouble(0.1, 0.3);
    double cacheSeconds = r.nextDouble(Math.max(20, 8 * p.interval), 200);
    double cliff = p.latency + cacheSeconds;
    p.seconds = cliff + r.nextDouble(200, 800);
    double[] draw = new double[(int) (p.seconds / p.interval) + 2];
    for (int i = 0; i < draw.length; i++) {
      draw[i] = Math.max(0.05, 1 + spread * r.nextGaussian());
    }
    SampleSeries s = cacheThenFloor(p, cliff, burst, floor, draw, r);
    return new Floor(
        s,
        f(
            "%.1f for %.0f s then %.1f with a spread of %.0f%%, dt %.2f",
            burst, cacheSeconds, floor, 100 * spread, p.interval),
        0);
  }

  /**
   * A cache, then a floor wandering with a spread of 10-25% at rho {@code rhoLo}-0.7, no other
   * noise (this class's with rho from 0.3, {@link WanderingLevelsTest}'s from 0.4).
   */
  static Floor wanderingFloor(SplittableRandom r, double rhoLo) {
    Plan p = quietPlan(r);
    double burst = logUniform(r, 200, 3000);
    double floor = burst * r.nextDouble(0.05, 0.4);
    double spread = r.nextDouble(0.1, 0.25);
    double rho = r.nextDouble(rhoLo, 0.7);
    double cacheSeconds = r.nextDouble(Math.max(20, 8 * p.interval), 200);
    double cliff = p.latency + cacheSeconds;
    p.seconds = cliff + r.nextDouble(600, 3600);
    double[] draw = wander(r, (int) (p.seconds / p.interval) + 2, spread, rho);
    SampleSeries s = cacheThenFloor(p, cliff, burst, floor, draw, r);
    return new Floor(
        s,
        f(
            "%.1f then %.1f with a spread of %.0f%% at correlation %.2f, dt %.2f",
            burst, floor, 100 * spread, rho, p.interval),
        rho);
  }
}
