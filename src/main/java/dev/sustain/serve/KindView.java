package dev.sustain.serve;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.document.RunDocument;
import dev.sustain.document.RunResults;
import dev.sustain.report.HtmlReport;
import dev.sustain.store.RunRecord;
import dev.sustain.unit.Durations;
import dev.sustain.unit.Units;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

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
  static String sections(RunRecord run, Optional<RunDocument> runJson) {
    if (runJson.isEmpty()) {
      return "";
    }
    RunDocument doc = runJson.get();
    return switch (run.command()) {
      case "read", "verify" -> readBack(run, doc.readBack());
      case "copy" -> passes(doc.copy());
      case "fill" -> files(doc);
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

  private static String readBack(RunRecord run, RunResults.ReadBack result) {
    StringBuilder b = new StringBuilder("<section id=\"read-back\"><h2>");
    boolean verify = "verify".equals(run.command());
    b.append(verify ? "Verification" : "Read back").append("</h2>");
    long bad = result.badBytes().orElse(0);
    String verdict = result.verdict().orElse(bad > 0 ? "bad" : "");
    long checked = result.checkedBytes().orElse(result.bytes().orElse(0));
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
    if (bad > 0 && result.badByKind().isPresent()) {
      b.append("<p class=\"hint\">");
      StringBuilder kinds = new StringBuilder();
      result
          .badByKind()
          .get()
          .forEach(
              (kind, bytes) -> {
                if (bytes > 0) {
                  kinds.append(kinds.isEmpty() ? "" : ", ");
                  kinds.append(kind).append(' ');
                  kinds.append(Units.decimalBytes(bytes));
                }
              });
      b.append(HtmlReport.esc(kinds.toString())).append("</p>");
    }
    extents(b, result);
    for (String note : result.notes()) {
      b.append("<p class=\"hint\">").append(HtmlReport.esc(note)).append("</p>");
    }
    return b.append("</section>\n").toString();
  }

  private static void extents(StringBuilder b, RunResults.ReadBack result) {
    List<RunResults.BadExtent> list = result.bad();
    if (list.isEmpty()) {
      b.append("<p class=\"hint\" id=\"no-bad-extents\">No bad extent.</p>");
      return;
    }
    b.append("<table class=\"list\" id=\"bad-extents\"><thead><tr><th class=\"num\">offset</th>")
        .append("<th class=\"num\">length</th><th>kind</th><th>found at</th></tr></thead><tbody>");
    for (RunResults.BadExtent e : list.subList(0, Math.min(list.size(), MAX_EXTENTS))) {
      b.append("<tr><td class=\"num\">")
          .append(e.offset().orElse(0))
          .append("</td><td class=\"num\">")
          .append(HtmlReport.esc(Units.binaryBytes(e.length().orElse(0))))
          .append("</td><td>")
          .append(HtmlReport.esc(e.kind().orElse("")))
          .append("</td><td>")
          .append(e.actualOffset().isPresent() ? e.actualOffset().getAsLong() : "")
          .append("</td></tr>");
    }
    b.append("</tbody></table>");
    long dropped = result.badExtentsDropped().orElse(0) + Math.max(0, list.size() - MAX_EXTENTS);
    if (dropped > 0) {
      b.append("<p class=\"hint\">")
          .append(HtmlReport.esc(Units.count(dropped, "more bad extent") + " not listed"))
          .append("</p>");
    }
  }

  /** A copy's passes: written, flushed, read back and checked. */
  private static String passes(RunResults.Copy copy) {
    StringBuilder b = new StringBuilder("<section id=\"passes\"><h2>Passes</h2>");
    boolean verified = copy.verified().orElse(false);
    b.append("<p class=\"verdict ")
        .append(verified ? "good" : "bad")
        .append("\" id=\"verdict\">")
        .append(
            HtmlReport.esc(
                verified
                    ? "Verified: every pass read back as written."
                    : copy.verified().isPresent()
                        ? "NOT verified: a pass did not read back as written."
                        : "Not verified: the copy did not get as far as reading back."))
        .append("</p>");
    b.append("<table class=\"list\" id=\"pass-table\"><thead><tr><th>pass</th>")
        .append("<th class=\"num\">files</th><th class=\"num\">bytes</th>")
        .append("<th class=\"num\">write</th><th class=\"num\">write time</th>")
        .append("<th class=\"num\">flush</th><th class=\"num\">read back</th>")
        .append("<th class=\"num\">read time</th><th>read from</th><th>verified</th>")
        .append("</tr></thead><tbody>");
    for (RunResults.Pass p : copy.passes()) {
      pass(b, p);
    }
    b.append("</tbody></table>");
    for (String s : copy.comparison()) {
      b.append("<p>").append(HtmlReport.esc(capital(s) + ".")).append("</p>");
    }
    return b.append("</section>\n").toString();
  }

  private static void pass(StringBuilder b, RunResults.Pass p) {
    boolean ok = p.verified().orElse(false);
    String problem = p.firstProblem().orElse("");
    b.append("<tr><td>")
        .append(p.pass().orElse(0))
        .append("</td><td class=\"num\">")
        .append(p.files().orElse(0))
        .append("</td><td class=\"num\">")
        .append(HtmlReport.esc(Units.decimalBytes(p.bytes().orElse(0))))
        .append("</td><td class=\"num\">")
        .append(HtmlReport.esc(rate(p.writeMBps())))
        .append("</td><td class=\"num\">")
        .append(HtmlReport.esc(seconds(p.writeSeconds())))
        .append("</td><td class=\"num\">")
        .append(HtmlReport.esc(seconds(p.flushSeconds())))
        .append("</td><td class=\"num\">")
        .append(HtmlReport.esc(rate(p.readMBps())))
        .append("</td><td class=\"num\">")
        .append(HtmlReport.esc(seconds(p.readSeconds())))
        .append("</td><td>")
        .append(HtmlReport.esc(p.readCache().orElse("–")))
        .append("</td><td>")
        .append(
            HtmlReport.esc(
                ok
                    ? "yes"
                    : "no: "
                        + Units.count(p.problems().orElse(0), "problem")
                        + (problem.isEmpty() ? "" : " (first: " + problem + ")")))
        .append("</td></tr>");
  }

  /** A fill's files, each with its own rate, and what ended it. */
  private static String files(RunDocument doc) {
    RunDocument.Result result = doc.result();
    StringBuilder b = new StringBuilder("<section id=\"fill-files\"><h2>Files</h2>");
    String end = result.end().orElse("");
    b.append("<p id=\"verdict\">")
        .append(
            HtmlReport.esc(
                Units.count(result.files().orElse(doc.files().size()), "file")
                    + " written"
                    + (end.isEmpty() ? "" : ", ended by " + end)
                    + (result.filesKept().orElse(false)
                        ? "; the files were kept"
                        : "; the files were removed")
                    + "."))
        .append("</p>");
    b.append("<table class=\"list\" id=\"file-table\"><thead><tr><th>file</th>")
        .append("<th class=\"num\">bytes</th><th class=\"num\">time</th>")
        .append("<th class=\"num\">rate</th><th>complete</th></tr></thead><tbody>");
    for (RunDocument.FillFile f : doc.files()) {
      b.append("<tr><td class=\"wrap\">")
          .append(HtmlReport.esc(f.name()))
          .append("</td><td class=\"num\">")
          .append(HtmlReport.esc(Units.decimalBytes(f.bytes())))
          .append("</td><td class=\"num\">")
          .append(HtmlReport.esc(seconds(OptionalDouble.of(f.seconds()))))
          .append("</td><td class=\"num\">")
          .append(HtmlReport.esc(rate(f.averageMBps())))
          .append("</td><td>")
          .append(f.complete() ? "yes" : "no")
          .append("</td></tr>");
    }
    b.append("</tbody></table>");
    String note = result.layout().flatMap(RunDocument.Layout::note).orElse("");
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

  private static String rate(OptionalDouble v) {
    return v.isPresent() ? Units.rate(v.getAsDouble()) : "–";
  }

  /** Seconds; below one second in milliseconds (a 0.016 s flush is 16 ms, not 0 s). */
  static String seconds(OptionalDouble v) {
    if (v.isEmpty()) {
      return "–";
    }
    double s = v.getAsDouble();
    return s < 1 ? Units.fixed(s * 1000, 0) + " ms" : Durations.format(s);
  }

  private static String capital(String s) {
    return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
  }
}
