package dev.sustain.serve;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.store.DbLocation;
import dev.sustain.store.JdbiStores;
import dev.sustain.store.ReadOnlyHistory;
import dev.sustain.store.RunQuery;
import dev.sustain.store.RunRecord;
import dev.sustain.store.SampleStore;
import dev.sustain.store.StoreException;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.Handler;
import io.javalin.http.HandlerType;
import io.javalin.http.HttpResponseException;
import java.io.IOException;
import java.net.InetAddress;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
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
   * @throws ReadOnlyHistory.NotReady when there is no history there, or one of an older schema
   * @throws StoreException when the history cannot be opened (message without secrets)
   * @throws IllegalStateException when the address cannot be listened on
   */
  public static Dashboard start(DbLocation location, Settings settings) {
    JdbiStores.Pool pool =
        ReadOnlyHistory.pool(location, location.kind() == DbLocation.Kind.SQLITE ? 8 : 12);
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
                // HEAD runs the GET handler (Jetty sends no body), so it answers as GET would:
                // Javalin's own HEAD answers 200 even for a run that does not exist.
                routes(pages, api, feeds)
                    .forEach(
                        (path, handler) -> {
                          config.routes.get(path, handler);
                          config.routes.head(path, handler);
                        });
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

  /** Runs in the history without a job key (see {@link ReadOnlyHistory#runsWithoutJobKey}). */
  public long runsWithoutJobKey() {
    return ReadOnlyHistory.runsWithoutJobKey(pool);
  }

  /** Every address and its GET handler. */
  private static Map<String, Handler> routes(Pages pages, Api api, LiveFeeds feeds) {
    Map<String, Handler> routes = new LinkedHashMap<>();
    for (String page : Pages.PATHS) {
      routes.put(page, pages::shell);
    }
    for (String script : Pages.SCRIPTS) {
      routes.put(script, pages::script);
    }
    routes.put("/api/health", api::health);
    routes.put("/api/drives", api::drives);
    routes.put("/api/drives/<drive>", api::drive);
    routes.put("/api/runs", api::runs);
    routes.put("/api/compare", api::compareView);
    routes.put("/api/runs/{id}", api::run);
    routes.put("/api/runs/{id}/samples", api::samples);
    routes.put("/api/runs/{id}/view", api::runView);
    routes.put("/api/runs/{id}/events", ctx -> events(api, feeds, ctx));
    return routes;
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
    feeds.close(); // first: it ends the event streams, which would hold the server's stop
    app.stop();
    pool.close();
  }

  /**
   * The event stream of one run: the rows so far, then each new row as it is stored (one {@code
   * data:} line of JSON, its id the row's place in samples.csv), a {@code phase} event when the
   * live phase in words changes, and an {@code end} event once the run is over. A client that
   * reconnects with {@code Last-Event-ID} goes on after that row. The run must exist and the client
   * must take an event stream (no Accept header takes anything).
   */
  private static void events(Api api, LiveFeeds feeds, Context ctx) throws IOException {
    Params.only(ctx, Set.of());
    RunRecord run = api.find(ctx);
    if (!EventStream.accepts(ctx.header("Accept"))) {
      throw new ApiError(406, "this is an event stream: ask with 'Accept: text/event-stream'");
    }
    EventStream client = EventStream.open(ctx);
    if (ctx.method() == HandlerType.HEAD) {
      return; // the headers say what a GET would stream
    }
    LiveFeeds.Feed feed = feeds.watch(run);
    try {
      int next = 0;
      String lastId = ctx.header("Last-Event-ID");
      if (lastId != null && lastId.matches("-?[0-9]{1,18}")) {
        next = feed.indexAfter(Long.parseLong(lastId));
      }
      String lastPhase = null;
      while (!client.terminated() && !feeds.closed()) {
        LiveFeeds.Batch b = feed.next(next, HEARTBEAT_MILLIS, feeds);
        for (int i = 0; i < b.rows().size(); i++) {
          client.data(b.rows().get(i), Long.toString(b.seqs().get(i)));
        }
        next += b.rows().size();
        if (b.phase() != null && !b.phase().isEmpty() && !b.phase().equals(lastPhase)) {
          ObjectNode p = JsonNodeFactory.instance.objectNode();
          p.put("phase", b.phase());
          client.event("phase", p.toString());
          lastPhase = b.phase();
        }
        if (b.ended()) {
          client.event("end", b.endJson());
          break;
        }
        if (b.rows().isEmpty()) {
          client.comment("waiting for the next interval");
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      feeds.release(feed);
    }
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
        // The store's message names the database (a file path, a server, its user): the server's
        // log gets it, the client only what failed.
        status = 503;
        message = "the run history cannot be read now; the server's log says why";
        LOG.warn("history unavailable on {}: {}", ctx.path(), location.scrub(s.getMessage()));
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
    if (body == null || !(body.startsWith("{") || body.startsWith("<!DOCTYPE"))) {
      writeError(ctx, 404, "no such address: " + Params.clip(ctx.path()));
    }
  }

  /**
   * The error as the client reads it: a page for a person at a page's address (an unknown one, or a
   * page's address with a query it does not take), one-line JSON for the API and scripts.
   */
  static void writeError(Context ctx, int status, String message) {
    String path = ctx.path();
    if (!path.startsWith("/api/") && !path.startsWith("/assets/") && status != 421) {
      Pages.errorPage(ctx, status, message);
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
}
