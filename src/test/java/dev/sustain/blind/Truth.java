package dev.sustain.blind;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Locale;

/**
 * A figure the analysis should find: a field of {@code analyze --json}, its true value, how far off
 * a reasonable engineer would still accept, and other values the physics allows equally (a folding
 * stage below the last level makes either the lowest or the last stage the floor).
 */
record Truth(String field, double value, double tolerance, List<Double> alternatives) {

  static Truth of(String field, double value, double tolerance) {
    return new Truth(field, value, tolerance, List.of());
  }

  static Truth either(String field, double value, double other, double tolerance) {
    return new Truth(field, value, tolerance, List.of(other));
  }

  /** Null when the analysis's figure is within tolerance of the truth or an alternative. */
  String missIn(JsonNode analysis) {
    JsonNode said = analysis.get(field);
    if (said == null || said.isNull() || !said.isNumber()) {
      return field + " missing (truth " + fmt(value) + ")";
    }
    double got = said.asDouble();
    if (Math.abs(got - value) <= tolerance) {
      return null;
    }
    for (double other : alternatives) {
      if (Math.abs(got - other) <= tolerance) {
        return null;
      }
    }
    return String.format(
        Locale.ROOT, "%s %s (truth %s ± %s)", field, fmt(got), fmt(value), fmt(tolerance));
  }

  /** The truth in words, for the report. */
  String describe() {
    StringBuilder b = new StringBuilder(field + " " + fmt(value) + "±" + fmt(tolerance));
    for (double other : alternatives) {
      b.append(" or ").append(fmt(other));
    }
    return b.toString();
  }

  static String fmt(double v) {
    if (Math.abs(v) >= 100) {
      return String.format(Locale.ROOT, "%.0f", v);
    }
    if (Math.abs(v) >= 10) {
      return String.format(Locale.ROOT, "%.1f", v);
    }
    return String.format(Locale.ROOT, "%.2f", v);
  }
}
