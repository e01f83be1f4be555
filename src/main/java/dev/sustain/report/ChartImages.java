package dev.sustain.report;

import de.erichseifert.vectorgraphics2d.VectorGraphics2D;
import de.erichseifert.vectorgraphics2d.svg.SVGProcessor;
import de.erichseifert.vectorgraphics2d.util.PageSize;
import dev.sustain.analysis.Analysis;
import dev.sustain.analysis.Segment;
import dev.sustain.analysis.Shape;
import dev.sustain.unit.Durations;
import dev.sustain.unit.Units;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;
import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * PNG and SVG charts of write curves with XChart: the rate against time above the rate against GB
 * written, in one image. A single curve gets its plateaus, the cliff (a vertical marker), the burst
 * and floor lines and, when known, the temperature on a right-hand axis; a comparison overlays the
 * curves. Long curves are thinned to the min and max per pixel column ({@link Downsample}), so a
 * stall still shows. Runs headless. Stateless; each call builds its own charts (thread-safe).
 */
public final class ChartImages {

  /** The default image size: readable on a laptop screen and in a bug report. */
  public static final int WIDTH = 1200;

  public static final int HEIGHT = 700;

  private static final Color RATE = new Color(0x1f, 0x77, 0xb4);
  private static final Color PLATEAU = new Color(0xff, 0x7f, 0x0e);
  private static final Color BURST = new Color(0x2c, 0xa0, 0x2c);
  private static final Color FLOOR = new Color(0xd6, 0x27, 0x28);
  private static final Color TEMP = new Color(0x8c, 0x56, 0x4b);
  private static final Color CLIFF = new Color(0x44, 0x44, 0x44);
  private static final Color MEAN = new Color(0x9e, 0xda, 0xff);

  /** Distinct colours for overlaid curves (a colour-blind-safe palette, Okabe-Ito). */
  static final Color[] PALETTE = {
    new Color(0x00, 0x72, 0xb2),
    new Color(0xd5, 0x5e, 0x00),
    new Color(0x00, 0x9e, 0x73),
    new Color(0xcc, 0x79, 0xa7),
    new Color(0xe6, 0x9f, 0x00),
    new Color(0x56, 0xb4, 0xe9),
    new Color(0x00, 0x00, 0x00),
    new Color(0xf0, 0xe4, 0x42),
  };

  private static final BasicStroke DASHED =
      new BasicStroke(
          1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {8f, 5f}, 0f);

  static {
    // Charts are files, never windows: a server without a display must draw them.
    System.setProperty("java.awt.headless", "true");
  }

  private ChartImages() {}

  /** The two charts (time, GB written) of one curve, {@code width} x {@code height} in all. */
  public static List<XYChart> single(CurveReport r, int width, int height) {
    int h = height / 2 + 18; // the top chart also holds the legend
    XYChart byGB = singleChart(r, true, width, height - h);
    byGB.getStyler().setLegendVisible(false);
    return List.of(singleChart(r, false, width, h), byGB);
  }

  /** The two overlay charts (time, GB written) of several curves. */
  public static List<XYChart> overlay(
      List<CurveReport> curves, String title, int width, int height) {
    int h = height / 2 + 18; // the top chart also holds the legend
    XYChart byGB = overlayChart(curves, null, true, width, height - h);
    byGB.getStyler().setLegendVisible(false);
    return List.of(overlayChart(curves, title, false, width, h), byGB);
  }

