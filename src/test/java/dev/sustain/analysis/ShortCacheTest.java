package dev.sustain.analysis;

import static dev.sustain.analysis.DriveCurves.f;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.analysis.DriveCurves.Plan;
import dev.sustain.report.PrintedInvariants;
import dev.sustain.testing.CurveSeeded;
import dev.sustain.testing.Seeds;
import java.util.SplittableRandom;

/**
 * A cache too short to be a plateau of three intervals is still a cache: 1-6 intervals at 1-20
 * times the floor, at intervals of 0.25-5 s, with 1-8% noise (averaged down over longer intervals),
 * whole requests or not, timing jitter or not, then the floor for a minute or more. Far above the
 * floor (1.3 times or more: twice the 15% of a drop, beyond any interval's noise) it reads as a
 * cache cliff with its burst, cache and floor; within 10% of it, as a flat run at the floor; in
 * between either. Every curve keeps the printed invariants (a floor never above its burst, "no
 * cliff in the first N GB" true to the series, a span's mean x time its GB).
 */
class ShortCacheTest {

  @CurveSeeded
  void aCacheOfOneToSixIntervalsIsACacheAndItsBytes(long seed) {
    Seeds.withSeed(seed, this::check);
  }

  private void check(SplittableRandom r) {
    Plan p = new Plan();
    p.interval = DriveCurves.logUniform(r, 0.25, 5);
    p.noise = r.nextDouble(0.01, 0.08) / Math.sqrt(Math.max(1, p.interval));
    p.quantumBytes = r.nextBoolean() ? 1 << 20 : 0;
    p.jitter = r.nextBoolean();
    p.lastFraction = r.nextDouble(0.05, 1);
    p.flushIntervals = r.nextInt(4);
    double floor = DriveCurves.logUniform(r, 20, 2000);
    double ratio = r.nextBoolean() ? r.nextDouble(1, 1.4) : DriveCurves.logUniform(r, 1.4, 20);
    double burst = floor * ratio;
    double cacheIntervals = r.nextDouble(1, 6);
    double cacheSeconds = cacheIntervals * p.interval;
    p.seconds = cacheSeconds + Math.max(60, 40 * p.interval) * r.nextDouble(1, 3);
    SampleSeries s =
        DriveCurves.sample(
            DriveCurves.steps(new double[] {0, cacheSeconds}, new double[] {burst, floor}), p, r);
    Analysis a = Analyzer.analyze(s);
    String why =
        f(
            "%.1f MB/s for %.2f intervals of %.2f s (%.3f GB) then %.1f MB/s (x%.2f), noise %.3f,"
                + " quantum %s, jitter %s%n  read as %s",
            burst,
            cacheIntervals,
            p.interval,
            burst * cacheSeconds / 1000,
            floor,
            ratio,
            p.noise,
            p.quantumBytes > 0,
            p.jitter,
            ReadEveryCurveTest.describe(a));
    PrintedInvariants.check(a, s, why);
    // Far above: 30% and ten noise sigmas of an interval (a draw three sigmas low still leaves
    // seven, beyond the five standard errors by which two levels differ).
    if (ratio - 1 >= Math.max(0.3, 10 * p.noise)) {
      assertThat(a.shape()).as(why).isEqualTo(Shape.CACHE_CLIFF);
      int full = (int) Math.floor(cacheIntervals);
      double burstTolerance = Math.max(0.04, 4 * p.noise / Math.sqrt(Math.max(1, full - 1)));
      assertThat(rel(a.burstMBps(), burst)).as("burst: " + why).isLessThan(burstTolerance);
      // The cache is the burst's intervals' bytes (each with an interval's noise) and the part of
      // the one the drop fell in that its rate places between the levels (its noise over the
      // step between them).
      double cacheTolerance =
          Math.max(
              0.05, 4 * p.noise * (Math.sqrt(full) + burst / (burst - floor)) / cacheIntervals);
      assertThat(rel(a.cacheGB(), burst * cacheSeconds / 1000))
          .as("cache: " + why)
          .isLessThan(cacheTolerance);
      assertThat(rel(a.floorMBps(), floor)).as("floor: " + why).isLessThan(0.08);
    } else if (ratio <= 1.1) {
      assertThat(a.shape()).as(why).isEqualTo(Shape.FLAT);
      assertThat(a.cliffSeconds()).as(why).isNull();
      assertThat(rel(a.floorMBps(), floor)).as("floor: " + why).isLessThan(0.08);
    }
  }

  private static double rel(double measured, double truth) {
    return Math.abs(measured - truth) / truth;
  }
}
