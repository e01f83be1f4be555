package dev.sustain.share;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.analysis.SampleSeries;
import dev.sustain.document.AnalysisDocument;
import dev.sustain.document.AnalysisDocumentCodec;
import dev.sustain.document.PassesCodec;
import dev.sustain.document.PassesDocument;
import dev.sustain.document.RunDocument;
import dev.sustain.document.RunDocumentCodec;
import dev.sustain.input.CurveReader;
import dev.sustain.job.Job;
import dev.sustain.report.AnalysisJson;
import dev.sustain.run.RunAnalysis;
import dev.sustain.run.RunHeader;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * The one document {@code sustain share} sends for a run: the drive's model, capacity, firmware,
 * transport and link tier, the job, the analysis figures, a curve of at most {@link #MAX_POINTS}
 * points and Sustain's version. It is built from a whitelist, field by field, so nothing else of
 * run.json reaches it: never the serial (a hash stands for the drive, salted with the hub's public
 * challenge so two hubs see two different hashes), the host, user names, paths, file names or
 * notes. Stateless.
 */
public final class ShareDocument {

  /** The schema word every document carries and the hub checks first. */
  public static final String SCHEMA = "sustain-share/1";

  /** The most curve points a document holds: enough for a chart, little for a hub to store. */
  public static final int MAX_POINTS = 2000;

  /**
   * What a dry run prints for the drive's hash: it is salted by the hub's challenge, and a dry run
   * asks the hub nothing.
   */
  public static final String DRIVE_HASH_WHEN_SENT =
      "(made when sent: SHA-256 of the hub's challenge, the model and the serial)";

  /** What a dry run prints for the run's hash, for the same reason. */
  public static final String RUN_HASH_WHEN_SENT =
      "(made when sent: SHA-256 of the hub's challenge, the serial, the run id and its start)";

  private ShareDocument() {}

  /**
   * The document of the run in {@code folder} for the hub whose public challenge is {@code
   * hubSalt}; with a null salt (a dry run, which reaches no hub) the two hashes are words saying
   * how they are made, and every other field is what would be sent.
   *
   * @throws IllegalArgumentException with one line for a user when the run cannot be shared
   */
  public static ObjectNode build(Path folder, String hubSalt) throws IOException {
    RunDocument run = read(folder);
    RunDocument.Device device = shareableDevice(folder, run);
    String model = nonBlank(device.model());
    String serial = serial(folder, device);
    AnalysisDocument analysis = analysis(folder);
    if (analysis.target().isPresent()) {
      throw new IllegalArgumentException(
          folder + " measured " + analysis.target().get() + ", not a drive: not shared");
    }
    ObjectNode doc = JsonNodeFactory.instance.objectNode();
    doc.put("schema", SCHEMA);
    doc.put("sustain_version", RunHeader.TOOL_VERSION);
    doc.put(
        "run_hash",
        hubSalt == null
            ? RUN_HASH_WHEN_SENT
            : sha256(hubSalt, serial, run.runId().orElse(""), run.started().orElse("")));
    ObjectNode drive = doc.putObject("drive");
    drive.put("hash", hubSalt == null ? DRIVE_HASH_WHEN_SENT : sha256(hubSalt, model, serial));
    drive.put("model", model);
    drive.put("capacity_bytes", capacityBytes(run));
    drive.put("firmware", nonBlank(device.firmware()));
    drive.put("transport", nonBlank(device.transport()));
    drive.put("link_tier", LinkTier.of(device.linkSignal()));
    job(doc.putObject("job"), Job.of(run));
    ObjectNode result = doc.putObject("result");
    result.put("bytes", run.result().bytes().orElse(0));
    result.put("seconds", run.result().seconds().orElse(0));
    result.put("average_MBps", run.result().averageMBps().orElse(0));
    ObjectNode figures = doc.putObject("analysis");
    figure(figures, "burst_MBps", analysis.burstMBps());
    figure(figures, "cache_GB", analysis.cacheGB());
    figure(figures, "floor_MBps", analysis.floorMBps());
    figures.put("shape", analysis.shape().orElse("unknown"));
    figures.put("recovery_cause", recoveryCause(folder));
    ObjectNode before = doc.putObject("before");
    OptionalLong free =
        run.before().map(RunDocument.Before::freeBytes).orElse(OptionalLong.empty());
    if (free.isPresent()) {
      before.put("free_bytes", free.getAsLong());
    } else {
      before.putNull("free_bytes");
    }
    curve(doc.putObject("curve"), CurveReader.readRunFolder(folder).series());
    return doc;
  }

  /**
   * The drive's size: as the run saw it before it started, else as the probes gave it (0 when
   * neither knows it), the capacity a hub groups a model's drives by.
   */
  static long capacityBytes(RunDocument run) {
    long before =
        run.before().map(RunDocument.Before::capacityBytes).orElse(OptionalLong.empty()).orElse(0);
    return before > 0
        ? before
        : run.target()
            .device()
            .map(RunDocument.Device::sizeBytes)
            .orElse(OptionalLong.empty())
            .orElse(0);
  }

  /**
   * A figure of analysis.json as analysis.json wrote it: a whole number without a point (its writer
   * strips trailing zeros, so 120.0 is written 120), so the document keeps the form the hub has
   * always been sent.
   */
  private static void figure(ObjectNode o, String name, OptionalDouble v) {
    if (v.isEmpty()) {
      o.putNull(name);
    } else if (v.getAsDouble() == Math.rint(v.getAsDouble())
        && Math.abs(v.getAsDouble()) < 0x1p62) {
      o.put(name, (long) v.getAsDouble());
    } else {
      o.put(name, v.getAsDouble());
    }
  }

  /**
   * The drive of a run that may be shared: a complete run of a named drive model.
   *
   * @throws IllegalArgumentException with one line for a user when the run cannot be shared
   */
  private static RunDocument.Device shareableDevice(Path folder, RunDocument run) {
    String status = run.result().status().orElse("");
    if (!status.equals("complete")) {
      throw new IllegalArgumentException(
          folder
              + " is not a complete run (status "
              + (status.isEmpty() ? "unknown" : status)
              + "): only complete runs are shared");
    }
    Optional<RunDocument.Device> device = run.target().device();
    if (device.isEmpty() || nonBlank(device.get().model()) == null) {
      throw new IllegalArgumentException(
          folder + " names no drive model (a file system over no known drive): nothing to share");
    }
    return device.get();
  }

  /**
   * The serial, or the drive's identity key: what tells the drive from others of its model.
   *
   * @throws IllegalArgumentException with one line for a user when there is neither
   */
  private static String serial(Path folder, RunDocument.Device device) {
    String serial = nonBlank(device.serial());
    if (serial == null) {
      serial = nonBlank(device.identityKey());
    }
    if (serial == null) {
      throw new IllegalArgumentException(
          folder + " has no serial to tell this drive from others of its model: not shared");
    }
    return serial;
  }

  private static void job(ObjectNode o, Job job) {
    o.put("key", job.key());
    o.put("label", job.label());
    o.put("command", job.command());
    if (job.requestBytes().isPresent()) {
      o.put("request_bytes", job.requestBytes().getAsLong());
    } else {
      o.putNull("request_bytes");
    }
    if (job.queueDepth().isPresent()) {
      o.put("queue_depth", job.queueDepth().getAsInt());
    } else {
      o.putNull("queue_depth");
    }
    o.put("io", job.io().orElse(null));
    o.put("pattern", job.pattern().orElse(null));
    o.put("engine", job.engine().orElse(null));
    o.put("target_kind", job.targetKind().orElse(null));
  }

  /**
   * The curve as (end time, rate) points, consecutive intervals merged into equal runs of rows so
   * that each point's rate is its rows' bytes over their time: the area under the points is the
   * run's bytes, which the hub checks against the result.
   */
  static void curve(ObjectNode o, SampleSeries s) {
    ArrayNode t = o.putArray("t_s");
    ArrayNode r = o.putArray("MBps");
    int n = s.size();
    int per = Math.max(1, (n + MAX_POINTS - 1) / MAX_POINTS);
    double start = n == 0 ? 0 : s.startSeconds(0);
    for (int i = 0; i < n; i += per) {
      int end = Math.min(n, i + per);
      long bytes = 0;
      for (int k = i; k < end; k++) {
        bytes += s.bytes(k);
      }
      double t0 = i == 0 ? start : s.timeSeconds(i - 1);
      double t1 = s.timeSeconds(end - 1);
      t.add(round(t1 - start, 3));
      r.add(round(t1 > t0 ? bytes / (t1 - t0) / 1e6 : 0, 3));
    }
  }

  private static String recoveryCause(Path folder) throws IOException {
    Path parent = folder.toAbsolutePath().normalize().getParent();
    if (parent == null || !Files.isRegularFile(parent.resolve(PassesCodec.FILE))) {
      return null;
    }
    String name = folder.toAbsolutePath().normalize().getFileName().toString();
    for (PassesDocument.Pass p : PassesCodec.read(parent).passes()) {
      String f = p.runFolder();
      if ((f.endsWith("/" + name) || f.equals(name)) && p.cause().isPresent()) {
        return p.cause().get();
      }
    }
    return null;
  }

  /** The run's analysis.json, or the analysis of its curve when it has none (an imported run). */
  private static AnalysisDocument analysis(Path folder) throws IOException {
    Optional<AnalysisDocument> file;
    try {
      file = AnalysisDocumentCodec.read(folder);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(
          folder.resolve(AnalysisDocumentCodec.FILE) + " is not JSON: " + e.getOriginalMessage());
    }
    if (file.isPresent()) {
      return file.get();
    }
    return AnalysisDocumentCodec.decode(
        AnalysisJson.toNode(RunAnalysis.of(CurveReader.readRunFolder(folder), null, -1)),
        folder.toString());
  }

  private static RunDocument read(Path folder) throws IOException {
    try {
      return RunDocumentCodec.read(folder);
    } catch (NoSuchFileException e) {
      throw new IllegalArgumentException(folder + " is not a run folder (no run.json)");
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(
          RunDocumentCodec.fileOf(folder) + " is not JSON: " + e.getOriginalMessage());
    }
  }

  /** The text stripped, or null when there is none or it is blank. */
  private static String nonBlank(Optional<String> text) {
    return text.map(String::strip).filter(t -> !t.isEmpty()).orElse(null);
  }

  private static BigDecimal round(double v, int decimals) {
    BigDecimal d = BigDecimal.valueOf(v).setScale(decimals, RoundingMode.HALF_UP);
    d = d.stripTrailingZeros();
    return d.scale() < 0 ? d.setScale(0) : d;
  }

  /** SHA-256 of the parts joined by newlines, in lower-case hex. */
  public static String sha256(String... parts) {
    try {
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      return HexFormat.of()
          .formatHex(md.digest(String.join("\n", parts).getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }
}
