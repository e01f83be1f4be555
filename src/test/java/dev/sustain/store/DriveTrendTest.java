package dev.sustain.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.store.DriveTrend.Direction;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class DriveTrendTest {

  private static final Instant T0 = Instant.parse("2026-02-01T12:00:00Z");

  /** Runs on one drive, one a day, with these floors, oldest first. */
  private static List<RunRecord> floors(String shape, double... floors) {
    List<RunRecord> runs = new ArrayList<>();
    for (int i = 0; i < floors.length; i++) {
      runs.add(
          RunRecords.run(
              "r" + i,
              RunRecords.KINGSTON,
              T0.plusSeconds(86_400L * i),
              floors[i],
              floors[i],
              shape));
    }
    // Newest first, as the store returns them: the rule must not depend on the order given.
    java.util.Collections.reverse(runs);
    return runs;
  }

  @Test
  void theNoTrimDriveFallsAndIsToldToTrim() {
    DriveTrend.Trend t = DriveTrend.of(floors("gc-erratic", 972, 720, 470));
    assertThat(t.direction()).isEqualTo(Direction.FELL);
    assertThat(t.runs()).isEqualTo(3);
    assertThat(t.sentence())
        .isEqualTo(
            "the floor fell from 972 to 470 MB/s over 3 runs: the drive is running out of free"
                + " blocks; TRIM it (or use a format that issues UNMAP)");
  }

  @Test
  void aFallThatEndsInThrottlingBlamesHeat() {
    DriveTrend.Trend t = DriveTrend.of(floors("thermal-throttle", 863, 700, 445));
    assertThat(t.direction()).isEqualTo(Direction.FELL);
    assertThat(t.sentence()).contains("heat").doesNotContain("TRIM");
  }

  @Test
  void aFallOfLessThanFifteenPercentIsHeld() {
    // 14% down in small steps: within the band, so "held", not "fell".
    DriveTrend.Trend t = DriveTrend.of(floors("flat", 1000, 950, 900, 870));
    assertThat(t.direction()).isEqualTo(Direction.HELD);
    assertThat(t.sentence())
        .isEqualTo("the floor held at 870-1000 MB/s over 4 runs: no degradation");
    // 15% exactly is a fall.
    assertThat(DriveTrend.of(floors("flat", 1000, 850)).direction()).isEqualTo(Direction.FELL);
  }

  @Test
  void aRiseInTheMiddleBreaksTheSteadyFall() {
    // 972 -> 400 -> 900 -> 470: overall down 52%, but one step up of 125%: not a steady fall.
    DriveTrend.Trend t = DriveTrend.of(floors("gc-erratic", 972, 400, 900, 470));
    assertThat(t.direction()).isEqualTo(Direction.VARIED);
    assertThat(t.sentence()).startsWith("the floor varied between 400 and 972 MB/s over 4 runs");
  }

  @Test
  void aTrimmedDriveRises() {
    DriveTrend.Trend t = DriveTrend.of(floors("flat", 470, 972));
    assertThat(t.direction()).isEqualTo(Direction.ROSE);
    assertThat(t.sentence())
        .startsWith("the floor rose from 470 to 972 MB/s over 2 runs: the drive recovered");
  }

  @Test
  void onlyTheLastFiveRunsCount() {
    // An old high floor seven runs back no longer counts: the last five are flat.
    DriveTrend.Trend t = DriveTrend.of(floors("flat", 2000, 1900, 918, 920, 925, 913, 928));
    assertThat(t.direction()).isEqualTo(Direction.HELD);
    assertThat(t.runs()).isEqualTo(5);
    assertThat(t.firstMBps()).isEqualTo(918);
  }

  @Test
  void unfinishedRunsAndVerifiesAreLeftOut() {
    List<RunRecord> runs = new ArrayList<>(floors("gc-erratic", 972, 470));
    RunRecord failed =
        RunRecords.run(
            "f", RunRecords.KINGSTON, T0.plusSeconds(999_999), 100.0, 100.0, "gc-erratic");
    runs.add(RunRecords.bare(failed, failed.command(), "failed", "I/O error", failed.figures()));
    RunRecord verify =
        RunRecords.run("v", RunRecords.KINGSTON, T0.plusSeconds(999_998), 3000.0, 3000.0, "flat");
    runs.add(RunRecords.bare(verify, "verify", "complete", null, verify.figures()));
    DriveTrend.Trend t = DriveTrend.of(runs);
    assertThat(t.runs()).isEqualTo(2);
    assertThat(t.lastMBps()).isEqualTo(470);
  }

  @Test
  void runsTooShortToLeaveTheCacheAreLeftOut() {
    List<RunRecord> runs = new ArrayList<>(floors("flat", 972));
    RunRecord quick =
        RunRecords.run("q", RunRecords.KINGSTON, T0.plusSeconds(999_999), 400.0, 400.0, "flat");
    RunRecord.Figures f = quick.figures();
    RunRecord.Figures oneSecond =
        new RunRecord.Figures(
            400_000_000L, 1.0, 400.0, f.burstMBps(), null, null, 400.0, null, "flat");
    runs.add(RunRecords.bare(quick, "write", "complete", null, oneSecond));
    DriveTrend.Trend t = DriveTrend.of(runs);
    assertThat(t.direction()).isEqualTo(Direction.NO_TREND);
    assertThat(t.runs()).isEqualTo(1);
    assertThat(DriveTrend.of(List.of(runs.get(1))).sentence())
        .isEqualTo("no completed write run of 30 s or more yet: no trend");
  }

  @Test
  void fewerThanTwoRunsHaveNoTrend() {
    assertThat(DriveTrend.of(List.of()).direction()).isEqualTo(Direction.NO_TREND);
    DriveTrend.Trend one = DriveTrend.of(floors("flat", 918));
    assertThat(one.direction()).isEqualTo(Direction.NO_TREND);
    assertThat(one.sentence()).isEqualTo("one run so far (floor 918 MB/s): no trend yet");
  }

  @Test
  void memoryGetsNoDrivesAdvice() {
    Drive tmpfs = Drive.of(null, null, null, null, null, "lab1", "/dev/shm/a", "/dev/shm", "tmpfs");
    List<RunRecord> runs = new ArrayList<>();
    double[] rates = {1476, 1769};
    for (int i = 0; i < rates.length; i++) {
      runs.add(RunRecords.run("m" + i, tmpfs, T0.plusSeconds(60L * i), rates[i], rates[i], "flat"));
    }
    DriveTrend.Trend t = DriveTrend.of(runs);
    assertThat(t.direction()).isEqualTo(Direction.ROSE);
    assertThat(t.sentence())
        .startsWith(
            "the floor rose from 1476 to 1769 MB/s over 2 runs: this is memory, not a drive")
        .doesNotContain("TRIM");
  }
}
