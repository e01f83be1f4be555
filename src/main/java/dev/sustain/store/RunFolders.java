package dev.sustain.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
import java.util.UUID;

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
      JsonNode status = JSON.readTree(runJson.toFile()).path("result").path("status");
      String word = status.isTextual() ? status.asText() : null;
      return word == null || word.isBlank() || word.equals("running") ? null : word;
    } catch (IOException | RuntimeException e) {
      return null; // an unreadable folder says nothing: the run is shown as its process says
    }
  }

  static RunRecord fromJson(Path folder, JsonNode run, JsonNode analysis, String source) {
    String host = text(run, "host");
    if (host == null) {
      host = localHostName();
    }
    Instant started = instant(run.get("started"));
    if (started == null) {
      throw new IllegalArgumentException(folder.resolve("run.json") + " has no 'started' time");
    }
    Instant ended = instant(run.get("ended"));
    String command = text(run, "command");
    JsonNode target = run.path("target");
    JsonNode device = target.path("device");
    Drive drive =
        Drive.of(
            text(device.path("identity"), "key"),
            text(device, "model"),
            text(device, "serial"),
            text(device, "wwn"),
            longOrNull(device.get("size_bytes")),
            host,
            text(target, "path"),
            text(target.path("filesystem"), "mount"),
            text(target.path("filesystem"), "type"));
    JsonNode result = run.path("result");
    RunRecord.Figures figures = figures(result, analysis);
    String status = text(result, "status");
    String folderText = folder.toAbsolutePath().normalize().toString();
    String runId = text(run, "run_id");
    if (runId == null) {
      runId = runId(host, folderText, started);
    }
    JsonNode params = run.get("params");
    return new RunRecord(
        runId,
        drive,
        host,
        command == null ? "write" : command,
        params == null || params.isNull() ? null : params.toString(),
        started,
        ended,
        status == null ? (ended == null ? "interrupted" : "complete") : status,
        text(result, "error"),
        figures,
        analysis == null ? null : analysis.toString(),
        folderText,
        source,
        toolVersion(run.get("tool")),
        text(target, "path"),
        longOrNull(run.get("pid")),
        null);
  }

  /** What the run measured: its record's bytes and time, the analysis's figures. */
  private static RunRecord.Figures figures(JsonNode result, JsonNode analysis) {
    JsonNode a = analysis == null ? JSON.createObjectNode() : analysis;
    return new RunRecord.Figures(
        longOrNull(result.get("bytes")),
        doubleOrNull(result.get("seconds")),
        firstNonNull(doubleOrNull(a.get("average_MBps")), doubleOrNull(result.get("average_MBps"))),
        doubleOrNull(a.get("burst_MBps")),
        doubleOrNull(a.get("cache_GB")),
        doubleOrNull(a.get("cliff_s")),
        doubleOrNull(a.get("floor_MBps")),
        doubleOrNull(a.get("after_cache_MBps")),
        text(a, "shape"));
  }

  /** {@code tool} is an object {@code {name, version, java}} (or, in hand-made files, a string). */
  private static String toolVersion(JsonNode tool) {
    if (tool == null || tool.isNull()) {
      return null;
    }
    if (tool.isObject()) {
      String name = text(tool, "name");
      String version = text(tool, "version");
      return version == null ? name : (name == null ? "sustain" : name) + " " + version;
    }
    return tool.isValueNode() ? tool.asText() : null;
  }

  /**
   * The expectation a past run folder sets for the next run ({@code write --expect-from RUN}): its
   * burst, cache (or no cliff) and floor from {@code analysis.json}.
   *
   * @throws IllegalArgumentException with a message fit for a user when the folder has no analysis
   */
  public static Expectation expectationFrom(Path folder) {
    Path analysisJson = folder.resolve("analysis.json");
    JsonNode a;
    try {
      a = JSON.readTree(Files.readString(analysisJson, StandardCharsets.UTF_8));
    } catch (NoSuchFileException e) {
      throw new IllegalArgumentException(
          "--expect-from needs a run folder with an analysis.json: " + folder);
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot read " + analysisJson + ": " + e.getMessage());
    }
    Double burst = doubleOrNull(a.get("burst_MBps"));
    if (burst == null || !(burst > 0)) {
      throw new IllegalArgumentException(analysisJson + " has no burst_MBps to expect");
    }
    Path name = folder.toAbsolutePath().normalize().getFileName();
    return Expectation.fromPastRun(
        burst,
        doubleOrNull(a.get("cache_GB")),
        doubleOrNull(a.get("floor_MBps")),
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

  private static Instant instant(JsonNode n) {
    if (n == null || n.isNull() || n.isMissingNode()) {
      return null;
    }
    if (n.isNumber()) {
      // Epoch seconds as a number (fractional allowed).
      return Instant.ofEpochMilli(Math.round(n.asDouble() * 1000));
    }
    return instant(n.asText());
  }

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

  private static String text(JsonNode n, String field) {
    JsonNode v = n == null ? null : n.get(field);
    return v == null || v.isNull() || !v.isValueNode() || v.asText().isBlank() ? null : v.asText();
  }

  private static Long longOrNull(JsonNode n) {
    return n == null || !n.isNumber() ? null : n.asLong();
  }

  private static Double doubleOrNull(JsonNode n) {
    return n == null || !n.isNumber() ? null : n.asDouble();
  }

  private static Double firstNonNull(Double a, Double b) {
    return a != null ? a : b;
  }
}
