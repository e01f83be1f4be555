package dev.sustain.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class ProjectionTest {

  @Test
  void aJobPastTheCacheRunsAtTheFloorBeyondTheCurve() {
    // 2,555 MB/s for 280 GB, then 127 MB/s, measured for 10 s past the cliff: the field report's
    // Kingston. 500 GB: 280e9/2555e6 + 220e9/127e6 = 109.6 + 1732.3 = 1841.9 s.
    ShapeCurves.Curve c = ShapeCurves.cacheCliff(1, 1, 2555, 280, 127, 10, 0);

    Analysis a = Analyzer.analyze(c.series(), 500_000_000_000L);

    assertThat(a.projection().gigabytes()).isEqualTo(500.0);
    assertThat(a.projection().seconds()).isCloseTo(1841.9, within(1.0));
  }

  @Test
  void aJobInsideTheCurveIsReadOffTheCurve() {
    ShapeCurves.Curve c = ShapeCurves.cacheCliff(1, 1, 2555, 280, 127, 600, 0);

    assertThat(Analyzer.projectSeconds(c.series(), 25_550_000_000L, 127))
        .isCloseTo(10.0, within(1e-6));
  }

  @Test
  void aZeroFloorNeverFinishes() {
    SampleSeries s = SampleSeries.of(new double[] {1, 2}, new double[] {100, 0});
    assertThat(Analyzer.projectSeconds(s, 1_000_000_000L, 0)).isInfinite();
  }
}
