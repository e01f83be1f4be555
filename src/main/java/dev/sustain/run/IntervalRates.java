package dev.sustain.run;

import dev.sustain.sampling.SamplesCsv;
import dev.sustain.unit.Units;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Min, median and max of the per-interval rates of a run, in MB/s. Rows are weighted equally; a
 * short final row counts like the others.
 */
public record IntervalRates(int intervals, double minMBps, double medianMBps, double maxMBps) {

  /** {@code min 127 MB/s, median 256 MB/s, max 2555 MB/s}, for people. */
  public String describe() {
    return "min "
        + Units.rate(minMBps)
        + ", median "
        + Units.rate(medianMBps)
        + ", max "
        + Units.rate(maxMBps);
  }

  public static IntervalRates of(double[] ratesMBps, int n) {
    if (n == 0) {
      return new IntervalRates(0, 0, 0, 0);
    }
    double[] sorted = Arrays.copyOf(ratesMBps, n);
    Arrays.sort(sorted);
    double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
    return new IntervalRates(n, sorted[0], median, sorted[n - 1]);
  }

  /**
   * The statistics of the write phase of a run's samples.csv (the flush's rows are not intervals of
   * writing), read back from the file so that nothing in memory grows with the length of the run.
   */
  public static IntervalRates read(Path samplesCsv) throws IOException {
    double[] rates = new double[1024];
    int n = 0;
    try (SamplesCsv.Reader r = SamplesCsv.Reader.open(samplesCsv)) {
      int rate = r.column("write_MBps");
      SamplesCsv.Row row;
      while ((row = r.next(SamplesCsv.WRITE::equals)) != null) {
        String cell = row.cell(rate);
        if (cell.isEmpty()) {
          continue;
        }
        if (n == rates.length) {
          rates = Arrays.copyOf(rates, n * 2);
        }
        rates[n++] = Double.parseDouble(cell);
      }
    }
    return of(rates, n);
  }
}
