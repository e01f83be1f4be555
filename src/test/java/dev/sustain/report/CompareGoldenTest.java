package dev.sustain.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.testing.Golden;
import java.util.List;
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
    return Comparison.load(
        List.of(
            Curves.RESOURCES.resolve("kingston-run"),
            Curves.RESOURCES.resolve("wd-sn810.csv"),
            Curves.RESOURCES.resolve("samsung-t9.csv")),
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
