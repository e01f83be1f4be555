package dev.sustain.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.analysis.RunChanges.Before;
import dev.sustain.analysis.RunChanges.Cause;
import dev.sustain.analysis.RunChanges.Run;
import dev.sustain.analysis.RunChanges.Verdict;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The rules between runs over seeded random drives with known truth: two curves made from the same
 * drive with one thing changed (its cache, its free space, its temperature, its free blocks), each
 * analysed as a run would be, must be explained by the thing that was changed.
 */
class RunChangesTest {

  private static final long CAPACITY = 1_000_000_000_000L;

  static LongStream seeds() {
    return LongStream.range(0, 40);
  }

  /**
   * A drive: burst for {@code cacheGB}, then the floor, sampled every second with relative noise;
   * the temperature (whole degrees) rises from {@code startC} by {@code slopeCPerS} until {@code
   * throttleC}, or is absent when {@code startC} is NaN.
   */
  record Drive(double burst, double floor, double noise, double afterSeconds) {

    static Drive random(SplittableRandom r) {
      double burst = 300 + r.nextDouble() * 2700;
      return new Drive(
          burst, burst * (0.1 + r.nextDouble() * 0.5), 0.01 + r.nextDouble() * 0.03, 60);
    }

    SampleSeries curve(
        SplittableRandom r, double cacheGB, double startC, double slopeCPerS, double maxC) {
      double cliff = cacheGB * 1000 / burst;
      int n = (int) Math.ceil(cliff + afterSeconds);
      SampleSeries.Builder b = SampleSeries.builder(n).media(Media.SSD);
      for (int i = 0; i < n; i++) {
        double start = i;
        double end = i + 1;
        double high = Math.max(0, Math.min(end, cliff) - start);
        double level = burst * high + floor * (1 - high);
        double rate = level * (1 + noise * gaussian(r));
        double temp =
            Double.isNaN(startC)
                ? Double.NaN
                : Math.round(Math.min(maxC, startC + slopeCPerS * end));
        b.add(end, rate, Math.round(rate * 1e6), temp, Double.NaN);
      }
      return b.build();
    }
  }

