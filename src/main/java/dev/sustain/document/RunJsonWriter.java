package dev.sustain.document;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.document.RunDocument.Before;
import dev.sustain.document.RunDocument.IntervalRates;
import dev.sustain.document.RunDocument.Layout;
import dev.sustain.document.RunDocument.Registration;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * The one writer of run.json's keys for the header, the request parameters, the running result and
 * write's own parts (docs/FORMATS.md, "run.json"), in the order the format lays them out. A run
 * holds the tree it gets from {@link #header} as a handle and hands it back with records; it never
 * names a key. Figures are rounded once, here ({@link #round}).
 */
public final class RunJsonWriter {

  private static final ObjectMapper JSON = new ObjectMapper();

  private RunJsonWriter() {}

  /** The program and the machine that write a folder. */
  public record Header(String toolVersion, String java, String host, long pid, int cpuCores) {}

  /**
   * The request parameters every command doing I/O records alike.
   *
   * @param intervalNanos the sampling interval
   * @param buffered through the page cache (run.json says {@code direct} and {@code buffered})
   */
  public record Io(
      int blockBytes, int queueDepth, long intervalNanos, boolean buffered, String engine) {}

  /**
   * What a write was asked beside its requests.
   *
   * @param sizeBytes the size to write, empty when only a time was given
   * @param timeSeconds the time to write, empty when only a size was given
   * @param until {@code floor} or {@code full}, empty without {@code --until}
   */
  public record WriteAsked(
      OptionalLong sizeBytes,
      OptionalDouble timeSeconds,
      Io io,
      String pattern,
      boolean keep,
      Optional<String> until) {}

  /**
   * How a run ended, for its result.
   *
   * @param rates the interval rates, empty for a command that has none
   * @param testFileKept empty for a command without a test file
   */
  public record End(
      long bytes,
      double seconds,
      double averageMBps,
      double flushSeconds,
      String status,
      Optional<String> error,
      Optional<IntervalRates> rates,
      Optional<Boolean> testFileKept) {}

  /** The header of a run of {@code command}: {@code version, command, tool, run_id, host...}. */
  public static ObjectNode header(String command, String runId, Header h) {
    ObjectNode root = JsonNodeFactory.instance.objectNode();
    root.put("version", RunDocumentCodec.VERSION);
    root.put("command", command);
    ObjectNode tool = root.putObject("tool");
    tool.put("name", "sustain");
    tool.put("version", h.toolVersion());
    tool.put("java", h.java());
    root.put("run_id", runId);
    root.put("host", h.host());
    // clean and the store tell a killed run from a live one by its process.
    root.put("pid", h.pid());
    // The analysis reads "one core at 100%" against the cores there were (the CPU-bound case).
    root.put("cpu_cores", h.cpuCores());
    return root;
  }

  /** Puts the request parameters in run.json's order: {@code bs_bytes, qd, interval_s, ...}. */
  public static void putIo(ObjectNode params, Io io) {
    params.put("bs_bytes", io.blockBytes());
    params.put("qd", io.queueDepth());
    params.put("interval_s", io.intervalNanos() / 1e9);
    params.put("direct", !io.buffered());
    params.put("buffered", io.buffered());
    params.put("engine", io.engine());
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
    result.put("status", "running");
    result.putNull("error");
    return result;
  }

  /** Puts {@code field} as text, or as JSON null when there is none. */
  public static void putText(ObjectNode node, String field, String text) {
    if (text == null) {
      node.putNull(field);
    } else {
      node.put(field, text);
    }
  }

  /** A figure rounded half up to {@code decimals}, as the number reads; 0 when not finite. */
  public static double round(double v, int decimals) {
    if (!Double.isFinite(v)) {
      return 0;
    }
    return BigDecimal.valueOf(v).setScale(decimals, RoundingMode.HALF_UP).doubleValue();
  }

  /**
   * Puts write's target: {@code path, kind}, then {@code test_file} and {@code device} (each null
   * where the other applies), so both keys are there for every write.
   *
   * @param testFile the file written on a file system, or empty for a raw device
   * @param device the raw device's facts, or empty on a file system
   */
  public static void putWriteTarget(
      ObjectNode root, String path, Optional<String> testFile, Optional<Map<String, ?>> device) {
    ObjectNode target = root.putObject("target");
    target.put("path", path);
    target.put("kind", testFile.isPresent() ? "file" : "device");
    putText(target, "test_file", testFile.orElse(null));
    if (device.isPresent()) {
      target.set("device", JSON.valueToTree(device.get()));
    } else {
      target.putNull("device");
    }
  }

  /** Puts write's params: the size or time asked, the requests, the pattern, keep and until. */
  public static void putWriteParams(ObjectNode root, WriteAsked asked) {
    ObjectNode params = root.putObject("params");
    if (asked.sizeBytes().isPresent()) {
      params.put("size_bytes", asked.sizeBytes().getAsLong());
    } else {
      params.putNull("size_bytes");
    }
    if (asked.timeSeconds().isPresent()) {
      params.put("time_s", asked.timeSeconds().getAsDouble());
    } else {
      params.putNull("time_s");
    }
    putIo(params, asked.io());
    params.put("pattern", asked.pattern());
    params.put("keep", asked.keep());
    asked.until().ifPresent(until -> params.put("until", until));
  }

  /** Puts the drive as the device probes know it into {@code target.device}. */
  public static void putDevice(ObjectNode root, Map<String, ?> device) {
    target(root).set("device", JSON.valueToTree(device));
  }

  /** Puts the layers from the target down to the drive into {@code target.stack}. */
  public static void putStack(ObjectNode root, List<? extends Map<String, ?>> layers) {
    target(root).set("stack", JSON.valueToTree(layers));
  }

  /** Puts the file system that holds the target into {@code target.filesystem}. */
  public static void putFileSystem(ObjectNode root, Map<String, ?> fileSystem) {
    target(root).set("filesystem", JSON.valueToTree(fileSystem));
  }

  /** Puts why there is no drive under the target into {@code target.no_device}. */
  public static void putNoDevice(ObjectNode root, String why) {
    target(root).put("no_device", why);
  }

  /** Puts the size of the raw device written into {@code target.target_size_bytes}. */
  public static void putTargetSize(ObjectNode root, long bytes) {
    target(root).put("target_size_bytes", bytes);
  }

  /** Puts the id verify finds the run's blocks by into {@code params.pattern_id}. */
  public static void putPatternId(ObjectNode root, String idHex) {
    ((ObjectNode) root.get("params")).put("pattern_id", idHex);
  }

  /** Puts how the test file was laid out into {@code result}: layout, layout_s, layout_note. */
  public static void putLayout(ObjectNode root, Layout layout) {
    ObjectNode result = result(root);
    result.put("layout", layout.kind());
    putDouble(result, "layout_s", layout.seconds(), 3);
    putText(result, "layout_note", layout.note().orElse(null));
  }

  /** Puts {@code before}: free_bytes, capacity_bytes, temp_C (1 decimal) and idle_s. */
  public static void putBefore(ObjectNode root, Before b) {
    ObjectNode before = root.putObject("before");
    putLong(before, "free_bytes", b.freeBytes());
    putLong(before, "capacity_bytes", b.capacityBytes());
    putDouble(before, "temp_C", b.tempC(), 1);
    putDouble(before, "idle_s", b.idleSeconds(), 3);
  }

  /** Puts what the engine registered with the kernel: fixed_buffers and fixed_file. */
  public static void putRegistration(ObjectNode root, Registration r) {
    ObjectNode result = result(root);
    result.put("fixed_buffers", r.fixedBuffers());
    result.put("fixed_file", r.fixedFile());
  }

  /** Puts when the first request completed, on samples.csv's clock, to the microsecond. */
  public static void putFirstCompletion(ObjectNode root, double seconds) {
    result(root).put("first_completion_s", round(seconds, 6));
  }

  /** Puts whether {@code --until floor} saw its floor. */
  public static void putFloorReached(ObjectNode root, boolean reached) {
    result(root).put("floor_reached", reached);
  }

  /** Fills in the end of the run: ended, and the result's figures and status. */
  public static void finish(ObjectNode root, End end, Instant ended) {
    root.put("ended", ended.toString());
    ObjectNode result = result(root);
    result.put("bytes", end.bytes());
    result.put("seconds", round(end.seconds(), 3));
    result.put("average_MBps", round(end.averageMBps(), 3));
    result.put("flush_s", round(end.flushSeconds(), 3));
    result.put("status", end.status());
    putText(result, "error", end.error().orElse(null));
    end.rates()
        .ifPresent(
            rates -> {
              ObjectNode stats = result.putObject("interval_MBps");
              stats.put("min", round(rates.minMBps(), 3));
              stats.put("median", round(rates.medianMBps(), 3));
              stats.put("max", round(rates.maxMBps(), 3));
            });
    end.testFileKept().ifPresent(kept -> result.put("test_file_kept", kept));
  }

  /**
   * Marks a run that ended on an unexpected failure before its end was written as {@code status}
   * (failed), with {@code error}; does nothing to a tree whose status is no longer {@code running}.
   *
   * @return true when it marked the run
   */
  public static boolean failUnfinished(ObjectNode root, String status, String error) {
    if (!(root.get("result") instanceof ObjectNode result)
        || !"running".equals(result.path("status").asText())) {
      return false;
    }
    root.put("ended", Instant.now().toString());
    result.put("status", status);
    putText(result, "error", error);
    return true;
  }

  /**
   * Marks a run whose process is gone before its end was written (killed, or crashed) as {@code
   * status}, with {@code error}; its {@code ended} stays empty, as nobody saw it end. Does nothing
   * to a tree whose status is no longer {@code running}.
   *
   * @return true when it marked the run
   */
  public static boolean markGone(ObjectNode root, String status, String error) {
    if (!(root.get("result") instanceof ObjectNode result)
        || !"running".equals(result.path("status").asText())) {
      return false;
    }
    result.put("status", status);
    putText(result, "error", error);
    return true;
  }

  private static ObjectNode target(ObjectNode root) {
    return (ObjectNode) root.get("target");
  }

  private static ObjectNode result(ObjectNode root) {
    return (ObjectNode) root.get("result");
  }

  private static void putLong(ObjectNode node, String field, OptionalLong v) {
    if (v.isPresent()) {
      node.put(field, v.getAsLong());
    } else {
      node.putNull(field);
    }
  }

  private static void putDouble(ObjectNode node, String field, OptionalDouble v, int decimals) {
    if (v.isPresent()) {
      node.put(field, round(v.getAsDouble(), decimals));
    } else {
      node.putNull(field);
    }
  }
}
