package dev.sustain.unit;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Sizes for people: decimal units of 1000, binary units of 1024, each with its own decimals. */
class UnitsTest {

  @ParameterizedTest
  @CsvSource({
    "0, 0 B",
    "999, 999 B",
    "1000, 1.0 kB",
    "1500, 1.5 kB",
    "99949999, 99.9 MB",
    "100000000, 100 MB",
    "322122547200, 322 GB",
    "4000000000000, 4.0 TB",
    "9223372036854775807, 9223 PB"
  })
  void decimalBytesCountInThousandsWithOneDecimalBelowAHundred(long bytes, String text) {
    assertThat(Units.decimalBytes(bytes)).as("%d B", bytes).isEqualTo(text);
  }

  @ParameterizedTest
  @CsvSource({
    "0, 0 B",
    "1023, 1023 B",
    "1024, 1 KiB",
    "1536, 1.5 KiB",
    "4096, 4 KiB",
    "1049088, 1.0 MiB",
    "322122547200, 300 GiB",
    "107374182400, 100 GiB",
    "161061273600, 150 GiB",
    "1610612736, 1.5 GiB"
  })
  void binaryBytesCountInKibibytesAndDropTheDecimalsOfAWholeNumber(long bytes, String text) {
    assertThat(Units.binaryBytes(bytes)).as("%d B", bytes).isEqualTo(text);
  }

  /**
   * A printed rate reads as the rate run.json stores (three decimals, half up): a fill's 127.4996
   * MB/s is stored 127.5 and must print 128, or the summary line and its record disagree.
   */
  @ParameterizedTest
  @CsvSource({
    "127.4996, 128 MB/s",
    "127.4994, 127 MB/s",
    "9.99449, 9.99 MB/s",
    "9.99499, 10.00 MB/s",
    "9.9951, 10.00 MB/s",
    "99.9496, 100.0 MB/s",
    "0, 0.00 MB/s"
  })
  void aRateIsPrintedFromTheFigureItIsStoredAs(double megabytesPerSecond, String text) {
    assertThat(Units.rate(megabytesPerSecond)).as("%s MB/s", megabytesPerSecond).isEqualTo(text);
    double stored =
        java.math.BigDecimal.valueOf(megabytesPerSecond)
            .setScale(3, java.math.RoundingMode.HALF_UP)
            .doubleValue();
    assertThat(Units.rate(stored)).isEqualTo(text);
  }

  @ParameterizedTest(name = "{0} of {1}: {2}")
  @CsvSource({
    "0, 2100000000, 0.00%",
    "20480, 2100000000, under 0.01%",
    "210000, 2100000000, 0.01%",
    "4096, 16777216, 0.02%",
    "1, 3, 33.33%",
    "2099999999, 2100000000, over 99.99%",
    "2100000000, 2100000000, 100.00%"
  })
  void aShareThatIsNeitherNothingNorAllNeverReadsAsEither(long part, long whole, String text) {
    // 20 KiB of bad data in a 2.1 GB file once read "(0.00% of 2.1 GB)".
    assertThat(Units.percentOf(part, whole)).isEqualTo(text);
  }

  @ParameterizedTest(name = "{0} + {1} against {2}")
  @CsvSource(
      delimiter = '|',
      value = {
        // The case: 3.9 GB and a margin against 3.9 GB free, as if it fitted.
        "3900000000 | 67100000 | 3934000000 | needs 3.9 GB plus a margin of 67.1 MB (4.0 GB in all),"
            + " and 3.9 GB is free",
        "3900000000 | 67100000 | 3960000000 | needs 3.9 GB plus a margin of 67.1 MB (3967100000 B"
            + " in all), and 3960000000 B is free",
        "16000000000 | 160000000 | 1000000000 | needs 16.0 GB plus a margin of 160 MB (16.2 GB in"
            + " all), and 1.0 GB is free"
      })
  void aJobThatDoesNotFitSaysWhatIsComparedWithTheFreeSpace(
      long needBytes, long marginBytes, long freeBytes, String text) {
    assertThat(Units.needsAndFree(needBytes, marginBytes, freeBytes)).isEqualTo(text);
  }
}
