package dev.sustain.run;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.InetAddress;
import java.time.Instant;

/**
 * The one builder of run.json's header, for every command that keeps a run folder (write, fill,
 * copy, read, verify, sweep): {@code version, command, tool, run_id, host, pid, cpu_cores}, then
 * the command's own {@code target} and {@code params}, then {@code started, ended} and a {@code
 * result} that says {@code running} until the run ends. Also the one rounding of figures in it.
 */
public final class RunHeader {

  public static final String TOOL_VERSION = "0.1.0";

  private RunHeader() {}

  /** The header of a run of {@code command} on this host, in this process. */
  public static ObjectNode begin(String command, String runId) {
    ObjectNode root = JsonNodeFactory.instance.objectNode();
    root.put("version", RunFolder.FORMAT_VERSION);
    root.put("command", command);
    ObjectNode tool = root.putObject("tool");
    tool.put("name", "sustain");
    tool.put("version", TOOL_VERSION);
    tool.put("java", System.getProperty("java.version"));
    root.put("run_id", runId);
    root.put("host", hostName());
    // clean and the store tell a killed run from a live one by its process.
    root.put("pid", ProcessHandle.current().pid());
    // The analysis reads "one core at 100%" against the cores there were (the CPU-bound case).
    root.put("cpu_cores", Runtime.getRuntime().availableProcessors());
    return root;
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
    params.put("bs_bytes", blockBytes);
    params.put("qd", queueDepth);
    params.put("interval_s", intervalNanos / 1e9);
    params.put("direct", !buffered);
    params.put("buffered", buffered);
    params.put("engine", engine);
  }

  /**
   * Puts {@code started}, {@code ended} (null) and a result of nothing done yet with status {@code
   * running}; {@code withFlush} adds {@code flush_s} for the commands that flush what they wrote.
   *
   * @return the result object, for a command's own fields
   */
  public static ObjectNode running(ObjectNode root, Instant started, boolean withFlush) {
    root.put("started", started.toString());
    root.putNull("ended");
    ObjectNode result = root.putObject("result");
    result.put("bytes", 0);
    result.put("seconds", 0.0);
    result.put("average_MBps", 0.0);
    if (withFlush) {
      result.put("flush_s", 0.0);
    }
    result.put("status", RunStatus.RUNNING.word());
    result.putNull("error");
    return result;
  }

  /**
   * Puts {@code field} as text, or as JSON null when there is none (an error that did not occur).
   */
  public static void putText(ObjectNode node, String field, String text) {
    if (text == null) {
      node.putNull(field);
    } else {
      node.put(field, text);
    }
  }

  /** A figure for run.json: 3 decimals, half up, as the number reads; 0 when not finite. */
  public static double round(double v) {
    return round(v, 3);
  }

  /** A figure rounded half up to {@code decimals}, as the number reads; 0 when not finite. */
  public static double round(double v, int decimals) {
    if (!Double.isFinite(v)) {
      return 0;
    }
    return BigDecimal.valueOf(v).setScale(decimals, RoundingMode.HALF_UP).doubleValue();
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
