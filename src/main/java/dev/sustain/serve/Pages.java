package dev.sustain.serve;

import dev.sustain.report.HtmlReport;
import dev.sustain.report.ReportAssets;
import io.javalin.http.Context;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * The pages: one shell for every address, made once. It holds the report's uPlot, styles and script
 * and the dashboard's own script, inlined (nothing is fetched from a network), and no data: its
 * script reads the address and fetches what it shows from the API with the token kept in the tab's
 * session storage. So the shell is served to anyone who can reach it, and the data only with the
 * token. Thread-safe.
 */
final class Pages {

  /** The addresses that are pages. */
  static final List<String> PATHS =
      List.of("/", "/drives/<drive>", "/runs", "/runs/{id}", "/compare", "/live");

  /**
   * Inline scripts and styles only, data from this server only, and no framing: a value that got
   * past the escaping still could not load or send anything elsewhere.
   */
  static final String POLICY =
      "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline';"
          + " connect-src 'self'; img-src data: blob:; base-uri 'none'; form-action 'self';"
          + " frame-ancestors 'none'";

  private final byte[] shell;

  Pages() {
    ReportAssets assets = ReportAssets.load();
    String template = ReportAssets.resource("dev/sustain/serve/app.html");
    String page =
        HtmlReport.fill(
            template,
            Map.of(
                "UPLOT_CSS", assets.uplotCss(),
                "REPORT_CSS", assets.reportCss(),
                "APP_CSS", ReportAssets.resource("dev/sustain/serve/app.css"),
                "UPLOT_JS", assets.uplotJs(),
                "REPORT_JS", assets.reportJs(),
                "APP_JS",
                    HtmlReport.scriptSafe(ReportAssets.resource("dev/sustain/serve/app.js"))));
    this.shell = page.getBytes(StandardCharsets.UTF_8);
  }

  void shell(Context ctx) {
    if (!ctx.queryParamMap().isEmpty()
        && !ctx.path().equals("/compare")
        && !ctx.path().equals("/runs")) {
      Params.only(ctx, java.util.Set.of());
    }
    ctx.header("Content-Security-Policy", POLICY);
    ctx.header("Cache-Control", "no-cache");
    ctx.contentType("text/html; charset=utf-8");
    ctx.result(shell);
  }
}
