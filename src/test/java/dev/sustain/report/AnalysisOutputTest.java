package dev.sustain.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sustain.analysis.Analysis;
import dev.sustain.analysis.Analyzer;
import dev.sustain.analysis.ShapeCurves;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class AnalysisOutputTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void everyShapeReadsAsItsNameWithItsNumbers() {
    record Case(ShapeCurves.Curve curve, String shape, String phrase) {}
    List<Case> cases =
        List.of(
            new Case(
                ShapeCurves.cacheCliff(1, 1, 2555, 280, 127, 300, 0.0),
                "cache-cliff",
                "fast for 280 GB, then 127 MB/s to the end"),
            new Case(
                ShapeCurves.thermalRecovering(2, 1, 1, 0.0),
                "thermal-throttle",
                "throttles down to 195 MB/s and recovers while writing"),
            new Case(
                ShapeCurves.thermalByTemperature(3, 1, 0.0, 45), "thermal-throttle", "at 45 °C"),
            new Case(ShapeCurves.gcSlowStart(4, 1, 250, 0.0), "gc-erratic", "no TRIM"),
            new Case(ShapeCurves.smr(5, 1, 146, 7200, 20000), "smr-stalls", "then stalls"),
            new Case(
                ShapeCurves.hddZoned(6, 1, 240, 120, 20000, 0.0),
                "hdd-zoned",
                "declines gradually"),
            new Case(ShapeCurves.flat(7, 1, 918, 300, 0.0), "flat", "holds 918 MB/s"));
    Locale before = Locale.getDefault();
    Locale.setDefault(Locale.GERMANY); // a decimal comma must not leak into the text
    try {
      for (Case c : cases) {
        Analysis a = Analyzer.analyze(c.curve().series(), 500_000_000_000L);
        String text = AnalysisText.format("t", a, List.of("a note"));
        assertThat(text)
            .as(text)
            .contains("shape       " + c.shape() + " — ")
            .contains(c.phrase())
            .contains("note: a note", "projection  500 GB takes", "why:", "advice:")
            .doesNotContainPattern("[0-9],[0-9]");
      }
    } finally {
      Locale.setDefault(before);
    }
  }

  @Test
  void jsonUsesTheContractNamesRoundsAndWritesNulls() throws Exception {
    Analysis a =
        Analyzer.analyze(
            ShapeCurves.cacheCliff(1, 1, 2555, 280, 127, 300, 0.0).series(), 500_000_000_000L);

    JsonNode j = JSON.readTree(AnalysisJson.toJson(a));

    assertThat(j.get("shape").asText()).isEqualTo("cache-cliff");
    assertThat(j.get("burst_MBps").asDouble()).isEqualTo(2555.0);
    assertThat(j.get("floor_MBps").asDouble()).isEqualTo(127.0);
    // 280 GB at 2555 MB/s: the cliff falls 0.6 s into the 110th second, and is read there.
    assertThat(j.get("cliff_s").asDouble()).isCloseTo(280e9 / 2555e6, within(0.05));
    assertThat(j.get("throttle_temp_C").isNull()).isTrue();
    assertThat(j.get("projection").get("seconds").asDouble()).isBetween(1840.0, 1844.0);
    assertThat(j.get("segments").get(0).fieldNames())
        .toIterable()
        .containsExactly("start_s", "end_s", "mean_MBps", "level_MBps", "GB");
    // Rounded decimals, not binary noise such as 127.09999999.
    assertThat(AnalysisJson.toJson(a)).doesNotContainPattern("\\.[0-9]{4,}");
  }
}
