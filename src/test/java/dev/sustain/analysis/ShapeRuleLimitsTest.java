package dev.sustain.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The shape rules behind the {@link Detector} interface follow their limits: a limit varied through
 * the record moves the finding, and the words carry the finding's figures ({@link DetectorTest}
 * holds the contract itself).
 */
class ShapeRuleLimitsTest {

  @Test
  void aStarvedDrivesSwingsAndSlowStartFollowTheirLimits() {
    // Ten minutes between 900 and 60 MB/s, 8-27 s a side at irregular times: about 17 climbs.
    SplittableRandom r = new SplittableRandom(5);
    SampleSeries.Builder b = SampleSeries.builder(600);
    double t = 0;
    boolean high = true;
    double until = r.nextDouble(8, 27);
    for (int i = 0; i < 600; i++) {
      if (i >= until) {
        high = !high;
        until += r.nextDouble(8, 27);
      }
      b.add(++t, (high ? 900 : 60) * (1 + 0.01 * r.nextGaussian()));
    }
    Reading swings = DetectorTest.reading(b.build(), null);
    ErraticDetector.Limits d = ErraticDetector.Limits.DEFAULT;
    Findings.Erratic found = Detectors.ERRATIC.find(swings);
    assertThat(found).isNotNull();
    assertThat(found.swinging()).isTrue();
    assertThat(found.swings()).isBetween(10, 25);
    // Asked for more climbs than it made, the same drive does not swing.
    ErraticDetector.Limits more =
        new ErraticDetector.Limits(
            d.highQuantile(),
            found.swings() + 1,
            d.minSideFraction(),
            d.minLowSeconds(),
            d.spreadMinRequests(),
            d.deepLow(),
            d.deepHigh(),
            d.slowStartFraction(),
            d.slowStartRunFraction(),
            d.slowStartMinSamples());
    Findings.Erratic fewer = Detectors.erratic(more).find(swings);
    assertThat(fewer == null || !fewer.swinging()).isTrue();
    Analysis a = Analyzer.analyze(swings.curve().s);
    assertThat(a.shape()).isEqualTo(Shape.GC_ERRATIC);
    assertThat(Detectors.ERRATIC.headline(found, a).template()).startsWith("erratic between");
    assertThat(Detectors.ERRATIC.evidence(found, a).getFirst().figures())
        .startsWith(found.swings(), found.lowLineMBps(), found.highLineMBps());

    // 120 MB/s for 250 s, then 920 and 130 as long: slow at 13% of the level it reached.
    ShapeCurves.Curve slow = ShapeCurves.gcSlowStart(3, 1, 250, 0.01);
    Reading started = DetectorTest.reading(slow.series(), null);
    Findings.Erratic slowStart = Detectors.ERRATIC.find(started);
    assertThat(slowStart).isNotNull();
    assertThat(slowStart.slowStart()).isNotNull();
    assertThat(slowStart.slowStart().meanMBps()).isCloseTo(120, within(5.0));
    // Called slow only below a tenth of it, it starts at a speed.
    ErraticDetector.Limits slower =
        new ErraticDetector.Limits(
            d.highQuantile(),
            d.minSwings(),
            d.minSideFraction(),
            d.minLowSeconds(),
            d.spreadMinRequests(),
            d.deepLow(),
            d.deepHigh(),
            0.1,
            d.slowStartRunFraction(),
            d.slowStartMinSamples());
    Findings.Erratic none = Detectors.erratic(slower).find(started);
    assertThat(none == null || none.slowStart() == null).isTrue();
    Analysis sa = Analyzer.analyze(slow.series());
    assertThat(Detectors.ERRATIC.headline(slowStart, sa).figures())
        .containsExactly(slowStart.slowStart().meanMBps(), slowStart.laterMBps());
  }

