package dev.sustain.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/** Properties of the analysis over seeded synthetic curves with known truth. */
class AnalyzerPropertiesTest {

  @Provide
  Arbitrary<Double> intervals() {
    return Arbitraries.of(0.1, 0.25, 0.5, 1.0, 2.0);
  }

  @Property(tries = 80)
  void cacheCliffIsFoundWithinTwoSamplesAndItsSizeWithinThreePercent(
      @ForAll @LongRange(min = 1, max = 1_000_000) long seed,
      @ForAll("intervals") double interval,
      @ForAll @DoubleRange(min = 200, max = 7000) double burst,
      @ForAll @DoubleRange(min = 0.04, max = 0.6) double floorRatio,
      @ForAll @DoubleRange(min = 0, max = 1) double cacheFraction,
      @ForAll @DoubleRange(min = 60, max = 600) double afterSeconds,
      @ForAll @DoubleRange(min = 0, max = 0.08) double noise) {
    // At least 70 samples of burst, so two samples are under 3% of the cache.
    double cacheSeconds = Math.max(20, 70 * interval) + cacheFraction * 300;
    double cacheGB = burst * cacheSeconds / 1000;
    SyntheticCurves.Curve c =
        SyntheticCurves.cacheCliff(
            seed, interval, burst, cacheGB, floorRatio * burst, afterSeconds, noise);

    Analysis a = Analyzer.analyze(c.series());

    assertThat(a.shape()).isEqualTo(Shape.CACHE_CLIFF);
    assertThat(a.cliffSeconds()).isCloseTo(c.truth().cliffSeconds(), within(2 * interval));
    assertThat(a.cacheGB()).isCloseTo(cacheGB, within(0.03 * cacheGB));
    assertThat(a.burstMBps()).isCloseTo(burst, within(0.05 * burst));
    assertThat(a.floorMBps()).isCloseTo(floorRatio * burst, within(0.05 * floorRatio * burst));
    assertThat(a.recovered()).isFalse();
  }

  @Property(tries = 40)
  void staircaseIsACacheCliffAtItsFirstStepWithTheLowestStepAsFloor(
      @ForAll @LongRange(min = 1, max = 1_000_000) long seed,
      @ForAll("intervals") double interval,
      @ForAll @DoubleRange(min = 0, max = 0.05) double noise) {
    SyntheticCurves.Curve c =
        SyntheticCurves.staircase(seed, interval, 6900, 33, 3850, 120, 2000, 200, noise);

    Analysis a = Analyzer.analyze(c.series());

    assertThat(a.shape()).isEqualTo(Shape.CACHE_CLIFF);
    assertThat(a.cliffSeconds()).isCloseTo(33.0, within(2 * interval));
    assertThat(a.floorMBps()).isCloseTo(2000, within(100.0));
  }

  @Property(tries = 80)
  void flatNoiseHasNoCliff(
      @ForAll @LongRange(min = 1, max = 1_000_000) long seed,
      @ForAll("intervals") double interval,
      @ForAll @DoubleRange(min = 5, max = 7000) double level,
      @ForAll @DoubleRange(min = 60, max = 1500) double seconds,
      @ForAll @DoubleRange(min = 0, max = 0.15) double noise) {
    SyntheticCurves.Curve c = SyntheticCurves.flat(seed, interval, level, seconds, noise);

    Analysis a = Analyzer.analyze(c.series());

    assertThat(a.shape()).isEqualTo(Shape.FLAT);
    assertThat(a.cliffSeconds()).isNull();
    assertThat(a.cacheGB()).isNull();
    assertThat(a.afterCacheMBps()).isNull();
    // The whole run's mean: within 1% plus four standard errors of the noise.
    double n = c.series().size();
    assertThat(a.floorMBps()).isCloseTo(level, within(level * (0.01 + 4 * noise / Math.sqrt(n))));
  }

  @Property(tries = 60)
  void zeroIntervalsAreCountedExactly(
      @ForAll @LongRange(min = 1, max = 1_000_000) long seed,
      @ForAll("intervals") double interval,
      @ForAll @IntRange(min = 0, max = 40) int stalls,
      @ForAll boolean cliff) {
    SyntheticCurves.Curve base =
        cliff
            ? SyntheticCurves.cacheCliff(seed, interval, 2555, 280, 127, 300, 0.03)
            : SyntheticCurves.flat(seed, interval, 918, 300, 0.02);
    SyntheticCurves.Curve c = SyntheticCurves.withStalls(base, seed + 1, stalls);

    Analysis a = Analyzer.analyze(c.series());

    assertThat(a.stallSeconds()).isCloseTo(c.truth().stallSeconds(), within(1e-9));
    assertThat(Math.round(a.stallSeconds() / interval)).isEqualTo(stalls);
    assertThat(a.minMBps()).isEqualTo(stalls > 0 ? 0.0 : a.minMBps());
  }

  @Property(tries = 40)
  void thermalPlateausThatRecoverAreThrottlingNotACacheCliff(
      @ForAll @LongRange(min = 1, max = 1_000_000) long seed,
      @ForAll("intervals") double interval,
      @ForAll @DoubleRange(min = 0.5, max = 4) double scale,
      @ForAll @DoubleRange(min = 0, max = 0.05) double noise) {
    Analysis a =
        Analyzer.analyze(SyntheticCurves.thermalRecovering(seed, interval, scale, noise).series());

    assertThat(a.shape()).isEqualTo(Shape.THERMAL_THROTTLE);
    assertThat(a.recovered()).isTrue();
    assertThat(a.floorMBps()).isCloseTo(195, within(25.0));
  }

