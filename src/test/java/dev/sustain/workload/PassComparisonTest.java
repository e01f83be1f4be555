package dev.sustain.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The words comparing passes: a real slowdown is named, noise is not. */
class PassComparisonTest {

  private static double[] noisy(double mean, double spread, int n, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    double[] v = new double[n];
    for (int i = 0; i < n; i++) {
      v[i] = mean + spread * (2 * r.nextDouble() - 1);
    }
    return v;
  }

  private static PassComparison.Pass pass(int n, double[] rates) {
    double sum = 0;
    for (double x : rates) {
      sum += x;
    }
    return new PassComparison.Pass(n, sum / rates.length, rates);
  }

  @Test
  void namesASlowdownBeyondNoiseAndItsLikelyCause() {
    PassComparison.Pass first = pass(1, noisy(100, 5, 60, 1));
    PassComparison.Pass second = pass(2, noisy(82, 5, 60, 2));
    List<String> words = PassComparison.compare("wrote", List.of(first, second));
    assertThat(words).hasSize(1);
    assertThat(words.getFirst()).startsWith("pass 2 wrote 18% slower than pass 1").contains("heat");
  }

  @Test
  void aCallerThatExplainsEachPassGetsTheSlowdownWithoutAGuessAtWhy() {
    PassComparison.Pass first = pass(1, noisy(100, 5, 60, 1));
    PassComparison.Pass second = pass(2, noisy(82, 5, 60, 2));
    List<String> words = PassComparison.compare("wrote", List.of(first, second), false);
    assertThat(words)
        .singleElement()
        .asString()
        .startsWith("pass 2 wrote 18% slower than pass 1")
        .doesNotContain("heat")
        .doesNotContain("cooldown");
  }

  @Test
  void aDifferenceWithinTheSpreadIsNoise() {
    // 4% apart with a spread of +-40 MB/s over 20 intervals: well within three standard errors.
    PassComparison.Pass first = pass(1, noisy(100, 40, 20, 3));
    PassComparison.Pass second = pass(2, noisy(96, 40, 20, 4));
    assertThat(PassComparison.noisePercent(first, second)).isGreaterThan(5);
    assertThat(PassComparison.compare("wrote", List.of(first, second)))
        .containsExactly(
            "every pass wrote within noise of pass 1 ("
                + dev.sustain.unit.Units.rate(first.averageMBps())
                + ")");
  }

  @Test
  void shortPassesNeedTenPercent() {
    PassComparison.Pass first = new PassComparison.Pass(1, 100, new double[] {100});
    PassComparison.Pass eight = new PassComparison.Pass(2, 92, new double[] {92});
    PassComparison.Pass half = new PassComparison.Pass(3, 50, new double[] {50});
    List<String> words = PassComparison.compare("read back", List.of(first, eight, half));
    assertThat(words).hasSize(1);
    assertThat(words.getFirst()).startsWith("pass 3 read back 50% slower than pass 1");
  }

  @Test
  void fasterLaterPassesAreSaidWithoutBlamingHeat() {
    PassComparison.Pass first = pass(1, noisy(100, 2, 30, 5));
    PassComparison.Pass second = pass(2, noisy(130, 2, 30, 6));
    List<String> words = PassComparison.compare("wrote", List.of(first, second));
    assertThat(words).singleElement().asString().contains("30% faster").doesNotContain("heat");
  }

  @Test
  void aShortNoisyFirstPassDoesNotHideASixtyPercentDrop() {
    // Measured: a 1.3 s first pass with its start-up zeros, then a drive throttled to 40 MB/s.
    PassComparison.Pass first =
        new PassComparison.Pass(1, 104, new double[] {0, 0, 88, 189, 267, 131, 0});
    PassComparison.Pass second =
        new PassComparison.Pass(2, 39.7, new double[] {37, 42, 37, 42, 42, 37, 42, 42, 37, 34});
    assertThat(PassComparison.noisePercent(first, second))
        .isEqualTo(PassComparison.MAX_NOISE_PERCENT);
    assertThat(PassComparison.compare("wrote", List.of(first, second)))
        .singleElement()
        .asString()
        .startsWith("pass 2 wrote 62% slower than pass 1");
  }

  @Test
  void theFirstAndLastIntervalsDoNotCountInTheSpread() {
    assertThat(PassComparison.trimmed(new double[] {0, 5, 6, 7, 1})).containsExactly(5, 6, 7);
    assertThat(PassComparison.trimmed(new double[] {3, 4})).containsExactly(3, 4);
  }
}
