package dev.sustain.input;

import dev.sustain.analysis.SampleSeries;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.TreeMap;

/**
 * Reads a fio {@code write_bw_log} ({@code msec, KiB/s, direction, bs, offset[, prio]}): only
 * writes (direction 1). Averaged logs ({@code log_avg_msec}) become one sample per period, entries
 * of several jobs in one period are added, and the periods fio left out because nothing completed
 * are restored as 0 MB/s. Per-I/O logs (entries closer than 100 ms, or more than 64 in 50 ms)
 * become one-second samples of the bytes completed ({@code bs}). KiB/s is 1024 B/s; MB/s is 10^6
 * B/s. Stateless.
 */
final class FioLogReader {

  private FioLogReader() {}

  /** fio's KiB/s that are {@link InputLimits#MAX_MBPS}. */
  private static final double MAX_KIBPS = InputLimits.MAX_MBPS * 1e6 / 1024;

  /** The most write entries a log may hold: a bound on memory (some 60 MB of entries). */
  static final int MAX_ENTRIES = 2_000_000;

  /** The largest request a log's bs field may give: 1 TiB (fio's own limit is far below). */
  private static final double MAX_BS = 0x1p40;

  static ImportedCurve read(Path file) {
    List<double[]> entries = writeEntries(file);
    // One file may hold several jobs' entries (per_job_logs=0), not necessarily in time order.
    entries.sort(Comparator.comparingDouble(e -> e[0]));
    checkSteps(file, entries);
    double periodMs = loggedPeriodMs(entries);
    List<String> notes = new ArrayList<>();
    boolean perIo = periodMs < 100 || morePerMomentThanJobs(entries);
    TreeMap<Long, double[]> buckets;
    if (perIo) {
      buckets = perSecond(file, entries);
      periodMs = 1000;
      notes.add("per-I/O fio log: summed into one-second samples");
    } else {
      periodMs = nicePeriod(periodMs);
      buckets = perPeriod(entries, periodMs);
    }
    SampleSeries series = series(file, buckets, perIo, periodMs, entries.size(), notes);
    return new ImportedCurve(file, ImportedCurve.Format.FIO_BW_LOG, series, notes);
  }

  /** Every write entry of the log, in file order; refuses a log without one. */
  private static List<double[]> writeEntries(Path file) {
    List<double[]> entries = new ArrayList<>();
    int reads = 0;
    try (BufferedReader in = InputLimits.open(file)) {
      String line;
      long lineNumber = 0;
      while ((line = in.readLine()) != null) {
        lineNumber++;
        String t = line.strip();
        if (t.isEmpty() || t.startsWith("#")) {
          continue;
        }
        double[] e = entry(file, lineNumber, t);
        if (e == null) {
          reads++;
        } else if (entries.size() >= MAX_ENTRIES) {
          throw new InputFormatException(
              file,
              lineNumber,
              "more than "
                  + MAX_ENTRIES
                  + " write entries: longer than this reads (log with log_avg_msec=1000)");
        } else {
          entries.add(e);
        }
      }
    } catch (IOException e) {
      throw InputLimits.cannotRead(file, e);
    }
    if (entries.isEmpty()) {
      throw new InputFormatException(
          file,
          0,
          reads > 0
              ? "no write entries (direction 1), only " + reads + " read or trim entries"
              : "no entries");
    }
    return entries;
  }

  /**
   * The period the log was written at: the lower median of the steps between moments, where entries
   * within 50 ms of each other are one moment (several jobs log the same period). The lower median,
   * because gaps make some steps longer, never shorter.
   */
  private static double loggedPeriodMs(List<double[]> sorted) {
    double[] diffs = new double[Math.max(0, sorted.size() - 1)];
    int m = 0;
    double moment = sorted.get(0)[0];
    for (int i = 1; i < sorted.size(); i++) {
      double t = sorted.get(i)[0];
      if (t - moment >= 50) {
        diffs[m++] = t - moment;
        moment = t;
      }
    }
    double[] positive = Arrays.copyOf(diffs, m);
    Arrays.sort(positive);
    return m == 0 ? 1000 : positive[(m - 1) / 2];
  }

  /** A per-I/O log: the bytes completed in each second, by second number from 1. */
  private static TreeMap<Long, double[]> perSecond(Path file, List<double[]> entries) {
    for (double[] e : entries) {
      if (Double.isNaN(e[2]) || e[2] <= 0) {
        throw new InputFormatException(
            file, 0, "a per-I/O log (entries closer than 100 ms) needs the bs field on every line");
      }
    }
    TreeMap<Long, double[]> buckets = new TreeMap<>();
    for (double[] e : entries) {
      long k = Math.max(1, (long) Math.ceil(e[0] / 1000.0));
      buckets.computeIfAbsent(k, x -> new double[2])[0] += e[2];
    }
    return buckets;
  }

  /**
   * An averaged log: the MB/s of each period, by period number from 1. fio's averaged timestamps
   * run a few ms late and the lateness adds up over a long log, so each entry is placed by its step
   * from the previous one, not by its absolute time; a step of several periods is a gap (nothing
   * completed), a step of none another job's entry.
   */
  private static TreeMap<Long, double[]> perPeriod(List<double[]> entries, double periodMs) {
    TreeMap<Long, double[]> buckets = new TreeMap<>();
    long k = 0;
    double prev = Double.NaN;
    for (double[] e : entries) {
      long steps =
          Double.isNaN(prev)
              ? Math.max(1, Math.round(e[0] / periodMs))
              : Math.round((e[0] - prev) / periodMs);
      k += steps;
      prev = e[0];
      buckets.computeIfAbsent(k, x -> new double[2])[1] += e[1] * 1024.0 / 1e6;
    }
    return buckets;
  }

