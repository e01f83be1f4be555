package dev.sustain.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.analysis.Analysis;
import dev.sustain.analysis.Segment;
import dev.sustain.unit.ByteSize;
import dev.sustain.unit.Durations;
import dev.sustain.unit.Units;
import java.util.List;
import java.util.Map;

/**
 * One self-contained HTML file per report: uPlot and its CSS inlined from the webjar on the class
 * path, the curve data embedded as JSON, the page script inlined; nothing is fetched from a
 * network. A single curve gets its figures, shape, evidence, advice, parameters and a projection
 * calculator; a comparison gets the table, the findings and overlay charts. Stateless and
 * thread-safe.
 */
public final class HtmlReport {

  /** The uPlot version in the webjar (pom.xml: org.webjars.npm:uplot). */
  static final String UPLOT_VERSION = "1.6.30";

  /** Points per chart: about one min and one max per pixel column of a wide screen. */
  static final int CHART_BUCKETS = 1500;

  /** The embedded cumulative curve follows the measured one to within this many seconds. */
  static final double CUMULATIVE_TOLERANCE_SECONDS = 0.25;

  private static final ObjectMapper JSON = new ObjectMapper();

  private HtmlReport() {}

  /**
   * What a report page is made of, for a page that shows it inside its own (the dashboard): the
   * title, the body's HTML (every text in it escaped) and the data the page script draws.
   */
  public record Parts(String title, String body, ObjectNode data) {
    /** The data as JSON text. */
    public String dataJson() {
      return scriptSafeJson(data);
    }
  }

  /** The page for one curve. */
  public static String single(CurveReport r) {
    Parts p = singleParts(r);
    return page(p.title(), p.body(), p.data());
  }

  /** The parts of the page for one curve. */
  public static Parts singleParts(CurveReport r) {
    Analysis a = r.analysis();
    StringBuilder body = new StringBuilder();
    body.append("<header><h1>").append(esc(r.label())).append("</h1>\n");
    if (!r.info().summary().isEmpty()) {
      body.append("<p class=\"sub\">").append(esc(r.info().summary())).append("</p>\n");
    }
    body.append("<p class=\"headline\"><span class=\"shape\">")
        .append(esc(a.shape().word()))
        .append("</span> ")
        .append(esc(Explanation.headline(a, r.info().context())))
        .append("</p></header>\n");
    for (String note : r.notes()) {
      body.append("<p class=\"note\">note: ").append(esc(note)).append("</p>\n");
    }
    body.append("<section><h2>In words</h2><p id=\"words\">")
        .append(esc(SummarySentence.summary(a, r.info().context())))
        .append("</p></section>\n");
    body.append(
        "<section><h2>The curve</h2><p class=\"hint\">Drag to zoom, double-click to reset; hover"
            + " for values.</p><div id=\"chart-time\" class=\"chart\"></div>"
            + "<div id=\"chart-gb\" class=\"chart\"></div></section>\n");
    body.append(calculator());
    body.append("<section><h2>Figures</h2>").append(FiguresTable.of(a)).append("</section>\n");
    body.append("<section><h2>Why: ").append(esc(a.shape().word())).append("</h2><ul>");
    for (String e : Explanation.evidence(a, r.info().context())) {
      body.append("<li>").append(esc(e)).append("</li>");
    }
    body.append("</ul><h2>Advice</h2><ul>");
    for (String adv : Explanation.advice(a, r.info().context())) {
      body.append("<li>").append(esc(adv)).append("</li>");
    }
    body.append("</ul></section>\n");
    body.append("<section><h2>The run</h2>");
    body.append(keyValues("Device", r.info().device()));
    body.append(keyValues("Parameters", r.info().params()));
    // In this order on every run (Map.of's order changes from one JVM to the next).
    Map<String, String> input = new java.util.LinkedHashMap<>();
    input.put("file", r.input().toString());
    input.put("samples", Integer.toString(r.series().size()));
    body.append(keyValues("Input", input));
    body.append("</section>\n");

    ObjectNode data = JsonNodeFactory.instance.objectNode();
    data.put("kind", "single");
    data.put("title", r.title());
    data.putArray("curves").add(curveData(r, true));
    putJob(data, a.projection() == null ? -1 : a.projection().gigabytes(), a.totalGB());
    return new Parts(r.title(), body.toString(), data);
  }

  /** The page comparing several curves. */
  public static String compare(Comparison c) {
    Parts p = compareParts(c);
    return page(p.title(), p.body(), p.data());
  }

