package dev.sustain.input;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.analysis.Media;
import dev.sustain.analysis.SampleSeries;
import dev.sustain.document.RunDocument;
import dev.sustain.document.RunDocumentCodec;
import dev.sustain.sampling.SamplesCsv;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Reads a curve from a run folder, a plain CSV or a fio bandwidth log into a {@link SampleSeries}.
 * Stateless and thread-safe.
 *
 * <ul>
 *   <li>Run folder: {@code samples.csv} (columns looked up by name: {@code time_s}, {@code
 *       write_MBps}, {@code bytes}, {@code cpu_pct}, {@code temp_C}) and {@code run.json}: media
 *       from {@code target.device.rotational} (true: HDD), the link's ceiling from {@code
 *       target.device.link_ceiling_MBps} or {@code target.device.link.ceiling_MBps}, CPU cores from
 *       {@code cpu_cores} or {@code host_cpu_cores}, and the run's own average (flush included)
 *       from {@code result.average_MBps} once the run is no longer {@code running}. A killed run
 *       (status {@code running}) is read as far as it got; its last line may be cut short and is
 *       then dropped.
 *   <li>CSV: a header with {@code time_s} and {@code write_MBps}, optionally {@code bytes}, {@code
 *       temp_C}, {@code cpu_pct}; empty optional cells are unknown.
 *   <li>fio {@code write_bw_log}: {@code msec, KiB/s, direction, bs, offset[, prio]}; only writes
 *       (direction 1). Averaged logs ({@code log_avg_msec}) become one sample per period, entries
 *       of several jobs in one period are added, and the periods fio left out because nothing
 *       completed are restored as 0 MB/s. Per-I/O logs (entries closer than 100 ms, or more than 64
 *       in 50 ms) become one-second samples of the bytes completed ({@code bs}). KiB/s is 1024 B/s;
 *       MB/s is 10^6 B/s.
 * </ul>
 */
public final class CurveReader {

  private static final Pattern FIO_LINE =
      Pattern.compile("^\\s*[0-9]+(\\.[0-9]+)?\\s*,\\s*[0-9]+(\\.[0-9]+)?\\s*,.*");

  private CurveReader() {}

  /**
   * Reads {@code input}: a run folder (or its samples.csv), a CSV or a fio log, told apart by
   * content.
   *
   * @throws InputFormatException when the input is missing or malformed
   */
  public static ImportedCurve read(Path input) {
    if (Files.isDirectory(input)) {
      return readRunFolder(input);
    }
    if (!Files.isRegularFile(input)) {
      throw new InputFormatException(input, 0, "no such file or run folder");
    }
    Path parent = input.toAbsolutePath().getParent();
    if (input.getFileName().toString().equals("samples.csv")
        && parent != null
        && Files.isRegularFile(parent.resolve("run.json"))) {
      return readRunFolder(parent);
    }
    FirstLine first = firstContentLine(input);
    if (first != null) {
      if (FIO_LINE.matcher(first.text).matches()) {
        return FioLogReader.read(input);
      }
      if (SamplesCsv.header(first.text).stream().anyMatch("time_s"::equalsIgnoreCase)) {
        return readCsv(input, false);
      }
    }
    throw new InputFormatException(
        input,
        first == null ? 0 : first.number,
        "neither a CSV with a header naming time_s and write_MBps, nor a fio bandwidth log"
            + " (msec, KiB/s, direction, bs, offset)");
  }

  /** A file's first line that is neither blank nor a comment, and its 1-based number. */
  private record FirstLine(String text, long number) {}

  private static FirstLine firstContentLine(Path file) {
    try (BufferedReader r = InputLimits.open(file)) {
      String line;
      long n = 0;
      while ((line = r.readLine()) != null) {
        n++;
        String t = line.strip();
        if (!t.isEmpty() && !t.startsWith("#")) {
          return new FirstLine(t, n);
        }
      }
      return null;
    } catch (IOException e) {
      throw InputLimits.cannotRead(file, e);
    }
  }

  /** Reads a run folder: samples.csv and, when there, run.json. */
  public static ImportedCurve readRunFolder(Path dir) {
    Path samples = dir.resolve("samples.csv");
    if (!Files.isRegularFile(samples)) {
      throw new InputFormatException(dir, 0, "not a run folder: it has no samples.csv");
    }
    Path runJson = dir.resolve("run.json");
    RunDocument run =
        Files.isRegularFile(runJson)
            ? RunDocumentCodec.decode(JsonFile.read(runJson), runJson.toString())
            : null;
    return readRun(dir, run, readCsv(samples, true));
  }

