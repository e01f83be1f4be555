package dev.sustain.store;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.document.RunDocument;
import dev.sustain.document.RunDocumentCodec;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One run as the history keeps it: who (drive, host), what (command, parameters), when, how it
 * ended and what it measured. Figures are null where the run did not produce them (a verify has no
 * cache; a run without a cliff has no cache size). Rates in MB/s (10^6 B/s), cache in GB (10^9 B).
 * Immutable, thread-safe.
 *
 * @param runId a UUID; see {@link RunIds} for the one derived from a run folder
 * @param drive the drive written to
 * @param host the host name the run ran on
 * @param command write, fill, copy, verify, sweep (or import for an imported log)
 * @param paramsJson the run's parameters as a JSON object text, or null
 * @param started when the run started
 * @param ended when it ended, or null while running
 * @param status complete, interrupted, failed or killed; running while the run goes; as read from
 *     the history, a run recorded running whose process is gone is {@code killed}, and one that
 *     cannot be checked from here with no new row for a while is {@code stale} (see {@link
 *     RunLiveness})
 * @param error the error in words when it failed, or null
 * @param figures what it measured
 * @param analysisJson the whole analysis as JSON text, or null
 * @param runFolder the run folder's absolute path, or null for an imported log without one
 * @param source {@code run} when the runner recorded it, {@code import} when imported
 * @param toolVersion the Sustain version that made the run, or null
 * @param targetPath the path the run was given (a folder, file or device), or null when unknown
 * @param pid the process that ran it on {@code host}, or null when unknown (imported logs, runs
 *     recorded before the history kept it)
 * @param jobKey its job's {@link dev.sustain.job.Job#key}, as the history stores it (column {@code
 *     job_key}); null makes it from the command, parameters and target path ({@link RunJobs#key})
 */
public record RunRecord(
    String runId,
    Drive drive,
    String host,
    String command,
    String paramsJson,
    Instant started,
    Instant ended,
    String status,
    String error,
    Figures figures,
    String analysisJson,
    String runFolder,
    String source,
    String toolVersion,
    String targetPath,
    Long pid,
    String jobKey) {

  public RunRecord {
    Objects.requireNonNull(runId, "runId");
    Objects.requireNonNull(drive, "drive");
    Objects.requireNonNull(host, "host");
    Objects.requireNonNull(command, "command");
    Objects.requireNonNull(started, "started");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(source, "source");
    figures = figures == null ? Figures.NONE : figures;
    // Made once here (a run being recorded, a row of before V5 read in a test), so that listing
    // rows never parses their parameters.
    jobKey = jobKey == null ? RunJobs.key(command, paramsJson, targetPath) : jobKey;
  }

  /** The I/O engine the run used ({@code uring}, {@code threads}, {@code null}), or null. */
  public String engine() {
    return params().flatMap(RunDocument.Params::engine).orElse(null);
  }

  /** The request size in bytes, or null when the run had none or several (a sweep). */
  public Long blockBytes() {
    OptionalLong bs = params().map(RunDocument.Params::blockBytes).orElse(OptionalLong.empty());
    return bs.isPresent() ? bs.getAsLong() : null;
  }

  /**
   * True for a run that measured no drive: the null engine completes requests without doing I/O, so
   * its rates say nothing about where it "wrote".
   */
  public boolean measuredNoDrive() {
    return "null".equals(engine());
  }

  private Optional<RunDocument.Params> params() {
    return RunDocumentCodec.parseParams(paramsJson);
  }

  /** True for commands that write a long stream, whose floors can be compared run to run. */
  public boolean isWriteRun() {
    return switch (command) {
      case "write", "fill", "copy", "import" -> true;
      default -> false;
    };
  }

  /** Puts who ran what into {@code o}: run_id, drive, model, serial, host, command. */
  public void putIdentity(ObjectNode o) {
    o.put("run_id", runId);
    o.put("drive", drive.id());
    o.put("model", drive.model());
    o.put("serial", drive.serial());
    o.put("host", host);
    o.put("command", command);
  }

  /**
   * Puts the run's status into {@code o} as history --json and the API show it: status, the
   * status_note of a killed or stale run ({@link RunLiveness#note}), started and ended.
   */
  public void putStatus(ObjectNode o) {
    o.put("status", status);
    String note = RunLiveness.note(status);
    if (note != null) {
      o.put("status_note", note);
    }
    o.put("started", started.toString());
    o.put("ended", ended == null ? null : ended.toString());
  }

  /** Puts the run's figures into {@code o}, with the names history --json and the API use. */
  public void putFigures(ObjectNode o) {
    o.put("bytes", figures.bytes());
    o.put("seconds", figures.seconds());
    o.put("average_MBps", figures.averageMBps());
    o.put("burst_MBps", figures.burstMBps());
    o.put("cache_GB", figures.cacheGB());
    o.put("cliff_s", figures.cliffSeconds());
    o.put("floor_MBps", figures.floorMBps());
    o.put("after_cache_MBps", figures.afterCacheMBps());
    o.put("shape", figures.shape());
  }

  /**
   * What a run measured; any field may be null.
   *
   * @param bytes bytes written (or read, for verify)
   * @param seconds the run's time in seconds, flush included
   * @param averageMBps all bytes over all time
   * @param burstMBps the rate at the start
   * @param cacheGB GB written before the cliff; null without a cliff
   * @param cliffSeconds seconds to the cliff; null without a cliff
   * @param floorMBps the sustained rate after the drop (the whole run when flat)
   * @param afterCacheMBps the mean from the cliff to the end
   * @param shape flat, cache-cliff, thermal-throttle, gc-erratic, smr-stalls or hdd-zoned
   */
  public record Figures(
      Long bytes,
      Double seconds,
      Double averageMBps,
      Double burstMBps,
      Double cacheGB,
      Double cliffSeconds,
      Double floorMBps,
      Double afterCacheMBps,
      String shape) {

    public static final Figures NONE =
        new Figures(null, null, null, null, null, null, null, null, null);
  }
}
