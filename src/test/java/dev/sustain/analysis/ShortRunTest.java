package dev.sustain.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import org.assertj.core.data.Percentage;
import org.junit.jupiter.api.Test;

/** A run of two rows (a second and a short remainder) still reads right, as too short to tell. */
class ShortRunTest {

  @Test
  void aShortLastIntervalDoesNotShrinkTheFirst() {
    SampleSeries s =
        SampleSeries.builder(2)
            .add(1.0, 1000.0, 1_000_000_000L, Double.NaN, Double.NaN)
            .add(1.14, 1000.0, 140_000_000L, Double.NaN, Double.NaN)
            .build();
    assertThat(s.intervalSeconds(0)).isEqualTo(1.0);
    assertThat(s.intervalSeconds(1)).isCloseTo(0.14, Percentage.withPercentage(0.01));
    Analysis a = Analyzer.analyze(s);
    assertThat(a.averageMBps()).isCloseTo(1000.0, Percentage.withPercentage(1));
    assertThat(a.burstMBps()).isCloseTo(1000.0, Percentage.withPercentage(1));
    assertThat(a.shape()).isEqualTo(Shape.UNDETERMINED);
    assertThat(a.floorMBps()).isNull();
    assertThat(a.cacheGB()).isNull();
    assertThat(a.cacheGBMin()).isCloseTo(1.14, Percentage.withPercentage(0.01));
  }
}
