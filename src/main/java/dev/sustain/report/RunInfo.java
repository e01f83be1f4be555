package dev.sustain.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sustain.unit.Durations;
import dev.sustain.unit.Units;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a run folder's {@code run.json} says about the drive and the run, for titles, labels and the
 * parameters table of a report. Everything is optional: an imported CSV or fio log has none of it
 * ({@link #NONE}). Immutable.
 *
 * @param model the device model, empty when unknown
 * @param serial the device serial, empty when unknown
 * @param device the device facts for people, in display order (name, size, rotational...)
 * @param params the run's parameters for people, in display order (size, block size, QD...)
 * @param summary a short line of the parameters for a title: {@code 1 MiB blocks, QD 32, direct}
 * @param context what the run was asked, what ended it and what its target is, for the words
 */
public record RunInfo(
    String model,
    String serial,
    Map<String, String> device,
    Map<String, String> params,
    String summary,
    RunContext context) {

  /** Nothing known: an imported curve. */
  public static final RunInfo NONE = new RunInfo("", "", Map.of(), Map.of(), "", RunContext.NONE);

  private static final ObjectMapper JSON = new ObjectMapper();

  public RunInfo {
    device = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(device));
    params = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(params));
  }

  /**
   * Reads the run.json of the run folder {@code input} (or beside its samples.csv); {@link #NONE}
   * when there is none or it cannot be read (the curve reader reports a broken run.json).
   */
  public static RunInfo read(Path input) {
    Path runJson = runJsonOf(input);
    if (runJson == null) {
      return NONE;
    }
    try {
      return of(JSON.readTree(Files.readString(runJson, StandardCharsets.UTF_8)));
    } catch (IOException e) {
      return NONE;
    }
  }

  /** The run.json of the run folder {@code input} (or beside its samples.csv), or null. */
  public static Path runJsonOf(Path input) {
    Path runJson = null;
    if (Files.isDirectory(input)) {
      runJson = input.resolve("run.json");
    } else {
      Path parent = input.toAbsolutePath().getParent();
      if (parent != null && input.getFileName().toString().equals("samples.csv")) {
        runJson = parent.resolve("run.json");
      }
    }
    return runJson != null && Files.isRegularFile(runJson) ? runJson : null;
  }

  /** The facts of a parsed run.json. */
  public static RunInfo of(JsonNode run) {
    JsonNode target = run.path("target");
    JsonNode d = target.path("device");
    String model = text(d, "model");
    String serial = text(d, "serial");
    Map<String, String> device = new LinkedHashMap<>();
    put(device, "model", model);
    put(device, "serial", serial);
    put(device, "device", text(d, "name").isEmpty() ? text(d, "path") : "/dev/" + text(d, "name"));
    if (d.path("size_bytes").isNumber()) {
      device.put("size", Units.decimalBytes(d.path("size_bytes").asLong()));
    }
    if (d.path("rotational").isBoolean()) {
      device.put("media", d.path("rotational").asBoolean() ? "spinning disk" : "SSD");
    }
    put(device, "firmware", text(d, "firmware"));
    put(device, "transport", text(d, "transport"));
    put(device, "link", text(d.path("link"), "description"));
    double ceiling =
        d.path("link_ceiling_MBps").asDouble(d.path("link").path("ceiling_MBps").asDouble(0));
    if (ceiling > 0) {
      device.put("link ceiling", Units.rate(ceiling));
    }
    put(device, "temperature from", text(d, "temperature_source"));
    if (d.path("discard").isBoolean()) {
      device.put("discard (TRIM)", d.path("discard").asBoolean() ? "yes" : "no");
    }
    put(device, "target", text(target, "path"));
    put(device, "target kind", text(target, "kind"));
    put(device, "host", text(run, "host"));

    JsonNode p = run.path("params");
    Map<String, String> params = new LinkedHashMap<>();
    StringBuilder summary = new StringBuilder();
    if (p.path("size_bytes").isNumber()) {
      long size = p.path("size_bytes").asLong();
      params.put("size", Units.binaryBytes(size) + " (" + Units.decimalBytes(size) + ")");
      summary.append(Units.binaryBytes(size));
    } else if (p.path("time_s").isNumber()) {
      params.put("time", Durations.format(p.path("time_s").asDouble()));
      summary.append(Durations.format(p.path("time_s").asDouble()));
    }
    if (p.path("bs_bytes").isNumber()) {
      String bs = Units.binaryBytes(p.path("bs_bytes").asLong());
      params.put("block size", bs);
      sep(summary).append(bs).append(" blocks");
    }
    if (p.path("qd").isNumber()) {
      params.put("queue depth", Integer.toString(p.path("qd").asInt()));
      sep(summary).append("QD ").append(p.path("qd").asInt());
    }
    if (p.path("buffered").isBoolean()) {
      String io = p.path("buffered").asBoolean() ? "buffered" : "direct";
      params.put("I/O", io);
      sep(summary).append(io);
    }
    put(params, "engine", text(p, "engine"));
    String pattern = text(p, "pattern");
    put(params, "data", pattern);
    if (!pattern.isEmpty()) {
      sep(summary).append(pattern).append(" data");
    }
    if (p.path("interval_s").isNumber()) {
      params.put("sample interval", Units.plain(p.path("interval_s").asDouble(), 3) + " s");
    }
    put(params, "until", text(p, "until"));
    put(params, "started", text(run, "started"));
    put(params, "ended", text(run, "ended"));
    JsonNode result = run.path("result");
    put(params, "status", text(result, "status"));
    if (result.path("flush_s").isNumber() && result.path("flush_s").asDouble() > 0) {
      double flushSeconds = result.path("flush_s").asDouble();
      // Below a second in ms: a 0.016 s flush rounded to one decimal of seconds read "0 s".
      params.put(
          "flush",
          flushSeconds < 1
              ? Units.plain(flushSeconds * 1000, flushSeconds < 0.01 ? 1 : 0) + " ms"
              : Units.plain(flushSeconds, 1) + " s");
    }
    put(params, "error", text(result, "error"));
    put(params, "tool", text(run.path("tool"), "name") + " " + text(run.path("tool"), "version"));
    return new RunInfo(model, serial, device, params, summary.toString(), RunContext.of(run));
  }

  /** The drive for a label: model and serial, or the empty string. */
  public String driveName() {
    if (model.isEmpty()) {
      return serial;
    }
    return serial.isEmpty() ? model : model + " " + serial;
  }

  private static StringBuilder sep(StringBuilder b) {
    if (!b.isEmpty()) {
      b.append(", ");
    }
    return b;
  }

  private static void put(Map<String, String> m, String key, String value) {
    if (value != null && !value.isBlank()) {
      m.put(key, value.strip());
    }
  }

  private static String text(JsonNode n, String field) {
    JsonNode v = n.path(field);
    return v.isValueNode() && !v.isNull() ? v.asText() : "";
  }
}
