package dev.sustain.serve;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.report.HtmlReport;
import dev.sustain.store.RunRecord;
import dev.sustain.unit.Units;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The run page of a sweep: its points are not a curve over time (it stores no samples) but one rate
 * per request size and depth, kept in its run.json's result. Shown as the table {@code sweep}
 * prints: a row per request size, a column per depth, write (and read) MB/s in each cell, and the
 * verdict in words. Every text escaped. Stateless.
 */
final class SweepView {

  private SweepView() {}

  /** True when {@code runJson} holds a sweep's points. */
  static boolean applies(RunRecord run, JsonNode runJson) {
    return "sweep".equals(run.command())
        && runJson != null
        && runJson.at("/result/points").isArray()
        && !runJson.at("/result/points").isEmpty();
  }

  /** The page's content as {@code /api/runs/{id}/view} sends it: title, html, no chart data. */
  static ObjectNode of(RunRecord run, JsonNode runJson) {
    JsonNode result = runJson.path("result");
    TreeSet<Long> depths = new TreeSet<>();
    Map<Long, Map<Long, JsonNode>> byBlock = new TreeMap<>();
    boolean reads = false;
    for (JsonNode p : result.path("points")) {
      long bs = p.path("bs").asLong();
      long qd = p.path("qd").asLong();
      depths.add(qd);
      byBlock.computeIfAbsent(bs, k -> new TreeMap<>()).put(qd, p);
      reads |= p.path("read_MBps").isNumber();
    }
    String title = "Sweep of " + run.drive().describe();
    StringBuilder b = new StringBuilder();
    b.append("<header><h1>").append(HtmlReport.esc(title)).append("</h1>\n");
    b.append("<p class=\"sub\">")
        .append(HtmlReport.esc(run.host() + ", started " + run.started()))
        .append("</p></header>\n");
    b.append("<section><h2>Rate by request size and queue depth</h2>");
    b.append("<p class=\"hint\">MB/s (10^6 bytes a second) of each point");
    long perPoint = result.path("size_per_point_bytes").asLong(0);
    if (perPoint > 0) {
      // Sweeps are sized in binary units (1GiB a point by default): shown as given.
      String size =
          perPoint % (1 << 20) == 0 ? Units.binaryBytes(perPoint) : Units.decimalBytes(perPoint);
      b.append(", ").append(HtmlReport.esc(size)).append(" written each");
    }
    b.append(reads ? "; write / read." : ".").append("</p>\n");
    table(b, byBlock, depths, reads);
    b.append("</tbody></table></section>\n");
    String verdict = result.path("verdict").asText("");
    if (!verdict.isEmpty()) {
      b.append("<section><h2>In words</h2><p id=\"words\">")
          .append(HtmlReport.esc(verdict))
          .append("</p></section>\n");
    }
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    o.put("kind", "sweep");
    o.put("title", title);
    o.put("html", b.toString());
    o.putNull("data");
    return o;
  }

  /** A row per request size, a column per depth: write (and read) MB/s. */
  private static void table(
      StringBuilder b,
      Map<Long, Map<Long, JsonNode>> byBlock,
      TreeSet<Long> depths,
      boolean reads) {
    b.append("<table class=\"sweep\" id=\"sweep\"><thead><tr><th>request size</th>");
    for (long qd : depths) {
      b.append("<th class=\"num\">QD").append(qd).append("</th>");
    }
    b.append("</tr></thead><tbody>\n");
    for (Map.Entry<Long, Map<Long, JsonNode>> row : byBlock.entrySet()) {
      b.append("<tr><th>").append(HtmlReport.esc(Units.binaryBytes(row.getKey()))).append("</th>");
      for (long qd : depths) {
        JsonNode p = row.getValue().get(qd);
        b.append("<td class=\"num\">");
        if (p != null) {
          b.append(HtmlReport.esc(rate(p.path("write_MBps"))));
          if (reads) {
            b.append(" / ").append(HtmlReport.esc(rate(p.path("read_MBps"))));
          }
        }
        b.append("</td>");
      }
      b.append("</tr>\n");
    }
  }

  private static String rate(JsonNode v) {
    return v.isNumber() ? Units.plain(v.asDouble(), v.asDouble() >= 100 ? 0 : 1) : "–";
  }
}
