package dev.sustain.workload;

import dev.sustain.run.RateStats;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.function.Predicate;

/**
 * Per-interval figures read back from a samples.csv (nothing in memory grows with a day-long run
 * while it goes): min/median/max of a rate column and the intervals in which nothing completed.
 *
 * @param stats min, median, max of the rate column
 * @param zeroIntervals rows whose bytes column is 0
 * @param zeroSeconds their total length, seconds
 */
record SeriesStats(RateStats stats, int zeroIntervals, double zeroSeconds) {

  /** Over all rows. */
  static SeriesStats read(Path csv, int rateColumn, int bytesColumn) throws IOException {
    return read(csv, rateColumn, bytesColumn, -1, row -> true);
  }

  /**
   * Over the rows {@code keep} accepts (e.g. one pass's write phase).
   *
   * @param filterColumn the column handed to {@code keep}, or -1 to hand it the whole line
   */
  static SeriesStats read(
      Path csv, int rateColumn, int bytesColumn, int filterColumn, Predicate<String> keep)
      throws IOException {
    double[] rates = new double[1024];
    int n = 0;
    int zeros = 0;
    double zeroSeconds = 0;
    double lastTime = 0;
    try (BufferedReader r = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
      r.readLine();
      String line;
      while ((line = r.readLine()) != null) {
        String[] cells = line.split(",", -1);
        if (cells.length <= Math.max(rateColumn, bytesColumn)) {
          continue;
        }
        double time = Double.parseDouble(cells[0]);
        double length = time - lastTime;
        lastTime = time;
        String filter = filterColumn < 0 ? line : cells[filterColumn];
        if (!keep.test(filter)) {
          continue;
        }
        if (n == rates.length) {
          rates = Arrays.copyOf(rates, n * 2);
        }
        rates[n++] = Double.parseDouble(cells[rateColumn]);
        if (Long.parseLong(cells[bytesColumn]) == 0) {
          zeros++;
          zeroSeconds += length;
        }
      }
    }
    return new SeriesStats(RateStats.of(rates, n), zeros, zeroSeconds);
  }

  /** The rates of the rows {@code keep} accepts, in order. */
  static double[] rates(Path csv, int rateColumn, int filterColumn, Predicate<String> keep)
      throws IOException {
    double[] rates = new double[1024];
    int n = 0;
    try (BufferedReader r = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
      r.readLine();
      String line;
      while ((line = r.readLine()) != null) {
        String[] cells = line.split(",", -1);
        if (cells.length <= Math.max(rateColumn, filterColumn)) {
          continue;
        }
        if (!keep.test(filterColumn < 0 ? line : cells[filterColumn])) {
          continue;
        }
        if (n == rates.length) {
          rates = Arrays.copyOf(rates, n * 2);
        }
        rates[n++] = Double.parseDouble(cells[rateColumn]);
      }
    }
    return Arrays.copyOf(rates, n);
  }

  /** The index of column {@code name} in the CSV's header. */
  static int column(Path csv, String name) throws IOException {
    try (BufferedReader r = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
      String header = r.readLine();
      int i = header == null ? -1 : java.util.List.of(header.split(",", -1)).indexOf(name);
      if (i < 0) {
        throw new IOException(csv + " has no column " + name);
      }
      return i;
    }
  }
}
