package dev.sustain.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.analysis.Analysis;
import dev.sustain.analysis.Analyzer;
import dev.sustain.analysis.SampleSeries;
import dev.sustain.analysis.Shape;
import java.util.List;
import java.util.function.IntToDoubleFunction;
import org.junit.jupiter.api.Test;

/**
 * The words for what the data cannot tell, on the cases of issue 24: a short cache is a cache, a
 * burst of one interval says what one interval cannot tell, a spike mid-run is named as too short
 * to be a level, a fall at the end bounds "no cliff in the first N GB", and the start-up is named
 * for what it was.
 */
class CurveCaveatsTest {

  /** {@code n} intervals of 1 s at {@code rate(i)} MB/s, with 1% noise that repeats. */
  private static SampleSeries curve(int n, IntToDoubleFunction rate) {
    SampleSeries.Builder b = SampleSeries.builder(n);
    for (int i = 0; i < n; i++) {
      b.add(i + 1, rate.applyAsDouble(i) * (1 + 0.01 * ((i * 7) % 5 - 2) / 2));
    }
    return b.build();
  }

  private static String text(SampleSeries s) {
    Analysis a = Analyzer.analyze(s);
    PrintedInvariants.check(a, s, "");
    return AnalysisText.format("", a, List.of());
  }

  @Test
  void twoSecondsAt2000ThenFiveMinutesAt300IsACacheOfItsBytes() {
    SampleSeries s = curve(302, i -> i < 2 ? 2000 : 300);
    Analysis a = Analyzer.analyze(s);

    assertThat(a.shape()).isEqualTo(Shape.CACHE_CLIFF);
    assertThat(a.burstMBps()).isBetween(1980.0, 2020.0);
    assertThat(a.cacheGB()).isBetween(3.9, 4.1);
    assertThat(a.floorMBps()).isBetween(297.0, 303.0);
    assertThat(text(s))
        .contains("read from two intervals")
        .doesNotContain("No cliff")
        .doesNotContain("flat");
  }

  @Test
  void aBurstOfOneIntervalSaysWhatOneIntervalCannotTell() {
    SampleSeries s = curve(60, i -> i < 1 ? 2000 : 300);

    assertThat(Analyzer.analyze(s).cacheGB()).isBetween(1.95, 2.05);
    assertThat(text(s)).contains("read from one interval").contains("at least").contains("at most");
  }

  @Test
  void aSpikeMidRunIsNamedAsTooShortToBeALevel() {
    SampleSeries s = curve(120, i -> i == 60 ? 2000 : 300);
    Analysis a = Analyzer.analyze(s);

    assertThat(a.shape()).isEqualTo(Shape.FLAT);
    assertThat(a.floorMBps()).isLessThanOrEqualTo(a.burstMBps());
    assertThat(text(s)).contains("1 interval stood far above the level around it");
  }

  @Test
  void aFallAtTheEndBoundsTheCacheClaimedWithoutACliff() {
    SampleSeries s = curve(20, i -> i < 17 ? 300 : 100);
    Analysis a = Analyzer.analyze(s);

    assertThat(a.shape()).isEqualTo(Shape.UNDETERMINED);
    assertThat(a.cacheGBMin()).isBetween(5.0, 5.2);
    assertThat(text(s))
        .contains("The rate fell from")
        .contains("too soon to tell a cliff")
        .doesNotContain("No cliff in the first");
  }

  @Test
  void theStartUpIsTheWaitBeforeTheFirstCompletion() {
    SampleSeries s = curve(40, i -> i < 2 ? 0 : 300);

    assertThat(text(s))
        .contains("start-up    2.00s before the first requests completed (in flight; not stalls)")
        .contains("The first 2 intervals (2.00s) came before the first requests completed");
  }
}
