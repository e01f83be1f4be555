package dev.sustain.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The shared-ceiling rules on synthetic groups with known truth, over seeded random parameters. */
class SharedCeilingDetectorTest {

  static LongStream seeds() {
    return LongStream.range(0, 60);
  }

  @ParameterizedTest
  @MethodSource("seeds")
  void aSharedCeilingIsFoundWithinFivePercentFromSoloRates(long seed) {
    SyntheticGroups.Truth t =
        SyntheticGroups.make(seed, new SyntheticGroups.Spec(true, true, false, false));
    GroupVerdict v = SharedCeilingDetector.detect(t.curves());
    assertThat(v.kind()).as(t.text() + " -> " + v).isEqualTo(GroupVerdict.Kind.SHARED_CEILING);
    assertThat(v.reason()).as(t.text()).isEqualTo(GroupVerdict.Reason.HELD_BELOW_SOLO);
    assertThat(v.ceilingMBps()).as(t.text()).isCloseTo(t.ceilingMBps(), withinPercent(5));
    assertThat(v.sumHeldWithin()).as(t.text()).isLessThanOrEqualTo(0.05);
    assertThat(v.drags()).as(t.text()).isEmpty();
  }

  @ParameterizedTest
  @MethodSource("seeds")
  void aCeilingHandedOutInSlicesIsFoundAndItsTradeIsNoDrag(long seed) {
    SyntheticGroups.Truth t =
        SyntheticGroups.make(seed, new SyntheticGroups.Spec(true, true, false, false, true));
    GroupVerdict v = SharedCeilingDetector.detect(t.curves());
    assertThat(v.kind()).as(t.text() + " -> " + v).isEqualTo(GroupVerdict.Kind.SHARED_CEILING);
    assertThat(v.ceilingMBps()).as(t.text()).isCloseTo(t.ceilingMBps(), withinPercent(5));
    assertThat(v.drags()).as(t.text() + " -> " + v).isEmpty();
  }

  @ParameterizedTest
  @MethodSource("seeds")
  void noCeilingIsClaimedWhenEachTargetIsLimitedOnItsOwn(long seed) {
    SyntheticGroups.Truth t =
        SyntheticGroups.make(seed, new SyntheticGroups.Spec(false, true, false, false));
    GroupVerdict v = SharedCeilingDetector.detect(t.curves());
    assertThat(v.kind()).as(t.text() + " -> " + v).isEqualTo(GroupVerdict.Kind.NONE);
    assertThat(v.reason()).as(t.text()).isEqualTo(GroupVerdict.Reason.AT_SOLO_RATES);
    assertThat(v.ceilingMBps()).as(t.text()).isNull();
    assertThat(v.shares())
        .as(t.text())
        .allSatisfy(s -> assertThat(s.ofSolo()).as(t.text()).isBetween(0.85, 1.15));
  }

  @ParameterizedTest
  @MethodSource("seeds")
  void ownCacheCliffsAreNotMistakenForASharedCeilingNorForDrags(long seed) {
    SyntheticGroups.Truth t =
        SyntheticGroups.make(seed, new SyntheticGroups.Spec(false, true, true, false));
    GroupVerdict v = SharedCeilingDetector.detect(t.curves());
    assertThat(v.kind()).as(t.text() + " -> " + v).isNotEqualTo(GroupVerdict.Kind.SHARED_CEILING);
    assertThat(v.drags()).as(t.text()).isEmpty();
  }

  @ParameterizedTest
  @MethodSource("seeds")
  void aHostThatHiccupsHidesNeitherACeilingNorItsAbsence(long seed) {
    SyntheticGroups.Truth shared =
        SyntheticGroups.make(
            seed, new SyntheticGroups.Spec(true, true, false, false, false, false, true));
    GroupVerdict v = SharedCeilingDetector.detect(shared.curves());
    assertThat(v.kind()).as(shared.text() + " -> " + v).isEqualTo(GroupVerdict.Kind.SHARED_CEILING);
    assertThat(v.ceilingMBps()).as(shared.text()).isCloseTo(shared.ceilingMBps(), withinPercent(5));
    SyntheticGroups.Truth own =
        SyntheticGroups.make(
            seed, new SyntheticGroups.Spec(false, true, false, false, false, false, true));
    GroupVerdict w = SharedCeilingDetector.detect(own.curves());
    assertThat(w.kind()).as(own.text() + " -> " + w).isEqualTo(GroupVerdict.Kind.NONE);
    assertThat(w.reason()).as(own.text() + " -> " + w).isEqualTo(GroupVerdict.Reason.AT_SOLO_RATES);
  }

