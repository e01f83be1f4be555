package dev.sustain.input;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.analysis.Media;
import dev.sustain.analysis.SampleSeries;
import dev.sustain.document.RunDocument;
import dev.sustain.document.RunDocumentCodec;
import dev.sustain.sampling.SamplesCsv;
import dev.sustain.sampling.SamplesCsvLines;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
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
   * {@link #readRunFolder(Path)} with the folder's run.json as its caller holds it (the run that
   * just wrote it): only samples.csv is read.
   *
   * @param run the folder's run.json, or null for a folder without one
   */
  public static ImportedCurve readRunFolder(Path dir, RunDocument run) {
    Path samples = dir.resolve("samples.csv");
    if (!Files.isRegularFile(samples)) {
      throw new InputFormatException(dir, 0, "not a run folder: it has no samples.csv");
    }
    return readRun(dir, run, readCsv(samples, true));
  }

  /** Hears every row of a samples.csv as it is read, beside the curve read from them. */
  @FunctionalInterface
  public interface RowTap {

    /** Hears nothing. */
    RowTap NONE = (reader, row) -> {};

    /** A row, in the file's order; {@code reader} names its columns. */
    void row(SamplesCsv.Reader reader, SamplesCsv.Row row);
  }

  /**
   * A run folder's samples.csv, read once: its curve before run.json is applied to it, or why it
   * has none (no samples.csv, no rows, a row refused), for {@link #readRunFolder(Path, RunDocument,
   * Samples)}.
   */
  public static final class Samples {
    private final Path dir;
    private final ImportedCurve csv;
    private final InputFormatException refused;

    private Samples(Path dir, ImportedCurve csv, InputFormatException refused) {
      this.dir = dir;
      this.csv = csv;
      this.refused = refused;
    }
  }

  /**
   * Reads {@code dir}'s samples.csv once, telling {@code tap} every row as it goes: what a run that
   * has just ended needs of its rows (its interval rates for run.json, its curve for the analysis
   * once run.json is final) without opening the file twice.
   *
   * @throws IOException when samples.csv cannot be opened or read
   */
  public static Samples readSamples(Path dir, RowTap tap) throws IOException {
    Path samples = dir.resolve("samples.csv");
    if (!Files.isRegularFile(samples)) {
      throw new NoSuchFileException(samples.toString()); // a run that sampled made it
    }
    try (SamplesCsv.Reader r = SamplesCsv.Reader.of(InputLimits.open(samples))) {
      return new Samples(dir, SamplesCsvCurve.read(samples, r, true, tap), null);
    } catch (InputFormatException e) {
      return new Samples(dir, null, e);
    }
  }

  /**
   * {@link #readSamples(Path, RowTap)} of the rows a run's end read and kept ({@code lines}, {@code
   * RunObserver.Kept.samples}): the curve they make, the file not opened again.
   */
  public static Samples readSamples(Path dir, SamplesCsvLines lines) throws IOException {
    Path samples = dir.resolve("samples.csv");
    try (SamplesCsv.Reader r = lines.reader()) {
      return new Samples(dir, SamplesCsvCurve.read(samples, r, true, RowTap.NONE), null);
    } catch (InputFormatException e) {
      return new Samples(dir, null, e);
    }
  }

  /**
   * {@link #readRunFolder(Path, RunDocument)} of samples {@link #readSamples} has read: nothing is
   * read again.
   *
   * @throws InputFormatException as {@link #readRunFolder(Path)} does, where the samples were
   *     refused
   */
  public static ImportedCurve readRunFolder(Path dir, RunDocument run, Samples samples) {
    if (samples.refused != null) {
      throw samples.refused;
    }
    return readRun(samples.dir, run, samples.csv);
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

  private static ImportedCurve readCsv(Path file, SamplesCsv.Reader r, boolean appendedLive)
      throws IOException {
    return SamplesCsvCurve.read(file, r, appendedLive);
  }

  static double number(String cell, String what, boolean required) {
    return SamplesCsvCurve.number(cell, what, required);
  }
}
