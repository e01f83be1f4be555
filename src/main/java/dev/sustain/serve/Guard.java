package dev.sustain.serve;

import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * What every request passes first, on every address (pages, scripts, the API, event streams and
 * addresses that do not exist): on loopback a Host header that is this machine's literal name, GET
 * or HEAD only, and on the API the token (compared in constant time). Stateless after construction,
 * thread-safe.
 */
public final class Guard {

  /** What the dashboard answers to other methods: it only reads. */
  static final String ALLOWED_METHODS = "GET, HEAD";

  /**
   * 127.x.y.z in canonical dotted decimal (no leading zeros, each octet 0-255), as a browser writes
   * any loopback address it was given; a name such as {@code 127.attacker.example} or {@code
   * 127.0.0.1.nip.io} is a DNS name its owner can point anywhere.
   */
  private static final Pattern IPV4_LOOPBACK =
      Pattern.compile("127(\\.(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){3}");

  private static final Pattern PORT = Pattern.compile(":[0-9]{1,5}");

  private final byte[] token;
  private final boolean loopback;

  Guard(Dashboard.Settings settings) {
    this.token =
        settings.token() == null ? null : settings.token().getBytes(StandardCharsets.UTF_8);
    this.loopback = settings.bind().isLoopbackAddress();
  }

  void check(Context ctx) {
    ctx.header("X-Content-Type-Options", "nosniff");
    ctx.header("Referrer-Policy", "no-referrer");
    boolean api = ctx.path().startsWith("/api/");
    if (api) {
      // Runs, hosts and paths: nothing a shared cache or the browser's disk should keep.
      ctx.header("Cache-Control", "no-store");
    }
    // A web page elsewhere whose DNS name is switched to 127.0.0.1 sends its own name as Host:
    // only names no one else can own are answered.
    if (loopback && !hostIsLocal(ctx.header("Host"))) {
      throw new ApiError(
          421, "this dashboard answers to localhost, 127.0.0.1 and [::1] (with a port) only");
    }
    HandlerType method = ctx.method();
    if (method != HandlerType.GET && method != HandlerType.HEAD) {
      ctx.header("Allow", ALLOWED_METHODS);
      throw new ApiError(405, "this dashboard only reads: GET or HEAD, not " + method);
    }
    if (token != null && api) {
      String h = ctx.header("Authorization");
      byte[] given =
          h != null && h.regionMatches(true, 0, "Bearer ", 0, 7)
              ? h.substring(7).strip().getBytes(StandardCharsets.UTF_8)
              : new byte[0];
      if (!MessageDigest.isEqual(given, token)) {
        ctx.header("WWW-Authenticate", "Bearer realm=\"sustain\"");
        throw new ApiError(401, "this dashboard needs its token: Authorization: Bearer TOKEN");
      }
    }
  }

  /**
   * True for exactly {@code localhost}, {@code 127.0.0.1}, {@code [::1]} or another IPv4 loopback
   * literal, each optionally with {@code :PORT}. Nothing else: no trailing dot, no other spelling
   * of an address (2130706433, 0x7f.1, 127.0.0.01, [::ffff:127.0.0.1]), no name that merely starts
   * like one, and no request without a Host. Case does not matter (Jetty hands the Host over in
   * lower case; LOCALHOST is the same name, and no one else can own it).
   */
  public static boolean hostIsLocal(String host) {
    if (host == null) {
      return false;
    }
    host = host.toLowerCase(Locale.ROOT);
    String name;
    String rest;
    if (host.startsWith("[")) {
      int close = host.indexOf(']');
      if (close < 0) {
        return false;
      }
      name = host.substring(0, close + 1);
      rest = host.substring(close + 1);
    } else {
      int colon = host.indexOf(':');
      name = colon < 0 ? host : host.substring(0, colon);
      rest = colon < 0 ? "" : host.substring(colon);
    }
    if (!rest.isEmpty()
        && !(PORT.matcher(rest).matches() && Integer.parseInt(rest.substring(1)) <= 65_535)) {
      return false;
    }
    return name.equals("localhost")
        || name.equals("[::1]")
        || IPV4_LOOPBACK.matcher(name).matches();
  }
}
