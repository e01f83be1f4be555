package dev.sustain.hub;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.sustain.report.HtmlReport;
import io.javalin.http.Context;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The hub's pages: one shell (styles inline, no data, no inline script) for the model list and
 * every model page, and its script from this server's own file, which reads the API. Made once;
 * thread-safe.
 */
final class HubPages {

  static final JsonNode OK = JsonNodeFactory.instance.objectNode().put("ok", true);

  /** Scripts from this server only, data from this server only, no framing; styles inline. */
  static final String POLICY =
      "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self';"
          + " img-src data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

  /**
   * The static export's policy, in a meta element: its script from its own files, its data inside
   * the page (a data block no policy runs), nothing fetched.
   */
  static final String STATIC_POLICY =
      "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; img-src data:;"
          + " base-uri 'none'; form-action 'none'";

  private final byte[] shell = resource("hub.html");

  /** The shared size labels (report/sizes.js) first, then the hub's own script that uses them. */
  private final byte[] script =
      concat(resourceAt("/dev/sustain/report/sizes.js"), resource("hub.js"));

  void page(Context ctx) {
    ctx.header("Content-Security-Policy", POLICY);
    ctx.header("Cache-Control", "no-cache");
    ctx.contentType("text/html; charset=utf-8");
    ctx.result(shell);
  }

  void script(Context ctx) {
    ctx.header("Cache-Control", "no-cache");
    ctx.contentType("text/javascript; charset=utf-8");
    ctx.result(script);
  }

  /** The shell's bytes (the static export writes them beside its data). */
  byte[] shell() {
    return shell.clone();
  }

  byte[] scriptBytes() {
    return script.clone();
  }

  static void errorPage(Context ctx, int status, String message) {
    String title = status == 404 ? "No such page" : "This page cannot be shown";
    String html =
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>"
            + title
            + " · Sustain hub</title>\n</head>\n<body data-status=\""
            + status
            + "\">\n<h1>"
            + title
            + "</h1>\n<p id=\"error\">"
            + HtmlReport.esc(message)
            + "</p>\n<p>Back to <a href=\"/\">the models</a>.</p>\n</body>\n</html>\n";
    ctx.status(status);
    ctx.header("Content-Security-Policy", "default-src 'none'; base-uri 'none'");
    ctx.header("Cache-Control", "no-store");
    ctx.contentType("text/html; charset=utf-8");
    ctx.result(html);
  }

  private static byte[] concat(byte[] first, byte[] second) {
    byte[] both = java.util.Arrays.copyOf(first, first.length + 1 + second.length);
    both[first.length] = '\n';
    System.arraycopy(second, 0, both, first.length + 1, second.length);
    return both;
  }

  private static byte[] resource(String name) {
    return resourceAt("/dev/sustain/hub/" + name);
  }

  private static byte[] resourceAt(String path) {
    try (InputStream in = HubPages.class.getResourceAsStream(path)) {
      if (in == null) {
        throw new IllegalStateException("the hub's " + path + " is missing from the jar");
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static String text(byte[] b) {
    return new String(b, StandardCharsets.UTF_8);
  }
}
