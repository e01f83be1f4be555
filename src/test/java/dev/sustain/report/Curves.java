package dev.sustain.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** Writes small deterministic curves as CSV files for report tests. */
final class Curves {

  static final Path RESOURCES = Path.of("src/test/resources/report");

  private Curves() {}

  /**
   * A cache cliff: {@code burst} MB/s for {@code cliffSeconds}, then {@code floor} MB/s until
   * {@code seconds}; a deterministic wobble of about 1%; {@code stallAt} seconds (may be empty) are
   * zero.
   */
  static Path cliff(
      Path file, double burst, int cliffSeconds, double floor, int seconds, int... stallAt)
      throws IOException {
    StringBuilder b = new StringBuilder("time_s,write_MBps\n");
    for (int i = 1; i <= seconds; i++) {
      double level = i <= cliffSeconds ? burst : floor;
      double r = level * (1 + 0.01 * Math.sin(i * 1.3));
      for (int s : stallAt) {
        if (s == i) {
          r = 0;
        }
      }
      b.append(i).append(',').append(String.format(Locale.ROOT, "%.3f", r)).append('\n');
    }
    Files.writeString(file, b.toString(), StandardCharsets.UTF_8);
    return file;
  }
}
