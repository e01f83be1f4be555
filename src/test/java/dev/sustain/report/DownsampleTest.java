package dev.sustain.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class DownsampleTest {

  @Test
  void aSingleZeroSecondStallSurvivesInAHundredThousandSamples() {
    int n = 100_000;
    double[] x = IntStream.range(0, n).mapToDouble(i -> i + 1).toArray();
    double[] y = IntStream.range(0, n).mapToDouble(i -> 180 + 20 * Math.sin(i / 500.0)).toArray();
    y[73_421] = 0;
    Downsample.Points p = Downsample.minMax(x, y, 1200);
    assertThat(p.size()).isLessThanOrEqualTo(2 * 1200 + 2).isGreaterThan(1200);
    assertThat(Arrays.stream(p.y()).min().orElseThrow()).isZero();
    assertThat(p.x()).contains(73_422.0);
    assertThat(p.x()[0]).isEqualTo(1.0);
    assertThat(p.x()[p.size() - 1]).isEqualTo(n);
    for (int i = 1; i < p.size(); i++) {
      assertThat(p.x()[i]).isGreaterThan(p.x()[i - 1]);
    }
    assertThat(Arrays.stream(p.y()).max().orElseThrow())
        .isEqualTo(Arrays.stream(y).max().orElseThrow());
  }

  @Test
  void aShortSeriesIsKeptWhole() {
    double[] x = {1, 2, 3};
    double[] y = {5, 0, 7};
    Downsample.Points p = Downsample.minMax(x, y, 10);
    assertThat(p.x()).containsExactly(1, 2, 3);
    assertThat(p.y()).containsExactly(5, 0, 7);
  }

  @Test
  void meansSkipUnknownTemperatures() {
    double[] x = {1, 2, 3, 4};
    double[] t = {40, Double.NaN, 42, Double.NaN};
    Downsample.Points p = Downsample.mean(x, t, 2);
    assertThat(p.y()).containsExactly(40, 42);
    assertThat(
            Downsample.mean(x, new double[] {Double.NaN, Double.NaN, Double.NaN, Double.NaN}, 2)
                .size())
        .isZero();
  }
}
