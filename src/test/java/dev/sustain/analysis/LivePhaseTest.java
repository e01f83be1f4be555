package dev.sustain.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

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
  void aCliffIsNamedAtItsSizeAndTheFloorMayStopOnceItHeldSixtySeconds(double interval) {
    SampleSeries s = SyntheticCurves.cacheCliff(7, interval, 2555, 280, 127, 300, 0.03).series();
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

    feed(live, s, indexAt(s, cliff + 30), indexAt(s, cliff + 70));
    assertThat(live.floorReached()).isTrue();
    assertThat(live.floorMBps()).isCloseTo(127, within(6.0));
  }

  @ParameterizedTest
  @ValueSource(doubles = {0.5, 1.0})
  void aFlatCurveMayStopOnlyAfterTenMinutes(double interval) {
    SampleSeries s = SyntheticCurves.flat(3, interval, 918, 700, 0.02).series();
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
    SampleSeries s = SyntheticCurves.thermalRecovering(5, interval, 2, 0.03).series();
    LivePhase live = feed(new LivePhase(), s, 0, s.size());

    assertThat(live.phase()).isEqualTo(LivePhase.Phase.THROTTLING);
    assertThat(live.describe()).isEqualTo("throttling");
    assertThat(live.floorReached()).isFalse();
  }

  @ParameterizedTest
  @ValueSource(doubles = {0.1, 1.0})
  void aNoisyFloorWithinTenPercentStillStops(double interval) {
    SampleSeries s = SyntheticCurves.cacheCliff(11, interval, 1524, 221, 1132, 200, 0.05).series();
    LivePhase live = feed(new LivePhase(), s, 0, s.size());

    assertThat(live.phase()).isEqualTo(LivePhase.Phase.AFTER_CLIFF);
    assertThat(live.floorReached()).isTrue();
  }
}
