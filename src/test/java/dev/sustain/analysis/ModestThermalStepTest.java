package dev.sustain.analysis;

import static dev.sustain.analysis.DriveCurves.f;
import static dev.sustain.analysis.DriveCurves.logUniform;
import static dev.sustain.analysis.DriveCurves.plan;
import static dev.sustain.analysis.DriveCurves.sample;
import static dev.sustain.analysis.DriveCurves.steps;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.analysis.DriveClasses.After;
import dev.sustain.analysis.DriveCurves.Made;
import dev.sustain.analysis.DriveCurves.Plan;
import dev.sustain.analysis.DriveCurves.Truth;
import dev.sustain.testing.CurveSeeded;
import dev.sustain.testing.Seeds;
import java.util.SplittableRandom;
import java.util.function.DoubleUnaryOperator;

/**
 * A controller that throttles at a temperature threshold by a modest step, over seeded random
 * parameters: the rate steps down to 80-91% of the burst (above the drop line of a cache's end, at
 * least a step a level can take), the temperature approaching an equilibrium 5-30 °C above the
 * threshold until the step, then creeping, hovering or falling; steps at 60-600 s, rates of 20-2000
 * MB/s, noise 0.5% up to a third of the step, sensors of 0.1-0.8 °C noise, whole degrees half the
 * time, intervals 0.25-5 s. Read within {@link ReadEveryCurveTest}'s tolerances (the throttle's
 * temperature to 2 °C). The same steps with a temperature that rises on at the same pace through
 * them, or had levelled off long before, are no throttle: one signal is not two (near the drop line
 * they may read a cache cliff by their size, above it flat).
 */
class ModestThermalStepTest {

  @CurveSeeded
  void aModestStepAtTheTemperaturesBendIsAThrottle(long seed) {
    ReadEveryCurveTest.check(
        "thermal, modest step",
        seed,
        r -> step(r, After.values()[r.nextInt(After.values().length)]));
  }

  @CurveSeeded
  void aModestStepWhereTheTemperatureDidNotBendIsNoThrottle(long seed) {
    Seeds.withSeed(
        seed,
        r -> {
          Made m = step(r, null);
          Analysis a = Analyzer.analyze(m.series());
          // Near the drop line it may be a cliff by its size alone; well above it no drop at all.
          String what = m.what() + ": " + a.shape();
          assertThat(a.shape()).as(what).isNotEqualTo(Shape.THERMAL_THROTTLE);
          if (m.truth().floorMBps() >= 0.87 * m.truth().burstMBps()) {
            assertThat(a.shape()).as(what).isEqualTo(Shape.FLAT);
          }
          assertThat(a.throttleTempC()).as(m.what()).isNull();
        });
  }

  /**
   * A modest step at a threshold; {@code after} null for a temperature that did not bend there (it
   * rises on at the same pace, or had levelled off long before).
   */
  static Made step(SplittableRandom r, After after) {
    Plan p = plan(r);
    double rate = logUniform(r, 20, 2000);
    double ratio = r.nextDouble(0.8, 0.91);
    p.noise = Math.min(p.noise, logUniform(r, 0.005, (1 - ratio) / 3));
    p.tempNoise = r.nextDouble(0.1, 0.8);
    double step = p.latency + r.nextDouble(Math.max(60, 15 * p.interval), 600);
    double startC = r.nextDouble(20, 40);
    double throttleC = startC + r.nextDouble(8, 30);
    // A heating body approaches its equilibrium: T = eq - (eq - start) e^(-t / tau), crossing the
    // threshold at the step.
    double eqC = throttleC + r.nextDouble(5, 30);
    double tau = step / Math.log((eqC - startC) / (eqC - throttleC));
    DoubleUnaryOperator rise = t -> eqC - (eqC - startC) * Math.exp(-t / tau);
    double creep = r.nextDouble(0, 0.2) * (throttleC - startC) / step;
    double fallTo = r.nextDouble(2, 8);
    double afterSeconds = Math.max(120, step * r.nextDouble(0.5, 3));
    double wanderPeriod = r.nextDouble(30, Math.min(300, afterSeconds / 1.5));
    double wanderC = r.nextDouble(0.5, 2);
    boolean levelledBefore = r.nextBoolean();
    double slope = r.nextDouble(0.5, 5) / 60;
    double flatFrom = step * r.nextDouble(0.2, 0.6);
    p.temperature =
        t -> {
          if (after == null) {
            return startC + slope * (levelledBefore ? Math.min(t, flatFrom) : t);
          }
          if (t < step) {
            return rise.applyAsDouble(t);
          }
          double u = t - step;
          return switch (after) {
            case CREEP -> throttleC + creep * u;
            case WANDER -> throttleC + wanderC * Math.sin(2 * Math.PI * u / wanderPeriod);
            case FALL -> throttleC - fallTo * (1 - Math.exp(-u / (4 * tau)));
          };
        };
    p.seconds = step + afterSeconds;
    DoubleUnaryOperator profile = steps(new double[] {0, step}, new double[] {rate, ratio * rate});
    SampleSeries s = sample(profile, p, r);
    double cacheGB = rate * (step - p.latency) / 1000;
    double job = DriveCurves.job(r, cacheGB, s.totalBytes() / 1e9);
    return new Made(
        s,
        new Truth(
            Shape.THERMAL_THROTTLE,
            rate,
            step,
            cacheGB,
            ratio * rate,
            throttleC,
            false,
            1,
            s.flushSeconds(),
            job,
            DriveCurves.timeFor(profile, p.latency, job)),
        f(
            "modest step %.1f->%.1f (%.0f%%) at %.0f s, %.1f->%.1f C (equilibrium %.1f) then %s,"
                + " dt %.2f, noise %.3f, sensor %.2f C%s",
            rate,
            ratio * rate,
            100 * ratio,
            step,
            startC,
            throttleC,
            eqC,
            after == null ? (levelledBefore ? "levelled before" : "rising on") : after,
            p.interval,
            p.noise,
            p.tempNoise,
            p.wholeDegrees ? " whole" : ""),
        p.noise);
  }
}