  @Test
  void aClimbBackFollowsItsLimits() {
    // The Orico: 863 MB/s, stepped down to 195, back to 695 while writing.
    SampleSeries s = ShapeCurves.thermalRecovering(4, 1, 1, 0.01).series();
    Reading r = DetectorTest.reading(s, null);
    RecoveryDetector.Limits d = RecoveryDetector.Limits.DEFAULT;
    Findings.Recovery found = Detectors.RECOVERY.find(r);
    assertThat(found).isNotNull();
    assertThat(found.lowMBps()).isCloseTo(195, within(10.0));
    assertThat(found.backMBps()).isCloseTo(695, within(20.0));
    // A climb of 3.6 times the low is none when one must be five times it and 1000 spreads.
    RecoveryDetector.Limits higher =
        new RecoveryDetector.Limits(d.dropFraction(), d.slowStartFraction(), 5, d.ofBurst(), 1000);
    assertThat(Detectors.recovery(higher).find(r)).isNull();
    // Nor when it must climb by more than the whole burst.
    RecoveryDetector.Limits further =
        new RecoveryDetector.Limits(
            d.dropFraction(), d.slowStartFraction(), d.climbFraction(), 1.01, d.spreadSigmas());
    assertThat(Detectors.recovery(further).find(r)).isNull();
    Analysis a = Analyzer.analyze(s);
    assertThat(a.recovered()).isTrue();
    assertThat(Detectors.RECOVERY.evidence(found, a).getFirst().figures())
        .containsExactly(found.fromMBps(), found.lowMBps(), found.backMBps(), found.atSeconds());
  }

  @Test
  void aTemperaturesBendFollowsItsLimits() {
    // The Mushkin: 100 to 80 MB/s at 180 s as the temperature, having risen 23 °C, levels at 45.
    SampleSeries s = ShapeCurves.thermalByTemperature(3, 1, 0.01, 45).series();
    Curve c = new Curve(s);
    Reading r = new Reading(c, 0, null, Analyzer.detect(c).cliff(), null);
    TemperatureBend.Limits d = TemperatureBend.Limits.DEFAULT;
    Findings.TemperatureBend found = Detectors.BEND.find(r);
    assertThat(found).isNotNull();
    assertThat(found.thermal()).isTrue();
    assertThat(found.bendC()).isCloseTo(45, within(1.0));
    // Asked for a rise of 30 °C before the step, the same readings are no throttle's.
    TemperatureBend.Limits hotter =
        new TemperatureBend.Limits(
            d.minF(),
            d.minReadings(),
            30,
            60,
            d.slopeAfterFraction(),
            d.atStepFraction(),
            d.minSeconds(),
            d.rangeNoise(),
            d.spreadPercentile(),
            d.spreadMaxC(),
            d.spreadOfRise());
    Findings.TemperatureBend cooler = Detectors.bend(hotter).find(r);
    assertThat(cooler).isNotNull();
    assertThat(cooler.thermal()).isFalse();
    Analysis a = Analyzer.analyze(s);
    assertThat(a.shape()).isEqualTo(Shape.THERMAL_THROTTLE);
    assertThat(Detectors.BEND.evidence(found, a).getFirst().template()).contains("a throttle at");
    assertThat(Detectors.BEND.evidence(found, a).getFirst().figures()).contains(found.bendC());
    assertThat(Detectors.bend(hotter).evidence(cooler, a).getFirst().template())
        .contains("did not bend");
  }

  @Test
  void aFallAtTheEndFollowsItsLimit() {
    // Ten minutes at 900 MB/s, then 4 s at 500 before the run ends: shorter than a level must
    // hold to last (6 s, a hundredth of the run), too recent for a cliff.
    SampleSeries.Builder b = SampleSeries.builder(604);
    SplittableRandom r = new SplittableRandom(2);
    for (int i = 0; i < 604; i++) {
      b.add(i + 1, (i < 600 ? 900 : 500) * (1 + 0.01 * r.nextGaussian()));
    }
    SampleSeries s = b.build();
    Reading reading = DetectorTest.reading(s, null);
    Findings.Fall found = Detectors.FALL.find(reading);
    assertThat(found).isNotNull();
    assertThat(found.seconds()).isCloseTo(600, within(1.0));
    assertThat(found.gigabytes()).isCloseTo(540, within(5.0));
    // Only a fall below half the level before it counts: 500 of 900 is not one.
    assertThat(Detectors.fall(new FallDetector.Limits(0.5)).find(reading)).isNull();
    Analysis a = Analyzer.analyze(s);
    assertThat(a.cliffSeconds()).isNull();
    assertThat(Detectors.FALL.evidence(found, a).getFirst().figures())
        .containsExactly(
            found.fromMBps(),
            found.toMBps(),
            found.seconds(),
            found.lastedSeconds(),
            found.gigabytes());
    assertThat(Detectors.FALL.figureLine(found, a).figures()).contains(found.seconds());
  }

