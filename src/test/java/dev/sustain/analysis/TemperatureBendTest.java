package dev.sustain.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.sustain.testing.Seeds;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.DoubleUnaryOperator;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The temperature's bend read with its margin, over seeded random drives across the whole range:
 * steps at 40-90 °C, sensors with up to ±1 °C of noise, whole or tenth degrees, refreshed every 1-5
 * s, up to 30% of readings missing and sometimes a long gap, intervals of 0.25-5 s. A stick that
 * steps down as its temperature reaches a threshold (the temperature then creeps near it) is a
 * throttle at that temperature, wherever the noise puts the best bend; a cache cliff while the
 * temperature climbs steadily through the drop is not heat.
 */
class TemperatureBendTest {

  static LongStream seeds() {
    return Seeds.first(Integer.getInteger("bendSeeds", 500));
  }

  /** How a drive's sensor reports: see the class comment. */
  record Sensor(double noiseC, boolean wholeDegrees, double refreshSeconds, double missing) {

    static Sensor random(SplittableRandom r) {
      return new Sensor(
          r.nextDouble(0, 1),
          r.nextBoolean(),
          new double[] {1, 1, 2, 5}[r.nextInt(4)],
          r.nextInt(3) == 0 ? 0 : r.nextDouble(0, 0.3));
    }
  }

  /** A run: its rate steps from {@code burstMBps} to {@code toMBps} at {@code stepSeconds}. */
  record Run(
      double intervalSeconds,
      double seconds,
      double stepSeconds,
      double burstMBps,
      double toMBps,
      double noise) {

    static Run random(SplittableRandom r, double lowShare, double highShare) {
      double seconds = r.nextDouble(300, 3600);
      double step = r.nextDouble(0.15, 0.6) * seconds;
      double interval = Math.exp(r.nextDouble(Math.log(0.25), Math.log(5)));
      interval = Math.min(interval, step / 20);
      double burst = Math.exp(r.nextDouble(Math.log(20), Math.log(2000)));
      double to = burst * r.nextDouble(lowShare, highShare);
      return new Run(interval, seconds, step, burst, to, r.nextDouble(0.005, 0.03));
    }

    /**
     * The samples, with the sensor's readings of {@code trueC}: noise either side, rounded, held
     * between refreshes, some missing and sometimes a gap of up to a twentieth of the run.
     */
    SampleSeries series(SplittableRandom r, DoubleUnaryOperator trueC, Sensor sensor) {
      int n = (int) Math.ceil(seconds / intervalSeconds);
      SampleSeries.Builder b = SampleSeries.builder(n).media(Media.SSD);
      double held = Double.NaN;
      double readAt = Double.NEGATIVE_INFINITY;
      double gapFrom = r.nextInt(3) == 0 ? r.nextDouble(0, seconds) : Double.NaN;
      double gapSeconds = r.nextDouble(2 * intervalSeconds, seconds / 20);
      for (int i = 0; i < n; i++) {
        double start = i * intervalSeconds;
        double end = (i + 1) * intervalSeconds;
        double high = Math.max(0, Math.min(1, (stepSeconds - start) / intervalSeconds));
        double level = burstMBps * high + toMBps * (1 - high);
        double rate = Math.max(0, level * (1 + noise * r.nextGaussian()));
        if (end - readAt >= sensor.refreshSeconds() || Double.isNaN(held)) {
          double reading = trueC.applyAsDouble(end) + r.nextDouble(-1, 1) * sensor.noiseC();
          held = sensor.wholeDegrees() ? Math.round(reading) : Math.round(reading * 10) / 10.0;
          readAt = end;
        }
        boolean inGap = end >= gapFrom && end < gapFrom + gapSeconds;
        double temp = inGap || r.nextDouble() < sensor.missing() ? Double.NaN : held;
        b.add(end, rate, -1, temp, Double.NaN);
      }
      return b.build();
    }
  }