  @Property(tries = 40)
  void briefDipsThatComeBackAreThrottling(
      @ForAll @LongRange(min = 1, max = 1_000_000) long seed,
      @ForAll("intervals") double interval,
      @ForAll @IntRange(min = 2, max = 6) int dips,
      @ForAll @DoubleRange(min = 0, max = 0.05) double noise) {
    Analysis a =
        Analyzer.analyze(
            SyntheticCurves.thermalDips(seed, interval, 900, 600, dips, noise).series());

    assertThat(a.shape()).isEqualTo(Shape.THERMAL_THROTTLE);
    assertThat(a.cliffSeconds()).isNull();
  }

  @Property(tries = 30)
  void aDropWhereTheTemperatureLevelsOffIsThrottling(
      @ForAll @LongRange(min = 1, max = 1_000_000) long seed,
      @ForAll("intervals") double interval,
      @ForAll @DoubleRange(min = 0, max = 0.04) double noise,
      @ForAll @IntRange(min = 40, max = 80) int throttleC) {
    Analysis a =
        Analyzer.analyze(
            SyntheticCurves.thermalByTemperature(seed, interval, noise, throttleC).series());

    assertThat(a.shape()).isEqualTo(Shape.THERMAL_THROTTLE);
    assertThat(a.throttleTempC()).isCloseTo(throttleC, within(1.0));
    assertThat(a.cliffSeconds()).isCloseTo(180.0, within(2 * interval));
  }

  @Property(tries = 40)
  void swingsBetweenNearZeroAndFullSpeedAreErraticNotACacheCliff(
      @ForAll @LongRange(min = 1, max = 1_000_000) long seed,
      @ForAll("intervals") double interval,
      @ForAll @DoubleRange(min = 100, max = 1200) double seconds,
      @ForAll @DoubleRange(min = 0, max = 0.08) double noise) {
    Analysis a =
        Analyzer.analyze(SyntheticCurves.gcSwings(seed, interval, seconds, noise).series());

    assertThat(a.shape()).isEqualTo(Shape.GC_ERRATIC);
    assertThat(a.advice()).anyMatch(s -> s.contains("TRIM"));
  }

  @Property(tries = 30)
  void aSlowStartThatSpeedsUpIsErratic(
      @ForAll @LongRange(min = 1, max = 1_000_000) long seed,
      @ForAll("intervals") double interval,
      @ForAll @DoubleRange(min = 60, max = 400) double slowSeconds,
      @ForAll @DoubleRange(min = 0, max = 0.08) double noise) {
    Analysis a =
        Analyzer.analyze(SyntheticCurves.gcSlowStart(seed, interval, slowSeconds, noise).series());

    assertThat(a.shape()).isEqualTo(Shape.GC_ERRATIC);
    assertThat(a.cliffSeconds()).isNull();
  }

  @Property(tries = 20)
  void aShingledDiskThatTurnsToZerosIsSmr(
      @ForAll @LongRange(min = 1, max = 1_000_000) long seed,
      @ForAll @DoubleRange(min = 600, max = 5000) double holdSeconds) {
    SyntheticCurves.Curve c = SyntheticCurves.smr(seed, 1, 146, holdSeconds, 3 * holdSeconds);

    Analysis a = Analyzer.analyze(c.series());

    assertThat(a.shape()).isEqualTo(Shape.SMR_STALLS);
    assertThat(a.cliffSeconds()).isCloseTo(holdSeconds, within(30.0));
    assertThat(a.stallSeconds()).isCloseTo(c.truth().stallSeconds(), within(1e-9));
  }

  @Property(tries = 20)
  void aSpinningDiskDecliningWithoutStepsIsZoned(
      @ForAll @LongRange(min = 1, max = 1_000_000) long seed,
      @ForAll @DoubleRange(min = 1000, max = 40000) double seconds,
      @ForAll @DoubleRange(min = 0, max = 0.08) double noise) {
    Analysis a =
        Analyzer.analyze(SyntheticCurves.hddZoned(seed, 1, 240, 120, seconds, noise).series());

    assertThat(a.shape()).isEqualTo(Shape.HDD_ZONED);
    assertThat(a.cliffSeconds()).isNull();
  }

  @Property(tries = 20)
  void aCliffOnASpinningDiskIsStillACliff(
      @ForAll @LongRange(min = 1, max = 1_000_000) long seed,
      @ForAll @DoubleRange(min = 0, max = 0.05) double noise) {
    // The emulated drive of the end-to-end tests sits on a virtio disk that reports rotational.
    SyntheticCurves.Curve c = SyntheticCurves.cacheCliff(seed, 1, 400, 20, 50, 120, noise);
    Analysis a = Analyzer.analyze(c.series().withMedia(Media.HDD));

    assertThat(a.shape()).isEqualTo(Shape.CACHE_CLIFF);
    assertThat(a.cliffSeconds()).isCloseTo(50.0, within(2.0));
  }
}