  @ParameterizedTest
  @MethodSource("seeds")
  void drivesDecliningOnTheirOwnAreNotASharedCeiling(long seed) {
    SyntheticGroups.Truth t =
        SyntheticGroups.make(
            seed, new SyntheticGroups.Spec(false, true, false, false, false, true, false));
    GroupVerdict v = SharedCeilingDetector.detect(t.curves());
    assertThat(v.kind()).as(t.text() + " -> " + v).isNotEqualTo(GroupVerdict.Kind.SHARED_CEILING);
    assertThat(v.drags()).as(t.text()).isEmpty();
  }

  @ParameterizedTest
  @MethodSource("seeds")
  void aTargetWhoseCliffHandsItsShareToTheOthersDragsThem(long seed) {
    SyntheticGroups.Truth t =
        SyntheticGroups.make(seed, new SyntheticGroups.Spec(true, true, false, true));
    GroupVerdict v = SharedCeilingDetector.detect(t.curves());
    assertThat(v.kind()).as(t.text() + " -> " + v).isEqualTo(GroupVerdict.Kind.SHARED_CEILING);
    assertThat(v.ceilingMBps()).as(t.text()).isCloseTo(t.ceilingMBps(), withinPercent(5));
    assertThat(v.endSeconds()).as(t.text()).isLessThanOrEqualTo(t.dragSeconds());
    if (Boolean.TRUE.equals(t.drags())) {
      assertThat(v.drags()).as(t.text() + " -> " + v).hasSize(1);
      GroupVerdict.Drag d = v.drags().getFirst();
      assertThat(d.name()).as(t.text()).isEqualTo(t.dragName());
      assertThat(d.stall()).as(t.text()).isFalse();
      assertThat(d.atSeconds())
          .as(t.text())
          .isCloseTo(t.dragSeconds(), org.assertj.core.data.Offset.offset(1e-9));
      assertThat(d.othersAfterMBps()).as(t.text()).isGreaterThan(d.othersBeforeMBps());
    } else if (Boolean.FALSE.equals(t.drags())) {
      assertThat(v.drags()).as(t.text() + " -> " + v).isEmpty();
    }
  }

  @ParameterizedTest
  @MethodSource("seeds")
  void withoutSoloRatesACeilingShowsOnlyWhenTheTargetsTradeIt(long seed) {
    SyntheticGroups.Truth shared =
        SyntheticGroups.make(seed, new SyntheticGroups.Spec(true, false, false, false));
    GroupVerdict v = SharedCeilingDetector.detect(shared.curves());
    assertThat(v.kind()).as(shared.text() + " -> " + v).isEqualTo(GroupVerdict.Kind.SHARED_CEILING);
    assertThat(v.reason()).as(shared.text()).isEqualTo(GroupVerdict.Reason.HELD_AND_TRADED);
    assertThat(v.ceilingMBps()).as(shared.text()).isCloseTo(shared.ceilingMBps(), withinPercent(5));

    SyntheticGroups.Truth own =
        SyntheticGroups.make(seed, new SyntheticGroups.Spec(false, false, false, false));
    GroupVerdict w = SharedCeilingDetector.detect(own.curves());
    assertThat(w.kind()).as(own.text() + " -> " + w).isEqualTo(GroupVerdict.Kind.UNDETERMINED);
    assertThat(w.reason()).as(own.text()).isEqualTo(GroupVerdict.Reason.NO_SOLO_RATES);
  }

