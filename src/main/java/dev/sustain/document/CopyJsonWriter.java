package dev.sustain.document;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The one writer of copy's own keys in run.json (docs/FORMATS.md, "run.json"): its target and
 * params, one entry per pass in {@code passes}, its result and the words comparing the passes. A
 * copy hands records to it and names no key; the header and the running result are {@link
 * RunJsonWriter}'s.
 */
public final class CopyJsonWriter {

  private CopyJsonWriter() {}

  /**
   * What a copy was asked.
   *
   * @param destination the folder the passes are copied into (run.json's {@code target.path})
   * @param cooldownSeconds the pause between passes, 0 for none
   * @param bufferBytes the size of each read and write of the copy
   * @param intervalNanos the sampling interval
   * @param files the files of one pass
   * @param bytesPerPass the bytes of one pass
   */
  public record Asked(
      String source,
      String destination,
      int repeat,
      double cooldownSeconds,
      int bufferBytes,
      long intervalNanos,
      boolean keep,
      int files,
      long bytesPerPass) {}

  /**
   * One pass as it ended.
   *
   * @param readCache how the read-back avoided the page cache: {@code direct}, {@code dropped} or
   *     {@code cached} (neither worked)
   * @param firstProblem the first file that did not read back as written, empty when all did
   * @param writeStartSeconds where the pass's writes begin on samples.csv's clock
   * @param readStartSeconds where its read-back begins
   */
  public record Pass(
      int pass,
      int files,
      long bytes,
      double writeMBps,
      double writeSeconds,
      double flushSeconds,
      double readMBps,
      double readSeconds,
      String readCache,
      boolean verified,
      int problems,
      Optional<String> firstProblem,
      double writeStartSeconds,
      double readStartSeconds) {}

  /**
   * How a copy ended.
   *
   * @param bytes the bytes every pass wrote
   * @param seconds the run's time, samples.csv's last time_s
   * @param writeSeconds its write phases' time (each pass's writes and flush)
   * @param verified every pass that finished read back as written
   * @param comparison sentences comparing the passes
   */
  public record End(
      long bytes,
      double seconds,
      double writeSeconds,
      String status,
      Optional<String> error,
      boolean verified,
      List<String> comparison) {

    public End {
      comparison = List.copyOf(comparison);
    }
  }

  /**
   * Puts the copy's target ({@code path, kind, source, device}) and params after the header, then
   * the running result ({@link RunJsonWriter#running}) and an empty list of passes.
   */
  public static void start(ObjectNode root, Asked asked, Instant started) {
    ObjectNode target = root.putObject("target");
    target.put("path", asked.destination());
    target.put("kind", "folder");
    target.put("source", asked.source());
    target.putNull("device");
    ObjectNode p = root.putObject("params");
    p.put("repeat", asked.repeat());
    p.put("cooldown_s", asked.cooldownSeconds());
    p.put("buffer_bytes", asked.bufferBytes());
    p.put("interval_s", asked.intervalNanos() / 1e9);
    p.put("keep", asked.keep());
    p.put("files", asked.files());
    p.put("bytes_per_pass", asked.bytesPerPass());
    RunJsonWriter.running(root, started, false);
    root.putArray("passes");
  }

  /** Adds a pass that ended to run.json's {@code passes}. */
  public static void addPass(ObjectNode root, Pass pass) {
    ((ArrayNode) root.get("passes")).add(pass(pass));
  }

  /** One pass as JSON: the shape of run.json's {@code passes} and of {@code copy --json}. */
  public static ObjectNode pass(Pass r) {
    ObjectNode n = JsonNodeFactory.instance.objectNode();
    n.put("pass", r.pass());
    n.put("files", r.files());
    n.put("bytes", r.bytes());
    n.put("write_MBps", round(r.writeMBps()));
    n.put("write_s", round(r.writeSeconds()));
    n.put("flush_s", round(r.flushSeconds()));
    n.put("read_MBps", round(r.readMBps()));
    n.put("read_s", round(r.readSeconds()));
    n.put("read_cache", r.readCache());
    n.put("verified", r.verified());
    n.put("problems", r.problems());
    RunJsonWriter.putText(n, "first_problem", r.firstProblem().orElse(null));
    n.put("write_start_s", round(r.writeStartSeconds()));
    n.put("read_start_s", round(r.readStartSeconds()));
    return n;
  }

  /**
   * Fills in the end of the copy: ended, the result's figures and status, and the comparison. Its
   * write average is its write phases' bytes over their time: the read-backs, removals and
   * cooldowns are not writing.
   */
  public static void finish(ObjectNode root, End end, Instant ended) {
    root.put("ended", ended.toString());
    ObjectNode result = (ObjectNode) root.get("result");
    result.put("bytes", end.bytes());
    result.put("seconds", round(end.seconds()));
    result.put("write_s", round(end.writeSeconds()));
    result.put(
        "average_MBps", round(end.writeSeconds() > 0 ? end.bytes() / end.writeSeconds() / 1e6 : 0));
    result.put("status", end.status());
    RunJsonWriter.putText(result, "error", end.error().orElse(null));
    result.put("verified", end.verified());
    ArrayNode words = root.putArray("comparison");
    end.comparison().forEach(words::add);
  }

  private static double round(double v) {
    return RunJsonWriter.round(v, 3);
  }
}
