package dev.sustain.sampling;

import static dev.sustain.testing.Generators.intBetween;
import static dev.sustain.testing.Generators.listOf;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.engine.NullEngine;
import dev.sustain.run.RunStatus;
import dev.sustain.run.Runner;
import dev.sustain.testing.SamplerRig;
import dev.sustain.testing.Seeded;
import dev.sustain.testing.Seeds;
import dev.sustain.testing.TestJobs;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SamplerTest {

  private static final long SECOND = 1_000_000_000L;

  @Test
  void emptyIntervalsAreRowsOfZerosNotGaps() {
    SamplerRig rig = SamplerRig.every(SECOND);
    rig.sampler().begin();

    rig.after(SECOND, 5_000_000, 1_000_000);
    rig.clock().advance(SECOND); // a stalled second: nothing completes
    rig.sampler().sample(true);
    rig.after(SECOND, 3_000_000, 2_000_000);

    assertThat(rig.rows()).hasSize(3);
    assertThat(rig.rows().get(0).megabytesPerSecond()).isEqualTo(5.0);
    assertThat(rig.rows().get(1).bytes()).isZero();
    assertThat(rig.rows().get(1).megabytesPerSecond()).isZero();
    assertThat(rig.rows().get(1).operations()).isZero();
    assertThat(rig.rows().get(1).latP50Millis()).isNaN();
    assertThat(rig.rows().get(2).bytes()).isEqualTo(3_000_000);
    assertThat(rig.rows()).extracting(SampleRow::timeSeconds).containsExactly(1.0, 2.0, 3.0);
    assertThat(rig.rows().get(0).cpuPercent()).isEqualTo(50.0);
    assertThat(rig.rows().get(0).latP50Millis()).isBetween(0.99, 1.01);
  }

  @Test
  void boundariesStayOnAbsoluteTimeWhenWakeUpsAreLate() {
    SamplerRig rig = SamplerRig.every(SECOND);
    rig.sampler().begin();
    long start = rig.sampler().startNanos();
    SampleRow late = rig.after(SECOND + 300_000_000L, 1_300_000, 1000); // woke 300 ms late
    // The next boundary is still start + 2 s, not late + 1 s: no drift.
    assertThat(rig.sampler().nextDueNanos()).isEqualTo(start + 2 * SECOND);
    // The row's time is when it was made, and its rate is over that real length.
    assertThat(late.timeSeconds()).isEqualTo(1.3);
    assertThat(late.megabytesPerSecond()).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-9));
    SampleRow next = rig.after(SECOND - 250_000_000L, 700_000, 1000); // the next one 50 ms late
    assertThat(next.timeSeconds()).isEqualTo(2.05);
    assertThat(next.intervalSeconds()).isCloseTo(0.75, org.assertj.core.data.Offset.offset(1e-12));
    assertThat(next.megabytesPerSecond())
        .isCloseTo(700_000 / 0.75 / 1e6, org.assertj.core.data.Offset.offset(1e-9));
  }

  @Test
  void aFinalSliverWithNothingInItIsNotReportedAsAStall() {
    SamplerRig rig = SamplerRig.every(SECOND);
    rig.sampler().begin();
    rig.after(SECOND, 10, 1);
    rig.clock().advance(SECOND / 50);
    assertThat(rig.sampler().sampleFinal()).isNull();
    rig.clock().advance(SECOND / 2);
    assertThat(rig.sampler().sampleFinal()).isNotNull(); // half a second of nothing is a real stall
  }

  /**
   * The null engine through the real runner, with the sampler taking rows at arbitrary moments: the
   * rows' bytes add up exactly to the run's total.
   */
  @Seeded(50)
  void rowsAddUpExactlyToTheTotal(long seed) {
    Seeds.withSeed(
        seed,
        r ->
            rowsAddUpExactlyToTheTotal(
                intBetween(r, 1, 64),
                intBetween(r, 1, 300),
                listOf(r, 1, 20, steps -> intBetween(steps, 0, 3))));
  }

  private static void rowsAddUpExactlyToTheTotal(
      int queueDepth, int requests, List<Integer> stepsBetweenRows) throws Exception {
    SamplerRig rig = SamplerRig.every(SECOND);
    rig.sampler().begin();
    int blockBytes = 4096;
    Runner.Job job =
        TestJobs.writeOf((long) requests * blockBytes - 100, blockBytes, queueDepth, 512);
    // Every call of the stop check moves the clock and sometimes takes a row.
    int[] calls = {0};
    NullEngine engine = new NullEngine();
    engine.open(null, null, queueDepth);
    Runner.Outcome outcome =
        new Runner(rig.clock())
            .run(
                engine,
                job,
                rig.counters(),
                () -> {
                  rig.clock().advance(SECOND / 3);
                  int steps = stepsBetweenRows.get(calls[0]++ % stepsBetweenRows.size());
                  for (int i = 0; i < steps; i++) {
                    rig.sampler().sample(true);
                  }
                  return false;
                });
    rig.sampler().sampleFinal();
    long sum = rig.rows().stream().mapToLong(SampleRow::bytes).sum();
    // The last request is rounded up to the 512-byte alignment: at most one block more.
    long expected =
        dev.sustain.unit.ByteSize.ofBytes((long) requests * blockBytes - 100)
            .roundUpTo(512)
            .bytes();
    assertThat(outcome.end()).isEqualTo(RunStatus.COMPLETE);
    assertThat(outcome.bytes()).isEqualTo(expected);
    assertThat(sum).isEqualTo(outcome.bytes()).isEqualTo(rig.counters().bytes());
  }

  /**
   * The process's CPU time comes in 10 ms clock ticks: over a row of 1.3 ms one tick reads as 769%
   * of a core, on a machine of 2 ("all 2 cores busy" for a 4 KiB write). A row shorter than the
   * shortest interval a run may choose leaves the CPU empty; a second's row reads it to a tick.
   */
  @Test
  void aRowTooShortForTheCpuClocksTicksHasNoCpuFigure() {
    SamplerRig.FakeClock clock = new SamplerRig.FakeClock();
    long tickNanos = 10_000_000L;
    // Half a core busy, counted in whole ticks as the kernel counts it.
    CpuClock ticks = () -> clock.nanoTime() / 2 / tickNanos * tickNanos;
    RunCounters counters = new RunCounters();
    Sampler sampler =
        new Sampler(clock, ticks, counters, TemperatureSensor.NONE, List.of(), SECOND);
    List<SampleRow> rows = new ArrayList<>();
    sampler.addListener(rows::add);
    clock.advance(tickNanos * 2 - 600_000); // the next 1.3 ms cross a tick of the CPU clock
    sampler.begin();
    clock.advance(1_300_000);
    counters.completed(4096, 300_000);
    sampler.sample(true);
    clock.advance(SECOND);
    counters.completed(4096, 300_000);
    sampler.sample(true);

    assertThat(rows).hasSize(2);
    assertThat(rows.get(0).cpuPercent()).as("a 1.3 ms row").isNaN();
    assertThat(rows.get(1).cpuPercent()).as("a second's row").isBetween(49.0, 51.0);
  }
}
