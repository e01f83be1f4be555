package dev.sustain.unit;

import static dev.sustain.testing.Generators.anyString;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sustain.testing.Fuzz;
import dev.sustain.testing.Seeded;
import dev.sustain.testing.Seeds;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class DurationsTest {

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

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "1h99m | not a duration: '1h99m' (minutes after a larger unit go up to 59; write 2h39m)",
        "1m60s | not a duration: '1m60s' (seconds after a larger unit go up to 59; write 2m)",
        "1h0m75s | not a duration: '1h0m75s' (seconds after a larger unit go up to 59; write 1h1m15s)",
        "1d24h | not a duration: '1d24h' (hours after a larger unit go up to 23; write 2d)",
        "1s1500ms | not a duration: '1s1500ms' (milliseconds after a larger unit go up to 999;"
            + " write 2s500ms)",
      })
  void refusesAFieldThatRunsOverTheLargerUnitAndNamesTheSpelling(String text, String message) {
    assertThatThrownBy(() -> Durations.parse(text))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(message);
  }

  @ParameterizedTest
  @CsvSource({"1h59m, 7140000", "90m, 5400000", "120s, 120000", "1m59.5s, 119500"})
  void aFieldMayRunOverWhenNoLargerUnitPrecedesIt(String text, long millis) {
    assertThat(Durations.parse(text)).isEqualTo(Duration.ofMillis(millis));
  }

  @ParameterizedTest
  @CsvSource({"9540000, 2h39m", "90000, 1m30s", "93600000, 1d2h", "250, 250ms", "3600000, 1h"})
  void compactIsWhatParseReads(long millis, String text) {
    assertThat(Durations.compact(Duration.ofMillis(millis))).isEqualTo(text);
    assertThat(Durations.parse(text)).isEqualTo(Duration.ofMillis(millis));
  }

  @Seeded(1000)
  void neverThrowsAnythingElse(long seed) {
    Seeds.withSeed(
        seed,
        r ->
            Fuzz.readsOrRefusesInWords(
                anyString(r), text -> assertThat(Durations.parse(text)).isPositive()));
  }

  @ParameterizedTest
  @CsvSource({
    "5.5, 5.50s",
    "75, 1m 15s",
    "3723, 1h 02m 03s",
    // Printed as stored: 8.2549 s is stored 8.255 (run.json's milliseconds) and reads 8.26s.
    "8.2549, 8.26s",
    "8.2544, 8.25s",
    "12.3449, 12.3s",
    "12.3499, 12.4s"
  })
  void formats(double seconds, String text) {
    assertThat(Durations.format(seconds)).isEqualTo(text);
  }

  /** In a sentence a time above zero never reads as none: a 4 KiB write took 1 ms, not 0.00s. */
  @Test
  void aTimeInWordsAboveZeroIsNeverNone() {
    assertThat(Durations.inWords(0.001)).isEqualTo("under 0.01s");
    assertThat(Durations.inWords(0.0044)).isEqualTo("under 0.01s");
    assertThat(Durations.inWords(0.005)).isEqualTo("0.01s");
    // What format prints, not a threshold on the raw value: 0.0049999 s (a flush as a difference
    // of stored times) is stored 0.005 and prints 0.01s, as the same flush read from run.json does.
    assertThat(Durations.inWords(0.0049999))
        .isEqualTo(Durations.format(0.0049999))
        .isEqualTo("0.01s");
    assertThat(Durations.inWords(0)).as("no time is none").isEqualTo("0.00s");
    assertThat(Durations.inWords(2.08)).isEqualTo(Durations.format(2.08));
    assertThat(Durations.inWords(75)).isEqualTo(Durations.format(75));
  }
}
