package dev.sustain.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sustain.testing.Seeded;
import dev.sustain.testing.Seeds;
import dev.sustain.unit.Durations;
import dev.sustain.unit.Units;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The sentence template: each placeholder writes its value as the units do, whatever the locale.
 */
class PhraseTest {

  @Test
  void fillsEachPlaceholderInOrderWithItsOwnFormat() {
    assertThat(
            Phrase.of(
                "{} held {rate} ({mbps}) for {gb} in {time}: {pct}, {.0} / {.1} / {.2} °C",
                3,
                2555.4,
                12.345,
                280.4,
                75.0,
                0.075,
                41.5,
                41.25,
                41.255))
        .isEqualTo("3 held 2555 MB/s (12.3) for 280 GB in 1m 15s: 7.5%, 42 / 41.3 / 41.26 °C");
    assertThat(Phrase.of("no placeholders")).isEqualTo("no placeholders");
    assertThat(Phrase.of("{}{}", "a", 7L)).isEqualTo("a7");
    assertThat(Phrase.of("at least {gb}", (Double) null)).isEqualTo("at least -");
  }

  @Test
  void anAmountBelowOneMegabyteIsInKilobytesOrBytesNotZeroGigabytes() {
    assertThat(Phrase.gb(4e-6)).isEqualTo("4.0 kB");
    assertThat(Phrase.gb(5e-7)).isEqualTo("500 B");
    assertThat(Phrase.of("{gb} written", 4.096e-6)).isEqualTo("4.1 kB written");
    assertThat(Phrase.gb(0.002)).isEqualTo("2.0 MB");
    assertThat(Phrase.gb(2.5)).isEqualTo("2.5 GB");
  }

  @Test
  void aTemplateThatDoesNotFitItsValuesIsRefused() {
    assertThatThrownBy(() -> Phrase.of("{rate} and {rate}", 1.0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("more placeholders");
    assertThatThrownBy(() -> Phrase.of("{rate}", 1.0, 2.0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("2 values for 1 placeholders");
    assertThatThrownBy(() -> Phrase.of("{speed}", 1.0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("unknown placeholder {speed}");
    assertThatThrownBy(() -> Phrase.of("{rate", 1.0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("unclosed");
    assertThatThrownBy(() -> Phrase.of("rate}"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("closing brace");
    // A double must say how it is written; a word is not a number.
    assertThatThrownBy(() -> Phrase.of("{}", 2.5))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("floating-point");
    assertThatThrownBy(() -> Phrase.of("{rate}", "fast"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("takes a number");
  }

  @Seeded(20)
  void writesLikeTheUnitsAndWithADotUnderAGermanLocale(long seed) {
    Locale before = Locale.getDefault();
    Locale.setDefault(Locale.GERMANY);
    try {
      Seeds.withSeed(
          seed,
          r -> {
            double rate = r.nextDouble(0.01, 5000);
            double seconds = r.nextDouble(0.01, 20_000);
            double gigabytes = r.nextDouble(0.001, 2000);
            double fraction = r.nextDouble(0, 1.5);
            long count = r.nextLong(-1_000_000, 1_000_000);
            String s =
                Phrase.of(
                    "{} at {rate} for {time} over {gb}, {pct}, {.2}",
                    count,
                    rate,
                    seconds,
                    gigabytes,
                    fraction,
                    rate);
            String why = "seed " + seed + ": " + s;
            assertThat(s)
                .as(why)
                .isEqualTo(
                    count
                        + " at "
                        + Units.rate(rate)
                        + " for "
                        + Durations.format(seconds)
                        + " over "
                        + Phrase.gb(gigabytes)
                        + ", "
                        + Phrase.pct(fraction)
                        + ", "
                        + Units.fixed(rate, 2));
            assertThat(s).as(why).doesNotContain(",0").doesNotContainPattern("[0-9],[0-9]");
          });
    } finally {
      Locale.setDefault(before);
    }
  }
}
