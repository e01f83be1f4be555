package dev.sustain.serve;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.store.DbLocation;
import dev.sustain.store.JdbiStores;
import dev.sustain.store.RunQuery;
import dev.sustain.store.RunRecord;
import dev.sustain.store.SampleStore;
import dev.sustain.store.StoreException;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.HttpResponseException;
import io.javalin.http.sse.SseClient;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code sustain serve}: the dashboard over the run history. Pages are one static shell (scripts
 * and styles inlined, no data in it) whose script fetches everything from the JSON API, so that the
 * API is the one place a token guards; runs still writing are followed over Server-Sent Events fed
 * by {@link LiveFeeds}. It reads the history and never writes it. Thread-safe; close it to stop.
 */
public final class Dashboard implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(Dashboard.class);

  /** A comment on a quiet event stream this often keeps proxies and browsers from closing it. */
  static final long HEARTBEAT_MILLIS = 15_000;

  /**
   * How the dashboard is reached and what it reads.
   *
   * @param bind the address to listen on; anything but loopback needs a token
   * @param port the port, 0 for any free one
   * @param token the bearer token every API request must carry, or null on loopback
   * @param pollMillis how often a watched run's new rows are read from the history
   */
  public record Settings(InetAddress bind, int port, String token, long pollMillis) {
    public Settings {
      if (!bind.isLoopbackAddress() && (token == null || token.isEmpty())) {
        throw new IllegalArgumentException(
            "serving on "
                + bind.getHostAddress()
                + " needs --token-file: without it anyone who reaches this address reads the"
                + " history");
      }
    }
  }

  private final DbLocation location;
  private final JdbiStores.Pool pool;
  private final LiveFeeds feeds;
  private final Javalin app;

  private Dashboard(DbLocation location, JdbiStores.Pool pool, LiveFeeds feeds, Javalin app) {
    this.location = location;
    this.pool = pool;
    this.feeds = feeds;
    this.app = app;
  }

  /**
   * Opens the history and starts listening.
   *
   * @throws StoreException when the history cannot be opened (message without secrets)
   * @throws IllegalStateException when the address cannot be listened on
   */
  public static Dashboard start(DbLocation location, Settings settings) {
    JdbiStores.Pool pool =
        JdbiStores.pooled(location, location.kind() == DbLocation.Kind.SQLITE ? 8 : 12);
    RunQuery runs = new RunQuery(pool);
    SampleStore samples = SampleStore.over(pool);
    LiveFeeds feeds = new LiveFeeds(runs, samples, settings.pollMillis());
    Api api = new Api(location, runs, samples);
    Pages pages = new Pages();
    Javalin app;
    try {
      app =
          Javalin.create(
              config -> {
                config.startup.showJavalinBanner = false;
                config.startup.showOldJavalinVersionWarning = false;
                config.concurrency.useVirtualThreads = true;
                config.http.prefer405over404 = false;
                // One stateless handler serves both: the server's errors and the servlet context's.
                JettyErrors errors = new JettyErrors();
                config.jetty.modifyServer(s -> s.setErrorHandler(errors));
                config.jetty.modifyServletContextHandler(h -> h.setErrorHandler(errors));
                Guard guard = new Guard(settings);
                config.routes.before(guard::check);
                for (String page : Pages.PATHS) {
                  config.routes.get(page, pages::shell);
                }
                config.routes.get("/api/health", api::health);
                config.routes.get("/api/drives", api::drives);
                config.routes.get("/api/drives/<drive>", api::drive);
                config.routes.get("/api/runs", api::runs);
                config.routes.get("/api/compare", api::compareView);
                config.routes.get("/api/runs/{id}", api::run);
                config.routes.get("/api/runs/{id}/samples", api::samples);
                config.routes.get("/api/runs/{id}/view", api::runView);
                config.routes.before("/api/runs/{id}/events", ctx -> beforeEvents(api, ctx));
                config.routes.sse(
                    "/api/runs/{id}/events", (Consumer<SseClient>) c -> events(feeds, c));
                config.routes.exception(Exception.class, (e, ctx) -> error(location, e, ctx));
                config.routes.error(404, Dashboard::notFound);
              });
      app.start(settings.bind().getHostAddress(), settings.port());
    } catch (RuntimeException e) {
      feeds.close();
      pool.close();
      throw new IllegalStateException(
          "cannot listen on "
              + settings.bind().getHostAddress()
              + ":"
              + settings.port()
              + ": "
              + rootMessage(e));
    }
    return new Dashboard(location, pool, feeds, app);
  }

  /** The port listened on (the one chosen when 0 was asked for). */
  public int port() {
    return app.port();
  }

  /** How many runs live viewers watch now. */
  public int watchedRuns() {
    return feeds.watched();
  }

  public DbLocation location() {
    return location;
  }

  @Override
  public void close() {
    app.stop();
    feeds.close();
    pool.close();
  }

  /**
   * The event stream of one run: the rows so far, then each new row as it is stored (one {@code
   * data:} line of JSON, its id the row's place in samples.csv), a {@code phase} event when the
   * live phase in words changes, and an {@code end} event once the run is over. A client that
   * reconnects with {@code Last-Event-ID} goes on after that row.
   */
  private static void events(LiveFeeds feeds, SseClient client) {
    Context ctx = client.ctx();
    RunRecord run = ctx.attribute("run");
    LiveFeeds.Feed feed = feeds.watch(run);
    try {
      int next = 0;
      String lastId = ctx.header("Last-Event-ID");
      if (lastId != null && lastId.matches("-?[0-9]{1,18}")) {
        next = feed.indexAfter(Long.parseLong(lastId));
      }
      String lastPhase = null;
      while (!client.terminated()) {
        LiveFeeds.Batch b = feed.next(next, HEARTBEAT_MILLIS);
        for (int i = 0; i < b.rows().size(); i++) {
          client.sendData(b.rows().get(i), Long.toString(b.seqs().get(i)));
        }
        next += b.rows().size();
        if (b.phase() != null && !b.phase().isEmpty() && !b.phase().equals(lastPhase)) {
          ObjectNode p = JsonNodeFactory.instance.objectNode();
          p.put("phase", b.phase());
          client.sendEvent("phase", p.toString());
          lastPhase = b.phase();
        }
        if (b.ended()) {
          client.sendEvent("end", b.endJson());
          break;
        }
        if (b.rows().isEmpty()) {
          client.sendComment("waiting for the next interval");
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      feeds.release(feed);
    }
  }

  /** The stream's run must exist, and the client must ask for an event stream. */
  private static void beforeEvents(Api api, Context ctx) {
    Params.only(ctx, Set.of());
    RunRecord run = api.find(ctx);
    if (!"text/event-stream".equals(ctx.header("Accept"))) {
      throw new ApiError(406, "this is an event stream: ask with 'Accept: text/event-stream'");
    }
    ctx.attribute("run", run);
  }

  /** Every failure as a one-line JSON error; never a stack trace, never a secret. */
  private static void error(DbLocation location, Exception e, Context ctx) {
    int status;
    String message;
    switch (e) {
      case ApiError a -> {
        status = a.status();
        message = a.getMessage();
      }
      case StoreException s -> {
        status = 503;
        message = location.scrub(s.getMessage());
        LOG.warn("history unavailable: {}", message);
      }
      case HttpResponseException h -> {
        status = h.getStatus();
        message = status == 404 ? "no such address" : "request refused";
      }
      case IllegalArgumentException i -> {
        // Jetty refuses malformed query strings and percent-escapes with one of these.
        status = 400;
        message = "malformed request: " + Params.clip(location.scrub(i.getMessage()));
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
    if (body == null || body.isEmpty() || !body.startsWith("{")) {
      writeError(ctx, 404, "no such address: " + Params.clip(ctx.path()));
    }
  }

  static void writeError(Context ctx, int status, String message) {
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    o.put("error", message);
    o.put("status", status);
    ctx.status(status);
    ctx.contentType("application/json; charset=utf-8");
    ctx.header("Cache-Control", "no-store");
    ctx.result(o.toString());
  }

  private static String rootMessage(Throwable e) {
    Throwable c = e;
    while (c.getCause() != null && c.getCause() != c) {
      c = c.getCause();
    }
    String m = c.getMessage() == null ? c.getClass().getSimpleName() : c.getMessage();
    return m.toLowerCase(Locale.ROOT).contains("address already in use")
        ? "address already in use"
        : m;
  }

  /**
   * What every request passes first: the token on the API (compared in constant time), and on
   * loopback a Host header naming this machine, so a web page elsewhere cannot reach the dashboard
   * through a DNS name it points at 127.0.0.1.
   */
  static final class Guard {
    private static final Set<String> LOOPBACK_NAMES =
        Set.of("localhost", "127.0.0.1", "[::1]", "::1");

    private final byte[] token;
    private final boolean loopback;
    private final String bindHost;

    Guard(Settings settings) {
      this.token =
          settings.token() == null ? null : settings.token().getBytes(StandardCharsets.UTF_8);
      this.loopback = settings.bind().isLoopbackAddress();
      this.bindHost = settings.bind().getHostAddress();
    }

    void check(Context ctx) {
      ctx.header("X-Content-Type-Options", "nosniff");
      ctx.header("Referrer-Policy", "no-referrer");
      if (loopback && !hostIsLocal(ctx.header("Host"))) {
        throw new ApiError(421, "this dashboard answers to 127.0.0.1 and localhost only");
      }
      if (token != null && ctx.path().startsWith("/api/")) {
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

    private boolean hostIsLocal(String host) {
      if (host == null) {
        return false;
      }
      String name = host;
      if (name.startsWith("[")) {
        int close = name.indexOf(']');
        name = close < 0 ? name : name.substring(0, close + 1);
      } else if (name.indexOf(':') >= 0) {
        name = name.substring(0, name.indexOf(':'));
      }
      name = name.toLowerCase(Locale.ROOT);
      return LOOPBACK_NAMES.contains(name) || name.equals(bindHost) || name.startsWith("127.");
    }
  }
}
