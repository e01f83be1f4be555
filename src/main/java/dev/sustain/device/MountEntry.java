package dev.sustain.device;

import java.util.ArrayList;
import java.util.List;

/**
 * One line of {@code /proc/self/mountinfo}: which device (major:minor and the mount source) is
 * mounted where. Immutable.
 *
 * @param major the st_dev major of the mounted filesystem (0 for anonymous: btrfs, overlay, tmpfs)
 * @param minor the st_dev minor
 * @param root the directory of the filesystem mounted here (not {@code /} for bind mounts)
 * @param mountPoint where it is mounted, octal escapes decoded
 * @param fsType e.g. {@code ext4}
 * @param source the mount source, e.g. {@code /dev/sda1}, {@code overlay}
 */
public record MountEntry(
    int major, int minor, String root, String mountPoint, String fsType, String source) {

  /**
   * Parses the whole text of a mountinfo file. Lines that do not have the documented form are
   * skipped: a half-read line must not stop a safety check from seeing the others.
   */
  public static List<MountEntry> parseMountInfo(String text) {
    List<MountEntry> out = new ArrayList<>();
    for (String line : text.split("\n")) {
      // id parent maj:min root mountpoint options [optional fields...] - fstype source superopts
      String[] f = line.trim().split(" ");
      if (f.length < 7) {
        continue;
      }
      int dash = -1;
      for (int i = 6; i < f.length; i++) {
        if (f[i].equals("-")) {
          dash = i;
          break;
        }
      }
      if (dash < 0 || dash + 2 >= f.length) {
        continue;
      }
      String[] mm = f[2].split(":");
      if (mm.length != 2) {
        continue;
      }
      try {
        out.add(
            new MountEntry(
                Integer.parseInt(mm[0]),
                Integer.parseInt(mm[1]),
                unescape(f[3]),
                unescape(f[4]),
                unescape(f[dash + 1]),
                unescape(f[dash + 2])));
      } catch (NumberFormatException e) {
        // not a mountinfo line
      }
    }
    return List.copyOf(out);
  }

  /** True for a file system held in memory (tmpfs, ramfs): writing there tests no drive. */
  public boolean inMemory() {
    return fsType.equals("tmpfs") || fsType.equals("ramfs") || fsType.equals("devtmpfs");
  }

  /**
   * The words that tell a user a target in memory measures no drive (for a file system in memory).
   */
  public String memoryWords() {
    return "this is memory ("
        + fsType
        + "), not a drive: a write here measures memory and the CPU; to test a drive, give a"
        + " folder on it";
  }

  /** run.json's and info's {@code filesystem} object: mount point, type, source, in memory. */
  public java.util.Map<String, Object> toJsonMap() {
    java.util.Map<String, Object> m = new java.util.LinkedHashMap<>();
    m.put("mount", mountPoint);
    m.put("type", fsType);
    m.put("source", source);
    m.put("memory", inMemory());
    return m;
  }

  /**
   * The mount that holds {@code absolutePath}: the longest mount point above it (the last mounted
   * wins a tie, as the kernel's view does), or null.
   */
  public static MountEntry holding(List<MountEntry> mounts, String absolutePath) {
    MountEntry best = null;
    for (MountEntry m : mounts) {
      if (DeviceResolver.under(absolutePath, m.mountPoint())
          && (best == null || m.mountPoint().length() >= best.mountPoint().length())) {
        best = m;
      }
    }
    return best;
  }

  /**
   * The file names of the active swap areas in a {@code /proc/swaps} text (first line is a header),
   * octal escapes decoded: {@code /dev/sda2}, {@code /dev/dm-1}, {@code /swapfile}.
   */
  public static List<String> parseSwaps(String text) {
    List<String> out = new ArrayList<>();
    String[] lines = text.split("\n");
    for (int i = 1; i < lines.length; i++) {
      String[] f = lines[i].trim().split("\\s+");
      if (f.length >= 2 && !f[0].isEmpty()) {
        out.add(unescape(f[0]));
      }
    }
    return List.copyOf(out);
  }

  /** Decodes the kernel's octal escapes ({@code \040} for a space, {@code \011}, {@code \134}). */
  static String unescape(String s) {
    if (s.indexOf('\\') < 0) {
      return s;
    }
    StringBuilder b = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\\' && isOctal(s, i + 1)) {
        b.append((char) Integer.parseInt(s.substring(i + 1, i + 4), 8));
        i += 3;
      } else {
        b.append(c);
      }
    }
    return b.toString();
  }

  private static boolean isOctal(String s, int from) {
    if (from + 3 > s.length()) {
      return false;
    }
    for (int i = from; i < from + 3; i++) {
      char c = s.charAt(i);
      if (c < '0' || c > '7') {
        return false;
      }
    }
    return true;
  }
}
