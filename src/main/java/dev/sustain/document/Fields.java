package dev.sustain.document;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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

  /**
   * The JSON object a document file holds. A file that is not UTF-8 or whose top is not an object
   * is a {@link MalformedDocumentException} naming it; JSON that does not parse is Jackson's own
   * exception, which callers word themselves.
   */
  static JsonNode objectIn(ObjectMapper json, Path file) throws IOException {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (CharacterCodingException e) {
      throw new MalformedDocumentException(file + " is not UTF-8 text");
    }
    return object(json, text, file.toString());
  }

  /** The JSON object {@code text} holds; {@code where} names it in the message when it is none. */
  static JsonNode object(ObjectMapper json, String text, String where) throws IOException {
    JsonNode root = json.readTree(text);
    if (root == null || !root.isObject()) {
      throw new MalformedDocumentException(where + " holds no JSON object");
    }
    return root;
  }

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
