package dev.sustain.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sustain.document.AnalysisDocument;
import dev.sustain.document.AnalysisDocumentCodec;
import dev.sustain.document.NewerFormatException;
import dev.sustain.document.RunDocument;
import dev.sustain.document.RunDocumentCodec;
import dev.sustain.expect.Expectation;
import dev.sustain.input.InputFormatException;
import dev.sustain.input.JsonFile;
import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * Reads a run folder ({@code run.json}, and {@code analysis.json} when present) into a {@link
 * RunRecord}. The run id is derived from the host, the folder and the start time, so recording a
 * folder at the end of its run and importing it later give one run, not two. Stateless.
 */
public final class RunFolders {

  private static final ObjectMapper JSON = new ObjectMapper();

  private RunFolders() {}

  /**
   * The run in {@code folder}.
   *
   * @param source {@code run} when the runner records its own folder, {@code import} otherwise
   * @throws IllegalArgumentException with a message fit for a user when it is not a run folder
   */
  public static RunRecord read(Path folder, String source) {
    Path runJson = folder.resolve("run.json");
    JsonNode run;
    try {
      run = JSON.readTree(Files.readString(runJson, StandardCharsets.UTF_8));
    } catch (NoSuchFileException e) {
      throw new IllegalArgumentException("not a run folder (no run.json): " + folder);
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot read " + runJson + ": " + e.getMessage());
    }
    if (run == null || !run.isObject()) {
      throw new IllegalArgumentException(runJson + " is not a JSON object");
    }
    try {
      JsonFile.checkVersion(runJson, run);
    } catch (InputFormatException e) {
      throw new IllegalArgumentException(e.getMessage());
    }
    JsonNode analysis = null;
    Path analysisJson = folder.resolve("analysis.json");
    if (Files.isRegularFile(analysisJson)) {
      try {
        analysis = JSON.readTree(Files.readString(analysisJson, StandardCharsets.UTF_8));
      } catch (IOException e) {
        throw new IllegalArgumentException("cannot read " + analysisJson + ": " + e.getMessage());
      }
    }
    return fromJson(folder, run, analysis, source);
  }

  /**
   * The status run.json in {@code folder} ends with, or null when it has none (still running, a run
   * killed before its end, a folder gone or unreadable). Reads only a run.json of a run's size.
   */
  static String endedStatus(Path folder) {
    Path runJson = folder.resolve("run.json");
    try {
      if (!Files.isRegularFile(runJson) || Files.size(runJson) > (1 << 20)) {
        return null;
      }
      String word = RunDocumentCodec.readFile(runJson).result().status().orElse(null);
      return word == null || word.isBlank() || word.equals("running") ? null : word;
    } catch (IOException | RuntimeException e) {
      return null; // an unreadable folder says nothing: the run is shown as its process says
    }
  }

  /**
   * The record of a run folder's parsed run.json and analysis.json (null when it has none); their
   * keys are read by the codecs, the texts of params and analysis kept as the history stores them.
   */
  static RunRecord fromJson(Path folder, JsonNode run, JsonNode analysis, String source) {
    RunDocument doc;
    Optional<AnalysisDocument> figures;
    try {
      doc = RunDocumentCodec.decode(run, folder.resolve("run.json").toString());
      figures =
          analysis == null
              ? Optional.empty()
              : Optional.of(
                  AnalysisDocumentCodec.decode(
                      analysis, folder.resolve("analysis.json").toString()));
    } catch (NewerFormatException e) {
      throw new IllegalArgumentException(e.getMessage());
    }
    return fromDocuments(folder, doc, figures, run, analysis, source);
  }

  private static RunRecord fromDocuments(
      Path folder,
      RunDocument doc,
      Optional<AnalysisDocument> analysis,
      JsonNode run,
      JsonNode analysisTree,
      String source) {
    String host = text(doc.host());
    if (host == null) {
      host = localHostName();
    }
    Instant started = instant(doc.started());
    if (started == null) {
      throw new IllegalArgumentException(folder.resolve("run.json") + " has no 'started' time");
    }
    Instant ended = instant(doc.ended());
    RunDocument.Target target = doc.target();
    Optional<RunDocument.Device> device = target.device();
    Optional<RunDocument.FileSystem> fs = target.fileSystem();
    Drive drive =
        Drive.of(
            text(device.flatMap(RunDocument.Device::identityKey)),
            text(device.flatMap(RunDocument.Device::model)),
            text(device.flatMap(RunDocument.Device::serial)),
            text(device.flatMap(RunDocument.Device::wwn)),
            device.map(d -> boxed(d.sizeBytes())).orElse(null),
            host,
            text(target.path()),
            text(fs.flatMap(RunDocument.FileSystem::mount)),
            text(fs.flatMap(RunDocument.FileSystem::type)));
    RunDocument.Result result = doc.result();
    String status = text(result.status());
    String folderText = folder.toAbsolutePath().normalize().toString();
    String runId = text(doc.runId());
    if (runId == null) {
      runId = runId(host, folderText, started);
    }
    String command = text(doc.command());
    return new RunRecord(
        runId,
        drive,
        host,
        command == null ? "write" : command,
        RunDocumentCodec.paramsText(run).orElse(null),
        started,
        ended,
        status == null ? (ended == null ? "interrupted" : "complete") : status,
        text(result.error()),
        figures(result, analysis),
        analysisTree == null ? null : analysisTree.toString(),
        folderText,
        source,
        toolVersion(doc.tool()),
        text(target.path()),
        boxed(doc.pid()),
        null);
  }

