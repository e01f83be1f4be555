package dev.sustain.report;

import static dev.sustain.testing.Generators.doubleBetween;
import static dev.sustain.testing.Generators.intBetween;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.testing.Seeded;
import dev.sustain.testing.Seeds;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class PolylineTest {

  /** Reading y at every original x from the kept points stays within the tolerance. */
  @Seeded(200)
  void interpolationStaysWithinTheTolerance(long seed) {
    Seeds.withSeed(
        seed,
        rnd -> {
          int n = intBetween(rnd, 2, 3000);
          double tolerance = doubleBetween(rnd, 0.05, 2);
          double[] x = new double[n];
          double[] y = new double[n];
          for (int i = 1; i < n; i++) {
            // GB written (flat during a stall) against seconds: a cumulative curve.
            double rate = rnd.nextInt(20) == 0 ? 0 : rnd.nextDouble() * 3;
            x[i] = x[i - 1] + rate;
            y[i] = y[i - 1] + 0.2 + rnd.nextDouble();
          }
          int[] keep = Polyline.simplify(x, y, tolerance);
          assertThat(keep[0]).isZero();
          assertThat(keep[keep.length - 1]).isEqualTo(n - 1);
          int seg = 0;
          for (int i = 0; i < n; i++) {
            while (keep[seg + 1 < keep.length ? seg + 1 : seg] < i) {
              seg++;
            }
            int a = keep[Math.min(seg, keep.length - 1)];
            int b = keep[Math.min(seg + 1, keep.length - 1)];
            if (i == a || i == b) {
              continue;
            }
            double dx = x[b] - x[a];
            assertThat(dx).as("a dropped point lies on a stretch that moves in x").isPositive();
            double read = y[a] + (x[i] - x[a]) / dx * (y[b] - y[a]);
            assertThat(Math.abs(read - y[i])).isLessThanOrEqualTo(tolerance + 1e-9);
          }
        });
  }

  @Test
  void aSteadyStretchCollapsesToItsEnds() {
    int n = 100_000;
    double[] x = IntStream.range(0, n).mapToDouble(i -> i * 0.127).toArray();
    double[] y = IntStream.range(0, n).mapToDouble(i -> i).toArray();
    assertThat(Polyline.simplify(x, y, 0.25)).containsExactly(0, n - 1);
  }
}
