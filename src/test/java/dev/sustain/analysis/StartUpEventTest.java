package dev.sustain.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The start-up is an event, the time before the first completion, never a rate: an interval that
 * completed requests at the run's rate for most of its time is part of the curve; what the run
 * recorded (its first completion, its latencies) decides where the interval that holds the first
 * completion belongs; nothing completing while the device moved more than the run could have had in
 * flight is other I/O.
 */
class StartUpEventTest {

  /** 1 s intervals: {@code first} MB/s in the first (latency max {@code latMs}, NaN unknown). */
  private static SampleSeries.Builder run(double first, double latMs, double firstCompletion) {
    SampleSeries.Builder b = SampleSeries.builder(64);
    b.add(1, first).device(latMs, -1, Double.NaN);
    for (int i = 2; i <= 60; i++) {
      b.add(i, 2600 + 10 * (i % 3));
    }
    return b.firstCompletionSeconds(firstCompletion);
  }

  @Test
  void aFirstIntervalThatWroteGigabytesIsPartOfTheCurve() {
    Analysis a = Analyzer.analyze(run(2142, Double.NaN, Double.NaN).build());

    assertThat(a.findings().ramp().intervals()).isZero();
    assertThat(a.minMBps()).isEqualTo(2142);
  }

  @ParameterizedTest(name = "first {0} MB/s, latency max {1} ms, first completion {2} s: ramp {3}")
  @CsvSource({
    // Without a record: the bytes against the run's rate say it was mostly empty.
    "800, NaN, NaN, 1",
    // ... unless its longest latency says the first request completed at once (4k at QD1).
    "800, 0.05, NaN, 0",
    // A latency beyond the interval says nothing of when the first completed.
    "800, 5000, NaN, 1",
    // The recorded first completion decides, whatever the rate.
    "800, NaN, 0.1, 0",
    "500, NaN, 0.8, 1",
    // Most of its time at the run's rate (57%): part of the curve, though below 85% of it.
    "1500, NaN, NaN, 0",
  })
  void theIntervalHoldingTheFirstCompletionIsTheStartUpOnlyWhenMostlyEmpty(
      double first, double latMs, double firstCompletion, int ramp) {
    Analysis a = Analyzer.analyze(run(first, latMs, firstCompletion).build());

    assertThat(a.findings().ramp().intervals()).isEqualTo(ramp);
    if (Double.isNaN(firstCompletion)) {
      assertThat(a.findings().ramp().firstCompletionSeconds()).isNaN();
    } else {
      assertThat(a.findings().ramp().firstCompletionSeconds()).isEqualTo(firstCompletion);
    }
    assertThat(a.burstMBps()).isCloseTo(2610, within(15.0));
  }

  /**
   * Two empty intervals, then 300 MB/s; the device moved {@code deviceBytes} in each while {@code
   * busyPct} busy, and the run could have had 32 MiB in flight ({@code inFlight} false: unknown).
   */
  private static Analysis waiting(long deviceBytes, double busyPct, boolean inFlight) {
    SampleSeries.Builder b = SampleSeries.builder(64);
    b.add(1, 0, 0, Double.NaN, Double.NaN).device(Double.NaN, deviceBytes, busyPct);
    b.add(2, 0, 0, Double.NaN, Double.NaN).device(Double.NaN, deviceBytes, busyPct);
    for (int i = 3; i <= 60; i++) {
      b.add(i, 300, 300_000_000L, Double.NaN, Double.NaN).device(Double.NaN, 300_000_000L, 100);
    }
    return Analyzer.analyze(b.inFlightBytes(inFlight ? 32L << 20 : 0).build());
  }

  @Test
  void nothingCompletingWhileTheDeviceMovedMoreThanTheRunHadInFlightIsOtherIo() {
    Analysis a = waiting(600_000_000L, 100, true);

    assertThat(a.findings().ramp().intervals()).isEqualTo(2);
    Findings.OtherIo o = a.findings().ramp().otherIo();
    assertThat(o).isNotNull();
    assertThat(o.seconds()).isEqualTo(2);
    assertThat(o.busyPct()).isEqualTo(100);
    assertThat(o.gigabytes()).isCloseTo(1.2 - (32L << 20) / 1e9, within(1e-9));
    assertThat(a.stallSeconds()).isZero();
  }

  @ParameterizedTest(name = "device {0} B at {1}% busy, in flight known {2}: no other I/O")
  @CsvSource({
    // What the run itself had in flight: its own first requests.
    "16000000, 100, true",
    // Busy less than half the time: the device had room for the run's requests.
    "600000000, 30, true",
    // Without the run's queue, the device's bytes cannot be told apart.
    "600000000, 100, false",
  })
  void otherIoIsNamedOnlyWhenTheCountersProveIt(long deviceBytes, double busy, boolean known) {
    Analysis a = waiting(deviceBytes, busy, known);

    assertThat(a.findings().ramp().intervals()).isEqualTo(2);
    assertThat(a.findings().ramp().otherIo()).isNull();
  }

  @Test
  void aStallMidRunWhileOtherIoKeptTheDeviceBusyIsNamedSo() {
    SampleSeries.Builder b = SampleSeries.builder(64);
    for (int i = 1; i <= 60; i++) {
      boolean stall = i == 30 || i == 31;
      b.add(i, stall ? 0 : 300, stall ? 0 : 300_000_000L, Double.NaN, Double.NaN)
          .device(Double.NaN, stall ? 500_000_000L : 300_000_000L, 100);
    }
    Analysis a = Analyzer.analyze(b.inFlightBytes(32L << 20).build());

    assertThat(a.findings().stalls().intervals()).isEqualTo(2);
    assertThat(a.findings().stalls().otherIo()).isNotNull();
    assertThat(a.findings().stalls().otherIo().seconds()).isEqualTo(2);
  }
}
