package dev.sustain.input;

import dev.sustain.analysis.SampleSeries;
import dev.sustain.sampling.SamplesCsv;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * The curve of one phase of a samples CSV: the {@code write} rows (or, in a read-back's folder, the
 * {@code read} rows), one after another. The intervals of other phases between them (a copy's
 * flushes, read-backs and cooldowns) are taken out of the time axis, so they read neither as stalls
 * nor as gaps; the {@code flush} rows' seconds become the series' flush time. One instance reads
 * one file, row by row.
 */
final class SamplesCsvCurve {

  private final Path file;
  private final boolean appendedLive;
  private final Columns at;
  private final String curvePhase;
  private final List<String> notes = new ArrayList<>();
  private final SampleSeries.Builder series = SampleSeries.builder(1024);
  private final TreeSet<String> otherPhases = new TreeSet<>();
  private double previousEnd;
  private double leftOutSeconds;
  private double flushSeconds;
  private int otherRows;
  // The requests' bytes and count, for the size of one request (the grain of a rate).
  private double requestedBytes;
  private double requests;

  /** The columns' positions, -1 for one the header does not name. */
  private record Columns(
      int time,
      int rate,
      int bytes,
      int temp,
      int cpu,
      int iops,
      int latMax,
      int devWrite,
      int devRead,
      int devUtil) {

    /** The cells a kept row must have: up to the last of the columns that are checked. */
    int needed() {
      return Math.max(Math.max(time, rate), Math.max(bytes, Math.max(temp, cpu))) + 1;
    }
  }

  private SamplesCsvCurve(Path file, SamplesCsv.Reader r, boolean appendedLive) {
    this.file = file;
    this.appendedLive = appendedLive;
    if (r.columns().isEmpty()) {
      throw new InputFormatException(file, 0, "empty: no header and no samples");
    }
    int rate = r.column("write_MBps");
    String phase = SamplesCsv.WRITE;
    if (rate < 0 && r.column("read_MBps") >= 0) {
      rate = r.column("read_MBps");
      phase = SamplesCsv.READ;
      notes.add("read rates (read_MBps): no write_MBps column");
    }
    int time = r.column("time_s");
    if (time < 0 || rate < 0) {
      throw new InputFormatException(
          file,
          r.headerLine(),
          "the header must name time_s and write_MBps (found: "
              + String.join(",", r.columns())
              + ")");
    }
    this.curvePhase = phase;
    this.at =
        new Columns(
            time,
            rate,
            r.column("bytes"),
            r.column("temp_C"),
            r.column("cpu_pct"),
            r.column("iops"),
            r.column("lat_max_ms"),
            r.column("dev_write_bytes"),
            r.column("dev_read_bytes"),
            r.column("dev_util_pct"));
  }

  static ImportedCurve read(Path file, SamplesCsv.Reader r, boolean appendedLive)
      throws IOException {
    return read(file, r, appendedLive, CurveReader.RowTap.NONE);
  }

  /**
   * {@link #read(Path, SamplesCsv.Reader, boolean)}, with every row also told to {@code tap} as it
   * is read, the rows after one the curve refuses too: a figure kept beside the curve (a write's
   * interval rates) needs no second pass over the file.
   */
  static ImportedCurve read(
      Path file, SamplesCsv.Reader r, boolean appendedLive, CurveReader.RowTap tap)
      throws IOException {
    SamplesCsvCurve curve;
    try {
      curve = new SamplesCsvCurve(file, r, appendedLive);
    } catch (InputFormatException e) {
      drain(r, tap);
      throw e;
    }
    SamplesCsv.Row row;
    while ((row = r.next()) != null) {
      tap.row(r, row);
      try {
        curve.add(r, row);
      } catch (IllegalArgumentException e) {
        // The last byte is looked at only here, where it decides: a run folder's file is never
        // opened a second time for it.
        if (row.last() && (appendedLive || !endsWithNewline(file))) {
          // A file appended while the run went: its last line may be cut short by a kill.
          curve.notes.add(
              "dropped the last line (" + row.lineNumber() + "), cut short: " + e.getMessage());
          continue;
        }
        drain(r, tap);
        throw new InputFormatException(file, row.lineNumber(), e.getMessage());
      }
    }
    return curve.finish(r);
  }

  /** The rows left after one the curve refused, to {@code tap} alone. */
  private static void drain(SamplesCsv.Reader r, CurveReader.RowTap tap) throws IOException {
    if (tap == CurveReader.RowTap.NONE) {
      return;
    }
    SamplesCsv.Row row;
    while ((row = r.next()) != null) {
      tap.row(r, row);
    }
  }

  private void add(SamplesCsv.Reader r, SamplesCsv.Row row) {
    String[] cells = row.cells();
    boolean kept = !r.hasPhase() || row.phase().equals(curvePhase);
    if (cells.length < (kept ? at.needed() : at.time() + 1)) {
      throw new IllegalArgumentException(
          "expected at least " + at.needed() + " cells, found " + cells.length);
    }
    double ts = number(cells[at.time()], "time_s", true);
    InputLimits.checkTime(ts, previousEnd, "time_s");
    if (kept) {
      keep(r, cells, ts);
    } else {
      leaveOut(row.phase(), ts);
    }
    previousEnd = ts;
  }

  /** A row of another phase: its time comes out of the axis. */
  private void leaveOut(String phase, double ts) {
    if (ts <= previousEnd && previousEnd > 0) {
      throw new IllegalArgumentException("time_s must increase: " + ts + " after " + previousEnd);
    }
    double length = ts - previousEnd;
    leftOutSeconds += length;
    if (phase.equals(SamplesCsv.FLUSH)) {
      flushSeconds += length;
    } else {
      otherRows++;
      otherPhases.add(phase);
    }
  }

