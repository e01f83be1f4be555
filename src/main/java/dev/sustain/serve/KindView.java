package dev.sustain.serve;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.report.HtmlReport;
import dev.sustain.store.RunRecord;
import dev.sustain.unit.Durations;
import dev.sustain.unit.Units;

/**
 * What a run page shows beyond the curve, by the kind of run, from its run.json: a read or verify
 * its verdict and the bad extents, a copy its passes (write, flush, read-back, verified), a fill
 * its files; and the page of a run whose samples the history does not have (an imported log
 * recorded before the history kept its curve): its stored figures. Every text escaped. Stateless.
 */
final class KindView {

  /** Bad extents listed on the page; the rest are counted. */
  static final int MAX_EXTENTS = 200;

  private KindView() {}

  /** The sections to show above the report's own, or "" for a plain write. */
  static String sections(RunRecord run, JsonNode runJson) {
    if (runJson == null) {
      return "";
    }
    return switch (run.command()) {
      case "read", "verify" -> readBack(run, runJson.path("result"));
      case "copy" -> passes(runJson);
      case "fill" -> files(runJson);
      default -> "";
    };
  }

  /** {@code html} with {@code sections} after its first header, or first when it has none. */
  static String insert(String html, String sections) {
    if (sections.isEmpty()) {
      return html;
    }
    int cut = html.indexOf("</header>");
    if (cut < 0) {
      return sections + html;
    }
    cut += "</header>".length();
    return html.substring(0, cut) + "\n" + sections + html.substring(cut);
  }

  private static String readBack(RunRecord run, JsonNode result) {
    StringBuilder b = new StringBuilder("<section id=\"read-back\"><h2>");
    boolean verify = "verify".equals(run.command());
    b.append(verify ? "Verification" : "Read back").append("</h2>");
    long bad = result.path("bad_bytes").asLong(0);
    String verdict = result.path("verdict").asText(bad > 0 ? "bad" : "");
    long checked = result.path("checked_bytes").asLong(result.path("bytes").asLong(0));
    String words;
    if (bad > 0) {
      words =
          "BAD: "
              + Units.decimalBytes(bad)
              + " of "
              + Units.decimalBytes(checked)
              + " did not read back as "
              + (verify ? "written" : "expected");
    } else if ("good".equals(verdict) || !verify && "complete".equals(run.status())) {
      words =
          verify
              ? "GOOD: all " + Units.decimalBytes(checked) + " read back exactly as written"
              : "Read " + Units.decimalBytes(checked) + " without an error";
    } else {
      words =
          "INCOMPLETE: nothing wrong found in what was read, but the "
              + (verify ? "verify" : "read")
              + " did not finish";
    }
    String cls = bad > 0 ? "bad" : words.startsWith("INCOMPLETE") ? "incomplete" : "good";
    b.append("<p class=\"verdict ")
        .append(cls)
        .append("\" id=\"verdict\">")
        .append(HtmlReport.esc(words))
        .append("</p>");
    JsonNode byKind = result.path("bad_by_kind");
    if (bad > 0 && byKind.isObject()) {
      b.append("<p class=\"hint\">");
      StringBuilder kinds = new StringBuilder();
      byKind
          .properties()
          .forEach(
              e -> {
                if (e.getValue().asLong(0) > 0) {
                  kinds.append(kinds.isEmpty() ? "" : ", ");
                  kinds.append(e.getKey()).append(' ');
                  kinds.append(Units.decimalBytes(e.getValue().asLong()));
                }
              });
      b.append(HtmlReport.esc(kinds.toString())).append("</p>");
    }
    extents(b, result);
    for (JsonNode note : result.path("notes")) {
      b.append("<p class=\"hint\">").append(HtmlReport.esc(note.asText())).append("</p>");
    }
    return b.append("</section>\n").toString();
  }

