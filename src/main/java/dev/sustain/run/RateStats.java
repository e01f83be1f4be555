package dev.sustain.run;

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

  /**
   * The statistics of a samples.csv's write rows (the flush's rows are not intervals of writing),
   * read back so that nothing in memory grows with the length of the run.
   */
  public static RateStats ofWriteRows(java.nio.file.Path samplesCsv) throws java.io.IOException {
    double[] rates = new double[1024];
    int n = 0;
    try (dev.sustain.sampling.SamplesCsv.Reader r =
        dev.sustain.sampling.SamplesCsv.Reader.open(samplesCsv)) {
      int rate = r.column("write_MBps");
      dev.sustain.sampling.SamplesCsv.Row row;
      while ((row = r.next(dev.sustain.sampling.SamplesCsv.WRITE::equals)) != null) {
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

  public static RateStats of(double[] ratesMBps, int n) {
    if (n == 0) {
      return new RateStats(0, 0, 0, 0);
    }
    double[] sorted = Arrays.copyOf(ratesMBps, n);
    Arrays.sort(sorted);
    double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
    return new RateStats(n, sorted[0], median, sorted[n - 1]);
  }
}
