package dev.sustain.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.analysis.GroupVerdict;
import dev.sustain.input.GroupFolder;
import dev.sustain.unit.Durations;
import dev.sustain.unit.Units;
import java.util.Map;

/**
 * The HTML page of a group of targets: the verdict and its evidence, a table of the targets (alone,
 * together, their share of their solo rate, their own burst and floor), one chart of each target's
 * rate and the sum on the group's clock with the shared ceiling when there is one, and each
 * target's own analysis. One self-contained file, like {@link HtmlReport}'s pages. Stateless.
 */
public final class GroupHtml {

  private GroupHtml() {}

  /** The page for {@code g}. */
  public static String page(GroupReport g) {
    GroupVerdict v = g.verdict();
    String title = "Group: " + String.join(", ", g.folder().names());
    StringBuilder body = new StringBuilder();
    body.append("<header><h1>").append(HtmlReport.esc(title)).append("</h1>\n");
    body.append("<p class=\"sub\">")
        .append(HtmlReport.esc(g.folder().command() + ", " + g.folder().status()))
        .append("</p>\n<p class=\"headline\"><span class=\"shape\">")
        .append(
            HtmlReport.esc(
                v.ceilingMBps() == null
                    ? "no shared ceiling"
                    : "shared ceiling " + Units.rate(v.ceilingMBps())))
        .append("</span></p></header>\n");
    for (String note : g.notes()) {
      body.append("<p class=\"note\">note: ").append(HtmlReport.esc(note)).append("</p>\n");
    }
    body.append("<section><h2>What the group shows</h2><ul id=\"findings\">");
    for (String e : g.evidence()) {
      body.append("<li>").append(HtmlReport.esc(e)).append("</li>");
    }
    body.append("</ul></section>\n");
    body.append("<section><h2>The targets</h2>").append(table(g)).append("</section>\n");
    body.append(
        "<section><h2>Each target and the sum</h2><p class=\"hint\">Drag to zoom, double-click to"
            + " reset; hover for values.</p><div id=\"chart-time\" class=\"chart\"></div>"
            + "</section>\n");
    for (int i = 0; i < g.members().size(); i++) {
      CurveReport m = g.members().get(i);
      GroupFolder.Target t = g.folder().targets().get(i);
      body.append("<details><summary>").append(HtmlReport.esc(t.name())).append(": ");
      if (m == null) {
        body.append("no curve of its own</summary>");
      } else {
        body.append(HtmlReport.esc(m.analysis().shape().word()))
            .append("</summary><p>")
            .append(HtmlReport.esc(SummarySentence.summary(m.analysis(), m.info().context())))
            .append("</p><ul>");
        for (String e : Explanation.evidence(m.analysis(), m.info().context())) {
          body.append("<li>").append(HtmlReport.esc(e)).append("</li>");
        }
        body.append("</ul>");
      }
      body.append(
          HtmlReport.keyValues(
              "Run",
              Map.of(
                  "target", t.target(),
                  "folder", t.folder().toString(),
                  "status", t.status() + (t.error() == null ? "" : ": " + t.error()))));
      body.append("</details>\n");
    }
    return HtmlReport.page(title, body.toString(), data(g, title));
  }

  private static String table(GroupReport g) {
    StringBuilder t = new StringBuilder("<table id=\"targets\"><tr>");
    for (String h :
        new String[] {"target", "status", "alone", "together", "of alone", "burst", "floor"}) {
      t.append("<th>").append(h).append("</th>");
    }
    t.append("</tr>");
    for (int i = 0; i < g.folder().targets().size(); i++) {
      GroupFolder.Target target = g.folder().targets().get(i);
      GroupVerdict.Share s = g.verdict().shares().get(i);
      CurveReport m = g.members().get(i);
      t.append("<tr>");
      cell(t, target.name());
      cell(t, target.status());
      cell(t, Double.isFinite(target.soloMBps()) ? Units.rate(target.soloMBps()) : "-");
      cell(t, Double.isFinite(s.medianMBps()) ? Units.rate(s.medianMBps()) : "-");
      cell(t, Double.isFinite(s.ofSolo()) ? Math.round(s.ofSolo() * 100) + "%" : "-");
      cell(t, m == null ? "-" : Units.rate(m.analysis().burstMBps()));
      cell(
          t,
          m == null || m.analysis().floorMBps() == null
              ? "-"
              : Units.rate(m.analysis().floorMBps()));
      t.append("</tr>");
    }
    return t.append("</table>").toString();
  }

  private static void cell(StringBuilder t, String v) {
    t.append("<td>").append(HtmlReport.esc(v)).append("</td>");
  }

  /**
   * The chart's data: one x axis (the group's clock), each target's rate (null where it was not
   * writing) and the sum, at the intervals the sum's min/max downsampling keeps.
   */
  static ObjectNode data(GroupReport g, String title) {
    ObjectNode data = JsonNodeFactory.instance.objectNode();
    data.put("kind", "group");
    data.put("title", title);
    double[] time = g.curves().timeSeconds();
    double[] sum = g.sumMBps();
    int[] keep = Downsample.minMaxIndexes(time, sum, HtmlReport.CHART_BUCKETS);
    ArrayNode x = data.putArray("x");
    ArrayNode sumNode = data.putArray("sum");
    for (int k : keep) {
      x.add(HtmlReport.round(time[k], 3));
      HtmlReport.addOrNull(sumNode, sum[k], 1);
    }
    ArrayNode curves = data.putArray("curves");
    for (int i = 0; i < g.curves().targets(); i++) {
      ObjectNode c = curves.addObject();
      c.put("label", g.curves().names().get(i));
      ArrayNode rate = c.putArray("rate");
      for (int k : keep) {
        HtmlReport.addOrNull(rate, g.curves().rate(i, k), 1);
      }
    }
    GroupVerdict v = g.verdict();
    if (v.ceilingMBps() == null) {
      data.putNull("ceiling");
    } else {
      data.put("ceiling", HtmlReport.round(v.ceilingMBps(), 1));
    }
    data.put(
        "together",
        Double.isFinite(v.startSeconds())
            ? Durations.format(v.startSeconds()) + " to " + Durations.format(v.endSeconds())
            : "");
    return data;
  }
}