  private static void extents(StringBuilder b, JsonNode result) {
    JsonNode list = result.path("bad");
    if (!list.isArray() || list.isEmpty()) {
      b.append("<p class=\"hint\" id=\"no-bad-extents\">No bad extent.</p>");
      return;
    }
    b.append("<table class=\"list\" id=\"bad-extents\"><thead><tr><th class=\"num\">offset</th>")
        .append("<th class=\"num\">length</th><th>kind</th><th>found at</th></tr></thead><tbody>");
    int shown = 0;
    for (JsonNode e : list) {
      if (shown++ == MAX_EXTENTS) {
        break;
      }
      b.append("<tr><td class=\"num\">")
          .append(e.path("offset").asLong())
          .append("</td><td class=\"num\">")
          .append(HtmlReport.esc(Units.binaryBytes(e.path("length").asLong())))
          .append("</td><td>")
          .append(HtmlReport.esc(e.path("kind").asText("")))
          .append("</td><td>")
          .append(e.path("actual_offset").isNumber() ? e.path("actual_offset").asLong() : "")
          .append("</td></tr>");
    }
    b.append("</tbody></table>");
    long dropped =
        result.path("bad_extents_dropped").asLong(0) + Math.max(0, list.size() - MAX_EXTENTS);
    if (dropped > 0) {
      b.append("<p class=\"hint\">")
          .append(HtmlReport.esc(Units.count(dropped, "more bad extent") + " not listed"))
          .append("</p>");
    }
  }

  /** A copy's passes: written, flushed, read back and checked. */
  private static String passes(JsonNode runJson) {
    JsonNode result = runJson.path("result");
    StringBuilder b = new StringBuilder("<section id=\"passes\"><h2>Passes</h2>");
    boolean verified = result.path("verified").asBoolean(false);
    b.append("<p class=\"verdict ")
        .append(verified ? "good" : "bad")
        .append("\" id=\"verdict\">")
        .append(
            HtmlReport.esc(
                verified
                    ? "Verified: every pass read back as written."
                    : result.path("verified").isBoolean()
                        ? "NOT verified: a pass did not read back as written."
                        : "Not verified: the copy did not get as far as reading back."))
        .append("</p>");
    b.append("<table class=\"list\" id=\"pass-table\"><thead><tr><th>pass</th>")
        .append("<th class=\"num\">files</th><th class=\"num\">bytes</th>")
        .append("<th class=\"num\">write</th><th class=\"num\">write time</th>")
        .append("<th class=\"num\">flush</th><th class=\"num\">read back</th>")
        .append("<th class=\"num\">read time</th><th>read from</th><th>verified</th>")
        .append("</tr></thead><tbody>");
    for (JsonNode p : runJson.path("passes")) {
      boolean ok = p.path("verified").asBoolean(false);
      String problem = p.path("first_problem").asText("");
      b.append("<tr><td>")
          .append(p.path("pass").asInt())
          .append("</td><td class=\"num\">")
          .append(p.path("files").asLong())
          .append("</td><td class=\"num\">")
          .append(HtmlReport.esc(Units.decimalBytes(p.path("bytes").asLong())))
          .append("</td><td class=\"num\">")
          .append(HtmlReport.esc(rate(p.path("write_MBps"))))
          .append("</td><td class=\"num\">")
          .append(HtmlReport.esc(seconds(p.path("write_s"))))
          .append("</td><td class=\"num\">")
          .append(HtmlReport.esc(seconds(p.path("flush_s"))))
          .append("</td><td class=\"num\">")
          .append(HtmlReport.esc(rate(p.path("read_MBps"))))
          .append("</td><td class=\"num\">")
          .append(HtmlReport.esc(seconds(p.path("read_s"))))
          .append("</td><td>")
          .append(HtmlReport.esc(p.path("read_cache").asText("–")))
          .append("</td><td>")
          .append(
              HtmlReport.esc(
                  ok
                      ? "yes"
                      : "no: "
                          + Units.count(p.path("problems").asLong(), "problem")
                          + (problem.isEmpty() ? "" : " (first: " + problem + ")")))
          .append("</td></tr>");
    }
    b.append("</tbody></table>");
    for (JsonNode s : runJson.path("comparison")) {
      b.append("<p>").append(HtmlReport.esc(capital(s.asText()) + ".")).append("</p>");
    }
    return b.append("</section>\n").toString();
  }