  /**
   * Reads a run from its samples.csv lines (header first) and its parsed run.json (or null), as
   * {@link #readRunFolder} reads them from files: for a run kept elsewhere, such as the history.
   *
   * @param dir what the run is called in messages and in the curve (its folder)
   * @param samples what the lines are called in messages (the samples.csv)
   */
  public static ImportedCurve readRun(Path dir, Path samples, List<String> lines, JsonNode run) {
    String text = String.join("\n", lines) + "\n";
    try (SamplesCsv.Reader r = SamplesCsv.Reader.of(new java.io.StringReader(text))) {
      RunDocument doc = run == null ? null : RunDocumentCodec.decode(run, dir.toString());
      return readRun(dir, doc, readCsv(samples, r, true));
    } catch (IOException e) {
      throw new InputFormatException(samples, 0, "cannot be read: " + e.getMessage());
    }
  }

  private static ImportedCurve readRun(Path dir, RunDocument run, ImportedCurve csv) {
    String status = run == null ? "" : run.result().status().orElse("");
    boolean killed = run != null && run.result().unended();
    List<String> notes = new ArrayList<>(csv.notes());
    SampleSeries.Builder b = csv.series().toBuilder();
    if (run == null) {
      notes.add("no run.json beside samples.csv: media and average unknown");
    } else {
      Optional<RunDocument.Device> device = run.target().device();
      device
          .flatMap(RunDocument.Device::rotational)
          .ifPresent(spinning -> b.media(spinning ? Media.HDD : Media.SSD));
      b.linkCeilingMBps(device.map(d -> d.linkCeilingMBps().orElse(0)).orElse(0.0));
      b.cpuCores(run.cpuCores().orElse(0));
      // What tells the start-up apart: when the first request completed, and the most the run
      // could have had at the device (device bytes beyond it were another process's).
      run.result().firstCompletionSeconds().ifPresent(b::firstCompletionSeconds);
      RunDocument.Params params = run.params();
      long inFlight = params.queueDepth().orElse(0) * params.blockBytes().orElse(0);
      b.inFlightBytes(inFlight);
      if (killed) {
        notes.add(
            "the run never finished (status "
                + (status.isEmpty() ? "missing" : status)
                + "): analysed the "
                + csv.series().size()
                + " samples it left");
      } else {
        b.reportedAverageMBps(run.result().averageMBps().orElse(0));
      }
    }
    return new ImportedCurve(dir, ImportedCurve.Format.RUN_FOLDER, b.build(), notes);
  }

  /** Reads a CSV whose header names time_s and write_MBps. */
  public static ImportedCurve readCsv(Path file) {
    return readCsv(file, false);
  }

  /** Reads a fio bandwidth log (see {@link FioLogReader}). */
  public static ImportedCurve readFioLog(Path file) {
    return FioLogReader.read(file);
  }

  private static ImportedCurve readCsv(Path file, boolean appendedLive) {
    try (SamplesCsv.Reader r = SamplesCsv.Reader.of(InputLimits.open(file))) {
      return readCsv(file, r, appendedLive);
    } catch (IOException e) {
      throw InputLimits.cannotRead(file, e);
    }
  }

