package dev.sustain.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sustain.analysis.Analysis;
import dev.sustain.analysis.Analyzer;
import dev.sustain.analysis.Media;
import dev.sustain.expect.Expectation;
import dev.sustain.expect.ExpectationCheck;
import dev.sustain.expect.Measured;
import dev.sustain.input.CurveReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run too short to tell has no floor: every consumer shows it as "-" (or null, or leaves it out)
 * and none divides by it. The same holds for a plain CSV and a fio log as for a run folder.
 */
class UndeterminedConsumersTest {

  @TempDir Path dir;

  /** 12 one-second intervals at 1500 MB/s: too short to tell. */
  private Path shortCsv() throws Exception {
    StringBuilder b = new StringBuilder("time_s,write_MBps\n");
    for (int i = 1; i <= 12; i++) {
      b.append(i).append(',').append(1500 + (i % 3) * 10).append('\n');
    }
    return Files.writeString(dir.resolve("short.csv"), b.toString(), StandardCharsets.UTF_8);
  }

  /** The same as a fio write_bw_log: msec, KiB/s, direction, bs, offset. */
  private Path shortFioLog() throws Exception {
    StringBuilder b = new StringBuilder();
    for (int i = 1; i <= 12; i++) {
      long kib = Math.round((1500 + (i % 3) * 10) * 1e6 / 1024);
      b.append(String.format(Locale.ROOT, "%d, %d, 1, 1048576, 0%n", i * 1000, kib));
    }
    return Files.writeString(dir.resolve("short_bw.1.log"), b.toString(), StandardCharsets.UTF_8);
  }

  /** A cliff for company: 2000 MB/s for 60 s, then 200 MB/s for 120 s. */
  private Path cliffCsv() throws Exception {
    StringBuilder b = new StringBuilder("time_s,write_MBps\n");
    for (int i = 1; i <= 180; i++) {
      b.append(i).append(',').append(i <= 60 ? 2000 + i % 5 : 200 + i % 3).append('\n');
    }
    return Files.writeString(dir.resolve("cliff.csv"), b.toString(), StandardCharsets.UTF_8);
  }

  @Test
  void aShortCsvAndAShortFioLogAreUndeterminedWithTheCachesLowerBound() throws Exception {
    for (Path p : List.of(shortCsv(), shortFioLog())) {
      Analysis a = Analyzer.analyze(CurveReader.read(p).series(), 500_000_000_000L);
      assertThat(a.shape().word()).as(p.toString()).isEqualTo("undetermined");
      assertThat(a.floorMBps()).as(p.toString()).isNull();
      assertThat(a.cacheGB()).isNull();
      assertThat(a.afterCacheMBps()).isNull();
      assertThat(a.cacheGBMin()).isCloseTo(18.12, org.assertj.core.data.Offset.offset(0.01));
      assertThat(a.projection().assumesRateHolds()).isTrue();
      JsonNode j = AnalysisJson.toNode(a);
      assertThat(j.get("floor_MBps").isNull()).isTrue();
      assertThat(j.get("cache_GB_min").asDouble()).isGreaterThan(18);
      assertThat(j.get("projection").get("assumes_rate_holds").asBoolean()).isTrue();
      assertThat(AnalysisText.format(null, a, List.of()))
          .contains("assumes the rate of 15")
          .contains("holds past the 18.1 GB measured");
    }
  }

  @Test
  void compareReportAndChartsShowAMissingFloorAsADash() throws Exception {
    Comparison c = Comparison.load(List.of(shortCsv(), cliffCsv()), Media.UNKNOWN, -1);

    String text = CompareFormats.text(c);
    assertThat(text).contains("undetermined").containsPattern("short\\s+undetermined.*\\s-\\s");
    String csv = CompareFormats.csv(c);
    assertThat(csv.lines().filter(l -> l.startsWith("short,")).findFirst().orElseThrow())
        .contains(",undetermined,")
        .contains(",,,,");
    JsonNode json = new ObjectMapper().readTree(CompareFormats.json(c));
    assertThat(json.toString()).contains("\"floor_MBps\":null");
    assertThat(c.findings()).anyMatch(f -> f.contains("The floor of short is undetermined"));
    String html = HtmlReport.compare(c);
    assertThat(html).contains("undetermined").contains("<td class=\"num\">—</td>");

    CurveReport single = CurveReport.load(shortCsv(), Media.UNKNOWN, 500_000_000_000L);
    String page = HtmlReport.single(single);
    assertThat(page).contains("too short to tell").contains("\"floor\":null");
    assertThat(SummarySentence.summary(single.analysis())).contains("at least 18.1 GB");
    Path png = dir.resolve("short.png");
    ChartImages.writePng(ChartImages.single(single, 800, 500), png);
    assertThat(Files.size(png)).isPositive();
    Path overlay = dir.resolve("both.png");
    ChartImages.writePng(ChartImages.overlay(c.curves(), "both", 800, 500), overlay);
    assertThat(Files.size(overlay)).isPositive();
    assertThat(Sparkline.render(single.series(), single.analysis(), 40, "")).isNotBlank();
  }

  @Test
  void anExpectationFromATooShortRunStatesOnlyItsBurst() throws Exception {
    Analysis a = Analyzer.analyze(CurveReader.read(shortCsv()).series());
    Expectation e = Expectation.fromPastRun(a.burstMBps(), a.cacheGB(), a.floorMBps(), "short");
    assertThat(e.cliff()).isEqualTo(Expectation.Cliff.NOT_STATED);
    assertThat(e.floorMBps()).isNull();
    ExpectationCheck check = e.check(Measured.of(a, 18_030_000_000L, 12));
    assertThat(check.toText()).doesNotContain("NaN").doesNotContain("Infinity");
  }
}
