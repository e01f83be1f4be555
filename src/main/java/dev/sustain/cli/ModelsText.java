package dev.sustain.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The words of {@code sustain models}: a model's groups, or the models a hub knows. */
final class ModelsText {

  private ModelsText() {}

  static String format(JsonNode m) {
    StringBuilder b = new StringBuilder();
    line(
        b,
        "%s: %d %s, %d %s (each drive counted once: the median of its runs)",
        m.path("model").asText(),
        m.path("drives").asLong(),
        m.path("drives").asLong() == 1 ? "drive" : "drives",
        m.path("runs").asLong(),
        m.path("runs").asLong() == 1 ? "run" : "runs");
    for (JsonNode g : m.path("groups")) {
      line(
          b,
          "  %.0f GB, firmware %s, %s: %d %s, %d %s",
          g.path("capacity_bytes").asLong() / 1e9,
          g.path("firmware").asText(),
          g.path("job_label").asText(),
          g.path("drives").asInt(),
          g.path("drives").asInt() == 1 ? "drive" : "drives",
          g.path("runs").asInt(),
          g.path("runs").asInt() == 1 ? "run" : "runs");
      line(b, "    burst %s", quartiles(g.path("burst_MBps"), "MB/s", 0));
      line(b, "    cache %s", quartiles(g.path("cache_GB"), "GB", 1));
      line(b, "    floor %s", quartiles(g.path("floor_MBps"), "MB/s", 1));
      JsonNode asNew = g.path("as_new");
      if (g.path("fresh_drives").asInt() > 0) {
        line(
            b,
            "    as new (%d fresh %s): cache %s GB, floor %s MB/s",
            g.path("fresh_drives").asInt(),
            g.path("fresh_drives").asInt() == 1 ? "drive" : "drives",
            num(asNew.path("cache_GB"), 1),
            num(asNew.path("floor_MBps"), 1));
      } else {
        line(b, "    as new: no fresh-drive runs yet");
      }
    }
    return b.toString();
  }

  private static String quartiles(JsonNode q, String unit, int decimals) {
    if (!q.path("median").isNumber()) {
      return "none";
    }
    return "median "
        + num(q.path("median"), decimals)
        + " "
        + unit
        + " (quartiles "
        + num(q.path("q1"), decimals)
        + " to "
        + num(q.path("q3"), decimals)
        + ")";
  }

  private static String num(JsonNode n, int decimals) {
    return n.isNumber() ? String.format(Locale.ROOT, "%." + decimals + "f", n.asDouble()) : "none";
  }

  static String list(JsonNode body) {
    StringBuilder b = new StringBuilder();
    for (JsonNode m : body.path("models")) {
      line(
          b,
          "%s: %d %s, %d %s",
          m.path("model").asText(),
          m.path("drives").asLong(),
          m.path("drives").asLong() == 1 ? "drive" : "drives",
          m.path("runs").asLong(),
          m.path("runs").asLong() == 1 ? "run" : "runs");
    }
    if (b.isEmpty()) {
      line(b, "The hub has no shared runs yet.");
    }
    return b.toString();
  }

  static String cachedList(JsonNode cache) {
    StringBuilder b = new StringBuilder();
    line(b, "From %s, kept %s:", cache.path("hub").asText(), cache.path("updated").asText());
    cache
        .path("models")
        .forEach(
            m ->
                line(
                    b,
                    "  %s: %d drives, %d runs",
                    m.path("model").asText(),
                    m.path("drives").asLong(),
                    m.path("runs").asLong()));
    return b.toString();
  }

  static String names(JsonNode body, int most) {
    List<String> n = new ArrayList<>();
    for (JsonNode m : body.path("models")) {
      if (n.size() < most) {
        n.add(m.path("model").asText());
      }
    }
    return String.join(", ", n);
  }

  private static void line(StringBuilder b, String format, Object... args) {
    b.append(String.format(Locale.ROOT, format, args)).append('\n');
  }
}
