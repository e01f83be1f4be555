package dev.sustain.input;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sustain.analysis.Media;
import dev.sustain.analysis.SampleSeries;
import dev.sustain.sampling.SamplesCsv;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
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

  private static final ObjectMapper JSON = new ObjectMapper();

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
    List<String> lines = lines(input);
    for (String line : lines) {
      String t = line.strip();
      if (t.isEmpty() || t.startsWith("#")) {
        continue;
      }
      if (FIO_LINE.matcher(t).matches()) {
        return readFioLog(input, lines);
      }
      if (header(t).contains("time_s")) {
        return readCsv(input, false);
      }
      break;
    }
    throw new InputFormatException(
        input,
        firstContentLine(lines),
        "neither a CSV with a header naming time_s and write_MBps, nor a fio bandwidth log"
            + " (msec, KiB/s, direction, bs, offset)");
  }

  /** Reads a run folder: samples.csv and, when there, run.json. */
  public static ImportedCurve readRunFolder(Path dir) {
    Path samples = dir.resolve("samples.csv");
    if (!Files.isRegularFile(samples)) {
      throw new InputFormatException(dir, 0, "not a run folder: it has no samples.csv");
    }
    Path runJson = dir.resolve("run.json");
    JsonNode run = null;
    if (Files.isRegularFile(runJson)) {
      try {
        run = JSON.readTree(Files.readString(runJson, StandardCharsets.UTF_8));
      } catch (JsonProcessingException e) {
        long line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
        throw new InputFormatException(runJson, line, "not valid JSON: " + e.getOriginalMessage());
      } catch (IOException e) {
        throw new InputFormatException(runJson, 0, "cannot be read: " + e.getMessage());
      }
    }
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
      return readRun(dir, run, readCsv(samples, r, true));
    } catch (IOException e) {
      throw new InputFormatException(samples, 0, "cannot be read: " + e.getMessage());
    }
  }

  private static ImportedCurve readRun(Path dir, JsonNode run, ImportedCurve csv) {
    String status = run == null ? "" : run.path("result").path("status").asText("");
    boolean killed = run != null && (status.isEmpty() || status.equals("running"));
    List<String> notes = new ArrayList<>(csv.notes());
    SampleSeries.Builder b = csv.series().toBuilder();
    if (run == null) {
      notes.add("no run.json beside samples.csv: media and average unknown");
    } else {
      JsonNode device = run.path("target").path("device");
      JsonNode rotational = device.path("rotational");
      if (rotational.isBoolean()) {
        b.media(rotational.asBoolean() ? Media.HDD : Media.SSD);
      }
      double link = device.path("link_ceiling_MBps").asDouble(0);
      if (link <= 0) {
        link = device.path("link").path("ceiling_MBps").asDouble(0);
      }
      b.linkCeilingMBps(link);
      int cores = run.path("cpu_cores").asInt(run.path("host_cpu_cores").asInt(0));
      b.cpuCores(cores);
      if (killed) {
        notes.add(
            "the run never finished (status "
                + (status.isEmpty() ? "missing" : status)
                + "): analysed the "
                + csv.series().size()
                + " samples it left");
      } else {
        b.reportedAverageMBps(run.path("result").path("average_MBps").asDouble(0));
      }
    }
    return new ImportedCurve(dir, ImportedCurve.Format.RUN_FOLDER, b.build(), notes);
  }

  /** Reads a CSV whose header names time_s and write_MBps. */
  public static ImportedCurve readCsv(Path file) {
    return readCsv(file, false);
  }

  /** Reads a fio bandwidth log. */
  public static ImportedCurve readFioLog(Path file) {
    return readFioLog(file, lines(file));
  }

  private static ImportedCurve readCsv(Path file, boolean appendedLive) {
    try (SamplesCsv.Reader r = SamplesCsv.Reader.open(file)) {
      return readCsv(file, r, appendedLive);
    } catch (java.nio.charset.MalformedInputException e) {
      throw new InputFormatException(file, 0, "not a text file (not UTF-8)");
    } catch (NoSuchFileException e) {
      throw new InputFormatException(file, 0, "no such file");
    } catch (IOException e) {
      throw new InputFormatException(file, 0, "cannot be read: " + e.getMessage());
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
    int needed = Math.max(Math.max(time, rate), Math.max(bytes, Math.max(temp, cpu))) + 1;
    boolean endsWithNewline = endsWithNewline(file);
    SampleSeries.Builder b = SampleSeries.builder(1024);
    double previousEnd = 0;
    double leftOut = 0;
    double flushSeconds = 0;
    int otherRows = 0;
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
        double tc = temp >= 0 ? number(cells[temp], "temp_C", false) : Double.NaN;
        double cp = cpu >= 0 ? number(cells[cpu], "cpu_pct", false) : Double.NaN;
        b.add(ts - leftOut, mbps, by, tc, cp);
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
    return new ImportedCurve(file, ImportedCurve.Format.CSV, b.build(), notes);
  }

  private static ImportedCurve readFioLog(Path file, List<String> lines) {
    List<double[]> entries = new ArrayList<>();
    int reads = 0;
    for (int i = 0; i < lines.size(); i++) {
      String t = lines.get(i).strip();
      if (t.isEmpty() || t.startsWith("#")) {
        continue;
      }
      String[] cells = t.split(",", -1);
      if (cells.length < 3) {
        throw new InputFormatException(
            file,
            i + 1,
            "a fio log line needs msec, KiB/s, direction[, bs, offset], found "
                + cells.length
                + " fields");
      }
      try {
        double msec = number(cells[0], "msec", true);
        double kibps = number(cells[1], "KiB/s", true);
        long dir = (long) number(cells[2], "direction", true);
        double bs = cells.length > 3 ? number(cells[3], "bs", false) : Double.NaN;
        if (dir != 1) {
          reads++;
          continue;
        }
        entries.add(new double[] {msec, kibps, bs});
      } catch (IllegalArgumentException e) {
        throw new InputFormatException(file, i + 1, e.getMessage());
      }
    }
    if (entries.isEmpty()) {
      throw new InputFormatException(
          file,
          0,
          reads > 0
              ? "no write entries (direction 1), only " + reads + " read or trim entries"
              : "no entries");
    }
    // One file may hold several jobs' entries (per_job_logs=0), not necessarily in time order.
    entries.sort(java.util.Comparator.comparingDouble(e -> e[0]));
    // Entries within 50 ms of each other are one moment (several jobs log the same period);
    // the period is measured between moments.
    double[] diffs = new double[Math.max(0, entries.size() - 1)];
    int m = 0;
    double moment = entries.get(0)[0];
    for (int i = 1; i < entries.size(); i++) {
      double t = entries.get(i)[0];
      if (t - moment >= 50) {
        diffs[m++] = t - moment;
        moment = t;
      }
    }
    double[] positive = java.util.Arrays.copyOf(diffs, m);
    java.util.Arrays.sort(positive);
    // The lower median: gaps make some steps longer, never shorter.
    double periodMs = m == 0 ? 1000 : positive[(m - 1) / 2];
    List<String> notes = new ArrayList<>();
    SampleSeries.Builder b = SampleSeries.builder(entries.size());
    TreeMap<Long, double[]> buckets = new TreeMap<>();
    boolean perIo = periodMs < 100 || morePerMomentThanJobs(entries);
    if (perIo) {
      boolean haveBs = true;
      for (double[] e : entries) {
        haveBs &= !Double.isNaN(e[2]) && e[2] > 0;
      }
      if (!haveBs) {
        throw new InputFormatException(
            file, 0, "a per-I/O log (entries closer than 100 ms) needs the bs field on every line");
      }
      periodMs = 1000;
      for (double[] e : entries) {
        long k = Math.max(1, (long) Math.ceil(e[0] / periodMs));
        buckets.computeIfAbsent(k, x -> new double[2])[0] += e[2];
      }
      notes.add("per-I/O fio log: summed into one-second samples");
    } else {
      // fio's averaged timestamps run a few ms late and the lateness adds up over a long log, so
      // each entry is placed by its step from the previous one, not by its absolute time; a step
      // of several periods is a gap (nothing completed), a step of none another job's entry.
      periodMs = nicePeriod(periodMs);
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
    }
    long restored = 0;
    long lastK = buckets.lastKey();
    double periodS = periodMs / 1000.0;
    for (long k = 1; k <= lastK; k++) {
      double[] acc = buckets.get(k);
      double mbps;
      if (acc == null) {
        mbps = 0;
        restored++;
      } else {
        mbps = perIo ? acc[0] / 1e6 / periodS : acc[1];
      }
      b.add(k * periodS, mbps);
    }
    if (restored > 0) {
      notes.add(
          "restored "
              + restored
              + (restored == 1 ? " period" : " periods")
              + " fio left out (nothing completed) as 0 MB/s");
    }
    return new ImportedCurve(file, ImportedCurve.Format.FIO_BW_LOG, b.build(), notes);
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

  private static List<String> header(String line) {
    List<String> names = new ArrayList<>();
    for (String c : line.split(",", -1)) {
      String name = c.strip();
      if (name.length() >= 2 && name.startsWith("\"") && name.endsWith("\"")) {
        name = name.substring(1, name.length() - 1);
      }
      names.add(name.toLowerCase(Locale.ROOT));
    }
    return names;
  }

  private static double number(String cell, String what, boolean required) {
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

  private static List<String> lines(Path file) {
    try {
      return Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw new InputFormatException(file, 0, "no such file");
    } catch (java.nio.charset.MalformedInputException e) {
      throw new InputFormatException(file, 0, "not a text file (not UTF-8)");
    } catch (IOException e) {
      throw new InputFormatException(file, 0, "cannot be read: " + e.getMessage());
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

  private static int firstContentLine(List<String> lines) {
    for (int i = 0; i < lines.size(); i++) {
      if (!lines.get(i).isBlank()) {
        return i + 1;
      }
    }
    return 0;
  }
}
