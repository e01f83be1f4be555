package dev.sustain.device;

import java.util.LinkedHashMap;
import java.util.Map;

/** The small JSON objects of a device's facts, built as ordered maps (the JSON keeps the order). */
final class JsonMaps {

  private JsonMaps() {}

  /**
   * A map of {@code keysAndValues} (key, value, key, value, ...) in that order; values may be null.
   *
   * @throws IllegalArgumentException when a key has no value or is not a string
   */
  static Map<String, Object> ordered(Object... keysAndValues) {
    if (keysAndValues.length % 2 != 0) {
      throw new IllegalArgumentException("a key without a value");
    }
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      if (!(keysAndValues[i] instanceof String key)) {
        throw new IllegalArgumentException("not a key: " + keysAndValues[i]);
      }
      m.put(key, keysAndValues[i + 1]);
    }
    return m;
  }
}