  /** One sample per period up to the last, a period fio left out restored as 0 MB/s. */
  private static SampleSeries series(
      Path file,
      TreeMap<Long, double[]> buckets,
      boolean perIo,
      double periodMs,
      int entryCount,
      List<String> notes) {
    long lastK = buckets.lastKey();
    if (lastK > InputLimits.MAX_SAMPLES) {
      throw new InputFormatException(
          file,
          0,
          "its "
              + entryCount
              + " entries span "
              + lastK
              + " periods of "
              + Math.round(periodMs)
              + " ms, more than "
              + InputLimits.MAX_SAMPLES
              + " samples: longer than any run's curve");
    }
    double periodS = periodMs / 1000.0;
    SampleSeries.Builder b = SampleSeries.builder(entryCount);
    long restored = 0;
    for (long k = 1; k <= lastK; k++) {
      double[] acc = buckets.get(k);
      if (acc == null) {
        restored++;
      }
      b.add(k * periodS, acc == null ? 0 : rate(file, acc, perIo, k, periodS));
    }
    if (restored > 0) {
      notes.add(
          "restored "
              + restored
              + (restored == 1 ? " period" : " periods")
              + " fio left out (nothing completed) as 0 MB/s");
    }
    return b.build();
  }

  private static double rate(Path file, double[] acc, boolean perIo, long k, double periodS) {
    double mbps = perIo ? acc[0] / 1e6 / periodS : acc[1];
    double atSeconds = k * periodS;
    try {
      InputLimits.checkRate(
          mbps, "the write rate at " + InputLimits.shown(atSeconds) + " s (its entries added up)");
    } catch (IllegalArgumentException e) {
      throw new InputFormatException(file, 0, e.getMessage());
    }
    return mbps;
  }

  /**
   * One line's entry {@code {msec, KiB/s, bs, line}}, or null for a read or trim entry.
   *
   * @throws InputFormatException naming the line when it is not a fio log line or holds values no
   *     log has
   */
  private static double[] entry(Path file, long lineNumber, String t) {
    String[] cells = t.split(",", -1);
    if (cells.length < 3) {
      throw new InputFormatException(
          file,
          lineNumber,
          "a fio log line needs msec, KiB/s, direction[, bs, offset], found "
              + cells.length
              + " fields");
    }
    try {
      double msec = CurveReader.number(cells[0], "msec", true);
      double kibps = CurveReader.number(cells[1], "KiB/s", true);
      double dir = CurveReader.number(cells[2], "direction", true);
      double bs = cells.length > 3 ? CurveReader.number(cells[3], "bs", false) : Double.NaN;
      if (msec < 0) {
        throw new IllegalArgumentException("msec cannot be negative: " + cells[0].strip());
      }
      InputLimits.checkTimeBound(msec / 1000, "the time (msec / 1000)");
      if (kibps < 0) {
        throw new IllegalArgumentException("KiB/s cannot be negative: " + cells[1].strip());
      }
      if (kibps > MAX_KIBPS) {
        InputLimits.checkRate(kibps * 1024 / 1e6, "KiB/s");
      }
      if (bs < 0 || bs > MAX_BS) {
        throw new IllegalArgumentException("bs is not a size in bytes: " + cells[3].strip());
      }
      if (dir != 1) {
        return null;
      }
      return new double[] {msec, kibps, bs, lineNumber};
    } catch (IllegalArgumentException e) {
      throw new InputFormatException(file, lineNumber, e.getMessage());
    }
  }

  /**
   * Refuses a step of more than a day between two entries in time (after sorting): no log of one
   * run has one, and restoring its periods as zeros would make millions of samples.
   */
  private static void checkSteps(Path file, List<double[]> sorted) {
    double previousMs = 0;
    for (double[] e : sorted) {
      try {
        InputLimits.checkTime(e[0] / 1000, previousMs / 1000, "the time (msec / 1000)");
      } catch (IllegalArgumentException x) {
        throw new InputFormatException(file, (long) e[3], x.getMessage());
      }
      previousMs = e[0];
    }
  }

  /**
   * A per-I/O log can also be sparse (an I/O every few hundred ms): its moments then hold single
   * entries with many distinct bandwidths, while an averaged log's moments hold one entry per job.
   * Here: more than 64 entries in one moment (more jobs than one file holds) means per-I/O.
   */
  private static boolean morePerMomentThanJobs(List<double[]> entries) {
    int inMoment = 0;
    double moment = Double.NEGATIVE_INFINITY;
    for (double[] e : entries) {
      if (e[0] - moment >= 50) {
        moment = e[0];
        inMoment = 0;
      }
      if (++inMoment > 64) {
        return true;
      }
    }
    return false;
  }

  /** A measured period snapped to whole 10 ms when within 2% (1001 ms is a 1000 ms log). */
  private static double nicePeriod(double ms) {
    double nice = Math.max(10, Math.round(ms / 10.0) * 10.0);
    return Math.abs(nice - ms) <= 0.02 * nice ? nice : Math.round(ms);
  }
}
