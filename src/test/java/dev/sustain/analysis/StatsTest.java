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
}
