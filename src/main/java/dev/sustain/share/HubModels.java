package dev.sustain.share;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.expect.Expectation;
import dev.sustain.job.Job;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The local copy of a hub's per-model figures ({@code sustain models --update}), kept in the data
 * folder, and where one run stands among its model's drives. Reading it never touches the network:
 * a run or an analysis reads the file or nothing. Stateless.
 */
public final class HubModels {

  public static final String FILE_NAME = "hub-models.json";

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private HubModels() {}

  /** {@code $XDG_DATA_HOME/sustain/hub-models.json}, else under {@code ~/.local/share}. */
  public static Path cacheFile() {
    String xdg = System.getenv("XDG_DATA_HOME");
    Path base =
        xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()
            ? Path.of(xdg)
            : Path.of(System.getProperty("user.home"), ".local", "share");
    return base.resolve("sustain").resolve(FILE_NAME);
  }

  /** A model's address in the hub's API ({@code /api/models/KINGSTON%20SNV3S1000G}). */
  public static String path(String model) {
    return "/api/models/" + URLEncoder.encode(model, StandardCharsets.UTF_8).replace("+", "%20");
  }

  /**
   * Fetches every model's figures from the hub and writes them to {@code file}; the model count.
   */
  public static int update(HubClient hub, Path file) throws IOException, InterruptedException {
    HubClient.Answer list = hub.get("/api/models");
    if (list.status() != 200) {
      throw new IOException("the hub answered " + list.status() + ": " + list.error());
    }
    ObjectNode cache = JsonNodeFactory.instance.objectNode();
    cache.put("hub", hub.address());
    cache.put("updated", Instant.now().toString());
    ObjectNode models = cache.putObject("models");
    for (JsonNode m : list.body().path("models")) {
      String name = m.path("model").asText();
      HubClient.Answer a = hub.get(path(name));
      if (a.status() == 200) {
        models.set(name, a.body());
      }
    }
    Files.createDirectories(file.getParent());
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    Files.writeString(tmp, JSON.writeValueAsString(cache), StandardCharsets.UTF_8);
    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    return models.size();
  }

