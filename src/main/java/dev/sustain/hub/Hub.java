package dev.sustain.hub;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.serve.Guard;
import dev.sustain.store.DbLocation;
import dev.sustain.store.StoreException;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import io.javalin.http.HttpResponseException;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code sustain hub}: the server where shared runs meet. {@code POST /api/share} takes one
 * document; the read API and the pages show per-model figures. Every request passes the same checks
 * first: on loopback a Host that is a loopback literal (or the public name given), GET and HEAD
 * everywhere and POST on the share address only, the read token on the API when one is set.
 * Thread-safe; close it to stop.
 */
public final class Hub implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(Hub.class);

  /** The largest share document taken; larger ones are answered 413 unread. */
  public static final int MAX_SHARE_BYTES = 1_000_000;

  /**
   * How the hub is reached.
   *
   * @param bind the address to listen on; anything but loopback needs a read token
   * @param port the port, 0 for any free one
   * @param readToken the bearer token of the read API (a private hub), or null
   * @param shareToken the bearer token a share must carry, or null: anyone may share
   * @param sharesPerMinute the shares one address may send a minute (and in one burst)
   * @param publicHost the name a reverse proxy forwards as Host (hub.example.org), or null
   * @param forwardedFor whether the client's address is the proxy's last X-Forwarded-For entry
   */
  public record Settings(
      InetAddress bind,
      int port,
      String readToken,
      String shareToken,
      int sharesPerMinute,
      String publicHost,
      boolean forwardedFor) {
    public Settings {
      if (!bind.isLoopbackAddress() && (readToken == null || readToken.isEmpty())) {
        throw new IllegalArgumentException(
            "serving on "
                + bind.getHostAddress()
                + " needs --token-file; a public hub listens"
                + " on 127.0.0.1 behind a TLS reverse proxy (--public-host NAME, docs/HUB.md)");
      }
      if (sharesPerMinute < 1 || sharesPerMinute > 1_000_000) {
        throw new IllegalArgumentException("--shares-per-minute must be from 1 to 1000000");
      }
    }
  }

  private final HubStore store;
  private final Javalin app;

  private Hub(HubStore store, Javalin app) {
    this.store = store;
    this.app = app;
  }

  /**
   * Opens the store (migrating its schema) and starts listening.
   *
   * @throws StoreException when the store cannot be opened (message without secrets)
   * @throws IllegalStateException when the address cannot be listened on
   */
  public static Hub start(DbLocation location, Settings settings) {
    HubStore store = HubStore.open(location, 16);
    HubApi api = new HubApi(store, settings);
    HubPages pages = new HubPages();
    Javalin app;
    try {
      app =
          Javalin.create(
              config -> {
                config.startup.showJavalinBanner = false;
                config.startup.showOldJavalinVersionWarning = false;
                config.concurrency.useVirtualThreads = true;
                config.http.maxRequestSize = MAX_SHARE_BYTES + 1L;
                config.routes.before(ctx -> guard(settings, ctx));
                config.routes.post("/api/share", api::share);
                get(config, "/api/health", ctx -> HubApi.send(ctx, HubPages.OK));
                get(config, "/api/salt", api::salt);
                get(config, "/api/models", api::models);
                get(config, "/api/models/{model}", api::model);
                get(config, "/api/models/{model}/runs", api::runs);
                get(config, "/", pages::page);
                get(config, "/models/{model}", pages::page);
                get(config, "/assets/hub.js", pages::script);
                config.routes.exception(Exception.class, (e, ctx) -> error(location, e, ctx));
                config.routes.error(404, Hub::notFound);
              });
      app.start(settings.bind().getHostAddress(), settings.port());
    } catch (RuntimeException e) {
      store.close();
      throw new IllegalStateException(
          "cannot listen on "
              + settings.bind().getHostAddress()
              + ":"
              + settings.port()
              + ": "
              + e.getMessage());
    }
    return new Hub(store, app);
  }

  private static void get(
      io.javalin.config.JavalinConfig config, String path, io.javalin.http.Handler h) {
    config.routes.get(path, h);
    config.routes.head(path, h);
  }

  public int port() {
    return app.port();
  }

  /** The store's rows of one table, as text (for tests that search them). */
  public java.util.List<java.util.Map<String, Object>> rows(String table) {
    return store.dump(table);
  }

  @Override
  public void close() {
    app.stop();
    store.close();
  }

  private static void guard(Settings settings, Context ctx) {
    ctx.header("X-Content-Type-Options", "nosniff");
    ctx.header("Referrer-Policy", "no-referrer");
    String host = ctx.header("Host");
    if (settings.bind().isLoopbackAddress()
        && !Guard.hostIsLocal(host)
        && !(settings.publicHost() != null && settings.publicHost().equalsIgnoreCase(host))) {
      throw new HubError(
          421,
          "this hub answers to localhost, 127.0.0.1 and [::1] only"
              + (settings.publicHost() == null ? "" : " and " + settings.publicHost()));
    }
    HandlerType m = ctx.method();
    boolean share = ctx.path().equals("/api/share");
    if (share ? m != HandlerType.POST : m != HandlerType.GET && m != HandlerType.HEAD) {
      ctx.header("Allow", share ? "POST" : "GET, HEAD");
      throw new HubError(405, share ? "shares are sent with POST" : "this address only reads");
    }
    String token = share ? settings.shareToken() : settings.readToken();
    if (token != null && (share || ctx.path().startsWith("/api/"))) {
      String h = ctx.header("Authorization");
      byte[] given =
          h != null && h.regionMatches(true, 0, "Bearer ", 0, 7)
              ? h.substring(7).strip().getBytes(StandardCharsets.UTF_8)
              : new byte[0];
      if (!MessageDigest.isEqual(given, token.getBytes(StandardCharsets.UTF_8))) {
        ctx.header("WWW-Authenticate", "Bearer realm=\"sustain-hub\"");
        throw new HubError(
            401,
            share
                ? "this hub takes shares with its token only"
                : "this hub needs its token: Authorization: Bearer TOKEN");
      }
    }
    if (ctx.path().startsWith("/api/")) {
      ctx.header("Cache-Control", share ? "no-store" : "public, max-age=60");
    }
  }

  /**
   * The body, at most {@link #MAX_SHARE_BYTES}: a larger one is refused before it is read whole.
   */
  static byte[] body(Context ctx) throws IOException {
    long declared = ctx.contentLength();
    if (declared > MAX_SHARE_BYTES) {
      throw new HubError(413, "a share is at most " + MAX_SHARE_BYTES + " bytes");
    }
    try (InputStream in = ctx.req().getInputStream()) {
      byte[] bytes = in.readNBytes(MAX_SHARE_BYTES + 1);
      if (bytes.length > MAX_SHARE_BYTES) {
        throw new HubError(413, "a share is at most " + MAX_SHARE_BYTES + " bytes");
      }
      return bytes;
    }
  }

  private static void error(DbLocation location, Exception e, Context ctx) {
    int status;
    String message;
    switch (e) {
      case HubError h -> {
        status = h.status();
        message = h.getMessage();
      }
      case ShareCheck.Malformed m -> {
        status = 400;
        message = "malformed share: " + m.getMessage();
      }
      case StoreException s -> {
        status = 503;
        message = "the hub's store cannot be reached now; the server's log says why";
        LOG.warn("store unavailable on {}: {}", ctx.path(), location.scrub(s.getMessage()));
      }
      case HttpResponseException h -> {
        status = h.getStatus();
        message =
            status == 413
                ? "a share is at most " + MAX_SHARE_BYTES + " bytes"
                : status == 404 ? "no such address" : "request refused";
      }
      case IllegalArgumentException i -> {
        status = 400;
        message = "malformed request";
      }
      default -> {
        status = 500;
        message = "internal error";
        LOG.warn("internal error on {}: {}", ctx.path(), location.scrub(String.valueOf(e)));
      }
    }
    writeError(ctx, status, message);
  }

  private static void notFound(Context ctx) {
    String body = ctx.result();
    if (body == null || !(body.startsWith("{") || body.startsWith("<!DOCTYPE"))) {
      writeError(ctx, 404, "no such address");
    }
  }

  static void writeError(Context ctx, int status, String message) {
    if (!ctx.path().startsWith("/api/") && !ctx.path().startsWith("/assets/") && status != 421) {
      HubPages.errorPage(ctx, status, message);
      return;
    }
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    o.put("error", message);
    o.put("status", status);
    ctx.status(status);
    ctx.contentType("application/json; charset=utf-8");
    ctx.header("Cache-Control", "no-store");
    ctx.result(o.toString());
  }

  /** A refused request: its status and one line for the JSON error. */
  static final class HubError extends RuntimeException {
    private final int status;

    HubError(int status, String message) {
      super(message, null, false, false);
      this.status = status;
    }

    int status() {
      return status;
    }
  }
}
