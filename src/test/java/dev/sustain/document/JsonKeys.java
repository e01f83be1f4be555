package dev.sustain.document;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * The keys of a written document in the order they stand, for the tests that pin each document's
 * key order to what docs/FORMATS.md gives.
 */
final class JsonKeys {

  private JsonKeys() {}

  /** The keys of {@code node}, in their order. */
  static List<String> of(JsonNode node) {
    List<String> names = new ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }

  /** The header's keys, the same for every command's run.json, then {@code rest}. */
  static List<String> afterTheHeader(String... rest) {
    List<String> names =
        new ArrayList<>(
            List.of("version", "command", "tool", "run_id", "host", "pid", "cpu_cores"));
    names.addAll(List.of(rest));
    return names;
  }
}
