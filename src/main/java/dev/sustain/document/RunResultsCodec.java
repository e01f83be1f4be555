package dev.sustain.document;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.document.RunResults.BadExtent;
import dev.sustain.document.RunResults.Copy;
import dev.sustain.document.RunResults.Pass;
import dev.sustain.document.RunResults.ReadBack;
import dev.sustain.document.RunResults.Sweep;
import dev.sustain.document.RunResults.SweepPoint;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads the parts of run.json one command writes ({@link RunResults}) for {@link RunDocumentCodec};
 * the keys are those of {@link ReadBackJsonWriter}, {@link CopyJsonWriter} and {@link
 * SweepJsonWriter}. Each part is read whatever the command, and is empty of what the file lacks.
 */
final class RunResultsCodec {

  private RunResultsCodec() {}

  static ReadBack readBack(JsonNode result) {
    JsonNode byKind = result.path("bad_by_kind");
    Optional<Map<String, Long>> kinds = Optional.empty();
    if (byKind.isObject()) {
      Map<String, Long> m = new LinkedHashMap<>();
      byKind.properties().forEach(e -> m.put(e.getKey(), e.getValue().asLong(0)));
      kinds = Optional.of(m);
    }
    List<BadExtent> bad = new ArrayList<>();
    for (JsonNode e : result.path("bad")) {
      bad.add(
          new BadExtent(
              Fields.longOf(e, "offset"),
              Fields.longOf(e, "length"),
              Fields.text(e, "kind"),
              Fields.longOf(e, "actual_offset")));
    }
    return new ReadBack(
        Fields.longOf(result, "bad_bytes"),
        Fields.text(result, "verdict"),
        Fields.longOf(result, "checked_bytes"),
        Fields.longOf(result, "bytes"),
        kinds,
        bad,
        Fields.longOf(result, "bad_extents_dropped"),
        texts(result.path("notes")));
  }

  static Copy copy(JsonNode root) {
    List<Pass> passes = new ArrayList<>();
    for (JsonNode p : root.path("passes")) {
      passes.add(
          new Pass(
              Fields.intOf(p, "pass"),
              Fields.longOf(p, "files"),
              Fields.longOf(p, "bytes"),
              Fields.doubleOf(p, "write_MBps"),
              Fields.doubleOf(p, "write_s"),
              Fields.doubleOf(p, "flush_s"),
              Fields.doubleOf(p, "read_MBps"),
              Fields.doubleOf(p, "read_s"),
              Fields.text(p, "read_cache"),
              Fields.bool(p, "verified"),
              Fields.longOf(p, "problems"),
              Fields.text(p, "first_problem")));
    }
    return new Copy(
        Fields.bool(root.path("result"), "verified"), passes, texts(root.path("comparison")));
  }

  static Sweep sweep(JsonNode result) {
    List<SweepPoint> points = new ArrayList<>();
    for (JsonNode p : result.path("points")) {
      points.add(
          new SweepPoint(
              Fields.longOf(p, "bs"),
              Fields.longOf(p, "qd"),
              Fields.doubleOf(p, "write_MBps"),
              Fields.doubleOf(p, "read_MBps")));
    }
    return new Sweep(
        points, Fields.longOf(result, "size_per_point_bytes"), Fields.text(result, "verdict"));
  }

  /** The texts of an array's values; an array's containers and nulls are left out. */
  private static List<String> texts(JsonNode array) {
    List<String> out = new ArrayList<>();
    for (JsonNode s : array) {
      if (s.isValueNode() && !s.isNull()) {
        out.add(s.asText());
      }
    }
    return out;
  }
}
