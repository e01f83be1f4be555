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
    return new PassComparison.Pass(n, sum / rates.length, rates, rates.length);
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
    PassComparison.Pass first = new PassComparison.Pass(1, 100, new double[] {100}, 1);
    PassComparison.Pass eight = new PassComparison.Pass(2, 92, new double[] {92}, 1);
    PassComparison.Pass half = new PassComparison.Pass(3, 50, new double[] {50}, 1);
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
        new PassComparison.Pass(1, 104, new double[] {0, 0, 88, 189, 267, 131, 0}, 1.3);
    PassComparison.Pass second =
        new PassComparison.Pass(2, 39.7, new double[] {37, 42, 37, 42, 42, 37, 42, 42, 37, 34}, 10);
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

  @Test
  void passesOfHundredthsOfASecondAreTooShortToCompareAndBlameNothing() {
    // Measured: a copy of 35 MB through the page cache, 0.03 s then 0.16 s (1207 and 216 MB/s).
    PassComparison.Pass first = new PassComparison.Pass(1, 1207, new double[] {1207}, 0.03);
    PassComparison.Pass second = new PassComparison.Pass(2, 216, new double[] {216}, 0.16);
    assertThat(PassComparison.compare("wrote", List.of(first, second)))
        .singleElement()
        .asString()
        .isEqualTo(
            "pass 1 wrote in 0.03s, too short to compare (a pass under 1.00s is set by its start"
                + " and end, not by the drive): no later pass is compared with it");
  }

  @Test
  void aShortLaterPassIsLeftOutAndTheOthersStillCompared() {
    PassComparison.Pass first = pass(1, noisy(100, 5, 60, 1));
    PassComparison.Pass same = pass(2, noisy(100, 5, 60, 7));
    PassComparison.Pass tiny = new PassComparison.Pass(3, 20, new double[] {20}, 0.004);
    PassComparison.Pass slow = pass(4, noisy(70, 5, 60, 8));
    assertThat(PassComparison.compare("read back", List.of(first, same, tiny)))
        .containsExactly(
            "pass 3 read back in under 0.01s, too short to compare (a pass under 1.00s is set by"
                + " its start and end, not by the drive): not compared with pass 1",
            "every other pass read back within noise of pass 1 ("
                + dev.sustain.unit.Units.rate(first.averageMBps())
                + ")");
    List<String> words = PassComparison.compare("wrote", List.of(first, tiny, slow));
    assertThat(words).hasSize(2);
    assertThat(words.get(0)).startsWith("pass 3 wrote in under 0.01s").doesNotContain("heat");
    assertThat(words.get(1))
        .startsWith("pass 4 wrote ")
        .contains("% slower than pass 1")
        .contains("heat");
  }
}