  /** The parts of the page comparing several curves. */
  public static Parts compareParts(Comparison c) {
    StringBuilder body = new StringBuilder();
    body.append("<header><h1>").append(esc(c.title())).append("</h1></header>\n");
    body.append("<section><h2>What matters</h2><ul id=\"findings\">");
    for (String f : c.findings()) {
      body.append("<li>").append(esc(f)).append("</li>");
    }
    body.append("</ul></section>\n");
    body.append("<section><h2>Side by side</h2>").append(compareTable(c)).append("</section>\n");
    body.append(RecoveryHtml.section(ChangeReport.of(c))); // runs of one drive only
    body.append(
        "<section><h2>The curves</h2><p class=\"hint\">Drag to zoom, double-click to reset; hover"
            + " for values.</p><div id=\"chart-time\" class=\"chart\"></div>"
            + "<div id=\"chart-gb\" class=\"chart\"></div></section>\n");
    body.append(calculator());
    for (CurveReport r : c.curves()) {
      body.append("<details><summary>")
          .append(esc(r.label()))
          .append(": ")
          .append(esc(r.analysis().shape().word()))
          .append("</summary><p>")
          .append(esc(SummarySentence.summary(r.analysis(), r.info().context())))
          .append("</p><ul>");
      for (String e : Explanation.evidence(r.analysis(), r.info().context())) {
        body.append("<li>").append(esc(e)).append("</li>");
      }
      for (String adv : Explanation.advice(r.analysis(), r.info().context())) {
        body.append("<li>advice: ").append(esc(adv)).append("</li>");
      }
      body.append("</ul>");
      body.append(keyValues("Device", r.info().device()));
      body.append(keyValues("Parameters", r.info().params()));
      body.append(keyValues("Input", Map.of("file", r.input().toString())));
      body.append("</details>\n");
    }
    ObjectNode data = JsonNodeFactory.instance.objectNode();
    data.put("kind", "compare");
    data.put("title", c.title());
    ArrayNode curves = data.putArray("curves");
    for (CurveReport r : c.curves()) {
      curves.add(curveData(r, false));
    }
    data.put("job", jobText(c.jobBytes()));
    return new Parts(c.title(), body.toString(), data);
  }

  private static void putJob(ObjectNode data, double askedGB, double fallbackGB) {
    if (askedGB > 0) {
      // The job asked for, exactly: the page's projection is of the job the field holds.
      data.put("job", exactJobText(Math.round(askedGB * 1e9)));
    } else {
      data.put("job", Math.max(1, Math.round(fallbackGB)) + "GB");
    }
  }

  /**
   * A job size as the calculator's field shows it, as the command line takes it: 300GiB, 500GB, or
   * GB to three significant digits (12.7GB, not 12.749111296GB).
   */
  static String jobText(long bytes) {
    if (bytes > 0 && bytes % ByteSize.GIB == 0) {
      return bytes / ByteSize.GIB + "GiB";
    }
    double gb = bytes / 1e9;
    return Units.plain(gb, gb >= 100 ? 0 : gb >= 10 ? 1 : gb >= 1 ? 2 : 3) + "GB";
  }

  /** A job size asked for, exactly as the command line takes it: 300GiB, 12.75GB, 14.1694598GB. */
  static String exactJobText(long bytes) {
    if (bytes > 0 && bytes % ByteSize.GIB == 0) {
      return bytes / ByteSize.GIB + "GiB";
    }
    return java.math.BigDecimal.valueOf(bytes, 9).stripTrailingZeros().toPlainString() + "GB";
  }

  private static String calculator() {
    return "<section id=\"calc\"><h2>How long will my job take?</h2>"
        + "<label>Job size <input id=\"job\" type=\"text\" size=\"12\" spellcheck=\"false\""
        + " aria-describedby=\"job-help\"></label> <span id=\"job-help\" class=\"hint\">e.g. 500GB,"
        + " 300GiB, 1.5TB (a bare number is GB)</span>"
        + "<div id=\"projection\" aria-live=\"polite\"></div>"
        + "<p class=\"hint\">Along the measured curve, and past its end at the floor.</p></section>\n";
  }

