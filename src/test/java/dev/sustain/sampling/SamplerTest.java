package dev.sustain.sampling;

import static dev.sustain.testing.Generators.intBetween;
import static dev.sustain.testing.Generators.listOf;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.engine.NullEngine;
import dev.sustain.pattern.DataPattern;
import dev.sustain.run.RunStatus;
import dev.sustain.run.Runner;
import dev.sustain.testing.Seeds;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class SamplerTest {

  /** A clock that moves only when told to. */
  static final class FakeClock implements NanoClock, CpuClock {
    final AtomicLong now = new AtomicLong(1_000_000_000L);

    @Override
    public long nanoTime() {
      return now.get();
    }

    @Override
    public long cpuNanos() {
      return now.get() / 2; // half a core busy, always
    }

    void advance(long nanos) {
      now.addAndGet(nanos);
    }
  }

  private static final long SECOND = 1_000_000_000L;

  @Test
  void emptyIntervalsAreRowsOfZerosNotGaps() {
    FakeClock clock = new FakeClock();
    RunCounters counters = new RunCounters();
    Sampler sampler =
        new Sampler(clock, clock, counters, TemperatureSensor.NONE, List.of(), SECOND);
    List<SampleRow> rows = new ArrayList<>();
    sampler.addListener(rows::add);
    sampler.begin();

    clock.advance(SECOND);
    counters.completed(5_000_000, 1_000_000);
    sampler.sample(true);
    clock.advance(SECOND); // a stalled second: nothing completes
    sampler.sample(true);
    clock.advance(SECOND);
    counters.completed(3_000_000, 2_000_000);
    sampler.sample(true);

    assertThat(rows).hasSize(3);
    assertThat(rows.get(0).megabytesPerSecond()).isEqualTo(5.0);
    assertThat(rows.get(1).bytes()).isZero();
    assertThat(rows.get(1).megabytesPerSecond()).isZero();
    assertThat(rows.get(1).operations()).isZero();
    assertThat(rows.get(1).latP50Millis()).isNaN();
    assertThat(rows.get(2).bytes()).isEqualTo(3_000_000);
    assertThat(rows).extracting(SampleRow::timeSeconds).containsExactly(1.0, 2.0, 3.0);
    assertThat(rows.get(0).cpuPercent()).isEqualTo(50.0);
    assertThat(rows.get(0).latP50Millis()).isBetween(0.99, 1.01);
  }

  @Test
  void boundariesStayOnAbsoluteTimeWhenWakeUpsAreLate() {
    FakeClock clock = new FakeClock();
    RunCounters counters = new RunCounters();
    Sampler sampler =
        new Sampler(clock, clock, counters, TemperatureSensor.NONE, List.of(), SECOND);
    sampler.begin();
    long start = sampler.startNanos();
    clock.advance(SECOND + 300_000_000L); // woke 300 ms late
    counters.completed(1_300_000, 1000);
    SampleRow late = sampler.sample(true);
    // The next boundary is still start + 2 s, not late + 1 s: no drift.
    assertThat(sampler.nextDueNanos()).isEqualTo(start + 2 * SECOND);
    // The row's time is when it was made, and its rate is over that real length.
    assertThat(late.timeSeconds()).isEqualTo(1.3);
    assertThat(late.megabytesPerSecond()).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-9));
    clock.advance(SECOND - 250_000_000L); // the next one 50 ms late
    counters.completed(700_000, 1000);
    SampleRow next = sampler.sample(true);
    assertThat(next.timeSeconds()).isEqualTo(2.05);
    assertThat(next.intervalSeconds()).isCloseTo(0.75, org.assertj.core.data.Offset.offset(1e-12));
    assertThat(next.megabytesPerSecond())
        .isCloseTo(700_000 / 0.75 / 1e6, org.assertj.core.data.Offset.offset(1e-9));
  }

  @Test
  void aFinalSliverWithNothingInItIsNotReportedAsAStall() {
    FakeClock clock = new FakeClock();
    RunCounters counters = new RunCounters();
    Sampler sampler =
        new Sampler(clock, clock, counters, TemperatureSensor.NONE, List.of(), SECOND);
    sampler.begin();
    clock.advance(SECOND);
    counters.completed(10, 1);
    sampler.sample(true);
    clock.advance(SECOND / 50);
    assertThat(sampler.sampleFinal()).isNull();
    clock.advance(SECOND / 2);
    assertThat(sampler.sampleFinal()).isNotNull(); // half a second of nothing is a real stall
  }

  /**
   * The null engine through the real runner, with the sampler taking rows at arbitrary moments: the
   * rows' bytes add up exactly to the run's total.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void rowsAddUpExactlyToTheTotal(long seed) {
    Seeds.withSeed(
        seed,
        r ->
            rowsAddUpExactlyToTheTotal(
                intBetween(r, 1, 64),
                intBetween(r, 1, 300),
                listOf(r, 1, 20, steps -> intBetween(steps, 0, 3))));
  }

  static LongStream seeds() {
    return Seeds.first(50);
  }

  private static void rowsAddUpExactlyToTheTotal(
      int queueDepth, int requests, List<Integer> stepsBetweenRows) throws Exception {
    FakeClock clock = new FakeClock();
    RunCounters counters = new RunCounters();
    Sampler sampler =
        new Sampler(clock, clock, counters, TemperatureSensor.NONE, List.of(), SECOND);
    List<SampleRow> rows = new ArrayList<>();
    sampler.addListener(rows::add);
    sampler.begin();
    int blockBytes = 4096;
    DataPattern zeros =
        new DataPattern() {
          @Override
          public String name() {
            return "zeros";
          }

          @Override
          public MemorySegment bytesFor(long offset, int length, MemorySegment slot) {
            return slot;
          }
        };
    Runner.Job job =
        new Runner.Job(
            0,
            (long) requests * blockBytes - 100,
            (long) requests * blockBytes - 100,
            -1,
            blockBytes,
            queueDepth,
            512,
            zeros,
            true,
            10 * SECOND);
    // Every call of the stop check moves the clock and sometimes takes a row.
    int[] calls = {0};
    NullEngine engine = new NullEngine();
    engine.open(null, null, queueDepth);
    Runner.Outcome outcome =
        new Runner(clock)
            .run(
                engine,
                job,
                counters,
                () -> {
                  clock.advance(SECOND / 3);
                  int steps = stepsBetweenRows.get(calls[0]++ % stepsBetweenRows.size());
                  for (int i = 0; i < steps; i++) {
                    sampler.sample(true);
                  }
                  return false;
                });
    sampler.sampleFinal();
    long sum = rows.stream().mapToLong(SampleRow::bytes).sum();
    // The last request is rounded up to the 512-byte alignment: at most one block more.
    long expected =
        dev.sustain.unit.ByteSize.ofBytes((long) requests * blockBytes - 100)
            .roundUpTo(512)
            .bytes();
    assertThat(outcome.end()).isEqualTo(RunStatus.COMPLETE);
    assertThat(outcome.bytes()).isEqualTo(expected);
    assertThat(sum).isEqualTo(outcome.bytes()).isEqualTo(counters.bytes());
  }
}
