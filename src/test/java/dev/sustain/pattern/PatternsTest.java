package dev.sustain.pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PatternsTest {

  @Test
  void parsesTheThreeFamilies() {
    assertThat(Patterns.parse("random")).isEqualTo(PatternSpec.RANDOM);
    assertThat(Patterns.parse(" Zeros ")).isEqualTo(PatternSpec.ZEROS);
    assertThat(Patterns.parse("compress:50"))
        .isEqualTo(new PatternSpec(PatternSpec.Kind.COMPRESS, 50));
    assertThat(Patterns.parse("compress:75%").name()).isEqualTo("compress:75");
    assertThat(Patterns.parse("compress:0")).isEqualTo(PatternSpec.RANDOM);
    assertThat(Patterns.parse("compress:100").compressPercent()).isEqualTo(100);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "rand",
        "compress",
        "compress:",
        "compress:101",
        "compress:-5",
        "compress:5.5",
        "compress:abc",
        "zeros:3"
      })
  void refusesBadInputWithAMessageThatSaysWhatIsAllowed(String text) {
    assertThatThrownBy(() -> Patterns.parse(text))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageMatching("(?s).*(random|compress:N|at most 100).*")
        .hasMessageNotContaining("Exception");
  }

  @Test
  void namesRoundTrip() {
    for (String s : new String[] {"random", "zeros", "compress:1", "compress:50", "compress:100"}) {
      assertThat(Patterns.parse(s).name()).isEqualTo(s);
    }
  }

  @Test
  void idsComeFromTheRunIdAndRoundTripThroughHex() {
    long a = Patterns.idFor("20261130-101502-3fa9");
    assertThat(Patterns.idFor("20261130-101502-3fa9")).isEqualTo(a);
    assertThat(Patterns.idFor("20261130-101502-3faa")).isNotEqualTo(a);
    assertThat(Patterns.idFromHex(Patterns.idToHex(a))).isEqualTo(a);
    assertThat(Patterns.idToHex(a)).hasSize(16);
    assertThatThrownBy(() -> Patterns.idFromHex("xyz"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void zerosIsNotVerifiableTheOthersAre() {
    assertThat(PatternSpec.ZEROS.verifiable()).isFalse();
    assertThat(PatternSpec.ZEROS.checker(1)).isNull();
    assertThat(Patterns.parse("compress:30").checker(1).compressPercent()).isEqualTo(30);
  }
}