  /** Writes the charts stacked into one PNG. */
  public static void writePng(List<XYChart> charts, Path file) throws IOException {
    int width = charts.get(0).getWidth();
    int height = charts.stream().mapToInt(XYChart::getHeight).sum();
    BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = image.createGraphics();
    try {
      g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
      g.setRenderingHint(
          RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
      paintStacked(g, charts);
    } finally {
      g.dispose();
    }
    try (OutputStream out = Files.newOutputStream(file)) {
      if (!ImageIO.write(image, "png", out)) {
        throw new IOException("no PNG writer in this JVM");
      }
    }
  }

  /** Writes the charts stacked into one SVG. */
  public static void writeSvg(List<XYChart> charts, Path file) throws IOException {
    int width = charts.get(0).getWidth();
    int height = charts.stream().mapToInt(XYChart::getHeight).sum();
    VectorGraphics2D g = new VectorGraphics2D();
    paintStacked(g, charts);
    java.io.ByteArrayOutputStream svg = new java.io.ByteArrayOutputStream();
    new SVGProcessor().getDocument(g.getCommands(), new PageSize(0, 0, width, height)).writeTo(svg);
    Files.writeString(file, withoutInvisible(svg.toString(StandardCharsets.UTF_8)));
  }

  /**
   * An element drawn with neither a visible fill nor a visible stroke: XChart's backgrounds and
   * time tick marks that {@link TimedChart} makes transparent to draw its own in their place.
   */
  private static final java.util.regex.Pattern INVISIBLE =
      java.util.regex.Pattern.compile(
          "[ \\t]*<(?:rect|line|path|polyline|polygon)\\b[^>]*style=\"(?:fill:[^;\"]+;fill-opacity:0;"
              + "stroke:none|fill:none;stroke:[^;\"]+;stroke-opacity:0)[;\"][^>]*/>\\R?");

  /**
   * The SVG without elements nobody can see: a reader (or a search of the file) finds only what is
   * drawn. The labels stay outlines, as XChart draws its text, so the file needs no fonts.
   */
  static String withoutInvisible(String svg) {
    return INVISIBLE.matcher(svg).replaceAll("");
  }

  private static void paintStacked(Graphics2D g, List<XYChart> charts) {
    int y = 0;
    for (XYChart c : charts) {
      Graphics2D part = (Graphics2D) g.create();
      try {
        part.translate(0, y);
        c.paint(part, c.getWidth(), c.getHeight());
      } finally {
        part.dispose();
      }
      y += c.getHeight();
    }
  }

  /** What the steps of one chart share: the curve, its x values (time or GB) and the width. */
  private record View(
      CurveReport r, boolean byGB, TimeAxis axis, double[] x, double[] gb, int width) {}

  /** The plateaus' steps: x and rate pairs, a NaN rate where the line breaks. */
  private record Steps(List<Double> x, List<Double> y) {}

  private static XYChart singleChart(CurveReport r, boolean byGB, int width, int height) {
    Analysis a = r.analysis();
    double[] time = r.series().timeSecondsArray();
    double[] rate = r.series().writeMBpsArray();
    double[] gb = r.cumulativeGB();
    TimeAxis axis = TimeAxis.of(r.series().durationSeconds());
    double[] x = byGB ? gb : axis.scale(time);
    View v = new View(r, byGB, axis, x, gb, width);
    XYChart chart = baseChart(width, height, byGB, axis, r.series().durationSeconds());
    chart.setTitle(byGB ? "Rate against GB written" : r.title() + " — " + a.shape().word());

    Downsample.Points curve = Downsample.minMax(x, rate, width);
    XYSeries s = chart.addSeries("write rate (MB/s)", curve.x(), curve.y());
    s.setLineColor(RATE).setLineWidth(1f);
    s.setMarker(SeriesMarkers.NONE);

    Steps steps = plateauSteps(v);
    if (rate.length > 2 * width) {
      meanSeries(chart, v, rate);
    }
    if (!steps.x().isEmpty()) {
      XYSeries ps = chart.addSeries("plateaus", steps.x(), steps.y());
      ps.setLineColor(PLATEAU).setLineWidth(2.5f);
      ps.setMarker(SeriesMarkers.NONE);
    }
    double x0 = x.length == 0 ? 0 : Math.min(0, x[0]);
    double x1 = x.length == 0 ? 1 : x[x.length - 1];
    horizontal(chart, "burst " + Units.rate(a.burstMBps()), a.burstMBps(), x0, x1, BURST);
    if (a.floorMBps() != null && Math.abs(a.floorMBps() - a.burstMBps()) > 0.02 * a.burstMBps()) {
      horizontal(chart, "floor " + Units.rate(a.floorMBps()), a.floorMBps(), x0, x1, FLOOR);
    }
    if (a.cliffSeconds() != null) {
      cliffMarker(chart, v, x0, x1);
    }
    if (r.series().hasTemperature()) {
      temperature(chart, v);
    }
    chart.getStyler().setYAxisMin(0, 0.0);
    chart.getStyler().setYAxisMax(0, Math.max(1, a.maxMBps()) * 1.1);
    return chart;
  }

  /**
   * The plateaus as steps over the raw curve: the levels the analysis read. Short ones (a stall, a
   * dip) are left to the raw curve, or hundreds of them would hide it; NaN breaks the line.
   */
  private static Steps plateauSteps(View v) {
    Analysis a = v.r().analysis();
    List<Double> px = new ArrayList<>();
    List<Double> py = new ArrayList<>();
    for (Segment p : a.plateaus()) {
      if (!shown(a, p, v.r().series().durationSeconds())) {
        if (!px.isEmpty() && !Double.isNaN(py.get(py.size() - 1))) {
          px.add(px.get(px.size() - 1));
          py.add(Double.NaN);
        }
        continue;
      }
      double from = v.byGB() ? gbBefore(v.gb(), p.startIndex()) : v.axis().scale(p.startSeconds());
      double to = v.byGB() ? v.gb()[p.endIndex() - 1] : v.axis().scale(p.endSeconds());
      px.add(from);
      py.add(p.meanMBps());
      px.add(to);
      py.add(p.meanMBps());
    }
    return new Steps(px, py);
  }

  /**
   * Min and max per column fill the band between stalls and peaks; the mean per column shows where
   * the rate mostly was.
   */
  private static void meanSeries(XYChart chart, View v, double[] rate) {
    int buckets = v.width() / 8;
    Downsample.Points mean = Downsample.mean(v.x(), rate, buckets);
    String per =
        v.byGB()
            ? Units.plain(v.gb()[v.gb().length - 1] / buckets, 1) + " GB"
            : Durations.format(v.r().series().durationSeconds() / buckets);
    XYSeries ms = chart.addSeries("mean per " + per, mean.x(), mean.y());
    ms.setLineColor(MEAN).setLineWidth(1.5f);
    ms.setMarker(SeriesMarkers.NONE);
  }

  /** The cliff's line and its label: what it is, the cache in GB and when. */
  private static void cliffMarker(XYChart chart, View v, double x0, double x1) {
    Analysis a = v.r().analysis();
    double cx = v.byGB() ? a.cacheGB() : v.axis().scale(a.cliffSeconds());
    chart.addAnnotation(new AnnotationLine(cx, true, false));
    String label =
        markerWord(a)
            + ": "
            + Units.fixed(a.cacheGB(), a.cacheGB() >= 100 ? 0 : 1)
            + " GB at "
            + Durations.format(a.cliffSeconds());
    // AnnotationText centres on its point: shift it beside the line, towards the wider side.
    double range = Math.max(1e-9, x1 - x0);
    double textWidth = label.length() * 7.5 / Math.max(200, v.width() - 160) * range;
    boolean right = (cx - x0) / range < 0.6;
    double tx = right ? cx + textWidth / 2 + 0.01 * range : cx - textWidth / 2 - 0.01 * range;
    chart.addAnnotation(new AnnotationText(label, tx, a.maxMBps() * 1.045, false));
  }

  /** The drive's temperature on a second axis, on the right. */
  private static void temperature(XYChart chart, View v) {
    Downsample.Points t = Downsample.mean(v.x(), v.r().tempC(), v.width() / 4);
    if (t.size() > 0) {
      XYSeries ts = chart.addSeries("temperature (°C)", t.x(), t.y());
      ts.setYAxisGroup(1);
      ts.setLineColor(TEMP).setLineWidth(1.5f);
      ts.setMarker(SeriesMarkers.NONE);
      chart.setYAxisGroupTitle(1, "°C");
      chart.getStyler().setYAxisGroupPosition(1, Styler.YAxisPosition.Right);
    }
  }

  private static XYChart overlayChart(
      List<CurveReport> curves, String title, boolean byGB, int width, int height) {
    double longest = 0;
    for (CurveReport r : curves) {
      longest = Math.max(longest, r.series().durationSeconds());
    }
    TimeAxis axis = TimeAxis.of(longest);
    XYChart chart = baseChart(width, height, byGB, axis, longest);
    chart.setTitle(title == null ? "Rate against GB written" : title);
    double max = 1;
    for (int k = 0; k < curves.size(); k++) {
      CurveReport r = curves.get(k);
      double[] x = byGB ? r.cumulativeGB() : axis.scale(r.series().timeSecondsArray());
      Downsample.Points p = Downsample.minMax(x, r.series().writeMBpsArray(), width);
      XYSeries s = chart.addSeries(uniqueName(chart, r.label()), p.x(), p.y());
      s.setLineColor(PALETTE[k % PALETTE.length]).setLineWidth(1.2f);
      s.setMarker(SeriesMarkers.NONE);
      max = Math.max(max, r.analysis().maxMBps());
    }
    // Each curve's floor as a thin dashed line in its colour: the number a long job depends on.
    double right = 0;
    for (CurveReport r : curves) {
      right =
          Math.max(
              right,
              byGB ? r.series().totalBytes() / 1e9 : axis.scale(r.series().durationSeconds()));
    }
    for (int k = 0; k < curves.size(); k++) {
      Double known = curves.get(k).analysis().floorMBps();
      if (known == null) {
        continue; // too short to tell: no floor to draw
      }
      double floor = known;
      XYSeries f =
          chart.addSeries(
              uniqueName(chart, "floor " + curves.get(k).label()),
              new double[] {0, right},
              new double[] {floor, floor});
      f.setLineColor(PALETTE[k % PALETTE.length]).setLineWidth(1f);
      f.setLineStyle(
          new BasicStroke(
              1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {4f, 4f}, 0f));
      f.setMarker(SeriesMarkers.NONE);
      f.setShowInLegend(false);
    }
    chart.getStyler().setYAxisMin(0.0);
    chart.getStyler().setYAxisMax(max * 1.08);
    chart.getStyler().setXAxisMin(0.0);
    return chart;
  }

  private static String uniqueName(XYChart chart, String label) {
    String name = label;
    int n = 2;
    while (chart.getSeries(name) != null) {
      name = label + " (" + n++ + ")";
    }
    return name;
  }

  private static XYChart baseChart(
      int width, int height, boolean byGB, TimeAxis axis, double durationSeconds) {
    // The time axis is drawn by TimedChart at round steps, labelled as times; GB are plain numbers.
    XYChart chart =
        byGB
            ? new XYChart(width, height)
            : new TimedChart(width, height, durationSeconds, axis.secondsPerUnit());
    chart.setXAxisTitle(byGB ? "GB written (10^9 B)" : "time");
    chart.setYAxisTitle("MB/s");
    Styler st = chart.getStyler();
    chart.getStyler().setLocale(Locale.ROOT);
    st.setChartBackgroundColor(Color.WHITE);
    st.setPlotBackgroundColor(Color.WHITE);
    st.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
    st.setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
    st.setLegendPosition(Styler.LegendPosition.OutsideS);
    st.setLegendLayout(Styler.LegendLayout.Horizontal);
    st.setLegendBackgroundColor(new Color(255, 255, 255, 220));
    st.setAnnotationLineColor(CLIFF);
    st.setAnnotationLineStroke(DASHED);
    st.setAnnotationTextFontColor(CLIFF);
    st.setAnnotationTextFont(new Font(Font.SANS_SERIF, Font.BOLD, 12));
    chart.getStyler().setAxisTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
    chart.getStyler().setAxisTickLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
    chart.getStyler().setPlotGridLinesColor(new Color(0xe4, 0xe4, 0xe4));
    // Solid grid lines: dashed ones become thousands of outlined dashes in an SVG.
    chart.getStyler().setPlotGridLinesStroke(new BasicStroke(1f));
    chart.getStyler().setXAxisDecimalPattern("#,##0.##");
    chart.getStyler().setYAxisDecimalPattern("#,##0");
    chart.getStyler().setMarkerSize(0);
    return chart;
  }

  private static void horizontal(
      XYChart chart, String name, double y, double x0, double x1, Color color) {
    XYSeries s =
        chart.addSeries(uniqueName(chart, name), new double[] {x0, x1}, new double[] {y, y});
    s.setLineColor(color).setLineWidth(1.5f);
    s.setLineStyle(DASHED);
    s.setMarker(SeriesMarkers.NONE);
  }

  /**
   * Whether a plateau is drawn: all of them when there are few; when there are many (a disk full of
   * stalls), only those lasting 2% of the run, or hundreds of steps would hide the curve.
   */
  static boolean shown(Analysis a, Segment plateau, double runSeconds) {
    return a.plateaus().size() <= 12 || plateau.durationSeconds() >= 0.02 * runSeconds;
  }

  /** "cliff" for a cache that ran out; "first drop" where the drop has another cause. */
  static String markerWord(Analysis a) {
    return a.shape() == Shape.CACHE_CLIFF ? "cliff" : "first drop";
  }

  private static double gbBefore(double[] gb, int index) {
    return index == 0 ? 0 : gb[index - 1];
  }

  /** Seconds shown as s, min or h, whichever keeps the numbers short. */
  record TimeAxis(String unit, double secondsPerUnit) {
    static TimeAxis of(double durationSeconds) {
      if (durationSeconds > 3 * 3600) {
        return new TimeAxis("h", 3600);
      }
      if (durationSeconds > 20 * 60) {
        return new TimeAxis("min", 60);
      }
      return new TimeAxis("s", 1);
    }

    double scale(double seconds) {
      return seconds / secondsPerUnit;
    }

    double[] scale(double[] seconds) {
      double[] out = new double[seconds.length];
      for (int i = 0; i < out.length; i++) {
        out[i] = seconds[i] / secondsPerUnit;
      }
      return out;
    }
  }
}
