package dev.sustain.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.sustain.analysis.Analysis;
import dev.sustain.analysis.Analyzer;
import dev.sustain.analysis.Shape;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Curves recorded by real {@code sustain write} runs on the emulated drive (kept as samples.csv
 * files): the short, noisy burst and the floor that alternates between two values (whole 1 MiB
 * requests in quarter seconds) that synthetic curves do not have.
 */
class RecordedCurvesTest {

  private static Path resource(String name) throws Exception {
    return Path.of(RecordedCurvesTest.class.getResource("/curves/" + name).toURI());
  }

  @Test
  void aThrottledCliffAt400MbWithAnAlternatingFloor() throws Exception {
    // blkio: 200 MB/s until the device saw 400 MB, then 40 MB/s; 250 ms intervals.
    Analysis a = Analyzer.analyze(CurveReader.read(resource("emulated-cliff-250ms.csv")).series());

    assertThat(a.shape()).isEqualTo(Shape.CACHE_CLIFF);
    assertThat(a.cacheGB()).isCloseTo(0.4, within(0.05));
    assertThat(a.floorMBps()).isCloseTo(40, within(5.0));
    assertThat(a.burstMBps()).isCloseTo(200, within(30.0));
  }

  @Test
  void threeSecondsOfANearZeroLimitAreStallSeconds() throws Exception {
    Analysis a = Analyzer.analyze(CurveReader.read(resource("emulated-stall-500ms.csv")).series());

    assertThat(a.stallSeconds()).isEqualTo(3.0);
    assertThat(a.shape()).isNotEqualTo(Shape.CACHE_CLIFF);
  }

  @Test
  void halfACacheBackBetweenAlternatingLevelsIsACliff() throws Exception {
    // A repeat's second pass (RepeatChangesEmulatedTest, on CI): blkio 40 MB/s for 180 MB, then 20;
    // 250 ms intervals of two or three 100 ms throttle slices read 48 and 32 MB/s by turns. Read
    // undetermined when each side's level was the median of an odd count of its intervals.
    Analysis a =
        Analyzer.analyze(CurveReader.read(resource("emulated-half-cache-250ms.csv")).series());

    assertThat(a.shape()).isEqualTo(Shape.CACHE_CLIFF);
    assertThat(a.cacheGB()).isCloseTo(0.18, within(0.02));
    assertThat(a.burstMBps()).isCloseTo(40, within(2.0));
    assertThat(a.floorMBps()).isCloseTo(20, within(2.0));
  }
}
