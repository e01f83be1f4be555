package dev.sustain.run;

import dev.sustain.input.CurveReader;
import dev.sustain.sampling.SamplesCsv;
import dev.sustain.unit.Units;
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
   * writing), gathered from the rows as the finished file is read once for the run's end (its curve
   * is read in the same pass): a double per interval, nothing of the rows kept.
   */
  static final class Tally implements CurveReader.RowTap {
    private double[] rates = new double[1024];
    private int n;

    @Override
    public void row(SamplesCsv.Reader reader, SamplesCsv.Row row) {
      if (!row.phase().equals(SamplesCsv.WRITE)) {
        return;
      }
      String cell = row.cell(reader.column("write_MBps"));
      if (cell.isEmpty()) {
        return;
      }
      if (n == rates.length) {
        rates = Arrays.copyOf(rates, n * 2);
      }
      rates[n++] = Double.parseDouble(cell);
    }

    IntervalRates rates() {
      return of(rates, n);
    }
  }
}
