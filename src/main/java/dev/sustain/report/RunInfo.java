package dev.sustain.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.document.RunDocument;
import dev.sustain.document.RunDocumentCodec;
import dev.sustain.unit.Durations;
import dev.sustain.unit.Units;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

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

  public RunInfo {
    device = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(device));
    params = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(params));
  }

  /**
   * Reads the run.json of the run folder {@code input} (or beside its samples.csv); {@link #NONE}
   * when there is none or it cannot be read (the curve reader reports a broken run.json).
   */
  public static RunInfo read(Path input) {
    return RunDocumentCodec.folderOf(input)
        .flatMap(RunInfo::document)
        .map(RunInfo::of)
        .orElse(NONE);
  }

  /** The job's size or time, in the parameters and the title's summary. */
  private static void sizeAndTime(
      RunDocument run, Map<String, String> params, StringBuilder summary) {
    RunDocument.Params p = run.params();
    if (p.sizeBytes().isPresent() && p.timeSeconds().isPresent()) {
      // --size with --time: a file of that size written round until the time was up, so the size
      // alone ("1 GiB") reads as the job when the run wrote 150 GB.
      long size = p.sizeBytes().getAsLong();
      String time = Durations.format(p.timeSeconds().getAsDouble());
      params.put("size", Units.binaryBytes(size) + " (" + Units.decimalBytes(size) + ")");
      params.put("time", time);
      summary.append(Units.binaryBytes(size)).append(" file rewritten for ").append(time);
      run.result()
          .bytes()
          .ifPresent(b -> summary.append(" (").append(Units.decimalBytes(b)).append(" written)"));
    } else if (p.sizeBytes().isPresent()) {
      long size = p.sizeBytes().getAsLong();
      params.put("size", Units.binaryBytes(size) + " (" + Units.decimalBytes(size) + ")");
      summary.append(Units.binaryBytes(size));
    } else if (p.timeSeconds().isPresent()) {
      params.put("time", Durations.format(p.timeSeconds().getAsDouble()));
      summary.append(Durations.format(p.timeSeconds().getAsDouble()));
    }
  }

  /** The run.json of {@code folder}, or empty when it cannot be read. */
  static Optional<RunDocument> document(Path folder) {
    try {
      return Optional.of(RunDocumentCodec.read(folder));
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /** The facts of a parsed run.json (a run kept in the history). */
  public static RunInfo of(JsonNode run) {
    return of(RunDocumentCodec.decode(run, "run.json"));
  }

  /** The facts of a run.json. */
  public static RunInfo of(RunDocument run) {
    Optional<RunDocument.Device> d = run.target().device();
    String model = text(d.flatMap(RunDocument.Device::model));
    String serial = text(d.flatMap(RunDocument.Device::serial));
    Map<String, String> device = device(run, model, serial);

    Map<String, String> params = new LinkedHashMap<>();
    StringBuilder summary = new StringBuilder();
    sizeAndTime(run, params, summary);
    job(run.params(), params, summary);
    outcome(run, params);
    return new RunInfo(model, serial, device, params, summary.toString(), RunContext.of(run));
  }

  /** The drive and the target, for people, in display order. */
  private static Map<String, String> device(RunDocument run, String model, String serial) {
    RunDocument.Target target = run.target();
    Optional<RunDocument.Device> d = target.device();
    Map<String, String> device = new LinkedHashMap<>();
    put(device, "model", model);
    put(device, "serial", serial);
    String name = text(d.flatMap(RunDocument.Device::name));
    put(
        device,
        "device",
        name.isEmpty() ? text(d.flatMap(RunDocument.Device::path)) : "/dev/" + name);
    d.ifPresent(
        drive -> {
          drive.sizeBytes().ifPresent(size -> device.put("size", Units.decimalBytes(size)));
          drive.rotational().ifPresent(r -> device.put("media", r ? "spinning disk" : "SSD"));
          put(device, "firmware", text(drive.firmware()));
          put(device, "transport", text(drive.transport()));
          put(device, "link", text(drive.link()));
          drive
              .linkCeilingMBps()
              .ifPresent(ceiling -> device.put("link ceiling", Units.rate(ceiling)));
          put(device, "temperature from", text(drive.temperatureSource()));
          drive.discard().ifPresent(on -> device.put("discard (TRIM)", on ? "yes" : "no"));
        });
    put(device, "target", text(target.path()));
    put(device, "target kind", text(target.kind()));
    put(device, "host", text(run.host()));
    return device;
  }

  /** The job's block size, depth, I/O, engine, data and interval; the title's summary of them. */
  private static void job(RunDocument.Params p, Map<String, String> params, StringBuilder summary) {
    if (p.blockBytes().isPresent()) {
      String bs = Units.binaryBytes(p.blockBytes().getAsLong());
      params.put("block size", bs);
      sep(summary).append(bs).append(" blocks");
    }
    if (p.queueDepth().isPresent()) {
      params.put("queue depth", Integer.toString(p.queueDepth().getAsInt()));
      sep(summary).append("QD ").append(p.queueDepth().getAsInt());
    }
    if (p.buffered().isPresent()) {
      String io = p.buffered().get() ? "buffered" : "direct";
      params.put("I/O", io);
      sep(summary).append(io);
    }
    put(params, "engine", text(p.engine()));
    String pattern = text(p.pattern());
    put(params, "data", pattern);
    if (!pattern.isEmpty()) {
      sep(summary).append(pattern).append(" data");
    }
    p.intervalSeconds().ifPresent(i -> params.put("sample interval", Units.plain(i, 3) + " s"));
    put(params, "until", text(p.until()));
  }

  /** When the run started and ended, how, and with what tool. */
  private static void outcome(RunDocument run, Map<String, String> params) {
    put(params, "started", text(run.started()));
    put(params, "ended", text(run.ended()));
    RunDocument.Result result = run.result();
    put(params, "status", text(result.status()));
    if (result.flushSeconds().isPresent() && result.flushSeconds().getAsDouble() > 0) {
      double flushSeconds = result.flushSeconds().getAsDouble();
      // Below a second in ms: a 0.016 s flush rounded to one decimal of seconds read "0 s".
      params.put(
          "flush",
          flushSeconds < 1
              ? Units.plain(flushSeconds * 1000, flushSeconds < 0.01 ? 1 : 0) + " ms"
              : Units.plain(flushSeconds, 1) + " s");
    }
    put(params, "error", text(result.error()));
    put(params, "tool", text(run.tool().name()) + " " + text(run.tool().version()));
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

  private static String text(Optional<String> value) {
    return value.orElse("");
  }
}
