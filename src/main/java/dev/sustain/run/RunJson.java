package dev.sustain.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.target.RawDevice;
import java.nio.file.Path;
import java.time.Instant;

/**
 * Builds {@code run.json} as DESIGN.md lays it out: {@code version, command, tool, run_id, target,
 * params, started, ended, result}. Numbers are plain JSON numbers, never localized.
 */
public final class RunJson {

  private RunJson() {}

  /** The document at the start of a run, with status {@code running}. */
  public static ObjectNode start(
      String runId,
      String command,
      Path testFile,
      RawDevice device,
      WriteParams p,
      String engine,
      String pattern,
      Instant started) {
    ObjectNode root = RunHeader.begin(command, runId);
    ObjectNode target = root.putObject("target");
    target.put("path", p.target());
    target.put("kind", device == null ? "file" : "device");
    if (device == null) {
      target.put("test_file", testFile.toString());
      target.putNull("device");
    } else {
      target.putNull("test_file");
      ObjectNode d = target.putObject("device");
      d.put("name", device.name());
      d.put("path", device.path().toString());
      d.put("model", device.model());
      d.put("serial", device.serial());
      d.put("size_bytes", device.sizeBytes());
      d.put("logical_block_bytes", device.logicalBlockBytes());
    }
    ObjectNode params = root.putObject("params");
    if (p.sizeBytes() >= 0) {
      params.put("size_bytes", p.sizeBytes());
    } else {
      params.putNull("size_bytes");
    }
    if (p.duration() != null) {
      params.put("time_s", p.duration().toNanos() / 1e9);
    } else {
      params.putNull("time_s");
    }
    RunHeader.putIo(
        params, p.blockBytes(), p.queueDepth(), p.intervalNanos(), p.buffered(), engine);
    params.put("pattern", pattern);
    params.put("keep", p.keep());
    if (p.until() != null) {
      params.put("until", p.until());
    }
    RunHeader.running(root, started, true);
    return root;
  }

  /**
   * Puts the drive as {@code sensors} resolved it into {@code target.device}, and the layers from
   * the target down to it into {@code target.stack} (as {@code info --json} has them): a loop
   * device over a file, whose writes the host's page cache takes, is told from a drive by them.
   *
   * @return true when there was a device to put
   */
  public static boolean putDevice(ObjectNode root, dev.sustain.device.RunSensors sensors) {
    boolean put = putDevice(root, sensors.deviceJson());
    if (sensors.resolution() != null) {
      ((ObjectNode) root.get("target"))
          .set(
              "stack",
              RunFolder.JSON.valueToTree(
                  sensors.resolution().stack().stream()
                      .map(dev.sustain.device.BlockLayer::toJsonMap)
                      .toList()));
    }
    return put;
  }

  /**
   * Puts the drive as the device probes know it (identity, link, temperature source...) into {@code
   * target.device}; true when there was one to put.
   */
  public static boolean putDevice(ObjectNode root, java.util.Map<String, Object> deviceJson) {
    if (deviceJson == null) {
      return false;
    }
    ((ObjectNode) root.get("target")).set("device", RunFolder.JSON.valueToTree(deviceJson));
    return true;
  }

  /**
   * Puts how the test file was laid out before the run into {@code result}: {@code layout}
   * (preallocated, sparse, none), {@code layout_s} (the preallocation's time, never part of {@code
   * seconds}) and {@code layout_note} (why, in words).
   */
  public static void putLayout(ObjectNode root, dev.sustain.target.FileLayout layout) {
    ObjectNode result = (ObjectNode) root.get("result");
    result.put("layout", layout.kind().word());
    result.put("layout_s", RunHeader.round(layout.seconds()));
    if (layout.note() == null) {
      result.putNull("layout_note");
    } else {
      result.put("layout_note", layout.note());
    }
  }

  /**
   * Puts what the engine registered with the kernel into {@code result}: {@code fixed_buffers}
   * (requests from registered memory, fio's fixedbufs) and {@code fixed_file} (fio's
   * registerfiles); both false for engines without them or where the kernel refused.
   */
  public static void putRegistration(ObjectNode root, dev.sustain.engine.IoEngine engine) {
    ObjectNode result = (ObjectNode) root.get("result");
    result.put("fixed_buffers", engine.fixedBuffers());
    result.put("fixed_file", engine.fixedFile());
  }

  /**
   * Puts the file system that holds {@code path} into {@code target.filesystem} (mount point, type,
   * source, whether it is memory): the history files a target without a block device (tmpfs) under
   * its file system, and tells memory from a drive.
   *
   * @return the file system, or null when no mount holds the path (it then puts nothing)
   */
  public static dev.sustain.device.MountEntry putFileSystem(ObjectNode root, Path path) {
    dev.sustain.device.MountEntry fs =
        dev.sustain.device.DeviceResolver.system().fileSystemOf(path.toString()).orElse(null);
    if (fs != null) {
      ((ObjectNode) root.get("target"))
          .set("filesystem", RunFolder.JSON.valueToTree(fs.toJsonMap()));
    }
    return fs;
  }

