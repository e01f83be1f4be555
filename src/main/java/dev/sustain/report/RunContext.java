package dev.sustain.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.document.RunDocument;
import dev.sustain.document.RunDocumentCodec;
import dev.sustain.unit.Durations;
import dev.sustain.unit.Units;
import dev.sustain.unit.Worded;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * What a curve's words must know beside its figures: which command wrote it, what it was asked
 * ({@code --until}, {@code --size}, {@code --time}), what ended it, and what the target is (a
 * drive, or memory, or a loop device over a file, or a file system whose writes a host caches).
 * Read from run.json, so the words of {@code analyze} on a run folder are the words the run
 * printed; the analysis itself never sees it. {@link #NONE} for an imported curve. Immutable.
 *
 * @param command {@code write}, {@code fill}, {@code copy}..., empty when unknown
 * @param target what the target is
 * @param targetWords the target for people, e.g. {@code memory (tmpfs)}; empty for a drive
 * @param until {@code floor} or {@code full}, null when not asked
 * @param sizeBytes the size asked ({@code --size}, a fill's {@code --limit}), null when none
 * @param timeSeconds the time asked ({@code --time}), null when none
 * @param stop what ended the run
 * @param bytes the bytes the run wrote (run.json's result), null when unknown
 * @param rawDevice the run wrote a raw device (not a file on a file system)
 */
public record RunContext(
    String command,
    Target target,
    String targetWords,
    String until,
    Long sizeBytes,
    Double timeSeconds,
    Stop stop,
    Long bytes,
    boolean rawDevice) {

  /** Nothing known: an imported curve is worded as a drive's, as before. */
  public static final RunContext NONE =
      new RunContext("", Target.DRIVE, "", null, null, null, Stop.UNKNOWN, null, false);

  /** What the target is: only a drive has a drive's cache and floor; {@link #word()} in JSON. */
  public enum Target implements Worded {
    /** A drive, or nothing known against it. */
    DRIVE,
    /** A file system in memory (tmpfs, ramfs): memory and the CPU. */
    MEMORY,
    /** A loop device over a file: the host's page cache and the file system under the file. */
    LOOP_FILE,
    /** A network or host-shared file system: this host's page cache and another's take writes. */
    HOST_CACHED;

    /** What a rate on such a target measures, for "X MB/s measures ..., not a drive". */
    String measures() {
      return switch (this) {
        case DRIVE -> "the drive";
        case MEMORY -> "memory and the CPU";
        case LOOP_FILE -> "the host's page cache and the file system under the file";
        case HOST_CACHED -> "the page caches and the link on the way";
      };
    }
  }

  /** What ended the run. */
  public enum Stop {
    /** The size asked ({@code --size}, a fill's {@code --limit}) was written. */
    SIZE,
    /** The time asked ({@code --time}) was up. */
    TIME,
    /** The file system was full, or the whole device was written: nothing more would fit. */
    FULL,
    /** {@code --until floor} without {@code --size}: the free space less its margin was written. */
    SPACE,
    /** {@code --until floor}: the floor held. */
    FLOOR,
    INTERRUPTED,
    FAILED,
    UNKNOWN
  }

  /** File system types whose writes another host (a server, a VM's host) caches as well. */
  private static final Set<String> HOST_CACHED_TYPES =
      Set.of(
          "nfs",
          "nfs4",
          "cifs",
          "smb3",
          "smbfs",
          "9p",
          "virtiofs",
          "fuse.sshfs",
          "glusterfs",
          "fuse.glusterfs",
          "ceph",
          "fuse.ceph",
          "lustre",
          "afs",
          "davfs",
          "fuse.davfs2");

  /** True when the target is no drive: its words must not name a drive's cache or floor. */
  public boolean notADrive() {
    return target != Target.DRIVE;
  }

  /** {@code --until floor} was asked and something else ended the run. */
  public boolean floorMissed() {
    return "floor".equals(until) && stop != Stop.FLOOR;
  }

  /**
   * Reads the run.json of the run folder {@code input} (or beside its samples.csv); {@link #NONE}
   * without one or when it cannot be read.
   */
  public static RunContext read(Path input) {
    // a broken run.json: the curve reader reports it
    return RunDocumentCodec.folderOf(input)
        .flatMap(RunInfo::document)
        .map(RunContext::of)
        .orElse(NONE);
  }

  /** The context a parsed run.json gives. */
  public static RunContext of(JsonNode run) {
    return of(RunDocumentCodec.decode(run, "run.json"));
  }

  /** The context a run.json gives. */
  public static RunContext of(RunDocument run) {
    RunDocument.Params p = run.params();
    String command = run.command().orElse("");
    Long size = boxed(p.sizeBytes());
    if (size == null) {
      size = boxed(p.limitBytes());
    }
    Double time = p.timeSeconds().isPresent() ? p.timeSeconds().getAsDouble() : null;
    String until = p.until().orElse(null);
    Long bytes = boxed(run.result().bytes());
    Kind kind = targetOf(run.target());
    Stop stop = stopOf(run, command, until, size, time);
    boolean device = run.target().isDevice();
    return new RunContext(
        command, kind.target(), kind.words(), until, size, time, stop, bytes, device);
  }

  private static Stop stopOf(
      RunDocument run, String command, String until, Long size, Double time) {
    RunDocument.Result result = run.result();
    String status = result.status().orElse("");
    String error = result.error().orElse("");
    String end = result.end().orElse("");
    boolean device = run.target().isDevice();
    switch (status) {
      case "interrupted" -> {
        return Stop.INTERRUPTED;
      }
      case "failed", "killed" -> {
        return error.contains("No space left") || error.contains("is full")
            ? Stop.FULL
            : Stop.FAILED;
      }
      case "complete" -> {
        // the cases below
      }
      default -> {
        return Stop.UNKNOWN;
      }
    }
    if ("fill".equals(command)) {
      return switch (end) {
        case "full" -> Stop.FULL;
        case "limit" -> Stop.SIZE;
        default -> Stop.UNKNOWN;
      };
    }
    if ("floor".equals(until) && result.floorReached().orElse(false)) {
      return Stop.FLOOR;
    }
    if ("full".equals(until)) {
      return Stop.FULL;
    }
    if (time != null) {
      return Stop.TIME;
    }
    if (size != null) {
      return Stop.SIZE;
    }
    if ("floor".equals(until)) {
      return device ? Stop.FULL : Stop.SPACE;
    }
    return Stop.UNKNOWN;
  }

  /** A target and its words. */
  private record Kind(Target target, String words) {}

  /**
   * The target: memory by the file system's own flag; a loop device over a file by the stack
   * (run.json's {@code target.stack}), by the device's backing file, or, for folders written before
   * the stack was kept, by the loop device named as the target or as the file system's source.
   */
  private static Kind targetOf(RunDocument.Target t) {
    Optional<RunDocument.FileSystem> fs = t.fileSystem();
    Optional<String> fsType = fs.flatMap(RunDocument.FileSystem::type);
    if (fs.map(RunDocument.FileSystem::memory).orElse(false)) {
      return new Kind(Target.MEMORY, "memory (" + fsType.orElse("") + ")");
    }
    for (RunDocument.Layer layer : t.stack()) {
      String detail = layer.detail();
      int at = detail.indexOf("backing file ");
      if (at >= 0) {
        String file = detail.substring(at + "backing file ".length());
        int end = file.indexOf(" is on no block device");
        return loop(layer.name(), end < 0 ? file : file.substring(0, end), fsType);
      }
    }
    String backing = t.device().flatMap(RunDocument.Device::loopBackingFile).orElse("");
    if (!backing.isEmpty()) {
      return loop(t.device().flatMap(RunDocument.Device::name).orElse(""), backing, fsType);
    }
    String source = fs.flatMap(RunDocument.FileSystem::source).orElse("");
    String path = t.isDevice() ? t.path().orElse("") : source;
    if (path.matches("/dev/loop[0-9]+")) {
      return loop(path.substring("/dev/".length()), "", fsType);
    }
    if (HOST_CACHED_TYPES.contains(fsType.orElse("").toLowerCase(Locale.ROOT))) {
      return new Kind(
          Target.HOST_CACHED,
          fsType.orElse("") + ", a file system whose writes another host caches too");
    }
    return new Kind(Target.DRIVE, "");
  }

  private static Kind loop(String name, String file, Optional<String> fsType) {
    String on = fsType.map(type -> type + " on ").orElse("");
    String words =
        on
            + (name.isEmpty() ? "a loop device" : "/dev/" + name + ", a loop device")
            + (file.isEmpty() ? " over a file" : " over the file " + file);
    return new Kind(Target.LOOP_FILE, words);
  }

  /** "the --size of 1.1 GB", "the --time of 5m 00s": what the user gave, for advice. */
  String limitWords() {
    return switch (stop) {
      case SIZE ->
          ("fill".equals(command) ? "the --limit of " : "the --size of ")
              + Units.decimalBytes(sizeBytes)
              + " ("
              + Units.binaryBytes(sizeBytes)
              + ")";
      case TIME -> "the --time of " + Durations.format(timeSeconds);
      default -> "";
    };
  }

  private static Long boxed(OptionalLong n) {
    return n.isPresent() ? n.getAsLong() : null;
  }
}