  /**
   * The curve of one phase: the {@code write} rows (or, in a read-back's folder, the {@code read}
   * rows), one after another. The intervals of other phases between them (a copy's flushes,
   * read-backs and cooldowns) are taken out of the time axis, so they read neither as stalls nor as
   * gaps; the {@code flush} rows' seconds become the series' flush time.
   */
  private static ImportedCurve readCsv(Path file, SamplesCsv.Reader r, boolean appendedLive)
      throws IOException {
    if (r.columns().isEmpty()) {
      throw new InputFormatException(file, 0, "empty: no header and no samples");
    }
    int time = r.column("time_s");
    int rate = r.column("write_MBps");
    String curvePhase = SamplesCsv.WRITE;
    List<String> notes = new ArrayList<>();
    if (rate < 0 && r.column("read_MBps") >= 0) {
      rate = r.column("read_MBps");
      curvePhase = SamplesCsv.READ;
      notes.add("read rates (read_MBps): no write_MBps column");
    }
    if (time < 0 || rate < 0) {
      throw new InputFormatException(
          file,
          r.headerLine(),
          "the header must name time_s and write_MBps (found: "
              + String.join(",", r.columns())
              + ")");
    }
    int bytes = r.column("bytes");
    int temp = r.column("temp_C");
    int cpu = r.column("cpu_pct");
    int iops = r.column("iops");
    int latMax = r.column("lat_max_ms");
    int devWrite = r.column("dev_write_bytes");
    int devRead = r.column("dev_read_bytes");
    int devUtil = r.column("dev_util_pct");
    int needed = Math.max(Math.max(time, rate), Math.max(bytes, Math.max(temp, cpu))) + 1;
    boolean endsWithNewline = endsWithNewline(file);
    SampleSeries.Builder b = SampleSeries.builder(1024);
    double previousEnd = 0;
    double leftOut = 0;
    double flushSeconds = 0;
    int otherRows = 0;
    // The requests' bytes and count, for the size of one request (the grain of a rate).
    double requestedBytes = 0;
    double requests = 0;
    java.util.TreeSet<String> otherPhases = new java.util.TreeSet<>();
    SamplesCsv.Row row;
    while ((row = r.next()) != null) {
      String[] cells = row.cells();
      boolean kept = !r.hasPhase() || row.phase().equals(curvePhase);
      try {
        if (cells.length < (kept ? needed : time + 1)) {
          throw new IllegalArgumentException(
              "expected at least " + needed + " cells, found " + cells.length);
        }
        double ts = number(cells[time], "time_s", true);
        InputLimits.checkTime(ts, previousEnd, "time_s");
        double length = ts - previousEnd;
        if (!kept) {
          if (ts <= previousEnd && previousEnd > 0) {
            throw new IllegalArgumentException(
                "time_s must increase: " + ts + " after " + previousEnd);
          }
          previousEnd = ts;
          leftOut += length;
          if (row.phase().equals(SamplesCsv.FLUSH)) {
            flushSeconds += length;
          } else {
            otherRows++;
            otherPhases.add(row.phase());
          }
          continue;
        }
        double mbps = number(cells[rate], "write_MBps", true);
        long by = bytes >= 0 ? wholeOrUnknown(cells[bytes], "bytes") : -1;
        // A row of under a millisecond (a phase that changed) can hold a burst of completions at a
        // rate no drive sustains; where its bytes are given (and checked below), its rate is theirs
        // over its length, so only the rates of longer rows, or of rows without bytes, are judged.
        if (by < 0 || length >= 0.001) {
          InputLimits.checkRate(mbps, r.columns().get(rate));
        }
        if (b.size() >= InputLimits.MAX_SAMPLES) {
          throw new IllegalArgumentException(
              "more than " + InputLimits.MAX_SAMPLES + " samples: longer than any run's curve");
        }
        double tc = temp >= 0 ? number(cells[temp], "temp_C", false) : Double.NaN;
        double cp = cpu >= 0 ? number(cells[cpu], "cpu_pct", false) : Double.NaN;
        if (!Double.isNaN(tc)) {
          InputLimits.checkTemperature(tc);
        }
        if (!Double.isNaN(cp)) {
          InputLimits.checkCpuPercent(cp);
        }
        InputLimits.checkIntervalBytes(by);
        b.add(ts - leftOut, mbps, by, tc, cp);
        // Optional and never required: an unreadable cell leaves the value unknown.
        b.device(
            latMax >= 0 && latMax < cells.length ? lenientNumber(cells[latMax]) : Double.NaN,
            deviceBytes(cells, devWrite, devRead),
            devUtil >= 0 && devUtil < cells.length ? lenientNumber(cells[devUtil]) : Double.NaN);
        if (iops >= 0 && iops < cells.length && by > 0) {
          // An unreadable iops cell only leaves the request size unknown: it was never required.
          double ops = lenientNumber(cells[iops]) * length;
          if (ops > 0) {
            requestedBytes += by;
            requests += ops;
          }
        }
        previousEnd = ts;
      } catch (IllegalArgumentException e) {
        if (row.last() && (appendedLive || !endsWithNewline)) {
          // A file appended while the run went: its last line may be cut short by a kill.
          notes.add(
              "dropped the last line (" + row.lineNumber() + "), cut short: " + e.getMessage());
          continue;
        }
        throw new InputFormatException(file, row.lineNumber(), e.getMessage());
      }
    }
    if (b.size() == 0) {
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
    b.flushSeconds(flushSeconds);
    // A run's own samples.csv (a run folder's, or one with the phase column Sustain writes) starts
    // at zero: its first row ends when the sampler made it, late or not.
    b.startsAtZero(appendedLive || r.hasPhase());
    if (requests >= 1) {
      b.requestBytes(Math.round(requestedBytes / requests));
    }
    return new ImportedCurve(file, ImportedCurve.Format.CSV, b.build(), notes);
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

  private static double lenientNumber(String cell) {
    try {
      return Double.parseDouble(cell.strip());
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
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
      throw new IllegalArgumentException(what + " is not a number: '" + c + "'");
    }
    if (!Double.isFinite(v)) {
      throw new IllegalArgumentException(what + " is not a finite number: '" + c + "'");
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
      throw new IllegalArgumentException(what + " is not a whole number: '" + c + "'");
    }
  }

  private static boolean endsWithNewline(Path file) {
    try (var ch = Files.newByteChannel(file)) {
      long size = ch.size();
      if (size == 0) {
        return true;
      }
      ch.position(size - 1);
      var buf = java.nio.ByteBuffer.allocate(1);
      ch.read(buf);
      return buf.get(0) == '\n';
    } catch (IOException e) {
      return true;
    }
  }
}
