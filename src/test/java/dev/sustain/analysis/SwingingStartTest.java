package dev.sustain.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.report.PrintedInvariants;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * A drive short of free blocks collects garbage from its first second: it starts slow, visits full
 * speed a few times between slow stretches, and once the overwrite has freed enough blocks writes
 * at full speed to the end. Its swings include the climb out of the slow first stretch and the
 * climb onto the level, so a start of only 2-3 slow visits each way is gc-erratic, not a throttle
 * that cooled. Seeded over the class's range: 2-3 slow visits of 10-40 s at 10-40% of the level,
 * high visits of 8-30 s at 85-100% between them, the level after for as long as the start took or
 * longer, noise 0.5-5%, intervals 0.5-2 s.
 */
class SwingingStartTest {

  private static final int CURVES = 200;

  /**
   * Counted, not each: 2 of the 200 read other than gc-erratic, both undetermined (21 before a run
   * that began slow needed no count of swings, 42 before the start's climbs were counted from its
   * first slow stretch, 66 before that). Both open at a third of the level and average over 60% of
   * it before the level holds, so neither slow-start rule reads them. Seed 13's first slow stretch
   * (5 intervals of 2 s) is cut to 4 by the start-up ramp, under a lasting level: too short to read
   * as a slow start, yet an opening far slower than the level it later fell from, which no heat
   * explains. Seed 68 started far slower than the level it fell from, and its mean is far above its
   * start. Every curve's printed figures hold {@link PrintedInvariants}.
   */
  private static final int KNOWN_WRONG = 2;

  @Test
  void aSlowStartThatSwingsAFewTimesBeforeFullSpeedIsGcErratic() {
    List<String> wrong = new ArrayList<>();
    for (long seed = 1; seed <= CURVES; seed++) {
      Random r = new Random(seed);
      double level = 300 + r.nextDouble() * 2700;
      int lows = 2 + r.nextInt(2);
      List<double[]> visits = new ArrayList<>(); // {end s, MB/s}
      double t = 0;
      for (int v = 0; v < lows; v++) {
        t += 10 + r.nextDouble() * 30;
        visits.add(new double[] {t, level * (0.10 + r.nextDouble() * 0.30)});
        if (v < lows - 1) {
          t += 8 + r.nextDouble() * 22;
          visits.add(new double[] {t, level * (0.85 + r.nextDouble() * 0.15)});
        }
      }
      double slowSeconds = t;
      double seconds = slowSeconds * (2 + r.nextDouble() * 2);
      double interval = new double[] {0.5, 1, 2}[r.nextInt(3)];
      double noise = 0.005 + r.nextDouble() * 0.045;
      DoubleUnaryOperator profile =
          time -> {
            for (double[] v : visits) {
              if (time < v[0]) {
                return v[1];
              }
            }
            return level;
          };
      SampleSeries s =
          ShapeCurves.sample(
              profile, interval, seconds, noise, Media.SSD, new SplittableRandom(r.nextLong()));
      Analysis a = Analyzer.analyze(s);
      PrintedInvariants.check(a, s, "seed " + seed);
      if (a.shape() != Shape.GC_ERRATIC) {
        wrong.add(
            String.format(
                Locale.ROOT,
                "seed %d: %d slow visits over %.0f s of %.0f, %.1f s intervals, %.1f%% noise -> %s",
                seed,
                lows,
                slowSeconds,
                seconds,
                interval,
                noise * 100,
                a.shape()));
      }
    }
    assertThat(wrong).as("read other than gc-erratic").hasSizeLessThanOrEqualTo(KNOWN_WRONG);
    // A run that opened far slower than the level it fell from is no throttle: a miss says
    // undetermined, never heat.
    assertThat(wrong)
        .as("read as heat")
        .noneMatch(w -> w.endsWith(Shape.THERMAL_THROTTLE.toString()));
  }
}
