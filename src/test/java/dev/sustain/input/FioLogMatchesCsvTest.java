package dev.sustain.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.sustain.analysis.Analysis;
import dev.sustain.analysis.Analyzer;
import dev.sustain.analysis.SampleSeries;
import dev.sustain.analysis.ShapeCurves;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The same curve as a CSV and as fio would log it (integer KiB/s, timestamps a few ms late, the
 * zero intervals left out) reads back to the same analysis.
 */
class FioLogMatchesCsvTest {

  @TempDir Path dir;

  static Stream<Arguments> curves() {
    return Stream.of(
        Arguments.of(
            "cliff",
            ShapeCurves.withStalls(ShapeCurves.cacheCliff(1, 1, 2555, 280, 127, 300, 0.03), 2, 12)),
        Arguments.of("flat", ShapeCurves.withStalls(ShapeCurves.flat(3, 1, 918, 400, 0.01), 4, 5)),
        Arguments.of("thermal", ShapeCurves.thermalRecovering(5, 1, 1, 0.03)),
        Arguments.of(
            "erratic", ShapeCurves.withStalls(ShapeCurves.gcSwings(6, 1, 300, 0.05), 7, 20)),
        Arguments.of(
            "cliff, 500 ms",
            ShapeCurves.withStalls(
                ShapeCurves.cacheCliff(8, 0.5, 1524, 221, 1132, 90, 0.03), 9, 6)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("curves")
  void aFioLogWithGapsGivesTheSameAnalysisAsTheCsv(String name, ShapeCurves.Curve curve)
      throws IOException {
    SampleSeries s = curve.series();
    StringBuilder csv = new StringBuilder("time_s,write_MBps\n");
    StringBuilder fio = new StringBuilder();
    Random jitter = new Random(1);
    int gaps = 0;
    for (int i = 0; i < s.size(); i++) {
      // Both as fio writes it: whole KiB/s.
      long kibps = Math.round(s.writeMBps(i) * 1e6 / 1024);
      double mbps = kibps * 1024 / 1e6;
      csv.append(String.format(Locale.ROOT, "%.3f,%.9f%n", s.timeSeconds(i), mbps));
      if (kibps == 0) {
        gaps++;
        continue;
      }
      long msec = Math.round(s.timeSeconds(i) * 1000) + jitter.nextInt(4);
      fio.append(msec).append(", ").append(kibps).append(", 1, 1048576, 0\n");
    }
    Path csvFile = dir.resolve("curve.csv");
    Path fioFile = dir.resolve("curve_bw.1.log");
    Files.writeString(csvFile, csv, StandardCharsets.UTF_8);
    Files.writeString(fioFile, fio, StandardCharsets.UTF_8);

    ImportedCurve fromFio = CurveReader.read(fioFile);
    Analysis a = Analyzer.analyze(CurveReader.read(csvFile).series());
    Analysis b = Analyzer.analyze(fromFio.series());

    assertThat(gaps).isEqualTo(curve.truth().stallCount());
    assertThat(fromFio.series().size()).isEqualTo(s.size());
    assertThat(b.shape()).isEqualTo(a.shape());
    assertThat(b.stallSeconds()).isEqualTo(a.stallSeconds());
    assertThat(b.stallSeconds()).isCloseTo(curve.truth().stallSeconds(), within(1e-9));
    assertThat(b.cliffSeconds()).isEqualTo(a.cliffSeconds());
    assertThat(b.burstMBps()).isCloseTo(a.burstMBps(), within(1e-6));
    assertThat(b.floorMBps()).isCloseTo(a.floorMBps(), within(1e-6));
    assertThat(b.segments()).hasSameSizeAs(a.segments());
    if (a.cacheGB() != null) {
      assertThat(b.cacheGB()).isCloseTo(a.cacheGB(), within(1e-6));
    }
  }
}