  /**
   * A stick that steps down as its temperature reaches a threshold (40-90 °C): before, the
   * temperature approaches an equilibrium 6-30 °C above the threshold (a heating body's curve,
   * flattening as it nears it); after, it creeps toward a level near the threshold, at a fraction
   * of the slope it had, or falls a little.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void aStepAtATemperatureIsAThrottleAtIt(long seed) {
    Seeds.withSeed(
        seed,
        r -> {
          Heating h = Heating.draw(r, 0.5, 0.82);
          double thresholdC = h.atStepC();
          double startC = h.startC();
          double aboveC = r.nextDouble(6, 30);
          double eqBeforeC = thresholdC + aboveC;
          double tauBefore = h.run().stepSeconds() / Math.log((eqBeforeC - startC) / aboveC);
          double eqAfterC = thresholdC + aboveC * r.nextDouble(-0.2, 0.25);
          double tauAfter = tauBefore * r.nextDouble(1, 2);
          double step = h.run().stepSeconds();
          DoubleUnaryOperator trueC =
              t ->
                  t <= step
                      ? eqBeforeC - (eqBeforeC - startC) * Math.exp(-t / tauBefore)
                      : eqAfterC + (thresholdC - eqAfterC) * Math.exp(-(t - step) / tauAfter);
          Analysis a = h.read(r, trueC);
          String what = h.describe(a);

          assertThat(a.shape()).as(what).isEqualTo(Shape.THERMAL_THROTTLE);
          assertThat(a.throttleTempC()).as(what).isNotNull();
          assertThat(a.throttleTempC()).as(what).isCloseTo(thresholdC, within(2.5));
        });
  }

  /**
   * A cache cliff while the temperature climbs steadily through the drop: a drive heating toward an
   * equilibrium far above (its time constant 3-6 runs long, so the slope at the end is still three
   * quarters of the slope at the start), reaching 40-90 °C at the drop. The cliff came at a byte
   * count; nothing held the temperature.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void aCliffWhileTheTemperatureClimbsOnIsNotHeat(long seed) {
    Seeds.withSeed(
        seed,
        r -> {
          Heating h = Heating.draw(r, 0.15, 0.8);
          double tau = h.run().seconds() * r.nextDouble(3, 6);
          double startC = h.startC();
          // The equilibrium that puts the temperature at atStepC at the drop.
          double eqC = startC + h.riseC() / (1 - Math.exp(-h.run().stepSeconds() / tau));
          DoubleUnaryOperator trueC = t -> eqC - (eqC - startC) * Math.exp(-t / tau);
          Analysis a = h.read(r, trueC);
          String what = h.describe(a);

          assertThat(a.shape()).as(what).isEqualTo(Shape.CACHE_CLIFF);
          assertThat(a.throttleTempC()).as(what).isNull();
        });
  }

  /**
   * What both tests draw first, in this order: a run stepping down between {@code lowShare} and
   * {@code highShare} of its burst, its sensor, the temperature at the step (40-90 °C) and the rise
   * to it (8-40 °C, from 18 °C at least).
   */
  record Heating(Run run, Sensor sensor, double atStepC, double riseC) {

    static Heating draw(SplittableRandom r, double lowShare, double highShare) {
      Run run = Run.random(r, lowShare, highShare);
      Sensor sensor = Sensor.random(r);
      double atStepC = r.nextDouble(40, 90);
      double riseC = r.nextDouble(8, Math.min(40, atStepC - 18));
      return new Heating(run, sensor, atStepC, riseC);
    }

    /** The temperature at the run's start. */
    double startC() {
      return atStepC - riseC;
    }

    /** The run sampled with the sensor's readings of {@code trueC}, and read. */
    Analysis read(SplittableRandom r, DoubleUnaryOperator trueC) {
      return Analyzer.analyze(run.series(r, trueC, sensor));
    }

    /** What was drawn and how it read, for a failure's message. */
    String describe(Analysis a) {
      Findings.TemperatureBend bend = a.findings().bend();
      return String.format(
          Locale.ROOT,
          "%s; %s; %.1f C at the step from %.1f; read %s at %s C, bend %s",
          run,
          sensor,
          atStepC,
          startC(),
          a.shape(),
          a.throttleTempC(),
          bend);
    }
  }
}
