package dev.sustain.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The words {@code share} shows before it asks: every field of the document, the curve in brief.
 */
final class ShareText {

  private ShareText() {}

  static String preview(Path run, JsonNode doc) {
    StringBuilder b = new StringBuilder();
    JsonNode d = doc.path("drive");
    JsonNode a = doc.path("analysis");
    JsonNode c = doc.path("curve");
    line(b, "%s would send:", run);
    line(
        b,
        "  drive        %s, %d bytes, firmware %s, %s, link %s",
        d.path("model").asText(),
        d.path("capacity_bytes").asLong(),
        d.path("firmware").asText("unknown"),
        d.path("transport").asText("unknown"),
        d.path("link_tier").asText());
    line(b, "  drive hash   %s", d.path("hash").asText());
    line(b, "  run hash     %s", doc.path("run_hash").asText());
    line(b, "  job          %s", doc.path("job").path("label").asText());
    line(
        b,
        "  result       %d bytes in %s s, average %s MB/s",
        doc.path("result").path("bytes").asLong(),
        doc.path("result").path("seconds").asText(),
        doc.path("result").path("average_MBps").asText());
    line(
        b,
        "  analysis     %s: burst %s MB/s, cache %s GB, floor %s MB/s, recovery cause %s",
        a.path("shape").asText(),
        a.path("burst_MBps").asText(),
        a.path("cache_GB").asText(),
        a.path("floor_MBps").asText(),
        a.path("recovery_cause").asText());
    line(b, "  before       free bytes %s", doc.path("before").path("free_bytes").asText());
    int n = c.path("t_s").size();
    line(
        b,
        "  curve        %d points (time s, MB/s) to %s s",
        n,
        n == 0 ? "0" : c.path("t_s").get(n - 1).asText());
    line(b, "  version      sustain %s", doc.path("sustain_version").asText());
    return b.toString();
  }

  private static void line(StringBuilder b, String format, Object... args) {
    b.append(String.format(Locale.ROOT, format, args)).append('\n');
  }
}
