package dev.sustain.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.analysis.Analysis;
import dev.sustain.analysis.Analyzer;
import dev.sustain.analysis.PassNoise;
import dev.sustain.analysis.RunChanges;
import dev.sustain.analysis.RunChanges.Before;
import dev.sustain.analysis.SampleSeries;
import dev.sustain.analysis.Shape;
import org.junit.jupiter.api.Test;

/**
 * "Cause: none" names only the figures both runs measured: two runs too short to tell their shape
 * have neither a cache nor a floor (their table shows {@code -}), so the words say those were not
 * measured and that the averages were compared; two flat runs have no cliff but a floor.
 */
class ChangeWordsNotMeasuredTest {

  static SampleSeries run(double mbps, int seconds) {
    SampleSeries.Builder b = SampleSeries.builder(seconds);
    for (int i = 1; i <= seconds; i++) {
      b.add(i, mbps * (i % 2 == 0 ? 1.01 : 0.99));
    }
    return b.build();
  }

  static String sentence(SampleSeries first, SampleSeries later, Shape expected) {
    Analysis a1 = Analyzer.analyze(first, -1);
    Analysis a2 = Analyzer.analyze(later, -1);
    assertThat(a1.shape()).isEqualTo(expected);
    assertThat(a2.shape()).isEqualTo(expected);
    double noise =
        PassNoise.percent(a1.averageMBps(), first.writeMBpsArray(), later.writeMBpsArray());
    RunChanges.Verdict v =
        RunChanges.explain(
            RunChanges.Run.of(first, a1, Before.NONE),
            RunChanges.Run.of(later, a2, Before.NONE),
            noise);
    assertThat(v.cause()).isEqualTo(RunChanges.Cause.NONE);
    return ChangeWords.sentence("run 2", "run 1", v);
  }

  @Test
  void twoRunsTooShortToTellSayCacheAndFloorWereNotMeasured() {
    String s = sentence(run(1000, 5), run(1002, 5), Shape.UNDETERMINED);
    assertThat(s)
        .contains("Cause: none: cache and floor not measured (a run too short to tell its shape")
        .contains("so only the average is compared; average within noise (")
        .doesNotContain("cache and floor within noise");
  }

  @Test
  void twoFlatRunsHaveNoCliffButAFloor() {
    String s = sentence(run(1000, 60), run(1002, 60), Shape.FLAT);
    assertThat(s)
        .contains("Cause: none: no cache cliff in either run; floor within noise (")
        .doesNotContain("cache and floor within noise");
  }
}
