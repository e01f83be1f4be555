package dev.sustain.serve;

import io.javalin.http.Context;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * One Server-Sent Events response, written straight to the servlet's stream from the request's
 * (virtual) thread. Written here rather than by Javalin's SSE handler, which answers only requests
 * that name text/event-stream in Accept: a request without Accept takes any type (RFC 9110 12.5.1),
 * and curl or Python's urllib send none. Not thread-safe: one writer.
 */
final class EventStream {

  private final ServletOutputStream out;
  private boolean terminated;

  private EventStream(ServletOutputStream out) {
    this.out = out;
  }

  /**
   * True when {@code accept} (an Accept header, or null) allows text/event-stream: no header or a
   * blank one, or a range that covers it ({@code text/event-stream}, {@code text/*}, {@code *}/*)
   * with a q above 0.
   */
  static boolean accepts(String accept) {
    if (accept == null || accept.isBlank()) {
      return true;
    }
    for (String range : accept.split(",")) {
      String[] parts = range.split(";");
      String type = parts[0].strip().toLowerCase(Locale.ROOT);
      if (!type.equals("text/event-stream") && !type.equals("text/*") && !type.equals("*/*")) {
        continue;
      }
      double q = 1;
      for (int i = 1; i < parts.length; i++) {
        String p = parts[i].strip().toLowerCase(Locale.ROOT);
        if (p.startsWith("q=")) {
          try {
            q = Double.parseDouble(p.substring(2));
          } catch (NumberFormatException e) {
            q = 0; // a weight that cannot be read is not a yes
          }
        }
      }
      if (q > 0) {
        return true;
      }
    }
    return false;
  }

  /**
   * Starts the response: status 200, the event-stream type, headers sent at once so the client
   * knows the stream is open before the first event.
   */
  static EventStream open(Context ctx) throws IOException {
    HttpServletResponse res = ctx.res();
    res.setStatus(200);
    res.setCharacterEncoding("UTF-8");
    res.setContentType("text/event-stream");
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("X-Accel-Buffering", "no"); // a proxy in front must not hold the events back
    res.flushBuffer();
    return new EventStream(res.getOutputStream());
  }

  /** True once a write failed: the client has gone. */
  boolean terminated() {
    return terminated;
  }

  /** A {@code message} event with its id. */
  void data(String data, String id) {
    write("id: " + oneLine(id) + "\ndata: " + oneLine(data) + "\n\n");
  }

  /** A named event. */
  void event(String name, String data) {
    write("event: " + oneLine(name) + "\ndata: " + oneLine(data) + "\n\n");
  }

  /** A comment line, which clients ignore: it keeps the connection from looking idle. */
  void comment(String text) {
    write(": " + oneLine(text) + "\n\n");
  }

  private void write(String text) {
    if (terminated) {
      return;
    }
    try {
      out.write(text.getBytes(StandardCharsets.UTF_8));
      out.flush();
    } catch (IOException | RuntimeException e) {
      terminated = true; // the client closed the stream (or the server is stopping)
    }
  }

  /** Our data is one-line JSON; a line break in it would end the field early. */
  private static String oneLine(String s) {
    return s.replace("\r", "").replace("\n", "");
  }
}
