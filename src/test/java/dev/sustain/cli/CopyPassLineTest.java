package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.workload.PassResult;
import org.junit.jupiter.api.Test;

/**
 * A copy's pass line for phases shorter than its printed step: a 3 MB read-back from the page cache
 * can end within a few milliseconds, and "read back in 0.00s (0.00 MB/s)" said it took no time at
 * no speed.
 */
class CopyPassLineTest {

  private static PassResult pass(double writeSeconds, double flushSeconds, double readSeconds) {
    return new PassResult(
        1,
        4,
        3_000_000,
        0,
        writeSeconds,
        flushSeconds,
        writeSeconds,
        readSeconds,
        "cached",
        true,
        0,
        null);
  }

  @Test
  void aReadBackTooShortToTimeHasNoRate() {
    for (double readSeconds : new double[] {0, 0.004}) {
      String line = CopyCommand.passLine(pass(0.5, 0.1, readSeconds));
      assertThat(line)
          .as("read back in %s s", readSeconds)
          .contains("read back in under 0.01s (too short for a rate, from the page cache)")
          .doesNotContain("0.00s")
          .doesNotContain("0.00 MB/s");
      assertThat(line).contains("wrote 3.0 MB in 0.50s (6.00 MB/s, flush 0.10s counted)");
    }
  }

  @Test
  void aWriteTooShortToTimeHasNoRateEither() {
    assertThat(CopyCommand.passLine(pass(0.003, 0.001, 0.2)))
        .contains("wrote 3.0 MB in under 0.01s (too short for a rate, flush under 0.01s counted)")
        .contains("read back in 0.20s (15.0 MB/s, from the page cache)");
  }

  @Test
  void aPhaseOfOneStepIsTimedAsBefore() {
    assertThat(CopyCommand.passLine(pass(0.5, 0.1, 0.005)))
        .contains("read back in 0.01s (600 MB/s, from the page cache)");
  }
}
