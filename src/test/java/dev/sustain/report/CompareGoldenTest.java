package dev.sustain.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.testing.Golden;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Seals the machine-readable output of {@code compare}: the JSON list and the CSV table must come
 * out byte for byte as the golden files whatever the JVM's locale (a dot, never a comma, in
 * numbers). Regenerate deliberately with {@code -Dsustain.updateGolden=true} and review the diff: a
 * change in the analysis shows here too.
 */
class CompareGoldenTest {

  private static Comparison threeDrives() {
    return comparisonOf("kingston-run", "wd-sn810.csv", "samsung-t9.csv");
  }

  /** The recorded {@code curves} compared, each timed on a 500 GB job. */
  static Comparison comparisonOf(String... curves) {
    return Comparison.load(
        java.util.Arrays.stream(curves).map(Curves.RESOURCES::resolve).toList(),
        null,
        500_000_000_000L);
  }

  @ParameterizedTest
  @ValueSource(strings = {"en-US", "de-DE"})
  void json(String locale) throws Exception {
    Golden.inLocale(
        locale,
        () -> Golden.assertMatches("compare.json", CompareFormats.json(threeDrives()) + "\n"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"en-US", "de-DE"})
  void csv(String locale) throws Exception {
    Golden.inLocale(
        locale,
        () -> {
          String csv = CompareFormats.csv(threeDrives());
          Golden.assertMatches("compare.csv", csv);
          // Every data line has as many cells as the header: no decimal comma split a number.
          for (String line : csv.lines().toList()) {
            assertThat(line.split(",", -1)).hasSize(CompareFormats.CSV_COLUMNS.size());
          }
        });
  }
}
