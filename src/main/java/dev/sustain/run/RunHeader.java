package dev.sustain.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.document.RunJsonWriter;
import java.net.InetAddress;
import java.time.Instant;

/**
 * The one builder of run.json's header, for every command that keeps a run folder (write, fill,
 * copy, read, verify, sweep): {@code version, command, tool, run_id, host, pid, cpu_cores}, then
 * the command's own {@code target} and {@code params}, then {@code started, ended} and a {@code
 * result} that says {@code running} until the run ends. Also the one rounding of figures in it. The
 * keys are written by {@link RunJsonWriter}; this class supplies this host and process.
 */
public final class RunHeader {

  public static final String TOOL_VERSION = "0.1.0";

  private RunHeader() {}

  /** The header of a run of {@code command} on this host, in this process. */
  public static ObjectNode begin(String command, String runId) {
    return RunJsonWriter.header(
        command,
        runId,
        new RunJsonWriter.Header(
            TOOL_VERSION,
            System.getProperty("java.version"),
            hostName(),
            ProcessHandle.current().pid(),
            Runtime.getRuntime().availableProcessors()));
  }

  /**
   * Puts the request parameters every command doing I/O records alike, in run.json's order: {@code
   * bs_bytes, qd, interval_s, direct, buffered, engine}.
   */
  public static void putIo(
      ObjectNode params,
      int blockBytes,
      int queueDepth,
      long intervalNanos,
      boolean buffered,
      String engine) {
    RunJsonWriter.putIo(
        params, new RunJsonWriter.Io(blockBytes, queueDepth, intervalNanos, buffered, engine));
  }

  /**
   * Puts {@code started}, {@code ended} (null) and a result of nothing done yet with status {@code
   * running}; {@code withFlush} adds {@code flush_s} for the commands that flush what they wrote.
   *
   * @return the result object, for a command's own fields
   */
  public static ObjectNode running(ObjectNode root, Instant started, boolean withFlush) {
    return RunJsonWriter.running(root, started, withFlush);
  }

  /**
   * Puts {@code field} as text, or as JSON null when there is none (an error that did not occur).
   */
  public static void putText(ObjectNode node, String field, String text) {
    RunJsonWriter.putText(node, field, text);
  }

  /** A figure for run.json: 3 decimals, half up, as the number reads; 0 when not finite. */
  public static double round(double v) {
    return round(v, 3);
  }

  /** A figure rounded half up to {@code decimals}, as the number reads; 0 when not finite. */
  public static double round(double v, int decimals) {
    return RunJsonWriter.round(v, decimals);
  }

  /** This machine's name, for run.json's {@code host}. */
  public static String hostName() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (java.io.IOException e) {
      String env = System.getenv("HOSTNAME");
      return env != null ? env : "unknown";
    }
  }
}
