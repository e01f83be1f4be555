package dev.sustain.hub;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.http.Context;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The hub's JSON API: the share address and the read addresses. Figures are per-drive medians and
 * their quartiles; nothing that tells one drive from another is ever answered (no drive ids, no
 * hashes). Thread-safe.
 */
final class HubApi {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** The most runs one read answers (each carries a curve of up to 2,000 points). */
  static final int MAX_RUNS = 200;

  /** The runs one read answers when it asks for no number. */
  static final int DEFAULT_RUNS = 50;

  private final HubStore store;
  private final Hub.Settings settings;
  private final TokenBuckets buckets;

  HubApi(HubStore store, Hub.Settings settings) {
    this.store = store;
    this.settings = settings;
    this.buckets = new TokenBuckets(settings.sharesPerMinute(), System::nanoTime);
  }

  void salt(Context ctx) {
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    o.put("salt", store.challenge());
    o.put(
        "about",
        "sustain share hashes the drive's serial with this; the hub keys the hash"
            + " with a secret of its own");
    send(ctx, o);
  }

  void share(Context ctx) throws IOException {
    long wait = buckets.take(client(ctx));
    if (wait > 0) {
      ctx.header("Retry-After", Long.toString(wait));
      throw new Hub.HubError(429, "too many shares from this address: try again in " + wait + " s");
    }
    Share s = ShareCheck.read(Hub.body(ctx));
    HubStore.Stored stored = store.put(s);
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    o.put("id", stored.id());
    o.put("status", stored.accepted() ? "accepted" : "rejected");
    o.put("duplicate", stored.duplicate());
    if (!stored.accepted()) {
      o.put("error", "implausible share: " + stored.reason());
      o.put("reason", stored.reason());
    }
    // A share seen before is answered as it was stored: 200, or 422 again for a rejected one.
    ctx.status(!stored.accepted() ? 422 : stored.duplicate() ? 200 : 201);
    send(ctx, o);
  }

  private String client(Context ctx) {
    if (settings.forwardedFor()) {
      String xff = ctx.header("X-Forwarded-For");
      if (xff != null && !xff.isBlank()) {
        String[] hops = xff.split(",");
        return hops[hops.length - 1].strip(); // the proxy's own entry: the one it saw
      }
    }
    return ctx.req().getRemoteAddr();
  }

  void models(Context ctx) {
    String q = ctx.queryParam("q");
    q = q == null ? "" : q.strip();
    if (q.length() > 100) {
      throw new Hub.HubError(400, "a search is at most 100 characters");
    }
    send(ctx, modelsJson(store, q, 500));
  }

  /** The models whose name holds {@code q} (every one for ""), the most drives first. */
  static ObjectNode modelsJson(HubStore store, String q, int limit) {
    ArrayNode models = JsonNodeFactory.instance.arrayNode();
    for (Map<String, Object> m : store.models(q, limit)) {
      ObjectNode o = models.addObject();
      o.put("model", (String) m.get("model"));
      o.put("drives", ((Number) m.get("drives")).longValue());
      o.put("runs", ((Number) m.get("runs")).longValue());
      o.put("capacities", ((Number) m.get("capacities")).longValue());
    }
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    o.put("count", models.size());
    o.set("models", models);
    return o;
  }

  void model(Context ctx) {
    String model = ctx.pathParam("model");
    send(ctx, modelJson(store, model));
  }

  /** One model's figures: its groups with quartiles, and each drive's median (the spread). */
  static ObjectNode modelJson(HubStore store, String model) {
    List<Map<String, Object>> groups = store.groups(model);
    if (groups.isEmpty()) {
      throw new Hub.HubError(404, "no shared runs of this model");
    }
    Map<String, ObjectNode> byKey = new LinkedHashMap<>();
    ArrayNode list = JsonNodeFactory.instance.arrayNode();
    for (Map<String, Object> g : groups) {
      ObjectNode o = list.addObject();
      o.put("capacity_bytes", ((Number) g.get("capacity_bytes")).longValue());
      o.put("firmware", (String) g.get("firmware"));
      o.put("job_key", (String) g.get("job_key"));
      o.put("job_label", (String) g.get("job_label"));
      o.put("drives", ((Number) g.get("drives")).intValue());
      o.put("runs", ((Number) g.get("runs")).intValue());
      o.put("fresh_drives", ((Number) g.get("fresh_drives")).intValue());
      quartiles(o.putObject("burst_MBps"), g, "burst", 1);
      quartiles(o.putObject("cache_GB"), g, "cache", 3);
      quartiles(o.putObject("floor_MBps"), g, "floor", 1);
      ObjectNode asNew = o.putObject("as_new");
      put(asNew, "cache_GB", g.get("fresh_cache_median"), 3);
      put(asNew, "floor_MBps", g.get("fresh_floor_median"), 1);
      ObjectNode spread = o.putObject("drive_medians");
      spread.putArray("burst_MBps");
      spread.putArray("cache_GB");
      spread.putArray("floor_MBps");
      byKey.put(key(g), spread);
    }
    for (Map<String, Object> d : store.driveMedians(model)) {
      ObjectNode spread = byKey.get(key(d));
      if (spread != null) {
        add((ArrayNode) spread.get("burst_MBps"), d.get("burst_mbps"), 1);
        add((ArrayNode) spread.get("cache_GB"), d.get("cache_gb"), 3);
        add((ArrayNode) spread.get("floor_MBps"), d.get("floor_mbps"), 1);
      }
    }
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    o.put("model", model);
    Map<String, Object> totals =
        store.models(model, 500).stream()
            .filter(m -> model.equals(m.get("model")))
            .findFirst()
            .orElse(Map.of("drives", 0, "runs", 0));
    o.put("drives", ((Number) totals.get("drives")).longValue());
    o.put("runs", ((Number) totals.get("runs")).longValue());
    o.set("groups", list);
    return o;
  }

