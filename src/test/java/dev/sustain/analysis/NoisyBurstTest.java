package dev.sustain.analysis;

import static dev.sustain.analysis.DriveCurves.logUniform;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.testing.Seeds;
import org.junit.jupiter.api.Test;

/**
 * A burst whose own noise is wider than the run's (a cache's fast writes vary more than the slow
 * native rate an hour of floor is made of), over seeded random parameters: the burst and the cache
 * are read from the burst's own spread, not from the run's noise, which the quiet floor sets
 * ({@link LevelNoise#reclaim}). Judged by the run's noise, the segmenter cuts such a burst into
 * pieces of one or two intervals, their level rests on the few intervals left, and its noise reads
 * as a fall.
 */
class NoisyBurstTest {

  /**
   * A burst of 200-7000 MB/s with noise of 0.5-30% of it (at most a third of the drop, as a
   * physical burst above a floor), held from 6 intervals to 5 minutes, then a step inside an
   * interval to a floor of 1-30% of it with 0.5-2% noise, held 5-50 minutes; intervals 0.25-5 s,
   * independent noise: a cache cliff, the burst within 5% plus three standard errors of its mean,
   * the cache within 5% or two intervals of the burst's bytes (the blind family's tolerance) of the
   * bytes written before the step. Counted, not each: where the first interval of a noisy burst
   * lies a quarter or a third above the rest it is still taken for a burst of its own, and a burst
   * of 28% noise at 5 s intervals may still be cut in three (4 of the 200 seeds; 11 without the
   * level's own noise).
   */
  @Test
  void aNoisyBurstsCacheIsReadFromItsOwnSpread() {
    SeededMisses.atMost(4, "noisy bursts read wrong", NoisyBurstTest::check);
  }

  /** One seed's curve, read right or an assertion error that says what it was. */
  private static void check(long seed) {
    Seeds.withSeed(
        seed,
        r -> {
          double[] intervals = {0.25, 0.5, 1, 2, 5};
          double dt = intervals[r.nextInt(intervals.length)];
          double burst = logUniform(r, 200, 7000);
          double floorFraction = logUniform(r, 0.01, 0.3);
          double floor = burst * floorFraction;
          double burstNoise = logUniform(r, 0.005, Math.min(0.3, (1 - floorFraction) / 3));
          double floorNoise = r.nextDouble(0.005, 0.02);
          double cacheSeconds = logUniform(r, 6 * dt, Math.max(300, 6 * dt));
          double seconds = cacheSeconds + r.nextDouble(300, 3000);
          int n = (int) Math.ceil(seconds / dt);
          Step step = Step.of(n, dt, cacheSeconds);
          double[] rate = new double[n];
          long cacheBytes = 0;
          for (int i = 0; i < n; i++) {
            double high = step.high()[i];
            double noise = high * burstNoise * burst + (1 - high) * floorNoise * floor;
            double mean = high * burst + (1 - high) * floor;
            rate[i] = Math.max(0.01 * floor, mean + noise * r.nextGaussian());
            if (high >= 1) {
              cacheBytes += Math.round(rate[i] * dt * 1e6);
            } else if (high > 0) {
              cacheBytes += Math.round(high * burst * dt * 1e6);
            }
          }
          Analysis a = Analyzer.analyze(SampleSeries.of(step.t(), rate));
          String spread = DriveCurves.f("noise %.1f%%", 100 * burstNoise);
          String what = describe(seed, burst, spread, cacheSeconds, floor, floorNoise, dt, a);
          assertThat(a.shape()).as(what).isEqualTo(Shape.CACHE_CLIFF);
          int burstIntervals = (int) Math.floor(cacheSeconds / dt);
          double burstError = 3 * burstNoise * burst / Math.sqrt(Math.max(1, burstIntervals));
          assertThat(a.burstMBps())
              .as(what)
              .isBetween(0.95 * burst - burstError, 1.05 * burst + burstError);
          double cacheGB = cacheBytes / 1e9;
          double tolerance = Math.max(0.05 * cacheGB, 2 * burst * dt / 1000);
          assertThat(a.cacheGB()).as(what).isBetween(cacheGB - tolerance, cacheGB + tolerance);
        });
  }

  /**
   * What a noisy burst's curve was and how it read, {@code burstSpread} its burst's noise in words:
   * the one message of both noisy-burst tests (this one's and {@link NoisyWanderingBurstTest}'s).
   */
  static String describe(
      long seed,
      double burst,
      String burstSpread,
      double cacheSeconds,
      double floor,
      double floorNoise,
      double dt,
      Analysis a) {
    return DriveCurves.f(
        "seed %d: %.1f MB/s (%s) for %.1f s, then %.1f (noise %.1f%%), dt %.2f: %s, burst %.1f,"
            + " cache %s",
        seed,
        burst,
        burstSpread,
        cacheSeconds,
        floor,
        100 * floorNoise,
        dt,
        a.shape(),
        a.burstMBps(),
        a.cacheGB());
  }

  /**
   * A burst's step to its floor inside an interval, as the noisy-burst tests draw it: each
   * interval's end and the share of it still in the burst (1 before the step, 0 after it).
   */
  record Step(double[] t, double[] high) {

    static Step of(int n, double dt, double cacheSeconds) {
      double[] t = new double[n];
      double[] high = new double[n];
      for (int i = 0; i < n; i++) {
        double start = i * dt;
        t[i] = start + dt;
        high[i] = Math.max(0, Math.min(1, (cacheSeconds - start) / dt));
      }
      return new Step(t, high);
    }
  }
}
