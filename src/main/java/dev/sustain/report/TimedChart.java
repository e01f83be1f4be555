package dev.sustain.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.font.FontRenderContext;
import java.awt.font.TextLayout;
import java.awt.geom.Line2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.util.List;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.style.XYStyler;

/**
 * An XChart chart whose time axis is ours: grid lines, tick marks and labels at {@link TimeTicks}'
 * round steps. XChart still lays the chart out and keeps a row for its own tick labels (drawn
 * invisible, with a label of ours' height), so the plot, the axis title and the legend sit where
 * they always did; this draws the grid under the curves and the labels in that row.
 */
final class TimedChart extends XYChart {

  private static final Color NONE = new Color(0, 0, 0, 0);

  /** XChart's stand-in label: as tall as ours (a digit and an ascender), never seen. */
  private static final String STAND_IN = "0h";

  private final List<TimeTicks.Tick> ticks;
  private final double secondsPerUnit;
  private Color background = Color.WHITE;
  private Color plotBackground = Color.WHITE;

  /**
   * @param durationSeconds the run's length: ticks go from 0 to it
   * @param secondsPerUnit the x values' unit in seconds (1, 60 or 3600)
   */
  TimedChart(int width, int height, double durationSeconds, double secondsPerUnit) {
    super(width, height);
    this.ticks = TimeTicks.of(durationSeconds);
    this.secondsPerUnit = secondsPerUnit;
  }

  /** The ticks this chart draws. */
  List<TimeTicks.Tick> ticks() {
    return ticks;
  }

  /** The plot's rectangle as XChart last laid it out (after a paint). */
  Rectangle2D plotBounds() {
    return plot.getBounds();
  }

  @Override
  public void paint(Graphics2D g, int width, int height) {
    XYStyler st = getStyler();
    if (st.getChartBackgroundColor().getAlpha() != 0) {
      background = st.getChartBackgroundColor();
      plotBackground = st.getPlotBackgroundColor();
    }
    st.setPlotGridVerticalLinesVisible(false);
    st.setXAxisTickLabelsColor(NONE);
    st.setXAxisTickMarksColor(NONE);
    setCustomXAxisTickLabelsFormatter(v -> STAND_IN);
    // XChart lays out as it paints: a pass on a scratch image finds the plot, so the grid can go
    // under the curves.
    BufferedImage scratch = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB);
    Graphics2D sg = scratch.createGraphics();
    try {
      super.paint(sg, width, height);
    } finally {
      sg.dispose();
    }
    Rectangle2D plotArea = plotBounds();
    g.setColor(background);
    g.fillRect(0, 0, width, height);
    g.setColor(plotBackground);
    g.fill(plotArea);
    Graphics2D grid = (Graphics2D) g.create();
    try {
      grid.setColor(st.getPlotGridLinesColor());
      grid.setStroke(st.getPlotGridLinesStroke());
      for (TimeTicks.Tick t : ticks) {
        // On a pixel's centre: a line between two pixels is two paler ones, which the eye loses.
        double x = Math.floor(screenX(t)) + 0.5;
        if (inside(plotArea, x)) {
          grid.draw(new Line2D.Double(x, plotArea.getMinY(), x, plotArea.getMaxY()));
        }
      }
    } finally {
      grid.dispose();
    }
    st.setChartBackgroundColor(NONE);
    st.setPlotBackgroundColor(NONE);
    try {
      super.paint(g, width, height);
    } finally {
      st.setChartBackgroundColor(background);
      st.setPlotBackgroundColor(plotBackground);
    }
    paintLabels(g, st, plotArea);
  }

  private void paintLabels(Graphics2D g, XYStyler st, Rectangle2D plotArea) {
    Graphics2D labels = (Graphics2D) g.create();
    try {
      labels.setRenderingHint(
          RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
      Font font = st.getAxisTickLabelsFont();
      FontRenderContext frc = new FontRenderContext(null, true, false);
      // The row XChart kept: under the tick marks and their padding, as tall as STAND_IN.
      double top = plotArea.getMaxY() + st.getAxisTickMarkLength() + st.getAxisTickPadding();
      double baseline = top - new TextLayout(STAND_IN, font, frc).getBounds().getY();
      for (TimeTicks.Tick t : ticks) {
        double x = Math.floor(screenX(t)) + 0.5;
        if (!inside(plotArea, x)) {
          continue;
        }
        labels.setColor(st.getAxisTickMarksColor());
        labels.setStroke(new BasicStroke(1f));
        labels.draw(
            new Line2D.Double(
                x, plotArea.getMaxY(), x, plotArea.getMaxY() + st.getAxisTickMarkLength()));
        TextLayout layout = new TextLayout(t.label(), font, frc);
        Rectangle2D b = layout.getBounds();
        labels.setColor(st.getAxisTickLabelsColor());
        // Drawn as outlines, as XChart draws its text: an SVG then needs no fonts.
        labels.fill(
            layout.getOutline(
                java.awt.geom.AffineTransform.getTranslateInstance(
                    x - b.getX() - b.getWidth() / 2, baseline)));
      }
    } finally {
      labels.dispose();
    }
  }

  private double screenX(TimeTicks.Tick t) {
    return getScreenXFromChart(t.seconds() / secondsPerUnit);
  }

  private static boolean inside(Rectangle2D r, double x) {
    return x >= r.getMinX() - 0.5 && x <= r.getMaxX() + 0.5;
  }
}
