package dev.sustain.report;

import dev.sustain.unit.Units;
import java.util.List;

/**
 * The HTML section "Between runs" of a comparison of one drive's runs: each later run explained
 * against the first, the recovery table (idle time, cache back) and the same drawn as an inline SVG
 * (the cache back, in percent of the first run's, against the idle time before the run, on a log
 * axis: 10 s, 1 min and 5 min apart alike). Stateless.
 */
final class RecoveryHtml {

  static final int WIDTH = 560;
  static final int HEIGHT = 260;
  private static final int LEFT = 50;
  private static final int RIGHT = 20;
  private static final int TOP = 20;
  private static final int BOTTOM = 40;

  private RecoveryHtml() {}

  /** The section, or the empty string when {@code changes} is null. */
  static String section(ChangeReport changes) {
    if (changes == null) {
      return "";
    }
    StringBuilder b = new StringBuilder("<section><h2>Between runs</h2><ul id=\"changes\">");
    for (String s : changes.sentences()) {
      b.append("<li>").append(HtmlReport.esc(s)).append("</li>");
    }
    b.append("</ul>");
    List<double[]> points = changes.recovery();
    if (!points.isEmpty()) {
      b.append("<table id=\"recovery\"><tr><th>idle before</th><th>cache back</th></tr>");
      for (double[] p : points) {
        b.append("<tr><td>")
            .append(HtmlReport.esc(ChangeWords.idle(p[0])))
            .append("</td><td>")
            .append(Units.fixed(p[1], 0))
            .append("%</td></tr>");
      }
      b.append("</table>").append(svg(points));
    }
    return b.append("</section>\n").toString();
  }

  /** The points drawn: idle seconds (log axis) against the cache back in percent. */
  static String svg(List<double[]> points) {
    double minIdle = Math.max(0.1, points.getFirst()[0]);
    double maxIdle = Math.max(minIdle, points.getLast()[0]);
    double maxPct = 100;
    for (double[] p : points) {
      maxPct = Math.max(maxPct, p[1]);
    }
    // A margin either side on the log axis, wider when all points share one idle time.
    double margin = maxIdle / minIdle < 1.5 ? 0.5 : 0.15;
    double lo = Math.log10(minIdle) - margin;
    double hi = Math.log10(maxIdle) + margin;
    int w = WIDTH - LEFT - RIGHT;
    int h = HEIGHT - TOP - BOTTOM;
    StringBuilder b = new StringBuilder();
    b.append("<svg id=\"recovery-chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\"")
        .append(WIDTH)
        .append("\" height=\"")
        .append(HEIGHT)
        .append("\" role=\"img\" aria-label=\"cache back after idle\">");
    b.append(line(LEFT, TOP + h, LEFT + w, TOP + h)).append(line(LEFT, TOP, LEFT, TOP + h));
    for (int pct = 0; pct <= maxPct; pct += 25) {
      double y = TOP + h - h * pct / maxPct;
      b.append(text(LEFT - 6, y + 4, pct + "%", "end"));
    }
    StringBuilder path = new StringBuilder();
    for (double[] p : points) {
      double x = LEFT + w * (Math.log10(Math.max(p[0], minIdle)) - lo) / (hi - lo);
      double y = TOP + h - h * p[1] / maxPct;
      path.append(path.isEmpty() ? "M" : " L").append(num(x)).append(' ').append(num(y));
      b.append(element("circle", null, "cx", x, "cy", y, "r", "4", "fill", "#1f77b4"));
      b.append(text(x, TOP + h + 16, ChangeWords.idle(p[0]), "middle"));
      b.append(text(x, y - 8, Units.fixed(p[1], 0) + "%", "middle"));
    }
    b.append(
        element("path", null, "d", path, "fill", "none", "stroke", "#1f77b4", "stroke-width", "2"));
    b.append(text(LEFT + w / 2.0, HEIGHT - 6, "idle before the run", "middle"));
    return b.append("</svg>").toString();
  }

  private static String line(double x1, double y1, double x2, double y2) {
    return element("line", null, "x1", x1, "y1", y1, "x2", x2, "y2", y2, "stroke", "#888");
  }

  private static String text(double x, double y, String s, String anchor) {
    return element("text", s, "x", x, "y", y, "font-size", "12", "text-anchor", anchor);
  }

  /**
   * An SVG element: its attributes as names and values in turn (a double is written as a
   * coordinate), empty when {@code text} is null, else around that text (escaped).
   */
  private static String element(String name, String text, Object... attributes) {
    StringBuilder b = new StringBuilder("<").append(name);
    for (int i = 0; i < attributes.length; i += 2) {
      Object v = attributes[i + 1];
      b.append(' ')
          .append(attributes[i])
          .append("=\"")
          .append(v instanceof Double d ? num(d) : v)
          .append('"');
    }
    if (text == null) {
      return b.append("/>").toString();
    }
    return b.append('>')
        .append(HtmlReport.esc(text))
        .append("</")
        .append(name)
        .append('>')
        .toString();
  }

  private static String num(double v) {
    return Units.plain(v, 1);
  }
}