  /**
   * Puts where {@code path} lives into run.json, for a command that reads or writes a file without
   * sampling its drive (read, verify, sweep): the drive ({@code target.device}, when there is a
   * block device under it) and the file system. So a kept file read back is filed in the history
   * under the drive it is on, not as a drive of its own.
   */
  public static void putWhere(ObjectNode root, Path path) {
    try {
      putDevice(
          root,
          dev.sustain.device.DeviceResolver.system().resolve(path.toString()).device().toJsonMap());
    } catch (dev.sustain.device.NoBlockDeviceException e) {
      ((ObjectNode) root.get("target")).put("no_device", e.getMessage());
    }
    putFileSystem(root, path);
  }

  /**
   * Puts what a later comparison needs into {@code before}: {@code free_bytes} (the target file
   * system's free bytes before the run, null for a raw device), {@code capacity_bytes} (the
   * drive's, from {@code target.device}, where known), {@code temp_C} (at the start, null without a
   * sensor) and {@code idle_s} (null here: the history, or a repeat, knows the run before).
   */
  public static void putBefore(ObjectNode root, Long freeBytes, java.util.OptionalDouble tempC) {
    ObjectNode before = root.putObject("before");
    if (freeBytes == null) {
      before.putNull("free_bytes");
    } else {
      before.put("free_bytes", freeBytes);
    }
    com.fasterxml.jackson.databind.JsonNode size = root.at("/target/device/size_bytes");
    if (size.isIntegralNumber() && size.asLong() > 0) {
      before.put("capacity_bytes", size.asLong());
    } else {
      before.putNull("capacity_bytes");
    }
    if (tempC.isPresent()) {
      before.put("temp_C", RunHeader.round(tempC.getAsDouble(), 1));
    } else {
      before.putNull("temp_C");
    }
    before.putNull("idle_s");
  }

  /**
   * Sets {@code before.idle_s} in the run.json of {@code runFolder} (a run that has a {@code
   * before}).
   *
   * @return the value stored (rounded to the millisecond), or null when the run has no {@code
   *     before}
   */
  public static Double putIdle(java.nio.file.Path runFolder, double idleSeconds)
      throws java.io.IOException {
    RunFolder folder = RunFolder.open(runFolder);
    com.fasterxml.jackson.databind.JsonNode doc =
        RunFolder.JSON.readTree(folder.runJson().toFile());
    if (!(doc instanceof ObjectNode root) || !(root.get("before") instanceof ObjectNode before)) {
      return null;
    }
    double stored = RunHeader.round(Math.max(0, idleSeconds), 3);
    before.put("idle_s", stored);
    folder.writeRunJson(root);
    return stored;
  }

  /**
   * A run that ended on an unexpected failure, before its end was written: run.json says failed,
   * with the failure, instead of running forever (where later readers would call it killed). Does
   * nothing to a folder without run.json or whose run.json holds an end; when even this write
   * fails, the failure that ended the run is the one told, so this one is dropped.
   */
  public static void failUnfinished(RunFolder folder, Exception failure) {
    try {
      if (!java.nio.file.Files.isRegularFile(folder.runJson())) {
        return;
      }
      ObjectNode root = (ObjectNode) RunFolder.JSON.readTree(folder.runJson().toFile());
      ObjectNode result = (ObjectNode) root.get("result");
      if (result == null || !RunStatus.RUNNING.word().equals(result.path("status").asText())) {
        return;
      }
      root.put("ended", Instant.now().toString());
      result.put("status", RunStatus.FAILED.word());
      String why =
          failure instanceof java.io.IOException io
              ? dev.sustain.engine.ErrnoException.reasonOf(io)
              : String.valueOf(failure.getMessage());
      RunHeader.putText(result, "error", why);
      folder.writeRunJson(root);
    } catch (java.io.IOException | RuntimeException e) {
      // dropped: see above
    }
  }

  /** Fills in the end of the run. */
  public static void finish(ObjectNode root, WriteResult r, Instant ended) {
    root.put("ended", ended.toString());
    ObjectNode result = (ObjectNode) root.get("result");
    result.put("bytes", r.bytes());
    result.put("seconds", RunHeader.round(r.seconds()));
    result.put("average_MBps", RunHeader.round(r.averageMegabytesPerSecond()));
    result.put("flush_s", RunHeader.round(r.flushSeconds()));
    result.put("status", r.status().word());
    RunHeader.putText(result, "error", r.error());
    ObjectNode stats = result.putObject("interval_MBps");
    stats.put("min", RunHeader.round(r.stats().minMBps()));
    stats.put("median", RunHeader.round(r.stats().medianMBps()));
    stats.put("max", RunHeader.round(r.stats().maxMBps()));
    result.put("test_file_kept", r.testFileKept());
  }
}
