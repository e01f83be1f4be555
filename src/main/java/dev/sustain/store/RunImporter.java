package dev.sustain.store;

import dev.sustain.analysis.Analysis;
import dev.sustain.analysis.Analyzer;
import dev.sustain.document.RunDocument;
import dev.sustain.input.CurveReader;
import dev.sustain.input.ImportedCurve;
import dev.sustain.input.InputFormatException;
import dev.sustain.report.AnalysisJson;
import dev.sustain.report.RunContext;
import dev.sustain.sampling.SamplesCsvLines;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.UUID;

/**
 * Turns what {@code history --import} is given into runs: a run folder (its analysis.json, or an
 * analysis of its samples.csv when it has none) or a plain CSV / fio bandwidth log (analysed here;
 * its drive named by the caller). Stateless and thread-safe.
 */
public final class RunImporter {

  private RunImporter() {}

  /**
   * A run folder or a log file.
   *
   * @param driveForLogs the drive id a log file belongs to (logs carry no drive identity), or null
   *     for {@code imported:FILENAME}
   * @throws IllegalArgumentException (or the input package's UsageException) with a message fit for
   *     a user when the input cannot be read
   */
  public static RunRecord read(Path input, String driveForLogs) {
    if (Files.isDirectory(input)) {
      return runFolder(input, "import");
    }
    Path parent = input.toAbsolutePath().normalize().getParent();
    if (Files.isRegularFile(input)
        && parent != null
        && Files.isRegularFile(parent.resolve("run.json"))
        && input.getFileName().toString().equals("samples.csv")) {
      return runFolder(parent, "import");
    }
    if (!Files.exists(input)) {
      throw new IllegalArgumentException("no such run folder or log: " + input);
    }
    return log(input, driveForLogs, RunFolders.localHostName());
  }

  /**
   * A run folder: run.json and analysis.json, or when analysis.json is missing (a killed run, an
   * older version) an analysis of samples.csv made now.
   */
  public static RunRecord runFolder(Path dir, String source) {
    return analysedIfNone(RunFolders.read(dir, source), dir, null, null);
  }

  /**
   * {@code r} as it is when it has its analysis or its folder has no samples.csv, else with an
   * analysis of samples.csv made now.
   *
   * @param runJson the folder's run.json as its run wrote it, or null to read it from the folder
   * @param rows samples.csv's rows as the run's end read them (with {@code runJson}), or null to
   *     read the file
   */
  static RunRecord analysedIfNone(
      RunRecord r, Path dir, RunDocument runJson, SamplesCsvLines rows) {
    if (r.analysisJson() != null || !Files.isRegularFile(dir.resolve("samples.csv"))) {
      return r;
    }
    ImportedCurve curve;
    try {
      curve = curveOf(dir, runJson, rows);
    } catch (IOException e) {
      return r; // kept rows that no longer read: recorded without analysis, as a refused curve
    } catch (InputFormatException e) {
      // A folder this version's sampler cannot make, but older ones did: a write under a
      // millisecond made no row of its own (its bytes are in the flush row), so there is no curve.
      // Recorded without analysis, as the run itself left no analysis.json (a successful run must
      // not fail here).
      return r;
    }
    if (curve.series().size() == 0) {
      return r;
    }
    Analysis a = Analyzer.analyze(curve.series());
    RunRecord.Figures f = r.figures();
    RunRecord.Figures merged =
        figures(
            a,
            f.bytes() != null ? f.bytes() : Math.round(a.totalGB() * 1e9),
            // The average's own time when run.json has none: the writing and its flush.
            f.seconds() != null ? f.seconds() : a.durationSeconds() + a.flushSeconds(),
            f.averageMBps() != null && f.averageMBps() > 0 ? f.averageMBps() : a.averageMBps());
    return new RunRecord(
        r.runId(),
        r.drive(),
        r.host(),
        r.command(),
        r.paramsJson(),
        r.started(),
        r.ended(),
        r.status(),
        r.error(),
        merged,
        AnalysisJson.toJson(a, runJson == null ? RunContext.read(dir) : RunContext.of(runJson)),
        r.runFolder(),
        r.source(),
        r.toolVersion(),
        r.targetPath(),
        r.pid(),
        null);
  }

  /** The folder's curve from what its run kept: nothing, its run.json, or run.json and rows. */
  private static ImportedCurve curveOf(Path dir, RunDocument runJson, SamplesCsvLines rows)
      throws IOException {
    if (runJson == null) {
      return CurveReader.readRunFolder(dir);
    }
    if (rows == null) {
      return CurveReader.readRunFolder(dir, runJson);
    }
    return CurveReader.readRunFolder(dir, runJson, CurveReader.readSamples(dir, rows));
  }

  /**
   * A CSV ({@code time_s,write_MBps,...}) or fio bandwidth log. It has no start time of its own:
   * the run is taken to have ended when the file was last modified. Its id comes from the file's
   * content, so importing the same log twice (from anywhere) gives one run.
   */
  public static RunRecord log(Path file, String driveId, String host) {
    ImportedCurve curve = CurveReader.read(file);
    Analysis a = Analyzer.analyze(curve.series());
    Instant ended;
    String digest;
    try {
      ended = Files.getLastModifiedTime(file).toInstant();
      digest = sha256(file);
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage());
    }
    Instant started = ended.minusMillis(Math.round(a.durationSeconds() * 1000));
    Path name = file.toAbsolutePath().normalize().getFileName();
    Drive drive =
        driveId != null && !driveId.isBlank()
            ? new Drive(driveId.strip(), null, null, null)
            : new Drive("imported:" + name, null, null, null);
    String runId =
        UUID.nameUUIDFromBytes(("log\n" + digest).getBytes(StandardCharsets.UTF_8)).toString();
    RunRecord.Figures figures =
        figures(
            a,
            Math.round(a.totalGB() * 1e9),
            a.durationSeconds() + a.flushSeconds(),
            a.averageMBps());
    String params =
        "{\"format\":\""
            + curve.format().name().toLowerCase(java.util.Locale.ROOT)
            + "\",\"file\":"
            + com.fasterxml.jackson.databind.node.TextNode.valueOf(
                    file.toAbsolutePath().normalize().toString())
                .toString()
            + "}";
    return new RunRecord(
        runId,
        drive,
        host,
        "import",
        params,
        started,
        ended,
        "complete",
        null,
        figures,
        AnalysisJson.toJson(a),
        null,
        "import",
        null,
        null,
        null,
        null);
  }

  /**
   * The figures of an analysed curve; the totals and the average are given apart, because a run
   * folder's own run.json knows them better than the curve does.
   */
  private static RunRecord.Figures figures(
      Analysis a, long bytes, double seconds, double averageMBps) {
    return new RunRecord.Figures(
        bytes,
        seconds,
        averageMBps,
        a.burstMBps(),
        a.cacheGB(),
        a.cliffSeconds(),
        a.floorMBps(),
        a.afterCacheMBps(),
        a.shape().word());
  }

  /** The file's SHA-256, streamed: a log may be far larger than the heap. */
  private static String sha256(Path file) throws IOException {
    MessageDigest md;
    try {
      md = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
    try (var in = new java.security.DigestInputStream(Files.newInputStream(file), md)) {
      in.transferTo(java.io.OutputStream.nullOutputStream());
    }
    return HexFormat.of().formatHex(md.digest());
  }
}