  @Test
  void aCliffFollowsItsLimits() {
    // The Kingston: 2555 MB/s for 280 GB, then 127 to the end.
    SampleSeries s = ShapeCurves.cacheCliff(1, 1, 2555, 280, 127, 300, 0.01).series();
    Reading r = DetectorTest.reading(s, null);
    CliffDetector.Limits d = CliffDetector.Limits.DEFAULT;
    Findings.Cliff found = Detectors.CLIFF.find(r);
    assertThat(found).isNotNull();
    assertThat(found.cacheGB()).isCloseTo(280, within(3.0));
    // A floor at 5% of the burst is no cliff when one must fall below 2% of it.
    CliffDetector.Limits deeper =
        new CliffDetector.Limits(
            0.02,
            d.mergeFraction(),
            d.stepOfDrop(),
            d.stepOverInside(),
            d.stepOfLocalMedians(),
            d.stepMedianIntervals(),
            d.stepPlaceIntervals(),
            d.fallSeconds(),
            d.minPlateauSamples());
    assertThat(Detectors.cliff(deeper).find(r)).isNull();
    Analysis a = Analyzer.analyze(s);
    assertThat(a.shape()).isEqualTo(Shape.CACHE_CLIFF);
    Detector.Words headline = Detectors.CLIFF.headline(found, a);
    assertThat(headline.template()).isEqualTo("fast for {gb}, then {rate} to the end");
    assertThat(headline.figures()).containsExactly(a.cacheGB(), a.floorMBps());
    assertThat(Detectors.CLIFF.evidence(found, a).getFirst().figures())
        .startsWith(found.burstMBps(), found.cacheGB(), found.seconds());
    assertThat(Detectors.CLIFF.advice(found, a).getFirst().figures())
        .containsExactly(a.cacheGB(), a.burstMBps(), a.floorMBps());
  }

  @Test
  void aSawtoothsOnsetFollowsItsLimit() {
    // 1800 MB/s for 500 s, then 1650 between dips to 600 of 8 s every 45 s from 520 s on: the
    // throttle began where the rate left its first level, not at the first dip.
    SampleSeries s =
        ShapeCurves.sample(
            t -> t < 500 ? 1800 : t >= 520 && (t - 520) % 45 < 8 ? 600 : 1650,
            1,
            1000,
            0.01,
            Media.SSD,
            new SplittableRandom(6));
    Reading r = DetectorTest.reading(s, null);
    Findings.Sawtooth found = Detectors.SAWTOOTH.find(r);
    assertThat(found).isNotNull();
    assertThat(found.periodSeconds()).isCloseTo(45, within(2.0));
    assertThat(found.onsetSeconds()).isCloseTo(500, within(5.0));
    // Allowed no periods before the first dip, the onset is the first dip.
    Findings.Sawtooth atDip = Detectors.sawtooth(new SawtoothDetector.Limits(0)).find(r);
    assertThat(atDip.onsetSeconds()).isCloseTo(520, within(5.0));
    Analysis a = Analyzer.analyze(s);
    assertThat(a.shape()).isEqualTo(Shape.THERMAL_THROTTLE);
    assertThat(Detectors.SAWTOOTH.headline(found, a).figures())
        .containsExactly(found.dipMBps(), found.periodSeconds(), a.floorMBps());
    assertThat(Detectors.SAWTOOTH.evidence(found, a).getFirst().figures())
        .contains(found.dips(), found.onsetSeconds(), found.meanMBps());
  }
}
