package dev.sustain.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.analysis.Analyzer;
import dev.sustain.analysis.SampleSeries;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.XYChart;
import org.w3c.dom.Element;

class ChartImagesTest {

  @TempDir Path dir;

  private static CurveReport kingston() {
    return CurveReport.load(Curves.RESOURCES.resolve("kingston-run"), null, -1);
  }

  @Test
  void pngIs1200x700WithTheCliffMarkedWhereTheAnalysisPutIt() throws Exception {
    CurveReport r = kingston();
    List<XYChart> charts = ChartImages.single(r, ChartImages.WIDTH, ChartImages.HEIGHT);
    Path png = dir.resolve("k.png");
    ChartImages.writePng(charts, png);
    BufferedImage img = ImageIO.read(png.toFile());
    assertThat(img.getWidth()).isEqualTo(1200);
    assertThat(img.getHeight()).isEqualTo(700);

    // The time chart is the top one: its cliff marker is a dashed dark vertical line at cliff_s.
    XYChart top = charts.get(0);
    int x = (int) Math.round(top.getScreenXFromChart(r.analysis().cliffSeconds()));
    int yTop = (int) top.getScreenYFromChart(r.analysis().maxMBps());
    int yBottom = (int) top.getScreenYFromChart(0);
    assertThat(darkPixels(img, x, yTop, yBottom)).isGreaterThan((yBottom - yTop) / 4);
    // Away from the cliff (a quarter of the way in) the column has no such line.
    int away = (int) Math.round(top.getScreenXFromChart(r.analysis().cliffSeconds() / 2));
    assertThat(darkPixels(img, away, yTop, yBottom)).isLessThan(5);

    // The floor is a red dashed line at its level.
    int yFloor = (int) Math.round(top.getScreenYFromChart(r.analysis().floorMBps()));
    int red = 0;
    for (int px = 80; px < 1100; px++) {
      for (int dy = -1; dy <= 1; dy++) {
        Color c = new Color(img.getRGB(px, yFloor + dy));
        if (c.getRed() > 180 && c.getGreen() < 100 && c.getBlue() < 100) {
          red++;
        }
      }
    }
    assertThat(red).isGreaterThan(200);
    assertThat(top.getTitle()).contains("KINGSTON SNV3S1000G").contains("QD 32").contains("1 MiB");
    assertThat(top.getSeries("temperature (°C)").getYAxisGroup()).isEqualTo(1);
  }

  @Test
  void svgIsWellFormedAndTheSameSize() throws Exception {
    Path svg = dir.resolve("k.svg");
    ChartImages.writeSvg(ChartImages.single(kingston(), 1200, 700), svg);
    var builder = DocumentBuilderFactory.newDefaultInstance().newDocumentBuilder();
    // The SVG names the W3C DTD; reading it would go to the network.
    builder.setEntityResolver(
        (publicId, systemId) -> new org.xml.sax.InputSource(new java.io.StringReader("")));
    var doc = builder.parse(svg.toFile());
    Element root = doc.getDocumentElement();
    assertThat(root.getTagName()).isEqualTo("svg");
    assertThat(root.getAttribute("viewBox")).isEqualTo("0 0 1200 700");
    // Vector all through (XChart's text becomes outlines), not a picture wrapped in SVG.
    assertThat(doc.getElementsByTagName("path").getLength()).isGreaterThan(50);
    assertThat(doc.getElementsByTagName("image").getLength()).isZero();
    assertThat(Files.size(svg)).isLessThan(2_000_000);
  }

  @Test
  void aHundredThousandSampleCurveDrawsFastAndShowsItsOneStall() throws Exception {
    int n = 100_000;
    double[] t = new double[n];
    double[] r = new double[n];
    for (int i = 0; i < n; i++) {
      t[i] = i + 1;
      r[i] = 200 - 60.0 * i / n + 5 * Math.sin(i / 7.0);
    }
    int stall = 61_803;
    r[stall] = 0;
    SampleSeries s = SampleSeries.of(t, r);
    CurveReport c = new CurveReport(dir, "hdd", RunInfo.NONE, s, Analyzer.analyze(s), List.of());
    // Once to warm up AWT and its fonts, then timed.
    ChartImages.writePng(ChartImages.single(c, 1200, 700), dir.resolve("warm.png"));
    // CPU time of this thread (charts are drawn and encoded on it), which a busy machine does
    // not inflate as it does wall time.
    java.lang.management.ThreadMXBean threads =
        java.lang.management.ManagementFactory.getThreadMXBean();
    long cpu0 = threads.getCurrentThreadCpuTime();
    List<XYChart> charts = ChartImages.single(c, 1200, 700);
    Path png = dir.resolve("long.png");
    ChartImages.writePng(charts, png);
    double seconds = (threads.getCurrentThreadCpuTime() - cpu0) / 1e9;
    System.out.printf(java.util.Locale.ROOT, "100,000 samples to PNG in %.2f s of CPU%n", seconds);
    assertThat(seconds).as("CPU seconds to draw and encode").isLessThan(10);

    BufferedImage img = ImageIO.read(png.toFile());
    XYChart top = charts.get(0);
    double unit = 3600; // the time axis is in hours for a 28-hour run
    int x = (int) Math.round(top.getScreenXFromChart(t[stall] / unit));
    int yZero = (int) top.getScreenYFromChart(0);
    int y100 = (int) top.getScreenYFromChart(100);
    int blue = 0;
    for (int dx = -1; dx <= 1; dx++) {
      for (int y = y100; y <= yZero; y++) {
        Color px = new Color(img.getRGB(x + dx, y));
        if (px.getBlue() > px.getRed() + 60) {
          blue++;
        }
      }
    }
    assertThat(blue)
        .as("the rate line dives to zero at the stall")
        .isGreaterThan((yZero - y100) / 2);
  }

  @Test
  void overlayHasOneSeriesPerCurve() {
    List<CurveReport> curves =
        List.of(
            kingston(),
            CurveReport.load(Curves.RESOURCES.resolve("wd-sn810.csv"), null, -1),
            CurveReport.load(Curves.RESOURCES.resolve("samsung-t9.csv"), null, -1));
    List<XYChart> charts = ChartImages.overlay(curves, "three", 1200, 700);
    assertThat(charts).hasSize(2);
    assertThat(
            charts.get(0).getSeriesCollection().stream()
                .filter(x -> x.isShowInLegend())
                .map(x -> x.getName())
                .toList())
        .containsExactly("KINGSTON SNV3S1000G 50026B7686ABCDEF", "wd-sn810", "samsung-t9");
    // Each curve's floor is drawn too, out of the legend.
    assertThat(charts.get(0).getSeries("floor wd-sn810").getYMax())
        .isEqualTo(curves.get(1).analysis().floorMBps());
  }

  private static int darkPixels(BufferedImage img, int x, int yTop, int yBottom) {
    int dark = 0;
    for (int y = yTop; y <= yBottom; y++) {
      for (int dx = -1; dx <= 1; dx++) {
        Color c = new Color(img.getRGB(x + dx, y));
        if (c.getRed() < 110 && c.getGreen() < 110 && c.getBlue() < 110) {
          dark++;
          break;
        }
      }
    }
    return dark;
  }
}