  private static String compareTable(Comparison c) {
    StringBuilder t = new StringBuilder("<table class=\"compare\"><thead><tr>");
    for (String h :
        List.of(
            "drive",
            "shape",
            "burst MB/s",
            "cache GB",
            "floor MB/s",
            "average MB/s",
            "stalls s",
            "time for " + Comparison.jobName(c.jobBytes()))) {
      t.append("<th>").append(esc(h)).append("</th>");
    }
    t.append("</tr></thead><tbody>");
    for (Comparison.Row row : c.rows()) {
      Analysis a = row.curve().analysis();
      t.append("<tr><td>").append(esc(row.curve().label())).append("</td>");
      cell(t, a.shape().word());
      cell(t, Units.mbps(a.burstMBps()));
      cell(t, a.cacheGB() == null ? "—" : Units.fixed(a.cacheGB(), 1));
      cell(t, a.floorMBps() == null ? "—" : Units.mbps(a.floorMBps()));
      cell(t, Units.mbps(a.averageMBps()));
      cell(t, Units.plain(a.stallSeconds(), 1));
      cell(t, Durations.format(row.jobSeconds()));
      t.append("</tr>");
    }
    return t.append("</tbody></table>").toString();
  }

  private static void cell(StringBuilder t, String v) {
    t.append("<td class=\"num\">").append(esc(v)).append("</td>");
  }

  static String keyValues(String caption, Map<String, String> kv) {
    if (kv.isEmpty()) {
      return "<p class=\"hint\">" + esc(caption) + ": not known (an imported curve).</p>";
    }
    StringBuilder t = new StringBuilder("<table class=\"kv\"><caption>");
    t.append(esc(caption)).append("</caption>");
    kv.forEach(
        (k, v) ->
            t.append("<tr><th>")
                .append(esc(k))
                .append("</th><td>")
                .append(esc(v))
                .append("</td></tr>"));
    return t.append("</table>").toString();
  }

  /** The chart and projection data of one curve. */
  static ObjectNode curveData(CurveReport r, boolean decorations) {
    Analysis a = r.analysis();
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    o.put("label", r.label());
    double[] time = r.series().timeSecondsArray();
    double[] rate = r.series().writeMBpsArray();
    double[] gb = r.cumulativeGB();
    double[] temp = r.tempC();
    boolean hasTemp = r.series().hasTemperature();
    double[] level = decorations ? plateauLevels(r) : null;
    o.set("time", chartData(time, time, rate, level, hasTemp ? temp : null, 3));
    o.set("gb", chartData(gb, time, rate, level, hasTemp ? temp : null, 4));
    o.put("burst", round(a.burstMBps(), 1));
    if (a.floorMBps() == null) {
      o.putNull("floor");
    } else {
      o.put("floor", a.floorMBps());
    }
    // Unrounded: the calculator projects with it (the floor, or the measured rate when there is
    // none yet, which it then says it assumes holds).
    o.put("projection_MBps", a.projectionMBps());
    o.put("assumes_rate_holds", a.cacheGBMin() != null);
    if (a.cliffSeconds() != null) {
      o.put("cliff_s", round(a.cliffSeconds(), 3));
      o.put("cache_GB", round(a.cacheGB(), 4));
      o.put("marker", ChartImages.markerWord(a));
    }
    o.put("duration_s", r.series().durationSeconds());
    o.put("total_GB", r.series().totalBytes() / 1e9);
    // The cumulative curve for the calculator: (seconds from the start, GB written so far).
    double origin = r.series().size() == 0 ? 0 : r.series().startSeconds(0);
    double[] ct = new double[time.length + 1];
    double[] cg = new double[time.length + 1];
    for (int i = 0; i < time.length; i++) {
      ct[i + 1] = time[i] - origin;
      cg[i + 1] = gb[i];
    }
    int[] keep = Polyline.simplify(cg, ct, CUMULATIVE_TOLERANCE_SECONDS);
    ObjectNode cumulative = o.putObject("cumulative");
    ArrayNode kt = cumulative.putArray("s");
    ArrayNode kg = cumulative.putArray("GB");
    for (int k : keep) {
      kt.add(round(ct[k], 3));
      kg.add(cg[k]);
    }
    return o;
  }

  private static double[] plateauLevels(CurveReport r) {
    double[] level = new double[r.series().size()];
    java.util.Arrays.fill(level, Double.NaN);
    for (Segment p : r.analysis().plateaus()) {
      if (!ChartImages.shown(r.analysis(), p, r.series().durationSeconds())) {
        continue;
      }
      for (int i = p.startIndex(); i < p.endIndex() && i < level.length; i++) {
        level[i] = p.meanMBps();
      }
    }
    return level;
  }

