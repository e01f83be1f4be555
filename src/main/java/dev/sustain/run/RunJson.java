package dev.sustain.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.device.BlockLayer;
import dev.sustain.device.DeviceResolver;
import dev.sustain.device.MountEntry;
import dev.sustain.device.NoBlockDeviceException;
import dev.sustain.device.RunSensors;
import dev.sustain.document.RunDocument;
import dev.sustain.document.RunDocumentCodec;
import dev.sustain.document.RunJsonWriter;
import dev.sustain.engine.ErrnoException;
import dev.sustain.engine.IoEngine;
import dev.sustain.target.FileLayout;
import dev.sustain.target.RawDevice;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * Turns a write's parts (its params, its target, its sensors, its result) into the records {@link
 * RunJsonWriter} writes as run.json (docs/FORMATS.md, "run.json"). Names no key of its own.
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
    Optional<Map<String, ?>> deviceFacts = Optional.empty();
    if (device != null) {
      Map<String, Object> d = new LinkedHashMap<>();
      d.put("name", device.name());
      d.put("path", device.path().toString());
      d.put("model", device.model());
      d.put("serial", device.serial());
      d.put("size_bytes", device.sizeBytes());
      d.put("logical_block_bytes", device.logicalBlockBytes());
      deviceFacts = Optional.of(d);
    }
    RunJsonWriter.putWriteTarget(
        root,
        p.target(),
        device == null ? Optional.of(testFile.toString()) : Optional.empty(),
        deviceFacts);
    RunJsonWriter.putWriteParams(
        root,
        new RunJsonWriter.WriteAsked(
            p.sizeBytes() >= 0 ? OptionalLong.of(p.sizeBytes()) : OptionalLong.empty(),
            p.duration() != null
                ? OptionalDouble.of(p.duration().toNanos() / 1e9)
                : OptionalDouble.empty(),
            new RunJsonWriter.Io(
                p.blockBytes(), p.queueDepth(), p.intervalNanos(), p.buffered(), engine),
            pattern,
            p.keep(),
            Optional.ofNullable(p.until())));
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
  public static boolean putDevice(ObjectNode root, RunSensors sensors) {
    boolean put = putDevice(root, sensors.deviceJson());
    if (sensors.resolution() != null) {
      RunJsonWriter.putStack(
          root, sensors.resolution().stack().stream().map(BlockLayer::toJsonMap).toList());
    }
    return put;
  }

  /**
   * Puts the drive as the device probes know it (identity, link, temperature source...) into {@code
   * target.device}; true when there was one to put.
   */
  public static boolean putDevice(ObjectNode root, Map<String, Object> deviceJson) {
    if (deviceJson == null) {
      return false;
    }
    RunJsonWriter.putDevice(root, deviceJson);
    return true;
  }

  /**
   * Puts how the test file was laid out before the run into {@code result}: {@code layout}
   * (preallocated, sparse, none), {@code layout_s} (the preallocation's time, never part of {@code
   * seconds}) and {@code layout_note} (why, in words).
   */
  public static void putLayout(ObjectNode root, FileLayout layout) {
    RunJsonWriter.putLayout(
        root,
        new RunDocument.Layout(
            layout.kind().word(),
            OptionalDouble.of(layout.seconds()),
            Optional.ofNullable(layout.note())));
  }

  /**
   * Puts what the engine registered with the kernel into {@code result}: {@code fixed_buffers}
   * (requests from registered memory, fio's fixedbufs) and {@code fixed_file} (fio's
   * registerfiles); both false for engines without them or where the kernel refused.
   */
  public static void putRegistration(ObjectNode root, IoEngine engine) {
    RunJsonWriter.putRegistration(
        root, new RunDocument.Registration(engine.fixedBuffers(), engine.fixedFile()));
  }

  /**
   * Puts the file system that holds {@code path} into {@code target.filesystem} (mount point, type,
   * source, whether it is memory): the history files a target without a block device (tmpfs) under
   * its file system, and tells memory from a drive.
   *
   * @return the file system, or null when no mount holds the path (it then puts nothing)
   */
  public static MountEntry putFileSystem(ObjectNode root, Path path) {
    MountEntry fs = DeviceResolver.system().fileSystemOf(path.toString()).orElse(null);
    if (fs != null) {
      RunJsonWriter.putFileSystem(root, fs.toJsonMap());
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
      putDevice(root, DeviceResolver.system().resolve(path.toString()).device().toJsonMap());
    } catch (NoBlockDeviceException e) {
      RunJsonWriter.putNoDevice(root, e.getMessage());
    }
    putFileSystem(root, path);
  }

  /**
   * Puts what a later comparison needs into {@code before}: {@code free_bytes} (the target file
   * system's free bytes before the run, null for a raw device), {@code capacity_bytes} (the
   * drive's, from {@code target.device}, where known), {@code temp_C} (at the start, null without a
   * sensor) and {@code idle_s} (since the drive's last run ended, as the history said at the start,
   * or for a repeat's later pass since the pass before ended; empty for none).
   */
  public static void putBefore(
      ObjectNode root, Long freeBytes, OptionalDouble tempC, OptionalDouble idleSeconds) {
    OptionalLong capacity =
        RunDocumentCodec.decode(root, "run.json")
            .target()
            .device()
            .map(RunDocument.Device::sizeBytes)
            .filter(size -> size.isPresent() && size.getAsLong() > 0)
            .orElse(OptionalLong.empty());
    RunJsonWriter.putBefore(
        root,
        new RunDocument.Before(
            freeBytes == null ? OptionalLong.empty() : OptionalLong.of(freeBytes),
            capacity,
            tempC,
            idleSeconds));
  }

  /**
   * A run that ended on an unexpected failure, before its end was written: run.json says failed,
   * with the failure, instead of running forever (where later readers would call it killed). Does
   * nothing to a folder without run.json or whose run.json holds an end; when even this write
   * fails, the failure that ended the run is the one told, so this one is dropped.
   */
  public static void failUnfinished(RunFolder folder, Exception failure) {
    try {
      if (!Files.isRegularFile(folder.runJson())) {
        return;
      }
      ObjectNode root = (ObjectNode) RunFolder.JSON.readTree(folder.runJson().toFile());
      String why =
          failure instanceof IOException io
              ? ErrnoException.reasonOf(io)
              : String.valueOf(failure.getMessage());
      if (RunJsonWriter.failUnfinished(root, RunStatus.FAILED.word(), why)) {
        folder.writeRunJson(root);
      }
    } catch (IOException | RuntimeException e) {
      // dropped: see above
    }
  }

  /**
   * A run whose process is gone before its end was written, as {@code sustain clean} finds it:
   * run.json says killed, with {@code error}, and no end time (nobody saw it end). Does nothing to
   * a run.json whose status is no longer running.
   *
   * @return true when it marked the run
   */
  public static boolean markKilled(RunFolder folder, String error) throws IOException {
    if (!(RunFolder.JSON.readTree(folder.runJson().toFile()) instanceof ObjectNode root)
        || !RunJsonWriter.markGone(root, RunStatus.KILLED.word(), error)) {
      return false;
    }
    folder.writeRunJson(root);
    return true;
  }

  /** Fills in the end of the run. */
  public static void finish(ObjectNode root, WriteResult r, Instant ended) {
    RunJsonWriter.finish(
        root,
        new RunJsonWriter.End(
            r.bytes(),
            r.seconds(),
            r.averageMegabytesPerSecond(),
            r.flushSeconds(),
            r.status().word(),
            Optional.ofNullable(r.error()),
            Optional.of(
                new RunDocument.IntervalRates(
                    r.stats().minMBps(), r.stats().medianMBps(), r.stats().maxMBps())),
            Optional.of(r.testFileKept())),
        ended);
  }

  /** Puts when the first request completed, in seconds on samples.csv's clock. */
  public static void putFirstCompletion(ObjectNode root, double seconds) {
    RunJsonWriter.putFirstCompletion(root, seconds);
  }

  /** Puts whether {@code --until floor} saw its floor. */
  public static void putFloorReached(ObjectNode root, boolean reached) {
    RunJsonWriter.putFloorReached(root, reached);
  }

  /** Puts why no drive is sampled under the target, the size of a raw device, the pattern's id. */
  public static void putNoDevice(ObjectNode root, String why) {
    RunJsonWriter.putNoDevice(root, why);
  }

  /** Puts the size of the raw device written. */
  public static void putTargetSize(ObjectNode root, long bytes) {
    RunJsonWriter.putTargetSize(root, bytes);
  }

  /** Puts the id verify finds the run's blocks by (it is in every block header too). */
  public static void putPatternId(ObjectNode root, String idHex) {
    RunJsonWriter.putPatternId(root, idHex);
  }
}
