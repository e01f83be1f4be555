package dev.sustain.unit;

import static dev.sustain.testing.Generators.anyString;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sustain.testing.Seeds;
import java.time.Duration;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class DurationsTest {

  static LongStream seeds() {
    return Seeds.first(1000);
  }

  @ParameterizedTest
  @CsvSource({
    "90s, 90000",
    "20m, 1200000",
    "2h, 7200000",
    "1h30m, 5400000",
    "100ms, 100",
    "1.5s, 1500",
    "45, 45000",
    "1d, 86400000",
  })
  void parses(String text, long millis) {
    assertThat(Durations.parse(text)).isEqualTo(Duration.ofMillis(millis));
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "0s", "-5s", "5 minutes", "m", "1x", "s5", "1h-3m", "0"})
  void refuses(String text) {
    assertThatThrownBy(() -> Durations.parse(text)).isInstanceOf(IllegalArgumentException.class);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void neverThrowsAnythingElse(long seed) {
    Seeds.withSeed(
        seed,
        r -> {
          String text = anyString(r);
          try {
            assertThat(Durations.parse(text)).isPositive();
          } catch (IllegalArgumentException expected) {
            assertThat(expected.getMessage()).isNotBlank();
          }
        });
  }

  @ParameterizedTest
  @CsvSource({"5.5, 5.50s", "75, 1m 15s", "3723, 1h 02m 03s"})
  void formats(double seconds, String text) {
    assertThat(Durations.format(seconds)).isEqualTo(text);
  }
}
