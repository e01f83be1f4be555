package dev.sustain.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.analysis.Analyzer;
import dev.sustain.analysis.SampleSeries;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.XYChart;

/**
 * The report's SVG holds only what is drawn: every shape has a visible fill or stroke (XChart's
 * backgrounds and time tick marks, made transparent so that TimedChart draws its own, are left out
 * instead of lying in the file unseen), and each time label is drawn once, in ink.
 */
class SvgInkTest {

  @TempDir Path dir;

  private static final Pattern SHAPE =
      Pattern.compile("<(rect|line|path|polyline|polygon)\\b[^>]*style=\"([^\"]*)\"");

  @Test
  void everyShapeInTheSvgIsVisible() throws Exception {
    List<XYChart> charts = ChartImages.single(curve(), 1200, 700);
    Path svg = dir.resolve("chart.svg");
    ChartImages.writeSvg(charts, svg);
    String text = Files.readString(svg);
    assertThat(text).startsWith("<?xml").contains("</svg>");
    List<String> unseen = new ArrayList<>();
    int shapes = 0;
    int inked = 0;
    Matcher m = SHAPE.matcher(text);
    while (m.find()) {
      shapes++;
      String style = m.group(2);
      boolean fill = !style.contains("fill:none") && !style.matches(".*fill-opacity:0(;.*|$)");
      boolean stroke =
          style.contains("stroke:")
              && !style.contains("stroke:none")
              && !style.matches(".*stroke-opacity:0(;.*|$)");
      if (!fill && !stroke) {
        unseen.add(m.group());
      }
      if (style.startsWith("fill:rgb(0,0,0);stroke:none")) {
        inked++; // text outlines and the like, in black
      }
    }
    assertThat(shapes).as("the SVG draws something").isGreaterThan(20);
    assertThat(unseen).as("shapes nobody can see").isEmpty();
    // Each time label once (no stand-in XChart labels under them), plus the rest of the text.
    TimedChart top = (TimedChart) charts.get(0);
    assertThat(inked).isGreaterThanOrEqualTo(top.ticks().size());
  }

  @Test
  void theFilterTakesOnlyWhatCannotBeSeen() {
    String svg =
        """
          <rect height="3" style="fill:rgb(0,0,0);fill-opacity:0;stroke:none;" width="1"/>
          <rect height="3" style="fill:rgb(255,255,255);fill-opacity:0.86;stroke:none;" width="1"/>
          <line style="fill:none;stroke:rgb(0,0,0);stroke-opacity:0;stroke-linecap:square;" x1="6"/>
          <line style="fill:none;stroke:rgb(0,0,0);stroke-linecap:square;" x1="7"/>
          <path d="M0,0 Z" style="fill:rgb(0,0,0);stroke:none;"/>
        """;
    String kept = ChartImages.withoutInvisible(svg);
    assertThat(kept.lines()).hasSize(3);
    assertThat(kept).contains("fill-opacity:0.86").contains("x1=\"7\"").contains("M0,0 Z");
  }

  private CurveReport curve() {
    int n = 300;
    double[] t = new double[n];
    double[] r = new double[n];
    for (int i = 0; i < n; i++) {
      t[i] = i + 1;
      r[i] = i < 120 ? 900 + (i % 7) : 150 + (i % 5);
    }
    SampleSeries s = SampleSeries.of(t, r);
    return new CurveReport(dir, "ssd", RunInfo.NONE, s, Analyzer.analyze(s), List.of());
  }
}
