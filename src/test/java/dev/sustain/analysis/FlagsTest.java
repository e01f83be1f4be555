package dev.sustain.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * link_capped and cpu_bound, with their evidence; and temperature that does not make a throttle.
 */
class FlagsTest {

  private static SampleSeries withContext(
      SampleSeries s, double linkMBps, double cpuPct, int cores, double tempRisePerSecond) {
    SampleSeries.Builder b =
        SampleSeries.builder(s.size()).media(s.media()).linkCeilingMBps(linkMBps).cpuCores(cores);
    for (int i = 0; i < s.size(); i++) {
      double temp =
          Double.isNaN(tempRisePerSecond) ? Double.NaN : 30 + tempRisePerSecond * s.timeSeconds(i);
      b.add(s.timeSeconds(i), s.writeMBps(i), -1, temp, cpuPct);
    }
    return b.build();
  }

  /** Five minutes flat at {@code rateMBps} on four cores busy at {@code cpuPct} (100 a core). */
  private static SampleSeries flatOnFourCores(double rateMBps, double cpuPct) {
    return withContext(
        ShapeCurves.flat(2, 1, rateMBps, 300, 0.02).series(), Double.NaN, cpuPct, 4, Double.NaN);
  }

  @Test
  void aFlatBurstAtTheLinksCeilingIsLinkCapped() {
    // The T9: 918 MB/s flat on a 10 Gb/s link with a practical ceiling near 950 MB/s.
    SampleSeries s =
        withContext(
            ShapeCurves.flat(1, 1, 918, 600, 0.005).series(), 950, Double.NaN, 0, Double.NaN);

    Analysis a = Analyzer.analyze(s);

    assertThat(a.linkCapped()).isTrue();
    assertThat(a.shape()).isEqualTo(Shape.FLAT);
    assertThat(a.findings().linkCap().ceilingMBps()).isEqualTo(950.0);
  }

  @Test
  void aBurstWellBelowTheCeilingIsNotLinkCapped() {
    SampleSeries s =
        withContext(
            ShapeCurves.flat(1, 1, 600, 300, 0.01).series(), 950, Double.NaN, 0, Double.NaN);

    assertThat(Analyzer.analyze(s).linkCapped()).isFalse();
  }

  @Test
  void oneCoreAtFullWhileTheRateIsFlatIsCpuBound() {
    // The encrypted copy: 170 MB/s flat, one core busy.
    SampleSeries s = flatOnFourCores(170, 99);

    Analysis a = Analyzer.analyze(s);

    assertThat(a.cpuBound()).isTrue();
    assertThat(a.findings().cpuBound().allCores()).isFalse();
    assertThat(a.findings().cpuBound().medianPct()).isEqualTo(99.0);
  }

  @Test
  void allCoresBusyIsCpuBound() {
    SampleSeries s = flatOnFourCores(170, 398);

    assertThat(Analyzer.analyze(s).cpuBound()).isTrue();
  }

  @Test
  void anIdleCpuIsNotCpuBoundAndNoCpuSeriesIsNeither() {
    SampleSeries idle = flatOnFourCores(190, 8);
    SampleSeries none = ShapeCurves.flat(2, 1, 190, 300, 0.02).series();

    assertThat(Analyzer.analyze(idle).cpuBound()).isFalse();
    assertThat(Analyzer.analyze(none).cpuBound()).isFalse();
  }

  @Test
  void aCacheCliffWhileTheTemperatureKeepsRisingIsStillACacheCliff() {
    SampleSeries s =
        withContext(
            ShapeCurves.cacheCliff(3, 1, 2555, 280, 127, 300, 0.02).series(),
            Double.NaN,
            Double.NaN,
            0,
            0.05);

    Analysis a = Analyzer.analyze(s);

    assertThat(a.shape()).isEqualTo(Shape.CACHE_CLIFF);
    assertThat(a.throttleTempC()).isNull();
  }
}
