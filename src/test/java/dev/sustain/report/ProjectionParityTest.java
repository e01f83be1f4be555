package dev.sustain.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.analysis.Analyzer;
import dev.sustain.analysis.SampleSeries;
import java.util.List;
import java.util.stream.IntStream;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/**
 * The page's calculator reads the embedded cumulative curve with the rule below (the same as
 * report.js); it must agree with the analysis's projection to within the embedding tolerance.
 */
class ProjectionParityTest {

  /** report.js's projectSeconds, line for line. */
  static double projectLikeThePage(JsonNode curve, double jobBytes) {
    JsonNode s = curve.get("cumulative").get("s");
    JsonNode g = curve.get("cumulative").get("GB");
    double job = jobBytes / 1e9;
    if (job <= 0) {
      return 0;
    }
    for (int k = 1; k < g.size(); k++) {
      double gk = g.get(k).asDouble();
      double gp = g.get(k - 1).asDouble();
      if (gk >= job && gk > gp) {
        double sp = s.get(k - 1).asDouble();
        return sp + (job - gp) / (gk - gp) * (s.get(k).asDouble() - sp);
      }
    }
    double last = g.get(g.size() - 1).asDouble();
    double duration = curve.get("duration_s").asDouble();
    if (job <= last) {
      return duration;
    }
    double floor = curve.get("floor").asDouble();
    return floor > 0 ? duration + (job - last) * 1000 / floor : Double.POSITIVE_INFINITY;
  }

  @Test
  void insideAndBeyondALongCurveWithStalls() {
    int n = 100_000;
    double[] t = IntStream.range(0, n).mapToDouble(i -> i + 1).toArray();
    double[] r =
        IntStream.range(0, n)
            .mapToDouble(
                i -> (i + 1) % 997 == 0 ? 0 : 180 - 60.0 * i / n + 8 * Math.sin((i + 1) / 13.0))
            .toArray();
    SampleSeries series = SampleSeries.of(t, r);
    CurveReport c =
        new CurveReport(
            Curves.RESOURCES, "long", RunInfo.NONE, series, Analyzer.analyze(series), List.of());
    JsonNode curve = HtmlReport.curveData(c, false);
    assertThat(curve.get("cumulative").get("s").size()).isLessThan(n / 5);
    long total = series.totalBytes();
    for (double fraction : new double[] {0.0001, 0.013, 0.4, 0.77, 0.999, 1.0, 1.5, 3}) {
      long job = (long) (total * fraction);
      double expected = Analyzer.projectSeconds(series, job, c.analysis().floorMBps());
      assertThat(projectLikeThePage(curve, job))
          .as("job %s of the curve", fraction)
          .isCloseTo(expected, Offset.offset(HtmlReport.CUMULATIVE_TOLERANCE_SECONDS + 0.002));
    }
  }
}
