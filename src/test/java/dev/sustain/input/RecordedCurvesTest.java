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
}
