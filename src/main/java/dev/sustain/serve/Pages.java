package dev.sustain.serve;

import dev.sustain.report.HtmlReport;
import dev.sustain.report.ReportAssets;
import io.javalin.http.Context;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The pages: one shell for every address, made once, and the scripts it loads from this server
 * (uPlot, the report's script, the dashboard's own, and the report's error hook). The shell holds
 * styles and no data: its script reads the address and fetches what it shows from the API with the
 * token kept in the tab's session storage. So the shell and scripts are served to anyone who can
 * reach them, and the data only with the token. Thread-safe.
 */
final class Pages {

  /** The addresses that are pages. */
  static final List<String> PATHS =
      List.of("/", "/drives/<drive>", "/runs", "/runs/{id}", "/compare", "/live");

  /** The pages' scripts, served as files so that the policy allows no inline script at all. */
  static final List<String> SCRIPTS =
      List.of("/assets/errors.js", "/assets/uplot.js", "/assets/report.js", "/assets/app.js");

  /**
   * Scripts from this server's files only (none inline: markup that got past the escaping, such as
   * the report's HTML put in with innerHTML, cannot run one to read the token), data from this
   * server only, and no framing. Styles stay inline: a style cannot read or send the token.
   */
  static final String POLICY =
      "default-src 'none'; script-src 'self'; style-src 'unsafe-inline';"
          + " connect-src 'self'; img-src data: blob:; base-uri 'none'; form-action 'self';"
          + " frame-ancestors 'none'";

  /** The report's head (shared with report files) inlines this hook; here it is a file. */
  private static final String ERROR_HOOK_TAG = "<script src=\"/assets/errors.js\"></script>";

  private final byte[] shell;
  private final Map<String, Script> scripts;

  /** A script's bytes and its entity tag, so a browser revalidates it without a download. */
  private record Script(byte[] bytes, String etag) {}

  Pages() {
    ReportAssets assets = ReportAssets.load();
    String head = ReportAssets.resource("dev/sustain/report/page-head.html");
    int open = head.indexOf("<script>");
    int close = head.indexOf("</script>", open);
    if (open < 0 || close < 0) {
      throw new IllegalStateException("the report head has no error hook script to serve");
    }
    String inlineHook = head.substring(open, close + "</script>".length());
    String hook = head.substring(open + "<script>".length(), close);
    String template = ReportAssets.resource("dev/sustain/serve/app.html");
    String page =
        HtmlReport.fill(
                template,
                Map.of(
                    "UPLOT_CSS", assets.uplotCss(),
                    "REPORT_CSS", assets.reportCss(),
                    "APP_CSS", ReportAssets.resource("dev/sustain/serve/app.css")))
            .replace(inlineHook, ERROR_HOOK_TAG);
    if (page.replace(ERROR_HOOK_TAG, "").matches("(?s).*<script(?![^>]*\\bsrc=).*")) {
      throw new IllegalStateException("the dashboard's shell holds an inline script");
    }
    this.shell = page.getBytes(StandardCharsets.UTF_8);
    this.scripts =
        Map.of(
            "/assets/errors.js", script(hook),
            "/assets/uplot.js", script(assets.uplotJs()),
            "/assets/report.js", script(assets.reportJs()),
            "/assets/app.js", script(ReportAssets.resource("dev/sustain/serve/app.js")));
  }

  private static Script script(String text) {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(bytes);
      return new Script(bytes, "\"" + HexFormat.of().formatHex(digest, 0, 12) + "\"");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }

  void shell(Context ctx) {
    // A page is the same shell whatever its query: the server reads none of it (the page's script
    // reads the few it knows, such as a drive page's ?job=KEY, and asks the API, which refuses
    // what it does not know). So a link that gained tracking parameters (?utm_source=...) still
    // lands on its page instead of an error.
    ctx.header("Content-Security-Policy", POLICY);
    ctx.header("Cache-Control", "no-cache");
    ctx.contentType("text/html; charset=utf-8");
    ctx.result(shell);
  }

  /** An error page's policy: no script at all, styles inline. */
  static final String ERROR_POLICY =
      "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none';"
          + " frame-ancestors 'none'";

  /** A page for a person who followed a wrong address: what failed, and the way back. */
  static void errorPage(Context ctx, int status, String message) {
    String title = status == 404 ? "No such page" : "This page cannot be shown";
    String html =
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            + "<title>"
            + title
            + " · Sustain</title>\n<style>body { font: 15px/1.45 system-ui, sans-serif;"
            + " margin: 32px; color: #1d2330; } .hint { color: #5b6475; }</style>\n</head>\n"
            + "<body data-status=\""
            + status
            + "\">\n<h1>"
            + title
            + "</h1>\n<p id=\"error\">"
            + HtmlReport.esc(message)
            + "</p>\n<p>Back to <a href=\"/\">the drives</a>, <a href=\"/runs\">the runs</a> or"
            + " <a href=\"/live\">the runs writing now</a>.</p>\n<p class=\"hint\">HTTP "
            + status
            + "</p>\n</body>\n</html>\n";
    ctx.status(status);
    ctx.header("Content-Security-Policy", ERROR_POLICY);
    ctx.header("Cache-Control", "no-store");
    ctx.contentType("text/html; charset=utf-8");
    ctx.result(html);
  }

  void script(Context ctx) {
    Params.only(ctx, Set.of());
    Script s = scripts.get(ctx.path());
    ctx.header("Cache-Control", "no-cache");
    ctx.header("ETag", s.etag());
    ctx.contentType("text/javascript; charset=utf-8");
    if (s.etag().equals(ctx.header("If-None-Match"))) {
      ctx.status(304);
      return;
    }
    ctx.result(s.bytes());
  }
}
