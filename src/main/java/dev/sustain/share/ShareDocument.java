package dev.sustain.share;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.analysis.SampleSeries;
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

  private static final ObjectMapper JSON = new ObjectMapper();

  private ShareDocument() {}

  /**
   * The document of the run in {@code folder} for the hub whose public challenge is {@code
   * hubSalt}; with a null salt (a dry run, which reaches no hub) the two hashes are words saying
   * how they are made, and every other field is what would be sent.
   *
   * @throws IllegalArgumentException with one line for a user when the run cannot be shared
   */
  public static ObjectNode build(Path folder, String hubSalt) throws IOException {
    JsonNode run = read(folder.resolve("run.json"), folder);
    JsonNode device = run.path("target").path("device");
    String serial = serialOfShareable(folder, run, device);
    String model = text(device, "model");
    JsonNode analysis = analysis(folder);
    if (analysis.hasNonNull("target")) {
      throw new IllegalArgumentException(
          folder + " measured " + analysis.path("target").asText() + ", not a drive: not shared");
    }
    ObjectNode doc = JsonNodeFactory.instance.objectNode();
    doc.put("schema", SCHEMA);
    doc.put("sustain_version", RunHeader.TOOL_VERSION);
    doc.put(
        "run_hash",
        hubSalt == null
            ? RUN_HASH_WHEN_SENT
            : sha256(
                hubSalt, serial, run.path("run_id").asText(""), run.path("started").asText("")));
    ObjectNode drive = doc.putObject("drive");
    drive.put("hash", hubSalt == null ? DRIVE_HASH_WHEN_SENT : sha256(hubSalt, model, serial));
    drive.put("model", model.strip());
    long capacity = run.path("before").path("capacity_bytes").asLong(0);
    drive.put("capacity_bytes", capacity > 0 ? capacity : device.path("size_bytes").asLong(0));
    drive.put("firmware", text(device, "firmware"));
    drive.put("transport", text(device, "transport"));
    drive.put("link_tier", LinkTier.of(device.get("link")));
    job(doc.putObject("job"), Job.of(run));
    ObjectNode result = doc.putObject("result");
    result.put("bytes", run.path("result").path("bytes").asLong());
    result.put("seconds", run.path("result").path("seconds").asDouble());
    result.put("average_MBps", run.path("result").path("average_MBps").asDouble());
    ObjectNode figures = doc.putObject("analysis");
    for (String f : new String[] {"burst_MBps", "cache_GB", "floor_MBps"}) {
      JsonNode v = analysis.get(f);
      figures.set(f, v != null && v.isNumber() ? v : JsonNodeFactory.instance.nullNode());
    }
    figures.put("shape", analysis.path("shape").asText("unknown"));
    figures.put("recovery_cause", recoveryCause(folder));
    ObjectNode before = doc.putObject("before");
    JsonNode free = run.path("before").path("free_bytes");
    before.set("free_bytes", free.isNumber() ? free : JsonNodeFactory.instance.nullNode());
    curve(doc.putObject("curve"), CurveReader.readRunFolder(folder).series());
    return doc;
  }

  /**
   * The serial (or the drive's identity key) of a run that may be shared: a complete run of a named
   * drive model with something that tells the drive from others of its model.
   *
   * @throws IllegalArgumentException with one line for a user when the run cannot be shared
   */
  private static String serialOfShareable(Path folder, JsonNode run, JsonNode device) {
    String status = run.path("result").path("status").asText("");
    if (!status.equals("complete")) {
      throw new IllegalArgumentException(
          folder
              + " is not a complete run (status "
              + (status.isEmpty() ? "unknown" : status)
              + "): only complete runs are shared");
    }
    String model = text(device, "model");
    if (model == null) {
      throw new IllegalArgumentException(
          folder + " names no drive model (a file system over no known drive): nothing to share");
    }
    String serial = text(device, "serial");
    if (serial == null) {
      serial = text(device.path("identity"), "key");
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
    Path passes = parent == null ? null : parent.resolve("passes.json");
    if (passes == null || !Files.isRegularFile(passes)) {
      return null;
    }
    String name = folder.toAbsolutePath().normalize().getFileName().toString();
    for (JsonNode p : JSON.readTree(passes.toFile()).path("passes")) {
      String f = p.path("run_folder").asText("");
      if ((f.endsWith("/" + name) || f.equals(name)) && p.path("cause").isTextual()) {
        return p.path("cause").asText();
      }
    }
    return null;
  }

  private static JsonNode analysis(Path folder) throws IOException {
    Path file = folder.resolve("analysis.json");
    if (Files.isRegularFile(file)) {
      return JSON.readTree(file.toFile());
    }
    return AnalysisJson.toNode(RunAnalysis.of(CurveReader.readRunFolder(folder), null, -1));
  }

  private static JsonNode read(Path file, Path folder) throws IOException {
    try {
      return JSON.readTree(Files.readString(file, StandardCharsets.UTF_8));
    } catch (NoSuchFileException e) {
      throw new IllegalArgumentException(folder + " is not a run folder (no run.json)");
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalArgumentException(file + " is not JSON: " + e.getOriginalMessage());
    }
  }

  private static String text(JsonNode n, String field) {
    JsonNode v = n.get(field);
    return v != null && v.isTextual() && !v.asText().isBlank() ? v.asText().strip() : null;
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
