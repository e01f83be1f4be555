package dev.sustain.store;

import dev.sustain.device.DriveIdentity;
import java.util.Objects;

/**
 * A drive as the history keeps it: the key its runs are grouped by, and its model, serial and size
 * for people. The key groups runs as a person would:
 *
 * <ol>
 *   <li>a drive with a usable serial: {@code serial:SERIAL}, whatever carrier, enclosure or model
 *       string it was seen through (bridges report their own model, rarely the drive's);
 *   <li>else the device package's identity key ({@code target.device.identity.key}: {@code wwn:},
 *       {@code loop:BACKING_FILE}, {@code NAME:SIZE}) or, for older run.json files, the same made
 *       from what is there;
 *   <li>a file target with no block device under it (tmpfs, ramfs, overlay): its file system,
 *       {@code fs:HOST:MOUNT (TYPE)}, so runs into different folders of one tmpfs form one trend;
 *   <li>last, the target path on its host.
 * </ol>
 *
 * Immutable, thread-safe.
 *
 * @param id the key runs are grouped by; never blank
 * @param model the model as the drive reports it, or null
 * @param serial the serial number, or null
 * @param sizeBytes the capacity in bytes, or null when unknown
 */
public record Drive(String id, String model, String serial, Long sizeBytes) {

  /** The key prefix of a file system without a block device: {@code fs:HOST:MOUNT (TYPE)}. */
  static final String FILE_SYSTEM_PREFIX = "fs:";

  private static final java.util.regex.Pattern FILE_SYSTEM_KEY =
      java.util.regex.Pattern.compile("^fs:([^:]*):(.*) \\(([^)]*)\\)$");

  public Drive {
    Objects.requireNonNull(id, "id");
    if (id.isBlank()) {
      throw new IllegalArgumentException("a drive id cannot be blank");
    }
    id = id.strip();
    model = blankToNull(model);
    serial = blankToNull(serial);
  }

  /**
   * The drive from what run.json tells about it.
   *
   * @param identityKey {@code target.device.identity.key}, or null when the run has none
   * @param wwn the world-wide name, or null
   * @param host the host the run ran on: part of the fallback keys
   * @param fallbackName the target path, used when nothing else names the drive
   * @param fileSystemMount {@code target.filesystem.mount}, or null
   * @param fileSystemType {@code target.filesystem.type}, or null
   */
  public static Drive of(
      String identityKey,
      String model,
      String serial,
      String wwn,
      Long sizeBytes,
      String host,
      String fallbackName,
      String fileSystemMount,
      String fileSystemType) {
    String m = blankToNull(model);
    String s = blankToNull(serial);
    String id;
    if (s != null && DriveIdentity.usableSerial(s)) {
      id = "serial:" + s;
    } else if (blankToNull(identityKey) != null) {
      id = identityKey;
    } else if (m != null && s != null) {
      id = m + "|" + s;
    } else if (blankToNull(wwn) != null) {
      id = "wwn:" + wwn.strip();
    } else if (s != null) {
      id = "serial:" + s;
    } else if (m != null) {
      // No serial: two drives of one model and size on one host look the same; the key says so.
      id = m + "|no serial|" + (sizeBytes == null ? "?" : sizeBytes) + "@" + host;
    } else if (blankToNull(fileSystemMount) != null) {
      String type = blankToNull(fileSystemType);
      id =
          FILE_SYSTEM_PREFIX
              + host
              + ":"
              + fileSystemMount.strip()
              + " ("
              + (type == null ? "?" : type)
              + ")";
    } else {
      id = "path:" + host + ":" + (fallbackName == null ? "?" : fallbackName.strip());
    }
    return new Drive(id, m, s, sizeBytes);
  }

  /** True for a file system held in memory (tmpfs, ramfs): runs there measured no drive. */
  public boolean inMemory() {
    java.util.regex.Matcher fs = FILE_SYSTEM_KEY.matcher(id);
    return model == null && serial == null && fs.matches() && MEMORY_TYPES.contains(fs.group(3));
  }

  private static final java.util.Set<String> MEMORY_TYPES =
      java.util.Set.of("tmpfs", "ramfs", "devtmpfs");

  /**
   * The drive for people, e.g. {@code KINGSTON SNV3S1000G (serial 50026B72)}, or {@code memory
   * (tmpfs at /dev/shm on lab1)} for a file system in memory.
   */
  public String describe() {
    java.util.regex.Matcher fs = FILE_SYSTEM_KEY.matcher(id);
    if (model == null && serial == null && fs.matches()) {
      String type = fs.group(3);
      return (inMemory() ? "memory (" + type : "file system (" + type)
          + " at "
          + fs.group(2)
          + " on "
          + fs.group(1)
          + ")";
    }
    if (model == null && serial == null) {
      return id;
    }
    return (model == null ? "unknown model" : model)
        + (serial == null ? " (no serial)" : " (serial " + serial + ")");
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s.strip();
  }
}
