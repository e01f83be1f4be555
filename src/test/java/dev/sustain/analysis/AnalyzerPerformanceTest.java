package dev.sustain.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * 100,000 one-second samples (a 28-hour HDD fill) must analyse in well under a second. The bound
 * asserted is generous (2 s for the best of three, on a shared 2-core machine) so that it only
 * fails when the algorithm has gone quadratic, not when the machine is busy; the measured figures
 * are printed.
 */
class AnalyzerPerformanceTest {

  @Test
  void hundredThousandSamplesOfEveryHardShapeInWellUnderASecond() {
    SyntheticCurves.Curve[] curves = {
      SyntheticCurves.hddZoned(1, 1, 240, 120, 100_000, 0.05),
      SyntheticCurves.smr(2, 1, 146, 7200, 100_000),
      SyntheticCurves.flat(3, 1, 918, 100_000, 0.02),
      SyntheticCurves.gcSwings(4, 1, 100_000, 0.05),
      SyntheticCurves.cacheCliff(5, 1, 2555, 280, 127, 100_000 - 110, 0.05),
    };
    for (SyntheticCurves.Curve c : curves) {
      assertThat(c.series().size()).isGreaterThanOrEqualTo(99_000);
      long best = Long.MAX_VALUE;
      for (int run = 0; run < 3; run++) {
        long t0 = System.nanoTime();
        Analysis a = Analyzer.analyze(c.series(), 500_000_000_000L);
        best = Math.min(best, System.nanoTime() - t0);
        assertThat(a.shape()).isEqualTo(c.truth().shape());
      }
      System.out.printf(
          java.util.Locale.ROOT,
          "analyze %s, %d samples: best of 3 %.0f ms%n",
          c.truth().shape().id(),
          c.series().size(),
          best / 1e6);
      assertThat(best / 1e9).isLessThan(2.0);
    }
  }
}