  void runs(Context ctx) throws IOException {
    String model = ctx.pathParam("model");
    int limit = DEFAULT_RUNS;
    String l = ctx.queryParam("limit");
    if (l != null) {
      if (!l.matches("[0-9]{1,3}") || Integer.parseInt(l) < 1 || Integer.parseInt(l) > MAX_RUNS) {
        throw new Hub.HubError(400, "limit is from 1 to " + MAX_RUNS);
      }
      limit = Integer.parseInt(l);
    }
    send(ctx, runsJson(store, model, limit));
  }

  /** A model's latest {@code limit} runs with their curves. */
  static ObjectNode runsJson(HubStore store, String model, int limit) throws IOException {
    ArrayNode runs = JsonNodeFactory.instance.arrayNode();
    for (Map<String, Object> r : store.runs(model, limit)) {
      ObjectNode o = runs.addObject();
      o.put("id", ((Number) r.get("id")).longValue());
      o.put("capacity_bytes", ((Number) r.get("capacity_bytes")).longValue());
      o.put("firmware", (String) r.get("firmware"));
      o.put("link_tier", (String) r.get("link_tier"));
      o.put("job_key", (String) r.get("job_key"));
      o.put("job_label", (String) r.get("job_label"));
      o.put("fresh", (Boolean) r.get("fresh"));
      o.put("shape", (String) r.get("shape"));
      o.put("bytes", ((Number) r.get("bytes")).longValue());
      put(o, "seconds", r.get("seconds"), 3);
      put(o, "average_MBps", r.get("average_mbps"), 1);
      put(o, "burst_MBps", r.get("burst_mbps"), 1);
      put(o, "cache_GB", r.get("cache_gb"), 3);
      put(o, "floor_MBps", r.get("floor_mbps"), 1);
      o.put("received", String.valueOf(r.get("received_day")));
      JsonNode curve = JSON.readTree((String) r.get("curve"));
      o.set("curve", curve);
    }
    if (runs.isEmpty() && store.groups(model).isEmpty()) {
      throw new Hub.HubError(404, "no shared runs of this model");
    }
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    o.put("model", model);
    o.set("runs", runs);
    return o;
  }

  static void send(Context ctx, JsonNode o) {
    ctx.contentType("application/json; charset=utf-8");
    ctx.result(o.toString());
  }

  private static String key(Map<String, Object> row) {
    return row.get("capacity_bytes") + "\n" + row.get("firmware") + "\n" + row.get("job_key");
  }

  private static void quartiles(ObjectNode o, Map<String, Object> g, String name, int decimals) {
    put(o, "q1", g.get(name + "_q1"), decimals);
    put(o, "median", g.get(name + "_median"), decimals);
    put(o, "q3", g.get(name + "_q3"), decimals);
  }

  private static void put(ObjectNode o, String field, Object v, int decimals) {
    if (v instanceof Number n && Double.isFinite(n.doubleValue())) {
      o.put(field, round(n.doubleValue(), decimals));
    } else {
      o.putNull(field);
    }
  }

  private static void add(ArrayNode a, Object v, int decimals) {
    if (v instanceof Number n && Double.isFinite(n.doubleValue())) {
      a.add(round(n.doubleValue(), decimals));
    }
  }

  static BigDecimal round(double v, int decimals) {
    BigDecimal d =
        BigDecimal.valueOf(v).setScale(decimals, RoundingMode.HALF_UP).stripTrailingZeros();
    return d.scale() < 0 ? d.setScale(0) : d;
  }
}