  private void keep(SamplesCsv.Reader r, String[] cells, double ts) {
    double length = ts - previousEnd;
    double mbps = number(cells[at.rate()], "write_MBps", true);
    long by = at.bytes() >= 0 ? wholeOrUnknown(cells[at.bytes()], "bytes") : -1;
    // A row of under a millisecond (a phase that changed) can hold a burst of completions at a
    // rate no drive sustains; where its bytes are given (and checked below), its rate is theirs
    // over its length, so only the rates of longer rows, or of rows without bytes, are judged.
    if (by < 0 || length >= 0.001) {
      InputLimits.checkRate(mbps, r.columns().get(at.rate()));
    }
    if (series.size() >= InputLimits.MAX_SAMPLES) {
      throw new IllegalArgumentException(
          "more than " + InputLimits.MAX_SAMPLES + " samples: longer than any run's curve");
    }
    double tc = at.temp() >= 0 ? number(cells[at.temp()], "temp_C", false) : Double.NaN;
    double cp = at.cpu() >= 0 ? number(cells[at.cpu()], "cpu_pct", false) : Double.NaN;
    if (!Double.isNaN(tc)) {
      InputLimits.checkTemperature(tc);
    }
    if (!Double.isNaN(cp)) {
      InputLimits.checkCpuPercent(cp);
    }
    InputLimits.checkIntervalBytes(by);
    series.add(ts - leftOutSeconds, mbps, by, tc, cp);
    // Optional and never required: an unreadable cell leaves the value unknown.
    series.device(
        optional(cells, at.latMax()),
        deviceBytes(cells, at.devWrite(), at.devRead()),
        optional(cells, at.devUtil()));
    if (at.iops() >= 0 && at.iops() < cells.length && by > 0) {
      // An unreadable iops cell only leaves the request size unknown: it was never required.
      double ops = lenientNumber(cells[at.iops()]) * length;
      if (ops > 0) {
        requestedBytes += by;
        requests += ops;
      }
    }
  }

  private ImportedCurve finish(SamplesCsv.Reader r) {
    if (series.size() == 0) {
      throw new InputFormatException(
          file,
          0,
          r.hasPhase() && otherRows + flushSeconds > 0
              ? "no samples of the " + curvePhase + " phase"
              : "no samples after the header");
    }
    if (otherRows > 0) {
      notes.add(
          "analysed the "
              + curvePhase
              + " intervals only: left out "
              + otherRows
              + (otherRows == 1 ? " interval" : " intervals")
              + " of "
              + String.join(", ", otherPhases)
              + " between them");
    }
    series.flushSeconds(flushSeconds);
    // A run's own samples.csv (a run folder's, or one with the phase column Sustain writes) starts
    // at zero: its first row ends when the sampler made it, late or not.
    series.startsAtZero(appendedLive || r.hasPhase());
    if (requests >= 1) {
      series.requestBytes(Math.round(requestedBytes / requests));
    }
    return new ImportedCurve(file, ImportedCurve.Format.CSV, series.build(), notes);
  }

  /** The device's bytes written and read in a row, -1 unless both cells are whole numbers. */
  private static long deviceBytes(String[] cells, int write, int read) {
    if (write < 0 || read < 0 || write >= cells.length || read >= cells.length) {
      return -1;
    }
    try {
      return Long.parseLong(cells[write].strip()) + Long.parseLong(cells[read].strip());
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  private static double optional(String[] cells, int column) {
    return column >= 0 && column < cells.length ? lenientNumber(cells[column]) : Double.NaN;
  }

  private static double lenientNumber(String cell) {
    try {
      return Double.parseDouble(cell.strip());
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }

  /** The longest cell a refusal quotes whole: a number's digits, never a hostile file's line. */
  private static final int QUOTED_CHARS = 40;

  /**
   * A cell as a refusal quotes it: {@code '12x'}, or its first {@link #QUOTED_CHARS} characters and
   * how long it was, so that the one line stays one readable line.
   */
  private static String quoted(String cell) {
    return cell.length() <= QUOTED_CHARS
        ? "'" + cell + "'"
        : "'" + cell.substring(0, QUOTED_CHARS) + "...' (" + cell.length() + " characters)";
  }

  static double number(String cell, String what, boolean required) {
    String c = cell.strip();
    if (c.isEmpty()) {
      if (required) {
        throw new IllegalArgumentException(what + " is empty");
      }
      return Double.NaN;
    }
    double v;
    try {
      v = Double.parseDouble(c);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(what + " is not a number: " + quoted(c));
    }
    if (!Double.isFinite(v)) {
      throw new IllegalArgumentException(what + " is not a finite number: " + quoted(c));
    }
    return v;
  }

  private static long wholeOrUnknown(String cell, String what) {
    String c = cell.strip();
    if (c.isEmpty()) {
      return -1;
    }
    try {
      long v = Long.parseLong(c);
      if (v < 0) {
        throw new IllegalArgumentException(what + " cannot be negative: " + c);
      }
      return v;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(what + " is not a whole number: " + quoted(c));
    }
  }

  private static boolean endsWithNewline(Path file) {
    try (var ch = Files.newByteChannel(file)) {
      long size = ch.size();
      if (size == 0) {
        return true;
      }
      ch.position(size - 1);
      ByteBuffer buf = ByteBuffer.allocate(1);
      ch.read(buf);
      return buf.get(0) == '\n';
    } catch (IOException e) {
      return true;
    }
  }
}
