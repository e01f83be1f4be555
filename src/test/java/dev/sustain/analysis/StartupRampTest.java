package dev.sustain.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The start-up ramp: the intervals before the first completion, and the one holding it when mostly
 * empty, are named as the ramp, never stalls and never the burst; once something has completed, an
 * empty interval is a stall.
 */
class StartupRampTest {

  /** {@code first} (space-separated rates) at 0.5 s intervals, then 40 intervals at 100 MB/s. */
  private static Analysis analyse(String first) {
    SampleSeries.Builder b = SampleSeries.builder(60);
    double t = 0;
    for (String v : first.split(" ")) {
      t += 0.5;
      b.add(t, Double.parseDouble(v));
    }
    for (int i = 0; i < 40; i++) {
      t += 0.5;
      b.add(t, 100 + (i % 3));
    }
    return Analyzer.analyze(b.build());
  }

  @ParameterizedTest(name = "{0}: ramp {1}, stalls {2}")
  @CsvSource({
    "0 18, 2, 0",
    "0 0 40, 3, 0",
    "40, 1, 0",
    "18 0 0 0, 1, 3",
    "79.6 0 0 0 0 0 0, 0, 6",
    "100 0 0, 0, 2",
    "100, 0, 0",
    // Most of the first interval at the run's rate: part of the curve, though below 85% of it.
    "60, 0, 0",
  })
  void theRampIsNamedAndAStallAfterTheFirstCompletionsIsAStall(
      String first, int rampIntervals, int stallIntervals) {
    Analysis a = analyse(first);

    assertThat(a.findings().ramp().intervals()).as(first).isEqualTo(rampIntervals);
    assertThat(a.findings().stalls().intervals()).as(first).isEqualTo(stallIntervals);
    assertThat(a.stallSeconds()).as(first).isEqualTo(stallIntervals * 0.5);
    assertThat(a.burstMBps()).as(first).isBetween(99.0, 103.0);
  }
}