  /** What the run measured: its record's bytes and time, the analysis's figures. */
  private static RunRecord.Figures figures(
      RunDocument.Result result, Optional<AnalysisDocument> analysis) {
    AnalysisDocument a = analysis.orElse(NO_ANALYSIS);
    return new RunRecord.Figures(
        boxed(result.bytes()),
        boxed(result.seconds()),
        firstNonNull(boxed(a.averageMBps()), boxed(result.averageMBps())),
        boxed(a.burstMBps()),
        boxed(a.cacheGB()),
        boxed(a.cliffSeconds()),
        boxed(a.floorMBps()),
        boxed(a.afterCacheMBps()),
        text(a.shape()));
  }

  private static final AnalysisDocument NO_ANALYSIS =
      new AnalysisDocument(
          AnalysisDocumentCodec.VERSION,
          Optional.empty(),
          OptionalDouble.empty(),
          OptionalDouble.empty(),
          OptionalDouble.empty(),
          OptionalDouble.empty(),
          OptionalDouble.empty(),
          OptionalDouble.empty(),
          OptionalDouble.empty(),
          Optional.empty());

  /** "name version", "sustain version" when it has no name, the name alone without a version. */
  private static String toolVersion(RunDocument.Tool tool) {
    String name = text(tool.name());
    String version = text(tool.version());
    return version == null ? name : (name == null ? "sustain" : name) + " " + version;
  }

  /**
   * The expectation a past run folder sets for the next run ({@code write --expect-from RUN}): its
   * burst, cache (or no cliff) and floor from {@code analysis.json}.
   *
   * @throws IllegalArgumentException with a message fit for a user when the folder has no analysis
   */
  public static Expectation expectationFrom(Path folder) {
    Path analysisJson = folder.resolve("analysis.json");
    AnalysisDocument a;
    try {
      a =
          AnalysisDocumentCodec.decode(
              JSON.readTree(Files.readString(analysisJson, StandardCharsets.UTF_8)),
              analysisJson.toString());
    } catch (NoSuchFileException e) {
      throw new IllegalArgumentException(
          "--expect-from needs a run folder with an analysis.json: " + folder);
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot read " + analysisJson + ": " + e.getMessage());
    } catch (NewerFormatException e) {
      throw new IllegalArgumentException(e.getMessage());
    }
    Double burst = boxed(a.burstMBps());
    if (burst == null || !(burst > 0)) {
      throw new IllegalArgumentException(analysisJson + " has no burst_MBps to expect");
    }
    Path name = folder.toAbsolutePath().normalize().getFileName();
    return Expectation.fromPastRun(
        burst,
        boxed(a.cacheGB()),
        boxed(a.floorMBps()),
        name == null ? folder.toString() : name.toString());
  }

  /** The id of the run started at {@code started} in {@code folder} on {@code host}. */
  public static String runId(String host, String folder, Instant started) {
    String key = "run-folder\n" + host + "\n" + folder + "\n" + started.toEpochMilli();
    return UUID.nameUUIDFromBytes(key.getBytes(StandardCharsets.UTF_8)).toString();
  }

  /** This machine's host name, or {@code localhost} when it has none. */
  public static String localHostName() {
    String env = System.getenv("HOSTNAME");
    if (env != null && !env.isBlank()) {
      return env.strip();
    }
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      return "localhost";
    }
  }

  /** A run.json time, or null when it has none; a number is epoch seconds (fractions allowed). */
  private static Instant instant(Optional<String> time) {
    if (time.isEmpty()) {
      return null;
    }
    String text = time.get();
    if (EPOCH_SECONDS.matcher(text).matches()) {
      return Instant.ofEpochMilli(Math.round(Double.parseDouble(text) * 1000));
    }
    return instant(text);
  }

  private static final Pattern EPOCH_SECONDS =
      Pattern.compile("-?[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?");

  /**
   * A run.json time: ISO-8601 with {@code Z} or an offset, surrounding space ignored.
   *
   * @throws IllegalArgumentException naming the text when it is no such time
   */
  static Instant instant(String text) {
    String s = text.strip();
    try {
      return Instant.parse(s);
    } catch (DateTimeParseException e) {
      try {
        return OffsetDateTime.parse(s).toInstant();
      } catch (DateTimeParseException e2) {
        throw new IllegalArgumentException("not a time: '" + s + "' (expected ISO-8601)");
      }
    }
  }

  /** The text, or null when it is missing or blank. */
  private static String text(Optional<String> v) {
    return v.filter(t -> !t.isBlank()).orElse(null);
  }

  private static Long boxed(OptionalLong v) {
    return v.isPresent() ? v.getAsLong() : null;
  }

  private static Double boxed(OptionalDouble v) {
    return v.isPresent() ? v.getAsDouble() : null;
  }

  private static Double firstNonNull(Double a, Double b) {
    return a != null ? a : b;
  }
}
