package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.run.RunStatus;
import dev.sustain.unit.Units;
import dev.sustain.verify.BadExtentSet;
import dev.sustain.verify.BadKind;
import dev.sustain.verify.RateStability;
import dev.sustain.verify.ReadBackResult;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
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

  private static String findings(BadExtentSet bad) {
    ReadBackResult r =
        new ReadBackResult(
            "read",
            "id",
            null,
            null,
            "null",
            true,
            4096,
            1,
            null,
            null,
            0,
            0,
            0,
            null,
            0,
            bad,
            "file",
            dev.sustain.verify.RunExtent.Beyond.NONE,
            RunStatus.COMPLETE,
            null,
            List.of());
    StringWriter text = new StringWriter();
    new ReadCommand().printFindings(new PrintWriter(text, true), r);
    return text.toString();
  }

  @Test
  void readTellsUnreadableThenMissingBytesAndNothingForOtherKinds() {
    String nl = System.lineSeparator();
    BadExtentSet bad = new BadExtentSet();
    bad.add(1 << 20, 8192, BadKind.MISSING, -1);
    bad.add(0, 4096, BadKind.UNREADABLE, -1);
    bad.add(8192, 4096, BadKind.CORRUPTED, -1);
    assertThat(findings(bad))
        .isEqualTo(
            "UNREADABLE: 4 KiB failed with I/O errors even re-read 4 KiB at a time (see --json"
                + " for where)."
                + nl
                + "The file is 8 KiB shorter than the write run wrote: the end is missing."
                + nl);
    assertThat(findings(new BadExtentSet())).isEmpty();
  }
}