  private static ObjectNode chartData(
      double[] x, double[] time, double[] rate, double[] level, double[] temp, int xDecimals) {
    int[] idx = Downsample.minMaxIndexes(x, rate, CHART_BUCKETS);
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    ArrayNode ax = o.putArray("x");
    ArrayNode at = o.putArray("t");
    ArrayNode ay = o.putArray("rate");
    ArrayNode al = level == null ? null : o.putArray("plateau");
    ArrayNode ac = temp == null ? null : o.putArray("temp");
    for (int i : idx) {
      ax.add(round(x[i], xDecimals));
      at.add(round(time[i], 3));
      ay.add(round(rate[i], 1));
      if (al != null) {
        addOrNull(al, level[i], 1);
      }
      if (ac != null) {
        addOrNull(ac, temp[i], 1);
      }
    }
    return o;
  }

  static void addOrNull(ArrayNode a, double v, int decimals) {
    if (Double.isFinite(v)) {
      a.add(round(v, decimals));
    } else {
      a.addNull();
    }
  }

  static double round(double v, int decimals) {
    double f = Math.pow(10, decimals);
    return Math.round(v * f) / f;
  }

  static String page(String title, String body, ObjectNode data) {
    ReportAssets assets = ReportAssets.load();
    Map<String, String> parts = new java.util.HashMap<>();
    parts.put("TITLE", esc(title));
    parts.put("UPLOT_CSS", assets.uplotCss());
    parts.put("REPORT_CSS", assets.reportCss());
    parts.put("BODY", body);
    parts.put("DATA", scriptSafeJson(data));
    parts.put("UPLOT_JS", assets.uplotJs());
    parts.put("REPORT_JS", assets.reportJs());
    return fill(ReportAssets.resource("dev/sustain/report/report.html"), parts);
  }

  /**
   * The template with each {@code {{NAME}}} replaced, in one pass: text put in (a label, a path) is
   * never searched for placeholders again. {@code {{>path}}} stands for a template shared by pages
   * (a class path resource, e.g. the page head both the report and the dashboard use), filled with
   * the same parts; its last line break is the including line's own.
   */
  public static String fill(String template, Map<String, String> parts) {
    return fill(template, parts, 0);
  }

  private static String fill(String template, Map<String, String> parts, int depth) {
    if (depth > 3) {
      throw new IllegalStateException("shared templates nested too deep (one includes itself?)");
    }
    StringBuilder b = new StringBuilder(template.length() + 256 * 1024);
    int i = 0;
    while (true) {
      int open = template.indexOf("{{", i);
      if (open < 0) {
        return b.append(template, i, template.length()).toString();
      }
      int close = template.indexOf("}}", open);
      String name = close < 0 ? null : template.substring(open + 2, close);
      String value =
          name == null
              ? null
              : name.startsWith(">")
                  ? fill(ReportAssets.resource(name.substring(1)).stripTrailing(), parts, depth + 1)
                  : parts.get(name);
      if (value == null) {
        b.append(template, i, open + 2);
        i = open + 2;
        continue;
      }
      b.append(template, i, open).append(value);
      i = close + 2;
    }
  }

  /**
   * JSON that cannot end the script element it sits in: {@code <}, {@code >}, {@code &} and the
   * line separators JavaScript refuses become {@code \\uXXXX} escapes, which JSON.parse reads back
   * as the same characters (outside strings JSON has none of them).
   */
  static String scriptSafeJson(ObjectNode data) {
    String json;
    try {
      json = JSON.writeValueAsString(data);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot happen: a tree of plain values", e);
    }
    return json.replace("<", "\\u003c")
        .replace(">", "\\u003e")
        .replace("&", "\\u0026")
        .replace("\u2028", "\\u2028")
        .replace("\u2029", "\\u2029");
  }

  /** Script text with any {@code </script} broken up so the HTML parser does not end it early. */
  public static String scriptSafe(String js) {
    return js.replace("</script", "<\\/script").replace("</SCRIPT", "<\\/SCRIPT");
  }

  /** Text for an HTML element or attribute. */
  public static String esc(String s) {
    StringBuilder b = new StringBuilder(s.length() + 16);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '&' -> b.append("&amp;");
        case '<' -> b.append("&lt;");
        case '>' -> b.append("&gt;");
        case '"' -> b.append("&quot;");
        case '\'' -> b.append("&#39;");
        default -> b.append(c);
      }
    }
    return b.toString();
  }
}
