package dev.sustain.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The device's small JSON objects keep their keys in the order given, nulls included. */
class JsonMapsTest {

  @Test
  void keysKeepTheirOrderAndNullValues() {
    var m = JsonMaps.ordered("z", 1, "a", null, "m", "x");
    assertThat(m.keySet()).containsExactly("z", "a", "m");
    assertThat(m).containsEntry("a", null).containsEntry("z", 1).containsEntry("m", "x");
  }

  @Test
  void aKeyWithoutAValueIsAMistake() {
    assertThatThrownBy(() -> JsonMaps.ordered("a", 1, "b"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> JsonMaps.ordered(1, "a")).isInstanceOf(IllegalArgumentException.class);
  }
}