  /** The cache, or empty when there is none or it cannot be read (a run goes on without it). */
  public static Optional<JsonNode> read(Path file) {
    try {
      return Files.isRegularFile(file)
          ? Optional.of(JSON.readTree(file.toFile()))
          : Optional.empty();
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /**
   * A model's figures in the cache under exactly its name, as a run's standing reads them: a run
   * names its own drive's model, and a near name would be another drive.
   */
  public static Optional<JsonNode> modelNamed(JsonNode cache, String model) {
    return Optional.ofNullable(cache.path("models").get(model));
  }

  /** A model's figures in the cache: the exact name first, then one name that contains it. */
  public static Optional<JsonNode> model(JsonNode cache, String model) {
    JsonNode models = cache.path("models");
    if (models.has(model)) {
      return Optional.of(models.get(model));
    }
    String want = model.toLowerCase(Locale.ROOT).strip();
    List<String> hits = new ArrayList<>();
    models
        .fieldNames()
        .forEachRemaining(
            n -> {
              if (n.toLowerCase(Locale.ROOT).contains(want)) {
                hits.add(n);
              }
            });
    return hits.size() == 1 ? Optional.of(models.get(hits.getFirst())) : Optional.empty();
  }

  /**
   * The drives' medians of the group a run belongs to: same capacity and job, and the same firmware
   * when the hub has that; other firmware pooled otherwise (the line says which).
   */
  public record Peers(
      String model,
      boolean sameFirmware,
      int drives,
      List<Double> floors,
      List<Double> caches,
      Double floorMedian,
      Double cacheMedian) {}

  public static Optional<Peers> peers(
      JsonNode modelJson, long capacityBytes, String firmware, Job job) {
    List<JsonNode> same = new ArrayList<>();
    List<JsonNode> any = new ArrayList<>();
    for (JsonNode g : modelJson.path("groups")) {
      if (g.path("capacity_bytes").asLong() == capacityBytes
          && g.path("job_key").asText().equals(job.key())) {
        any.add(g);
        if (g.path("firmware").asText().equals(firmware == null ? "unknown" : firmware)) {
          same.add(g);
        }
      }
    }
    List<JsonNode> use = same.isEmpty() ? any : same;
    if (use.isEmpty()) {
      return Optional.empty();
    }
    List<Double> floors = new ArrayList<>();
    List<Double> caches = new ArrayList<>();
    int drives = 0;
    for (JsonNode g : use) {
      drives += g.path("drives").asInt();
      g.path("drive_medians").path("floor_MBps").forEach(v -> floors.add(v.asDouble()));
      g.path("drive_medians").path("cache_GB").forEach(v -> caches.add(v.asDouble()));
    }
    JsonNode one = use.size() == 1 ? use.getFirst() : null;
    return Optional.of(
        new Peers(
            modelJson.path("model").asText(),
            !same.isEmpty(),
            drives,
            floors,
            caches,
            one == null ? median(floors) : num(one.path("floor_MBps").path("median")),
            one == null ? median(caches) : num(one.path("cache_GB").path("median"))));
  }

  /**
   * Where {@code value} stands among {@code values}: the share below it, ties counted half, 0-100.
   */
  public static int percentile(List<Double> values, double value) {
    if (values.isEmpty()) {
      return -1;
    }
    double below = 0;
    for (double v : values) {
      below += v < value ? 1 : v == value ? 0.5 : 0;
    }
    return (int) Math.round(100 * below / values.size());
  }

  static Double median(List<Double> v) {
    if (v.isEmpty()) {
      return null;
    }
    List<Double> s = new ArrayList<>(v);
    s.sort(null);
    int n = s.size();
    return n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
  }

  private static Double num(JsonNode n) {
    return n.isNumber() ? n.asDouble() : null;
  }

  /**
   * What the copy of a hub's figures predicts for a write of {@code requestBytes} at {@code
   * queueDepth} to a drive of {@code model} and {@code capacityBytes}: the medians over the drives
   * of the group with that request size and depth (the engine and target kind are not known before
   * the run; of several such groups, the one with the most drives).
   *
   * @throws IllegalArgumentException with one line for a user when the copy has no such group
   */
  public static Expectation expectation(
      Path file, String model, long capacityBytes, long requestBytes, int queueDepth) {
    JsonNode cache =
        read(file)
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "--expect-from hub needs a copy of a hub's figures (sustain models --update"
                            + " --hub URL); there is none in "
                            + file));
    JsonNode m = cache.path("models").get(model == null ? "" : model);
    if (m == null) {
      throw new IllegalArgumentException(
          "the copy of the hub's figures knows no drive model '" + model + "'");
    }
    String prefix = "write|" + requestBytes + "|" + queueDepth + "|";
    JsonNode best = null;
    for (JsonNode g : m.path("groups")) {
      if (g.path("capacity_bytes").asLong() == capacityBytes
          && g.path("job_key").asText().startsWith(prefix)
          && g.path("burst_MBps").path("median").isNumber()
          && (best == null || g.path("drives").asInt() > best.path("drives").asInt())) {
        best = g;
      }
    }
    if (best == null) {
      throw new IllegalArgumentException(
          "the hub has no writes of "
              + model
              + " at this capacity with this request size and depth to expect from");
    }
    return Expectation.fromPastRun(
        best.path("burst_MBps").path("median").asDouble(),
        num(best.path("cache_GB").path("median")),
        num(best.path("floor_MBps").path("median")),
        "the hub's " + best.path("drives").asInt() + " drives of " + model);
  }

  /** The array of a cache's models (names), for listing. */
  public static ArrayNode names(JsonNode cache) {
    ArrayNode a = JsonNodeFactory.instance.arrayNode();
    cache.path("models").fieldNames().forEachRemaining(a::add);
    return a;
  }
}
