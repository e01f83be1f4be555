package dev.sustain.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.sustain.testing.Seeds;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code --until floor} over seeded TLC/QLC drives: an SLC cache, a folding stage that writes one
 * to two times what the cache held (in under the flat hold time), then the native rate. The live
 * phase never says the floor held on the folding stage, and says it once the native rate has held.
 */
class LivePhaseStagesTest {

  static LongStream seeds() {
    return Seeds.first(100);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void neverStopsOnAFoldingStageAndStopsOnTheNativeRate(long seed) {
    Seeds.withSeed(
        seed,
        r -> {
          double interval = new double[] {0.5, 1, 1, 2}[r.nextInt(4)];
          double burst = DriveCurves.logUniform(r, 1000, 7000);
          double cacheSeconds = r.nextDouble(12, 120);
          double cacheBytes = burst * 1e6 * cacheSeconds;
          double fold = burst * r.nextDouble(0.2, 0.45);
          double foldSeconds = Math.min(500, cacheBytes * r.nextDouble(1, 2) / (fold * 1e6));
          double nativeRate = burst * DriveCurves.logUniform(r, 0.01, 0.15);
          double nativeFrom = cacheSeconds + foldSeconds;
          double noise = r.nextDouble(0.01, 0.06);
          SampleSeries s =
              ShapeCurves.sample(
                  t -> t < cacheSeconds ? burst : t < nativeFrom ? fold : nativeRate,
                  interval,
                  nativeFrom + 650,
                  noise,
                  Media.SSD,
                  new SplittableRandom(r.nextLong()));
          String what =
              String.format(
                  java.util.Locale.ROOT,
                  "%.0f MB/s for %.0f s, %.0f for %.0f s, then %.1f; dt %.1f noise %.3f",
                  burst,
                  cacheSeconds,
                  fold,
                  foldSeconds,
                  nativeRate,
                  interval,
                  noise);
          LivePhase live = new LivePhase();
          int i = 0;
          for (; i < s.size() && s.startSeconds(i) < nativeFrom; i++) {
            live.add(s.intervalSeconds(i), s.bytes(i));
            assertThat(live.floorReached())
                .as("%s: floor held at %.1f s, on the folding stage", what, s.timeSeconds(i))
                .isFalse();
          }
          for (; i < s.size(); i++) {
            live.add(s.intervalSeconds(i), s.bytes(i));
          }
          assertThat(live.floorReached())
              .as(what + " " + live.phase() + " stages " + live.stages())
              .isTrue();
          assertThat(live.floorMBps()).as(what).isCloseTo(nativeRate, within(0.1 * nativeRate));
        });
  }
}
