package dev.sustain.blind;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What the analysis said about one curve, judged against its truth: right when the shape is one the
 * truth accepts and every figure is within its tolerance.
 *
 * @param said the shape it named, or {@code exit N} when it refused the curve
 * @param figureMisses the figures outside their tolerance, in words
 * @param summary the figures and the first evidence sentence, for the report
 */
record Verdict(String said, boolean shapeRight, List<String> figureMisses, String summary) {

  boolean right() {
    return shapeRight && figureMisses.isEmpty();
  }

  /** The wrong answer this verdict counts under: the shape said, or the figures that missed. */
  String wrongAnswer() {
    if (!shapeRight) {
      return said;
    }
    List<String> fields = new ArrayList<>();
    for (String miss : figureMisses) {
      fields.add(miss.substring(0, miss.indexOf(' ')));
    }
    return "shape right, " + String.join("+", fields) + " off";
  }

  static Verdict refused(int exitCode, String err) {
    String line = err.strip().lines().findFirst().orElse("");
    return new Verdict("exit " + exitCode, false, List.of(), line);
  }

  static Verdict of(BlindCurve curve, JsonNode analysis) {
    String shape = analysis.path("shape").asText("?");
    List<String> misses = new ArrayList<>();
    for (Truth truth : curve.truths()) {
      String miss = truth.missIn(analysis);
      if (miss != null) {
        misses.add(miss);
      }
    }
    String evidence = analysis.path("evidence").path(0).asText("");
    if (evidence.length() > 240) {
      evidence = evidence.substring(0, 237) + "...";
    }
    String summary =
        String.format(
            Locale.ROOT,
            "burst %s, cache_GB %s, floor %s, recovered %s, throttle_temp_C %s; \"%s\"",
            analysis.path("burst_MBps").asText("null"),
            analysis.path("cache_GB").asText("null"),
            analysis.path("floor_MBps").asText("null"),
            analysis.path("recovered").asText("null"),
            analysis.path("throttle_temp_C").asText("null"),
            evidence);
    return new Verdict(shape, curve.shapes().contains(shape), misses, summary);
  }
}
