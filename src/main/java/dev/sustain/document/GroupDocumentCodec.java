package dev.sustain.document;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The one reader of {@code group.json}'s keys: a parsed tree in, a {@link GroupDocument} out. Every
 * version written so far reads (version 1, and a file without a version as 1); a newer one is
 * refused in one line ({@link NewerFormatException}), as its fields could mean something else.
 * Stateless.
 */
public final class GroupDocumentCodec {

  /** The file's name in a group's folder. */
  public static final String FILE = "group.json";

  private GroupDocumentCodec() {}

  /** A group.json that is no group's: the one line says what is wrong. */
  public static final class NotAGroupException extends IllegalArgumentException {
    NotAGroupException(String message) {
      super(message);
    }
  }

  /**
   * The document of a parsed group.json; {@code where} names it in the refusal of a newer version.
   *
   * @throws NewerFormatException when its version is newer than this program writes
   * @throws NotAGroupException when it is no group's, or names no target or one without a name
   */
  public static GroupDocument decode(JsonNode root, String where) {
    int version = root.path("version").asInt(RunDocumentCodec.VERSION);
    if (version > RunDocumentCodec.VERSION) {
      throw new NewerFormatException(where, version, RunDocumentCodec.VERSION);
    }
    if (!"group".equals(root.path("kind").asText())) {
      throw new NotAGroupException("not a group's group.json (no \"kind\": \"group\")");
    }
    List<GroupDocument.Target> targets = new ArrayList<>();
    for (JsonNode t : root.path("targets")) {
      targets.add(target(t));
    }
    if (targets.isEmpty()) {
      throw new NotAGroupException("no targets");
    }
    double interval = root.path("params").path("interval_s").asDouble(1);
    return new GroupDocument(
        version,
        root.path("command").asText("write"),
        root.path("status").asText(""),
        interval > 0 ? interval : 1,
        targets,
        root.path("shared"));
  }

  /**
   * What {@code shared}, as {@link GroupDocument#shared} holds it, says: its summary and its parts;
   * both empty for a missing node or one that is no object.
   */
  public static GroupDocument.Shared shared(JsonNode shared) {
    List<GroupDocument.SharedPart> parts = new ArrayList<>();
    for (JsonNode part : shared.path("parts")) {
      if (!shared.path("parts").isArray()) {
        break; // an object of parts is no list of them
      }
      parts.add(
          new GroupDocument.SharedPart(
              Fields.text(part, "description").orElse(""), Fields.doubleOf(part, "ceiling_MBps")));
    }
    return new GroupDocument.Shared(
        shared.isObject() ? textual(shared, "summary") : Optional.empty(), parts);
  }

  private static GroupDocument.Target target(JsonNode t) {
    String name = t.path("name").asText("");
    if (name.isEmpty()) {
      throw new NotAGroupException("a target without a name");
    }
    return new GroupDocument.Target(
        name,
        t.path("target").asText(""),
        t.path("folder").asText(name),
        Fields.doubleOf(t, "start_s"),
        t.path("status").asText(""),
        textual(t, "error"),
        t.path("bytes").asLong(0),
        t.path("seconds").asDouble(0),
        Fields.doubleOf(t, "solo_MBps"),
        textual(t, "solo_source"),
        textual(t, "solo_from"));
  }

  /** A text field; empty when missing, null or not text (a number is no error message). */
  private static Optional<String> textual(JsonNode node, String field) {
    JsonNode v = node.path(field);
    return v.isTextual() ? Optional.of(v.asText()) : Optional.empty();
  }
}