  @Test
  void theIssuesExampleFourDrivesOnOneHub() {
    // Four drives write 350 MB/s alone and 230 together: the hub caps the total at ~920.
    int m = 30;
    double[] time = new double[m];
    double[][] rate = new double[4][m];
    for (int k = 0; k < m; k++) {
      time[k] = k + 1;
      for (int i = 0; i < 4; i++) {
        rate[i][k] = 230 + ((k + i) % 3 - 1) * 4 * (i % 2 == 0 ? 1 : -1);
      }
    }
    GroupCurves g =
        new GroupCurves(
            List.of("a", "b", "c", "d"), 1, time, rate, new double[] {350, 350, 350, 350}, nan(4));
    GroupVerdict v = SharedCeilingDetector.detect(g);
    assertThat(v.kind()).isEqualTo(GroupVerdict.Kind.SHARED_CEILING);
    assertThat(v.ceilingMBps()).isCloseTo(920, withinPercent(1));
    assertThat(v.shares()).allSatisfy(s -> assertThat(s.ofSolo()).isBetween(0.6, 0.7));
    assertThat(v.startSeconds()).isEqualTo(1);
    assertThat(v.endSeconds()).isEqualTo(m - 1);
  }

  @Test
  void aStallThatTheOthersFillIsADrag() {
    int m = 30;
    double[] time = new double[m];
    double[][] rate = new double[2][m];
    for (int k = 0; k < m; k++) {
      time[k] = k + 1;
      boolean stalled = k == 12 || k == 13;
      rate[0][k] = stalled ? 0 : 200;
      rate[1][k] = stalled ? 390 : 200;
    }
    GroupVerdict v =
        SharedCeilingDetector.detect(
            new GroupCurves(List.of("a", "b"), 1, time, rate, new double[] {400, 400}, nan(2)));
    assertThat(v.drags()).hasSize(1);
    assertThat(v.drags().getFirst().name()).isEqualTo("a");
    assertThat(v.drags().getFirst().stall()).isTrue();
    assertThat(v.drags().getFirst().atSeconds()).isEqualTo(12);
    assertThat(v.drags().getFirst().othersAfterMBps()).isEqualTo(390);
  }

  @Test
  void tooShortOrAloneSaysSo() {
    double[] time = {1, 2, 3, 4, 5};
    double[][] two = {{100, 100, 100, 100, 100}, {100, 100, 100, 100, 100}};
    GroupVerdict shortOne =
        SharedCeilingDetector.detect(
            new GroupCurves(List.of("a", "b"), 1, time, two, new double[] {200, 200}, nan(2)));
    assertThat(shortOne.kind()).isEqualTo(GroupVerdict.Kind.UNDETERMINED);
    assertThat(shortOne.reason()).isEqualTo(GroupVerdict.Reason.TOO_SHORT);
    assertThat(shortOne.ceilingMBps()).isNull();
    GroupVerdict alone =
        SharedCeilingDetector.detect(
            new GroupCurves(
                List.of("a"), 1, time, new double[][] {two[0]}, new double[] {1}, nan(1)));
    assertThat(alone.reason()).isEqualTo(GroupVerdict.Reason.ONE_TARGET);
  }

  @Test
  void aCliffThatIsAnotherTargetsArrivalDoesNotEndTheStretch() {
    // b starts 10 s after a; a's own analysis sees its rate fall there, which is b's arrival.
    int m = 40;
    double[] time = new double[m];
    double[][] rate = new double[2][m];
    for (int k = 0; k < m; k++) {
      time[k] = k + 1;
      rate[0][k] = k < 10 ? 400 : 200 + (k % 2 == 0 ? 5 : -5);
      rate[1][k] = k < 10 ? Double.NaN : 200 - (k % 2 == 0 ? 5 : -5);
    }
    GroupVerdict v =
        SharedCeilingDetector.detect(
            new GroupCurves(
                List.of("a", "b"), 1, time, rate, new double[] {400, 400}, new double[] {10, 1e9}));
    assertThat(v.kind()).isEqualTo(GroupVerdict.Kind.SHARED_CEILING);
    assertThat(v.ceilingMBps()).isCloseTo(400, withinPercent(1));
    assertThat(v.startSeconds()).isEqualTo(11);
  }

  private static org.assertj.core.data.Percentage withinPercent(double p) {
    return org.assertj.core.data.Percentage.withPercentage(p);
  }

  private static double[] nan(int n) {
    double[] x = new double[n];
    Arrays.fill(x, Double.NaN);
    return x;
  }
}
