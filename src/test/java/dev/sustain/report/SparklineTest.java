package dev.sustain.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.analysis.Analysis;
import dev.sustain.analysis.Analyzer;
import dev.sustain.analysis.SampleSeries;
import org.junit.jupiter.api.Test;

class SparklineTest {

  private static SampleSeries cliff(int seconds, int cliffAt, int stallAt) {
    double[] t = new double[seconds];
    double[] r = new double[seconds];
    for (int i = 0; i < seconds; i++) {
      t[i] = i + 1;
      r[i] = i < cliffAt ? 2555 : 127;
      if (i == stallAt) {
        r[i] = 0;
      }
    }
    return SampleSeries.of(t, r);
  }

  @Test
  void sixtyColumnsFromHighToLowWithTheCliffMarked() {
    SampleSeries s = cliff(600, 150, -1);
    Analysis a = Analyzer.analyze(s);
    String blocks = Sparkline.blocks(s, 60);
    assertThat(blocks).hasSize(60);
    assertThat(blocks.substring(0, 14)).matches("█+");
    assertThat(blocks.substring(16)).matches("▁+");
    String text = Sparkline.render(s, a, 60, "  ");
    assertThat(text).contains("max 2555 MB/s").contains("min 127 MB/s").contains("^ cliff at");
    String marks = text.lines().toList().get(2);
    assertThat(marks.indexOf('^') - 2).isBetween(14, 15);
  }

  @Test
  void aStallIsMarkedWhereItHappened() {
    SampleSeries s = cliff(600, 600, 450);
    String text = Sparkline.render(s, Analyzer.analyze(s), 60, "");
    String marks = text.lines().toList().get(2);
    assertThat(marks.indexOf('!')).isEqualTo(45);
    assertThat(text).contains("! stalls").contains("min 0.00 MB/s");
  }

  @Test
  void aShortCurveHasOneColumnPerSample() {
    SampleSeries s = cliff(10, 5, -1);
    assertThat(Sparkline.blocks(s, 60)).hasSize(10);
  }

  @Test
  void unevenIntervalsLeaveNoColumnEmpty() {
    // Eight one-second samples and a short last one, as a run with a flush leaves them.
    double[] t = {1, 2, 3, 4, 5, 6, 7, 8, 8.37};
    double[] r = {1270, 1300, 1250, 1280, 1260, 1240, 1290, 1230, 800};
    SampleSeries s = SampleSeries.of(t, r);
    String blocks = Sparkline.blocks(s, 60);
    assertThat(blocks).hasSize(9).doesNotContain(" ");
  }
}
