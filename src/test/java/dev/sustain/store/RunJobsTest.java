package dev.sustain.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.job.Job;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A drive's trend and last floor compare like with like: a 64 KiB QD1 test among a drive's 1 MiB
 * QD32 runs measures another thing, so it moves neither.
 */
class RunJobsTest {

  private static final Instant T0 = Instant.parse("2026-11-01T08:00:00Z");

  static final String BIG = "{\"bs_bytes\":1048576,\"qd\":32,\"direct\":true,\"engine\":\"uring\"}";
  static final String SMALL = "{\"bs_bytes\":65536,\"qd\":1,\"direct\":true,\"engine\":\"uring\"}";

  static RunRecord run(int day, double floor, String params) {
    RunRecord r =
        RunRecords.run(
            "r" + day, RunRecords.KINGSTON, T0.plusSeconds(86_400L * day), floor, floor, "flat");
    return RunRecords.with(r, f -> f.paramsJson = params);
  }

  /** Three 1 MiB QD32 runs near 1,500 MB/s, then the newest: a 64 KiB QD1 run at 3.6 MB/s. */
  static List<RunRecord> mixed() {
    List<RunRecord> runs = new ArrayList<>();
    runs.add(run(3, 3.6, SMALL));
    runs.add(run(2, 1480, BIG));
    runs.add(run(1, 1510, BIG));
    runs.add(run(0, 1500, BIG));
    return runs; // newest first, as the store gives them
  }

  @Test
  void theSmallRunMovesNeitherTheLastFloorNorTheTrend() {
    List<RunRecord> runs = mixed();
    Job common = RunJobs.commonJob(runs);
    assertThat(common.label()).isEqualTo("write 1 MiB QD32 direct (uring, file)");
    assertThat(RunJobs.lastFloor(runs, common)).isEqualTo(1480.0);
    DriveTrend.Trend t = DriveTrend.of(runs, common);
    assertThat(t.direction()).isEqualTo(DriveTrend.Direction.HELD);
    assertThat(t.runs()).isEqualTo(3);
    assertThat(t.lastMBps()).isEqualTo(1480.0);
    // Without the job rule the small run is the last floor and the drive "fell": what it did.
    assertThat(DriveTrend.of(runs).direction()).isEqualTo(DriveTrend.Direction.FELL);
    assertThat(RunJobs.lastFloor(runs, null)).isEqualTo(3.6);
  }

  @Test
  void thePickedJobIsTheOnlyOneLookedAt() {
    List<RunRecord> runs = mixed();
    Job small = RunJobs.of(runs.getFirst());
    assertThat(small.sameAs(RunJobs.commonJob(runs))).isFalse();
    assertThat(RunJobs.lastFloor(runs, small)).isEqualTo(3.6);
    assertThat(DriveTrend.of(runs, small).runs()).isEqualTo(1);
    assertThat(RunJobs.jobs(runs))
        .extracting(e -> e.getKey().label() + " x" + e.getValue())
        .containsExactly(
            "write 1 MiB QD32 direct (uring, file) x3", "write 64 KiB QD1 direct (uring, file) x1");
  }

  @Test
  void aTieGoesToTheNewestRunsJob() {
    List<RunRecord> runs = List.of(run(1, 3.6, SMALL), run(0, 1500, BIG));
    assertThat(RunJobs.commonJob(runs).requestBytes().getAsLong()).isEqualTo(65536);
  }

  /**
   * {@code w} as run {@code id} of {@code command} into {@code targetPath}, nothing else stored.
   */
  private static RunRecord writingTo(RunRecord w, String id, String command, String targetPath) {
    return RunRecords.with(
        w,
        f -> {
          f.bare();
          f.runId = id;
          f.command = command;
          f.paramsJson = BIG;
          f.error = null;
          f.targetPath = targetPath;
        });
  }

  @Test
  void copyAndFillWriteToAFolderAndADeviceIsADevice() {
    RunRecord w = run(0, 1500, BIG);
    RunRecord fill = writingTo(w, "f", "fill", "/mnt/x");
    RunRecord device = writingTo(w, "d", "write", "/dev/nvme0n1");
    RunRecord shm = writingTo(w, "s", "write", "/dev/shm/t");
    assertThat(RunJobs.of(fill).targetKind()).contains("folder");
    assertThat(RunJobs.of(device).targetKind()).contains("device");
    assertThat(RunJobs.of(shm).targetKind()).contains("file");
  }
}
