package dev.sustain.workload;

import dev.sustain.input.CurveReader;
import dev.sustain.run.IntervalRates;
import dev.sustain.sampling.SamplesCsv;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Per-interval figures read back from a samples.csv (nothing in memory grows with a day-long run
 * while it goes): min/median/max of a rate column and the intervals in which nothing completed.
 * Columns are found by name through {@link SamplesCsv.Reader}, so folders of every version read.
 *
 * @param stats min, median, max of the rate column
 * @param zeroIntervals rows whose bytes column is 0
 * @param zeroSeconds their total length, seconds
 */
record IntervalFigures(IntervalRates stats, int zeroIntervals, double zeroSeconds) {

  /** The rows a figure is taken over: a phase (null for all) and a pass (null for all). */
  record Rows(String phase, String pass) {
    static final Rows ALL = new Rows(null, null);

    boolean keep(SamplesCsv.Row row, int passColumn) {
      return (phase == null || phase.equals(row.phase()))
          && (pass == null || pass.equals(row.cell(passColumn)));
    }
  }

  /**
   * The figures over all rows of a rate column and {@code bytes}, gathered from the rows as the
   * run's end reads its samples.csv once, for these and for its curve ({@code
   * RunLifecycle.finishedSamples}): a double per interval.
   */
  static final class Tally implements CurveReader.RowTap {
    private final String rateColumn;
    private double[] rates = new double[1024];
    private int n;
    private int zeros;
    private double zeroSeconds;
    private double lastTime;

    Tally(String rateColumn) {
      this.rateColumn = rateColumn;
    }

    @Override
    public void row(SamplesCsv.Reader reader, SamplesCsv.Row row) {
      String rateCell = row.cell(reader.column(rateColumn));
      String bytesCell = row.cell(reader.column("bytes"));
      if (rateCell.isEmpty() || bytesCell.isEmpty()) {
        return; // a line cut short by a kill
      }
      double t = Double.parseDouble(row.cell(reader.column("time_s")));
      double length = t - lastTime;
      lastTime = t;
      if (n == rates.length) {
        rates = Arrays.copyOf(rates, n * 2);
      }
      rates[n++] = Double.parseDouble(rateCell);
      if (Long.parseLong(bytesCell) == 0) {
        zeros++;
        zeroSeconds += length;
      }
    }

    IntervalFigures figures() {
      return new IntervalFigures(IntervalRates.of(rates, n), zeros, zeroSeconds);
    }
  }

  /** The rates in {@code rateColumn} of the rows {@code rows} names, in order. */
  static double[] rates(Path csv, String rateColumn, Rows rows) throws IOException {
    return rates(SamplesCsv.Reader.open(csv), rateColumn, rows);
  }

  /** {@link #rates(Path, String, Rows)} of the rows {@code reader} gives; closes it. */
  static double[] rates(SamplesCsv.Reader reader, String rateColumn, Rows rows) throws IOException {
    Selection selection = new Selection(rateColumn, rows);
    try (SamplesCsv.Reader r = reader) {
      SamplesCsv.Row row;
      while ((row = r.next()) != null) {
        selection.row(r, row);
      }
    }
    return selection.rates();
  }

  /**
   * The rates of {@link #rates}, gathered from the rows as the run's end reads its samples.csv once
   * (a copy's passes, each phase of each, from that one read).
   */
  static final class Selection implements CurveReader.RowTap {
    private final String rateColumn;
    private final Rows rows;
    private double[] rates = new double[1024];
    private int n;

    Selection(String rateColumn, Rows rows) {
      this.rateColumn = rateColumn;
      this.rows = rows;
    }

    @Override
    public void row(SamplesCsv.Reader reader, SamplesCsv.Row row) {
      String cell = row.cell(reader.column(rateColumn));
      if (cell.isEmpty() || !rows.keep(row, reader.column(CopyRun.PASS_COLUMN))) {
        return;
      }
      if (n == rates.length) {
        rates = Arrays.copyOf(rates, n * 2);
      }
      rates[n++] = Double.parseDouble(cell);
    }

    double[] rates() {
      return Arrays.copyOf(rates, n);
    }
  }
}