  /** A fill's files, each with its own rate, and what ended it. */
  private static String files(JsonNode runJson) {
    JsonNode result = runJson.path("result");
    StringBuilder b = new StringBuilder("<section id=\"fill-files\"><h2>Files</h2>");
    String end = result.path("end").asText("");
    b.append("<p id=\"verdict\">")
        .append(
            HtmlReport.esc(
                Units.count(result.path("files").asLong(runJson.path("files").size()), "file")
                    + " written"
                    + (end.isEmpty() ? "" : ", ended by " + end)
                    + (result.path("files_kept").asBoolean(false)
                        ? "; the files were kept"
                        : "; the files were removed")
                    + "."))
        .append("</p>");
    b.append("<table class=\"list\" id=\"file-table\"><thead><tr><th>file</th>")
        .append("<th class=\"num\">bytes</th><th class=\"num\">time</th>")
        .append("<th class=\"num\">rate</th><th>complete</th></tr></thead><tbody>");
    for (JsonNode f : runJson.path("files")) {
      b.append("<tr><td class=\"wrap\">")
          .append(HtmlReport.esc(f.path("name").asText("")))
          .append("</td><td class=\"num\">")
          .append(HtmlReport.esc(Units.decimalBytes(f.path("bytes").asLong())))
          .append("</td><td class=\"num\">")
          .append(HtmlReport.esc(seconds(f.path("seconds"))))
          .append("</td><td class=\"num\">")
          .append(HtmlReport.esc(rate(f.path("average_MBps"))))
          .append("</td><td>")
          .append(f.path("complete").asBoolean(false) ? "yes" : "no")
          .append("</td></tr>");
    }
    b.append("</tbody></table>");
    String note = result.path("layout_note").asText("");
    if (!note.isEmpty()) {
      b.append("<p class=\"hint\">").append(HtmlReport.esc(note)).append("</p>");
    }
    return b.append("</section>\n").toString();
  }

  /**
   * The page of a run the history has no samples of: what its row says it measured, so the page
   * ends in figures instead of waiting for a curve that will never come.
   */
  static ObjectNode withoutSamples(RunRecord run) {
    RunRecord.Figures f = run.figures();
    String title = run.drive().describe();
    StringBuilder b = new StringBuilder("<header><h1>");
    b.append(HtmlReport.esc(title)).append("</h1><p class=\"sub\">");
    b.append(HtmlReport.esc(run.command() + " on " + run.host() + ", started " + run.started()));
    b.append("</p></header>\n<section id=\"no-samples\"><h2>Figures</h2><p class=\"hint\">");
    b.append(
        HtmlReport.esc(
            "The history holds no samples of this run (recorded "
                + ("import".equals(run.source()) ? "by an import" : "by its run")
                + " before the history kept them), so there is no curve; these are the figures"
                + " it recorded. Import its folder or log again to add the curve."));
    b.append("</p><table class=\"list\" id=\"figures-only\"><tbody>");
    row(b, "written", f.bytes() == null ? "–" : Units.decimalBytes(f.bytes()));
    row(b, "time", f.seconds() == null ? "–" : Durations.format(f.seconds()));
    row(b, "average", f.averageMBps() == null ? "–" : Units.rate(f.averageMBps()));
    row(b, "burst", f.burstMBps() == null ? "–" : Units.rate(f.burstMBps()));
    row(b, "floor", f.floorMBps() == null ? "–" : Units.rate(f.floorMBps()));
    row(b, "cache", f.cacheGB() == null ? "–" : Units.plain(f.cacheGB(), 1) + " GB");
    row(b, "shape", f.shape() == null ? "–" : f.shape());
    b.append("</tbody></table></section>\n");
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    o.put("kind", "figures");
    o.put("title", title);
    o.put("html", b.toString());
    o.putNull("data");
    return o;
  }

  private static void row(StringBuilder b, String name, String value) {
    b.append("<tr><th>")
        .append(HtmlReport.esc(name))
        .append("</th><td class=\"num\">")
        .append(HtmlReport.esc(value))
        .append("</td></tr>");
  }

  private static String rate(JsonNode v) {
    return v.isNumber() ? Units.rate(v.asDouble()) : "–";
  }

  /** Seconds; below one second in milliseconds (a 0.016 s flush is 16 ms, not 0 s). */
  static String seconds(JsonNode v) {
    if (!v.isNumber()) {
      return "–";
    }
    double s = v.asDouble();
    return s < 1 ? Units.fixed(s * 1000, 0) + " ms" : Durations.format(s);
  }

  private static String capital(String s) {
    return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
  }
}