  static double gaussian(SplittableRandom r) {
    double u = Math.max(1e-12, r.nextDouble());
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * r.nextDouble());
  }

  static Verdict explain(
      SampleSeries first, Before firstBefore, SampleSeries later, Before laterBefore) {
    Analysis a1 = Analyzer.analyze(first, -1);
    Analysis a2 = Analyzer.analyze(later, -1);
    double noise =
        PassNoise.percent(a1.averageMBps(), first.writeMBpsArray(), later.writeMBpsArray());
    return RunChanges.explain(
        Run.of(first, a1, firstBefore), Run.of(later, a2, laterBefore), noise);
  }

  static Before before(long freeBytes, Double tempC) {
    return new Before(freeBytes, CAPACITY, tempC, 60.0);
  }

  @ParameterizedTest
  @MethodSource("seeds")
  void aCacheThatCameBackInPartIsNotRecoveredWithItsShare(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    Drive d = Drive.random(r);
    double cacheGB = d.burst() * (40 + r.nextDouble() * 80) / 1000;
    double share = 0.15 + r.nextDouble() * 0.6;
    long free = 400_000_000_000L;
    Verdict v =
        explain(
            d.curve(r, cacheGB, Double.NaN, 0, 0),
            before(free, null),
            d.curve(r, cacheGB * share, Double.NaN, 0, 0),
            before(free - 20_000_000_000L, null)); // 2% of the capacity less: not enough
    assertThat(v.cause()).as("seed %d: %s", seed, v).isEqualTo(Cause.NOT_RECOVERED);
    // Each cache is read within 5%, so the share within about 10% of itself.
    assertThat(v.cacheRecoveredPct())
        .as("seed %d: %s", seed, v)
        .isBetween(100 * share * 0.9, 100 * share * 1.1);
  }

  @ParameterizedTest
  @MethodSource("seeds")
  void theSameDriveTwiceIsNone(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    Drive d = Drive.random(r);
    double cacheGB = d.burst() * (40 + r.nextDouble() * 80) / 1000;
    long free = 400_000_000_000L;
    Verdict v =
        explain(
            d.curve(r, cacheGB, 35, 0.05, 70),
            before(free, 35.0),
            d.curve(r, cacheGB, 36, 0.05, 70),
            before(free, 36.0));
    assertThat(v.cause()).as("seed %d: %s", seed, v).isEqualTo(Cause.NONE);
    assertThat(v.cacheRecoveredPct()).as("seed %d: %s", seed, v).isBetween(90.0, 110.0);
  }

  @ParameterizedTest
  @MethodSource("seeds")
  void aSmallerCacheWithMuchLessFreeSpaceIsLessFreeSpace(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    Drive d = Drive.random(r);
    double cacheGB = d.burst() * (40 + r.nextDouble() * 80) / 1000;
    double share = 0.2 + r.nextDouble() * 0.6;
    long free = 800_000_000_000L;
    long less =
        (long) ((Thresholds.LESS_FREE_OF_CAPACITY + 0.02 + r.nextDouble() * 0.4) * CAPACITY);
    Verdict v =
        explain(
            d.curve(r, cacheGB, Double.NaN, 0, 0),
            before(free, null),
            d.curve(r, cacheGB * share, Double.NaN, 0, 0),
            before(free - less, null));
    // Before not-recovered: a smaller cache with the space gone is the dynamic cache.
    assertThat(v.cause()).as("seed %d: %s", seed, v).isEqualTo(Cause.LESS_FREE_SPACE);
  }

  /**
   * The drive throttles at a temperature: started warmer, it reaches it sooner, so the step comes
   * earlier in bytes at the same temperature. Before not-recovered, though the cache read smaller.
   */
  @ParameterizedTest
  @MethodSource("seeds")
  void aStepAtTheSameTemperatureButEarlierInBytesIsHeat(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    Drive d = Drive.random(r);
    double stepSeconds = 60 + r.nextDouble() * 90;
    double startC = 25 + r.nextDouble() * 10;
    double throttleC = startC + 15 + r.nextDouble() * 20;
    double slope = (throttleC - startC) / stepSeconds;
    double earlier = 0.25 + r.nextDouble() * 0.4; // of the time, so of the bytes at the burst
    double warmerC = slope * stepSeconds * earlier;
    long free = 400_000_000_000L;
    Verdict v =
        explain(
            d.curve(r, d.burst() * stepSeconds / 1000, startC, slope, throttleC),
            before(free, startC),
            d.curve(
                r,
                d.burst() * stepSeconds * (1 - earlier) / 1000,
                startC + warmerC,
                slope,
                throttleC),
            before(free, startC + warmerC));
    assertThat(v.cause()).as("seed %d: %s", seed, v).isEqualTo(Cause.HEAT);
    assertThat(v.later().stepTempC() - v.first().stepTempC())
        .as("seed %d: %s", seed, v)
        .isBetween(-Thresholds.HEAT_SAME_TEMP_C, Thresholds.HEAT_SAME_TEMP_C);
  }

  /** Without a temperature series, a start 5 °C warmer and an earlier step is heat too. */
  @ParameterizedTest
  @MethodSource("seeds")
  void aWarmerStartAndAnEarlierStepIsHeatWithoutASeries(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    Drive d = Drive.random(r);
    double cacheGB = d.burst() * (40 + r.nextDouble() * 80) / 1000;
    double share = 0.3 + r.nextDouble() * 0.5;
    double startC = 25 + r.nextDouble() * 10;
    double warmer = Thresholds.HEAT_WARMER_START_C + r.nextDouble() * 10;
    long free = 400_000_000_000L;
    Verdict heat =
        explain(
            d.curve(r, cacheGB, Double.NaN, 0, 0),
            before(free, startC),
            d.curve(r, cacheGB * share, Double.NaN, 0, 0),
            before(free, startC + warmer));
    assertThat(heat.cause()).as("seed %d: %s", seed, heat).isEqualTo(Cause.HEAT);
    // The same runs started alike: the smaller cache did not come back.
    Verdict cold =
        explain(
            d.curve(r, cacheGB, Double.NaN, 0, 0),
            before(free, startC),
            d.curve(r, cacheGB * share, Double.NaN, 0, 0),
            before(free, startC + Thresholds.HEAT_WARMER_START_C - 1.5));
    assertThat(cold.cause()).as("seed %d: %s", seed, cold).isEqualTo(Cause.NOT_RECOVERED);
  }

  /** A clean first run and an erratic later one is clogging, before any other rule. */
  @ParameterizedTest
  @MethodSource("seeds")
  void aCurveThatTurnsErraticIsClogging(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    Drive d = Drive.random(r);
    double cacheGB = d.burst() * (40 + r.nextDouble() * 80) / 1000;
    long free = 400_000_000_000L;
    SampleSeries erratic = ShapeCurves.gcSwings(r.nextLong(), 1, 300, 0.03).series();
    Verdict v =
        explain(
            d.curve(r, cacheGB, Double.NaN, 0, 0),
            before(free, null),
            erratic,
            before(free - 300_000_000_000L, null));
    assertThat(v.cause()).as("seed %d: %s", seed, v).isEqualTo(Cause.CLOGGING);
  }
}
