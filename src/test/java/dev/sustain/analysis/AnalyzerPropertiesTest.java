package dev.sustain.analysis;

import static dev.sustain.testing.Generators.doubleBetween;
import static dev.sustain.testing.Generators.intBetween;
import static dev.sustain.testing.Generators.longBetween;
import static dev.sustain.testing.Generators.pick;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.sustain.testing.Seeds;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Properties of the analysis over seeded synthetic curves with known truth. */
class AnalyzerPropertiesTest {

  static LongStream seeds20() {
    return Seeds.first(20);
  }

  static LongStream seeds30() {
    return Seeds.first(30);
  }

  static LongStream seeds40() {
    return Seeds.first(40);
  }

  static LongStream seeds60() {
    return Seeds.first(60);
  }

  static LongStream seeds80() {
    return Seeds.first(80);
  }

  private static double interval(SplittableRandom random) {
    return pick(random, 0.1, 0.25, 0.5, 1.0, 2.0);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds80")
  void cacheCliffIsFoundWithinTwoSamplesAndItsSizeWithinThreePercent(long seed) {
    Seeds.withSeed(
        seed,
        random -> {
          long curveSeed = longBetween(random, 1, 1_000_000);
          double interval = interval(random);
          double burst = doubleBetween(random, 200, 7000);
          double floorRatio = doubleBetween(random, 0.04, 0.6);
          double cacheFraction = doubleBetween(random, 0, 1);
          double afterSeconds = doubleBetween(random, 60, 600);
          double noise = doubleBetween(random, 0, 0.08);
          // At least 70 samples of burst, so two samples are under 3% of the cache.
          double cacheSeconds = Math.max(20, 70 * interval) + cacheFraction * 300;
          double cacheGB = burst * cacheSeconds / 1000;
          ShapeCurves.Curve c =
              ShapeCurves.cacheCliff(
                  curveSeed, interval, burst, cacheGB, floorRatio * burst, afterSeconds, noise);

          Analysis a = Analyzer.analyze(c.series());

          assertThat(a.shape()).isEqualTo(Shape.CACHE_CLIFF);
          assertThat(a.cliffSeconds()).isCloseTo(c.truth().cliffSeconds(), within(2 * interval));
          assertThat(a.cacheGB()).isCloseTo(cacheGB, within(0.03 * cacheGB));
          assertThat(a.burstMBps()).isCloseTo(burst, within(0.05 * burst));
          assertThat(a.floorMBps())
              .isCloseTo(floorRatio * burst, within(0.05 * floorRatio * burst));
          assertThat(a.recovered()).isFalse();
        });
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds40")
  void staircaseIsACacheCliffAtItsFirstStepWithTheLowestStepAsFloor(long seed) {
    Seeds.withSeed(
        seed,
        random -> {
          long curveSeed = longBetween(random, 1, 1_000_000);
          double interval = interval(random);
          double noise = doubleBetween(random, 0, 0.05);
          ShapeCurves.Curve c =
              ShapeCurves.staircase(curveSeed, interval, 6900, 33, 3850, 120, 2000, 200, noise);

          Analysis a = Analyzer.analyze(c.series());

          assertThat(a.shape()).isEqualTo(Shape.CACHE_CLIFF);
          assertThat(a.cliffSeconds()).isCloseTo(33.0, within(2 * interval));
          assertThat(a.floorMBps()).isCloseTo(2000, within(100.0));
        });
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds80")
  void flatNoiseHasNoCliff(long seed) {
    Seeds.withSeed(
        seed,
        random -> {
          long curveSeed = longBetween(random, 1, 1_000_000);
          double interval = interval(random);
          double level = doubleBetween(random, 5, 7000);
          double seconds = doubleBetween(random, 60, 1500);
          double noise = doubleBetween(random, 0, 0.15);
          ShapeCurves.Curve c = ShapeCurves.flat(curveSeed, interval, level, seconds, noise);

          Analysis a = Analyzer.analyze(c.series());

          assertThat(a.shape()).isEqualTo(Shape.FLAT);
          assertThat(a.cliffSeconds()).isNull();
          assertThat(a.cacheGB()).isNull();
          assertThat(a.afterCacheMBps()).isNull();
          // The whole run's mean: within 1% plus four standard errors of the noise.
          double n = c.series().size();
          assertThat(a.floorMBps())
              .isCloseTo(level, within(level * (0.01 + 4 * noise / Math.sqrt(n))));
        });
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds60")
  void zeroIntervalsAreCountedExactly(long seed) {
    Seeds.withSeed(
        seed,
        random -> {
          long curveSeed = longBetween(random, 1, 1_000_000);
          double interval = interval(random);
          int stalls = intBetween(random, 0, 40);
          boolean cliff = random.nextBoolean();
          ShapeCurves.Curve base =
              cliff
                  ? ShapeCurves.cacheCliff(curveSeed, interval, 2555, 280, 127, 300, 0.03)
                  : ShapeCurves.flat(curveSeed, interval, 918, 300, 0.02);
          ShapeCurves.Curve c = ShapeCurves.withStalls(base, curveSeed + 1, stalls);

          Analysis a = Analyzer.analyze(c.series());

          assertThat(a.stallSeconds()).isCloseTo(c.truth().stallSeconds(), within(1e-9));
          assertThat(Math.round(a.stallSeconds() / interval)).isEqualTo(stalls);
          // The smallest interval is a stall when there is one; else the slowest interval written.
          double slowest = java.util.Arrays.stream(c.series().writeMBpsArray()).min().orElseThrow();
          if (stalls > 0) {
            assertThat(a.minMBps()).isZero();
          } else {
            assertThat(a.minMBps()).isPositive().isEqualTo(slowest);
          }
        });
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds40")
  void thermalPlateausThatRecoverAreThrottlingNotACacheCliff(long seed) {
    Seeds.withSeed(
        seed,
        random -> {
          long curveSeed = longBetween(random, 1, 1_000_000);
          double interval = interval(random);
          double scale = doubleBetween(random, 0.5, 4);
          double noise = doubleBetween(random, 0, 0.05);
          Analysis a =
              Analyzer.analyze(
                  ShapeCurves.thermalRecovering(curveSeed, interval, scale, noise).series());

          assertThat(a.shape()).isEqualTo(Shape.THERMAL_THROTTLE);
          assertThat(a.recovered()).isTrue();
          assertThat(a.floorMBps()).isCloseTo(195, within(25.0));
        });
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds40")
  void briefDipsThatComeBackAreThrottling(long seed) {
    Seeds.withSeed(
        seed,
        random -> {
          long curveSeed = longBetween(random, 1, 1_000_000);
          double interval = interval(random);
          int dips = intBetween(random, 2, 6);
          double noise = doubleBetween(random, 0, 0.05);
          Analysis a =
              Analyzer.analyze(
                  ShapeCurves.thermalDips(curveSeed, interval, 900, 600, dips, noise).series());

          assertThat(a.shape()).isEqualTo(Shape.THERMAL_THROTTLE);
          assertThat(a.cliffSeconds()).isNull();
        });
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds30")
  void aDropWhereTheTemperatureLevelsOffIsThrottling(long seed) {
    Seeds.withSeed(
        seed,
        random -> {
          long curveSeed = longBetween(random, 1, 1_000_000);
          double interval = interval(random);
          double noise = doubleBetween(random, 0, 0.04);
          int throttleC = intBetween(random, 40, 80);
          Analysis a =
              Analyzer.analyze(
                  ShapeCurves.thermalByTemperature(curveSeed, interval, noise, throttleC).series());

          assertThat(a.shape()).isEqualTo(Shape.THERMAL_THROTTLE);
          assertThat(a.throttleTempC()).isCloseTo(throttleC, within(1.0));
          assertThat(a.cliffSeconds()).isCloseTo(180.0, within(2 * interval));
        });
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds40")
  void swingsBetweenNearZeroAndFullSpeedAreErraticNotACacheCliff(long seed) {
    Seeds.withSeed(
        seed,
        random -> {
          long curveSeed = longBetween(random, 1, 1_000_000);
          double interval = interval(random);
          double seconds = doubleBetween(random, 100, 1200);
          double noise = doubleBetween(random, 0, 0.08);
          Analysis a =
              Analyzer.analyze(ShapeCurves.gcSwings(curveSeed, interval, seconds, noise).series());

          assertThat(a.shape()).isEqualTo(Shape.GC_ERRATIC);
          assertThat(a.findings().erratic()).isNotNull();
          assertThat(a.findings().erratic().swinging()).isTrue();
        });
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds30")
  void aSlowStartThatSpeedsUpIsErratic(long seed) {
    Seeds.withSeed(
        seed,
        random -> {
          long curveSeed = longBetween(random, 1, 1_000_000);
          double interval = interval(random);
          double slowSeconds = doubleBetween(random, 60, 400);
          double noise = doubleBetween(random, 0, 0.08);
          Analysis a =
              Analyzer.analyze(
                  ShapeCurves.gcSlowStart(curveSeed, interval, slowSeconds, noise).series());

          assertThat(a.shape()).isEqualTo(Shape.GC_ERRATIC);
          assertThat(a.cliffSeconds()).isNull();
        });
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds20")
  void aShingledDiskThatTurnsToZerosIsSmr(long seed) {
    Seeds.withSeed(
        seed,
        random -> {
          long curveSeed = longBetween(random, 1, 1_000_000);
          double holdSeconds = doubleBetween(random, 600, 5000);
          ShapeCurves.Curve c = ShapeCurves.smr(curveSeed, 1, 146, holdSeconds, 3 * holdSeconds);

          Analysis a = Analyzer.analyze(c.series());

          assertThat(a.shape()).isEqualTo(Shape.SMR_STALLS);
          assertThat(a.cliffSeconds()).isCloseTo(holdSeconds, within(30.0));
          assertThat(a.stallSeconds()).isCloseTo(c.truth().stallSeconds(), within(1e-9));
        });
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds20")
  void aSpinningDiskDecliningWithoutStepsIsZoned(long seed) {
    Seeds.withSeed(
        seed,
        random -> {
          long curveSeed = longBetween(random, 1, 1_000_000);
          double seconds = doubleBetween(random, 1000, 40000);
          double noise = doubleBetween(random, 0, 0.08);
          Analysis a =
              Analyzer.analyze(
                  ShapeCurves.hddZoned(curveSeed, 1, 240, 120, seconds, noise).series());

          assertThat(a.shape()).isEqualTo(Shape.HDD_ZONED);
          assertThat(a.cliffSeconds()).isNull();
        });
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds20")
  void aCliffOnASpinningDiskIsStillACliff(long seed) {
    Seeds.withSeed(
        seed,
        random -> {
          long curveSeed = longBetween(random, 1, 1_000_000);
          double noise = doubleBetween(random, 0, 0.05);
          // The emulated drive of the end-to-end tests sits on a virtio disk that reports
          // rotational.
          ShapeCurves.Curve c = ShapeCurves.cacheCliff(curveSeed, 1, 400, 20, 50, 120, noise);
          Analysis a = Analyzer.analyze(c.series().withMedia(Media.HDD));

          assertThat(a.shape()).isEqualTo(Shape.CACHE_CLIFF);
          assertThat(a.cliffSeconds()).isCloseTo(50.0, within(2.0));
        });
  }
}
