package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.unit.Units;
import dev.sustain.verify.RateStability;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** The per-interval line read and verify both print, from one template. */
class ReadBackTextTest {

  private static String stability(double... ratesMBps) {
    StringWriter text = new StringWriter();
    ReadBackCommand.printStability(new PrintWriter(text, true), RateStability.of(ratesMBps));
    return text.toString().strip();
  }

  @Test
  void aSteadyReadSaysSoWithItsFigures() {
    RateStability s = RateStability.of(new double[] {100, 101, 99, 100, 100});
    assertThat(stability(100, 101, 99, 100, 100))
        .isEqualTo(
            "Per interval: mean "
                + Units.rate(s.meanMBps())
                + ", stdev "
                + Units.rate(s.stdevMBps())
                + "; min "
                + Units.rate(99)
                + ", median "
                + Units.rate(100)
                + ", max "
                + Units.rate(101)
                + " over 5 intervals (steady: stdev is "
                + Units.fixed(100 * s.variation(), 1)
                + "% of the mean)");
  }

  @Test
  void anUnsteadyReadIsCalledUnsteadyAndFewIntervalsGetNoVerdict() {
    assertThat(stability(100, 20, 180, 40, 160)).contains("(unsteady: stdev is ");
    assertThat(stability(100, 20, 180)).endsWith("over 3 intervals").doesNotContain("steady");
    assertThat(stability()).startsWith("Too short for per-interval figures");
  }
}
