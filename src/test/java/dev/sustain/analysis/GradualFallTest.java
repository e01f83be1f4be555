package dev.sustain.analysis;

import static dev.sustain.analysis.DriveCurves.logUniform;
import static dev.sustain.analysis.DriveCurves.plan;
import static dev.sustain.analysis.DriveCurves.sample;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.analysis.DriveCurves.Plan;
import dev.sustain.testing.CurveSeeded;
import dev.sustain.testing.Seeds;
import java.util.Locale;
import java.util.function.DoubleUnaryOperator;

/**
 * A cache that runs out over seconds, not in an instant (its fast blocks fill die by die, or
 * folding starts before the last of them is full), over seeded random parameters: the cache is the
 * bytes written up to where the rate left the burst, not to the middle of its fall, and a fall cut
 * into pieces by the segmenter is still the cache's end ({@link FallDeparture#departure}).
 */
class GradualFallTest {

  /**
   * A burst of 200-7000 MB/s for 20-150 s, then a fall along a line over 3-15 s (at least 4
   * intervals of 0.25-2 s) to a floor of 3-60% of it, or to a middle level of 40-75% of it held
   * 60-600 s and then a step to a floor of 3-30%; noise 0.5-4%: a cache cliff, burst within 5%,
   * cache within 5% or two intervals of the burst's bytes (the blind family's tolerance: where a
   * fall began is known to the slope of a few intervals), when at least 4 intervals of the fall lie
   * 3 noise sigmas clear of both levels; a fall too quick or too shallow for that is read as a
   * step, at its middle, so half its bytes more are allowed.
   */
  @CurveSeeded
  void aGradualFallsCacheEndsWhereTheRateLeftTheBurst(long seed) {
    Seeds.withSeed(
        seed,
        r -> {
          Plan p = plan(r);
          double[] intervals = {0.25, 0.5, 1, 2};
          p.interval = intervals[r.nextInt(intervals.length)];
          p.noise = r.nextDouble(0.005, 0.04);
          p.jitter = false;
          double burst = logUniform(r, 200, 7000);
          double fallSeconds = r.nextDouble(Math.max(3, 4 * p.interval), 15);
          double departure = p.latency + r.nextDouble(20, 150);
          boolean staircase = r.nextBoolean();
          double next = burst * (staircase ? r.nextDouble(0.4, 0.75) : r.nextDouble(0.03, 0.6));
          double floor = staircase ? burst * r.nextDouble(0.03, 0.3) : next;
          double middleEnd = departure + fallSeconds + r.nextDouble(60, 600);
          p.seconds = (staircase ? middleEnd : departure + fallSeconds) + r.nextDouble(300, 1500);
          DoubleUnaryOperator profile =
              t -> {
                if (t < departure) {
                  return burst;
                } else if (t < departure + fallSeconds) {
                  return burst + (next - burst) * (t - departure) / fallSeconds;
                }
                return t < middleEnd || !staircase ? next : floor;
              };
          SampleSeries s = sample(profile, p, r);
          Analysis a = Analyzer.analyze(s);
          double cacheGB = burst * (departure - p.latency) / 1000;
          String what =
              String.format(
                  Locale.ROOT,
                  "%.1f for %.1f GB, falling over %.1f s to %.1f%s, noise %.1f%%, dt %.2f: %s,"
                      + " burst %.1f, cache %s",
                  burst,
                  cacheGB,
                  fallSeconds,
                  next,
                  staircase ? String.format(Locale.ROOT, " then %.1f", floor) : "",
                  100 * p.noise,
                  p.interval,
                  a.shape(),
                  a.burstMBps(),
                  a.cacheGB());
          assertThat(a.shape()).as(what).isEqualTo(Shape.CACHE_CLIFF);
          assertThat(a.burstMBps()).as(what).isBetween(0.95 * burst, 1.05 * burst);
          // A fall is seen as one when several intervals lie clear of both levels' noise; a
          // shallower or quicker one is a step, placed at its middle (half its bytes late).
          double band = (burst - next - 3 * p.noise * (burst + next)) / (burst - next);
          boolean seen = band * fallSeconds / p.interval >= 4;
          double tolerance =
              Math.max(0.05 * cacheGB, 2 * burst * p.interval / 1000)
                  + (seen ? 0 : 0.5 * burst * fallSeconds / 1000);
          assertThat(a.cacheGB()).as(what).isBetween(cacheGB - tolerance, cacheGB + tolerance);
        });
  }
}
