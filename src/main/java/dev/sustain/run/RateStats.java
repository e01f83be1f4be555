package dev.sustain.run;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Min, median and max of the per-interval rates of a run, in MB/s. Rows are weighted equally; a
 * short final row counts like the others.
 */
public record RateStats(int intervals, double minMBps, double medianMBps, double maxMBps) {

  /** {@code min 127 MB/s, median 256 MB/s, max 2555 MB/s}, for people. */
  public String describe() {
    return "min "
        + dev.sustain.unit.Units.rate(minMBps)
        + ", median "
        + dev.sustain.unit.Units.rate(medianMBps)
        + ", max "
        + dev.sustain.unit.Units.rate(maxMBps);
  }

  public static RateStats of(double[] ratesMBps, int n) {
    if (n == 0) {
      return new RateStats(0, 0, 0, 0);
    }
    double[] sorted = Arrays.copyOf(ratesMBps, n);
    Arrays.sort(sorted);
    double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
    return new RateStats(n, sorted[0], median, sorted[n - 1]);
  }

  /**
   * The statistics of a run's samples.csv (its second column, the rate), read back from the file so
   * that nothing in memory grows with the length of the run.
   */
  public static RateStats read(Path samplesCsv) throws IOException {
    double[] rates = new double[1024];
    int n = 0;
    try (BufferedReader r = Files.newBufferedReader(samplesCsv, StandardCharsets.UTF_8)) {
      r.readLine();
      String line;
      while ((line = r.readLine()) != null) {
        int a = line.indexOf(',');
        int b = line.indexOf(',', a + 1);
        if (a < 0 || b < 0) {
          continue;
        }
        if (n == rates.length) {
          rates = Arrays.copyOf(rates, n * 2);
        }
        rates[n++] = Double.parseDouble(line.substring(a + 1, b));
      }
    }
    return of(rates, n);
  }
}
