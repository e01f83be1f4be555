package dev.sustain.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.sustain.unit.Units;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LivePhaseTest {

  /** Feeds {@code s} up to (not including) sample {@code to}. */
  private static LivePhase feed(LivePhase live, SampleSeries s, int from, int to) {
    for (int i = from; i < to; i++) {
      live.add(s.intervalSeconds(i), s.bytes(i));
    }
    return live;
  }

  private static int indexAt(SampleSeries s, double seconds) {
    int i = 0;
    while (i < s.size() && s.timeSeconds(i) < seconds) {
      i++;
    }
    return i;
  }

  @ParameterizedTest
  @ValueSource(doubles = {0.1, 1.0})
  void aCliffIsNamedAtItsSizeAndTheFloorMayStopOnceItMayNoLongerBeAFoldingStage(double interval) {
    SampleSeries s = ShapeCurves.cacheCliff(7, interval, 2555, 280, 127, 700, 0.03).series();
    double cliff = 280e9 / 2555e6;
    LivePhase live = new LivePhase();

    feed(live, s, 0, indexAt(s, cliff - 5));
    assertThat(live.phase()).isEqualTo(LivePhase.Phase.IN_CACHE);
    assertThat(live.describe()).isEqualTo("in cache");
    assertThat(live.floorReached()).isFalse();

    feed(live, s, indexAt(s, cliff - 5), indexAt(s, cliff + 30));
    assertThat(live.phase()).isEqualTo(LivePhase.Phase.AFTER_CLIFF);
    assertThat(live.cliffGB()).isCloseTo(280, within(2.0));
    assertThat(live.describe()).startsWith("after the cliff at 28");
    assertThat(live.floorReached()).as("only 30 s after the cliff").isFalse();

    // 127 MB/s may yet be a folding stage: it must also write three times the cache's 280 GB,
    // or hold for the flat hold time (600 s), whichever comes first.
    feed(live, s, indexAt(s, cliff + 30), indexAt(s, cliff + 590));
    assertThat(live.floorReached()).as("held 590 s, 75 GB").isFalse();
    feed(live, s, indexAt(s, cliff + 590), indexAt(s, cliff + 615));
    assertThat(live.floorReached()).isTrue();
    assertThat(live.floorMBps()).isCloseTo(127, within(6.0));
  }

  @ParameterizedTest
  @ValueSource(doubles = {0.5, 1.0})
  void aFlatCurveMayStopOnlyAfterTenMinutes(double interval) {
    SampleSeries s = ShapeCurves.flat(3, interval, 918, 700, 0.02).series();
    LivePhase live = new LivePhase();

    feed(live, s, 0, indexAt(s, 590));
    assertThat(live.floorReached()).isFalse();
    assertThat(live.phase()).isEqualTo(LivePhase.Phase.IN_CACHE);

    feed(live, s, indexAt(s, 590), s.size());
    assertThat(live.floorReached()).isTrue();
    assertThat(live.phase()).isEqualTo(LivePhase.Phase.STEADY);
    assertThat(live.floorMBps()).isCloseTo(918, within(10.0));
  }

  @ParameterizedTest
  @ValueSource(doubles = {0.25, 1.0})
  void aRecoveryAfterADropIsThrottlingAndNeverAFloorToStopAt(double interval) {
    SampleSeries s = ShapeCurves.thermalRecovering(5, interval, 2, 0.03).series();
    LivePhase live = feed(new LivePhase(), s, 0, s.size());

    assertThat(live.phase()).isEqualTo(LivePhase.Phase.THROTTLING);
    assertThat(live.describe()).isEqualTo("throttling");
    assertThat(live.floorReached()).isFalse();
  }

  @ParameterizedTest
  @ValueSource(doubles = {0.1, 1.0})
  void aNoisyFloorWithinTenPercentStillStops(double interval) {
    // After the WD's 221 GB cache the floor must write 663 GB (586 s at 1132 MB/s) to count.
    SampleSeries s = ShapeCurves.cacheCliff(11, interval, 1524, 221, 1132, 620, 0.05).series();
    LivePhase live = feed(new LivePhase(), s, 0, s.size());

    assertThat(live.phase()).isEqualTo(LivePhase.Phase.AFTER_CLIFF);
    assertThat(live.floorReached()).isTrue();
  }

  /** A QLC drive: 5000 MB/s for 100 GB, a folding stage at 1500 for 200 GB, then 80 MB/s. */
  private static SampleSeries qlc(long seed, double interval) {
    double fold = 100e9 / 5000e6;
    double nativeFrom = fold + 200e9 / 1500e6;
    return ShapeCurves.sample(
        t -> t < fold ? 5000 : t < nativeFrom ? 1500 : 80,
        interval,
        nativeFrom + 700,
        0.04,
        Media.SSD,
        new SplittableRandom(seed));
  }

  @ParameterizedTest
  @ValueSource(doubles = {0.5, 1.0})
  void aFoldingStageIsNeverTheFloorToStopAt(double interval) {
    SampleSeries s = qlc(3, interval);
    double nativeFrom = 100e9 / 5000e6 + 200e9 / 1500e6;
    LivePhase live = new LivePhase();
    for (int i = 0; i < indexAt(s, nativeFrom); i++) {
      live.add(s.intervalSeconds(i), s.bytes(i));
      assertThat(live.floorReached())
          .as("at %.1f s, on the folding stage", s.timeSeconds(i))
          .isFalse();
    }
    assertThat(live.phase()).isEqualTo(LivePhase.Phase.AFTER_CLIFF);
    // Read where the smoothed rate first fell, at most one interval of the fold late (1.5 GB a
    // second), give or take three sigmas of the burst's bytes (4% noise on each of its intervals).
    double burstIntervals = 20 / interval;
    double burstSigmaGB = 0.04 * 5 * interval * Math.sqrt(burstIntervals);
    assertThat(live.cliffGB()).isCloseTo(100, within(1.5 * interval + 3 * burstSigmaGB));
    feed(live, s, indexAt(s, nativeFrom), s.size());
    assertThat(live.stages()).isEqualTo(2);
    assertThat(live.floorReached()).isTrue();
    assertThat(live.floorMBps()).isCloseTo(80, within(5.0));
    assertThat(live.describe())
        .contains("stage 2")
        .contains("floor " + Units.rate(live.floorMBps()) + " held")
        .containsPattern("floor [0-9]+\\.[0-9] MB/s held");
  }

  @ParameterizedTest
  @ValueSource(doubles = {0.5, 1.0})
  void aLaterLastingDropWithdrawsTheFloorThatHeld(double interval) {
    // A small cache (5 GB), a first level long enough to count as the floor, then a lower one.
    SampleSeries s =
        ShapeCurves.sample(
            t -> t < 5 ? 1000 : t < 200 ? 400 : 120,
            interval,
            400,
            0.03,
            Media.SSD,
            new SplittableRandom(5));
    LivePhase live = feed(new LivePhase(), s, 0, indexAt(s, 195));
    assertThat(live.floorReached()).isTrue();
    assertThat(live.floorMBps()).isCloseTo(400, within(20.0));
    feed(live, s, indexAt(s, 195), indexAt(s, 220));
    assertThat(live.floorReached()).as("withdrawn by the drop at 200 s").isFalse();
    assertThat(live.describe()).doesNotContain("held");
    feed(live, s, indexAt(s, 220), s.size());
    assertThat(live.floorReached()).isTrue();
    assertThat(live.floorMBps()).isCloseTo(120, within(8.0));
  }
}
