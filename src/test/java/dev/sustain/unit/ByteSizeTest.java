package dev.sustain.unit;

import static dev.sustain.testing.Generators.anyString;
import static dev.sustain.testing.Generators.longBetween;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sustain.testing.Fuzz;
import dev.sustain.testing.Seeded;
import dev.sustain.testing.Seeds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ByteSizeTest {

  @ParameterizedTest
  @CsvSource({
    "300GiB, 322122547200",
    "500GB, 500000000000",
    "1MiB, 1048576",
    "128KiB, 131072",
    "4096, 4096",
    "1.5GB, 1500000000",
    "2TiB, 2199023255552",
    "10MB, 10000000",
    "1kB, 1000",
    "7B, 7",
  })
  void parsesBothUnitFamiliesExactly(String text, long bytes) {
    assertThat(ByteSize.parse(text).bytes()).isEqualTo(bytes);
  }

  @Test
  void gibAndGbAreNeverConfused() {
    // The field report's mistake: 300 GiB is about 322 GB, not 300 GB.
    assertThat(ByteSize.parse("300GiB").gigabytes())
        .isCloseTo(322.12, org.assertj.core.data.Offset.offset(0.01));
    assertThat(ByteSize.parse("300GB").gibibytes())
        .isCloseTo(279.40, org.assertj.core.data.Offset.offset(0.01));
  }

  @ParameterizedTest
  @CsvSource({"4k, 4096", "1m, 1048576", "128KiB, 131072", "4K, 4096", "512, 512"})
  void blockSizesTakeSingleLetterBinarySuffixes(String text, long bytes) {
    assertThat(ByteSize.parseBlockSize(text).bytes()).isEqualTo(bytes);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "abc",
        "4k",
        "1.5.3GB",
        "-5GB",
        "10 parsecs",
        "1e9",
        "0.5B",
        "GB",
        "99999999999TB"
      })
  void refusesWhatItDoesNotUnderstand(String text) {
    assertThatThrownBy(() -> ByteSize.parse(text))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageNotContaining("Exception");
  }

  @Test
  void roundsUpAtMostOneBlock() {
    ByteSize s = ByteSize.parse("500GB");
    assertThat(s.roundUpTo(512).bytes()).isEqualTo(500_000_000_000L);
    ByteSize odd = ByteSize.ofBytes(1000);
    assertThat(odd.roundUpTo(4096).bytes()).isEqualTo(4096);
    assertThat(ByteSize.ofBytes(8192).roundUpTo(4096).bytes()).isEqualTo(8192);
  }

  @Seeded(1000)
  void roundUpIsTheSmallestMultipleNotBelow(long seed) {
    Seeds.withSeed(
        seed,
        r -> {
          long bytes = longBetween(r, 1, 1L << 50);
          long align = longBetween(r, 1, 1 << 16);
          long rounded = ByteSize.ofBytes(bytes).roundUpTo(align).bytes();
          assertThat(rounded % align).isZero();
          assertThat(rounded).isGreaterThanOrEqualTo(bytes).isLessThan(bytes + align);
        });
  }

  @Seeded(1000)
  void parsingNeverThrowsAnythingButIllegalArgument(long seed) {
    Seeds.withSeed(
        seed,
        r ->
            Fuzz.readsOrRefusesInWords(
                anyString(r),
                text -> {
                  ByteSize.parse(text);
                  ByteSize.parseBlockSize(text);
                }));
  }

  @Test
  void formatsWithADotWhateverTheLocale() {
    java.util.Locale saved = java.util.Locale.getDefault();
    try {
      java.util.Locale.setDefault(java.util.Locale.GERMANY);
      assertThat(ByteSize.parse("322122547200").toDecimalString()).isEqualTo("322 GB");
      assertThat(ByteSize.parse("1500000000").toDecimalString()).isEqualTo("1.5 GB");
      assertThat(ByteSize.parse("1.5GiB").toBinaryString()).isEqualTo("1.5 GiB");
    } finally {
      java.util.Locale.setDefault(saved);
    }
  }

  @Test
  void roundingASizeNearTheTopOfALongUpIsBadInputNotAnOverflow() {
    ByteSize huge = ByteSize.parse("9223372036854775000");

    org.assertj.core.api.Assertions.assertThatThrownBy(() -> huge.roundUpTo(4096))
        .isInstanceOf(UsageException.class)
        .hasMessage(
            "size too large: 9223372036854775000 bytes cannot be rounded up to a multiple of 4096");
  }
}
