package dev.sustain.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The scripts and styles every report page inlines: uPlot's (from its webjar on the class path) and
 * the report's own, whose {@code window.SustainReport.render(data)} draws {@link
 * HtmlReport.Parts#data} into a page holding {@link HtmlReport.Parts#body}. Script text is made
 * safe to sit inside a script element. Immutable.
 */
public record ReportAssets(String uplotCss, String uplotJs, String reportCss, String reportJs) {

  private static final String UPLOT_DIR =
      "META-INF/resources/webjars/uplot/" + HtmlReport.UPLOT_VERSION + "/dist/";

  /** The assets, read from the class path. */
  public static ReportAssets load() {
    return new ReportAssets(
        resource(UPLOT_DIR + "uPlot.min.css"),
        HtmlReport.scriptSafe(resource(UPLOT_DIR + "uPlot.iife.min.js")),
        resource("dev/sustain/report/report.css"),
        // The shared size labels first: report.js uses them, and so does the dashboard's app.js,
        // loaded after the report's script.
        HtmlReport.scriptSafe(
            resource("dev/sustain/report/sizes.js")
                + "\n"
                + resource("dev/sustain/report/report.js")));
  }

  /** A text resource from the class path (UTF-8). */
  public static String resource(String name) {
    try (InputStream in = ReportAssets.class.getClassLoader().getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("missing on the class path: " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
