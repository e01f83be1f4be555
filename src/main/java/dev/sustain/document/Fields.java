package dev.sustain.document;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * A field of a parsed document as an optional: missing and JSON null are both empty, so an older
 * file without the field reads as one whose writer had nothing to say.
 */
final class Fields {

  private Fields() {}

  /** A value (text, or a number or boolean as its text); empty for missing, null or a container. */
  static Optional<String> text(JsonNode node, String field) {
    JsonNode v = node.path(field);
    return v.isValueNode() && !v.isNull() ? Optional.of(v.asText()) : Optional.empty();
  }

  static OptionalLong longOf(JsonNode node, String field) {
    JsonNode v = node.path(field);
    return v.isNumber() ? OptionalLong.of(v.asLong()) : OptionalLong.empty();
  }

  static OptionalInt intOf(JsonNode node, String field) {
    JsonNode v = node.path(field);
    return v.isNumber() ? OptionalInt.of(v.asInt()) : OptionalInt.empty();
  }

  static OptionalDouble doubleOf(JsonNode node, String field) {
    JsonNode v = node.path(field);
    return v.isNumber() ? OptionalDouble.of(v.asDouble()) : OptionalDouble.empty();
  }

  static Optional<Boolean> bool(JsonNode node, String field) {
    JsonNode v = node.path(field);
    return v.isBoolean() ? Optional.of(v.asBoolean()) : Optional.empty();
  }
}
