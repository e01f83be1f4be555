package dev.sustain.serve;

import java.nio.ByteBuffer;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

/**
 * The errors Jetty answers itself, before a request reaches the dashboard (a malformed URI or
 * escape, an ambiguous path): the same one-line JSON as the dashboard's own, never an HTML page and
 * never a stack trace. Stateless.
 */
class JettyErrors extends ErrorHandler {

  JettyErrors() {
    setShowStacks(false);
    setShowMessageInTitle(false);
  }

  static byte[] json(int code) {
    String reason = HttpStatus.getMessage(code);
    return ("{\"error\":\""
            + (reason == null ? "error" : reason.toLowerCase(Locale.ROOT)).replace("\"", "'")
            + "\",\"status\":"
            + code
            + "}")
        .getBytes(StandardCharsets.UTF_8);
  }

  /** Writes the JSON error for {@code code} as the whole response. */
  static boolean answer(Response response, Callback callback, int code) {
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, JSON_TYPE);
    response.write(true, ByteBuffer.wrap(json(code)), callback);
    return true;
  }

  /** The JSON error for a request Jetty could not even parse. */
  static ByteBuffer answer(HttpFields.Mutable fields, int status) {
    fields.put(HttpHeader.CONTENT_TYPE, JSON_TYPE);
    return ByteBuffer.wrap(json(status));
  }

  private static final String JSON_TYPE = "application/json; charset=utf-8";

  @Override
  protected boolean generateAcceptableResponse(
      Request request,
      Response response,
      Callback callback,
      String contentType,
      List<Charset> charsets,
      int code,
      String message,
      Throwable cause) {
    return answer(response, callback, code);
  }

  @Override
  public ByteBuffer badMessageError(int status, String reason, HttpFields.Mutable fields) {
    return answer(fields, status);
  }
}
