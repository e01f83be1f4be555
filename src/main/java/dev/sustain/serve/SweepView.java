package dev.sustain.serve;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.document.RunDocument;
import dev.sustain.document.RunResults;
import dev.sustain.report.HtmlReport;
import dev.sustain.store.RunRecord;
import dev.sustain.unit.Units;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
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
  static boolean applies(RunRecord run, Optional<RunDocument> runJson) {
    return "sweep".equals(run.command())
        && runJson.isPresent()
        && !runJson.get().sweep().points().isEmpty();
  }

  /** The page's content as {@code /api/runs/{id}/view} sends it: title, html, no chart data. */
  static ObjectNode of(RunRecord run, RunDocument runJson) {
    RunResults.Sweep result = runJson.sweep();
    TreeSet<Long> depths = new TreeSet<>();
    Map<Long, Map<Long, RunResults.SweepPoint>> byBlock = new TreeMap<>();
    boolean reads = false;
    for (RunResults.SweepPoint p : result.points()) {
      long bs = p.blockBytes().orElse(0);
      long qd = p.queueDepth().orElse(0);
      depths.add(qd);
      byBlock.computeIfAbsent(bs, k -> new TreeMap<>()).put(qd, p);
      reads |= p.readMBps().isPresent();
    }
    String title = "Sweep of " + run.drive().describe();
    StringBuilder b = new StringBuilder();
    b.append("<header><h1>").append(HtmlReport.esc(title)).append("</h1>\n");
    b.append("<p class=\"sub\">")
        .append(HtmlReport.esc(run.host() + ", started " + run.started()))
        .append("</p></header>\n");
    b.append("<section><h2>Rate by request size and queue depth</h2>");
    b.append("<p class=\"hint\">MB/s (10^6 bytes a second) of each point");
    long perPoint = result.sizePerPointBytes().orElse(0);
    if (perPoint > 0) {
      // Sweeps are sized in binary units (1GiB a point by default): shown as given.
      String size =
          perPoint % (1 << 20) == 0 ? Units.binaryBytes(perPoint) : Units.decimalBytes(perPoint);
      b.append(", ").append(HtmlReport.esc(size)).append(" written each");
    }
    b.append(reads ? "; write / read." : ".").append("</p>\n");
    table(b, byBlock, depths, reads);
    b.append("</tbody></table></section>\n");
    String verdict = result.verdict().orElse("");
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
      Map<Long, Map<Long, RunResults.SweepPoint>> byBlock,
      TreeSet<Long> depths,
      boolean reads) {
    b.append("<table class=\"sweep\" id=\"sweep\"><thead><tr><th>request size</th>");
    for (long qd : depths) {
      b.append("<th class=\"num\">QD").append(qd).append("</th>");
    }
    b.append("</tr></thead><tbody>\n");
    for (Map.Entry<Long, Map<Long, RunResults.SweepPoint>> row : byBlock.entrySet()) {
      b.append("<tr><th>").append(HtmlReport.esc(Units.binaryBytes(row.getKey()))).append("</th>");
      for (long qd : depths) {
        RunResults.SweepPoint p = row.getValue().get(qd);
        b.append("<td class=\"num\">");
        if (p != null) {
          b.append(HtmlReport.esc(rate(p.writeMBps())));
          if (reads) {
            b.append(" / ").append(HtmlReport.esc(rate(p.readMBps())));
          }
        }
        b.append("</td>");
      }
      b.append("</tr>\n");
    }
  }

  private static String rate(OptionalDouble v) {
    return v.isPresent() ? Units.plain(v.getAsDouble(), v.getAsDouble() >= 100 ? 0 : 1) : "–";
  }
}
