package dev.sustain.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import org.junit.jupiter.api.Test;

class StatsTest {

  @Test
  void thePairMedianOfAnAlternationIsItsCentre() {
    double[] alternating = {48, 32, 48, 32, 48};
    assertThat(Stats.median(alternating)).isEqualTo(48);
    assertThat(Stats.pairMedian(alternating)).isCloseTo(40, offset(1e-9));
  }

  @Test
  void thePairMedianIgnoresAWildValue() {
    assertThat(Stats.pairMedian(new double[] {10, 11, 9, 10, 1000})).isCloseTo(10, offset(0.6));
    assertThat(Stats.pairMedian(new double[0])).isNaN();
  }

  /**
   * Selection gives the sorted array's quantile to the bit, over arrays of 1-400 values drawn as
   * noise, whole-request counts full of ties, signed zeros, and the orders that defeat a naive
   * quickselect (sorted, reversed, all equal, organ pipe).
   */
  @Test
  void selectionReadsTheQuantileSortingWould() {
    java.util.SplittableRandom r = new java.util.SplittableRandom(7);
    double[] qs = {0, 0.1, 0.25, 0.5, 0.75, 0.9, 0.95, 1, r.nextDouble()};
    for (int round = 0; round < 4000; round++) {
      int n = 1 + r.nextInt(400);
      double[] v = new double[n];
      int kind = round % 6;
      for (int i = 0; i < n; i++) {
        v[i] =
            switch (kind) {
              case 0 -> r.nextGaussian() * 100;
              case 1 -> r.nextInt(5) * 128.0;
              case 2 -> r.nextBoolean() ? 0.0 : -0.0;
              case 3 -> i;
              case 4 -> n - i;
              default -> i < n / 2 ? i : n - i;
            };
      }
      double[] sorted = v.clone();
      java.util.Arrays.sort(sorted);
      for (double q : qs) {
        double[] work = v.clone();
        assertThat(Double.doubleToLongBits(Stats.selectQuantile(work, q)))
            .as("n %d, kind %d, q %f", n, kind, q)
            .isEqualTo(Double.doubleToLongBits(Stats.sortedQuantile(sorted, q)));
      }
    }
  }
}
