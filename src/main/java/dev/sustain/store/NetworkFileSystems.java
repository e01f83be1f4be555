package dev.sustain.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Set;

/**
 * Tells whether a path lies on a network filesystem, where SQLite's locks and WAL shared memory do
 * not work between hosts (the SQLite documentation says so for WAL): a history shared that way
 * would lose or corrupt runs, so the store refuses it and points to PostgreSQL. Stateless.
 */
final class NetworkFileSystems {

  private static final Set<String> NETWORK =
      Set.of(
          "nfs",
          "nfs4",
          "cifs",
          "smb3",
          "smbfs",
          "ncpfs",
          "afs",
          "9p",
          "fuse.sshfs",
          "glusterfs",
          "fuse.glusterfs",
          "ceph",
          "fuse.ceph",
          "lustre",
          "gpfs",
          "fuse.rclone",
          "davfs",
          "fuse.davfs2");

  private NetworkFileSystems() {}

  /** The network filesystem type {@code file} is on, or null (also when it cannot tell). */
  static String networkType(Path file) {
    Path mounts = Path.of("/proc/self/mounts");
    if (!Files.isReadable(mounts)) {
      return null;
    }
    try {
      return networkType(file.toAbsolutePath().normalize(), Files.readString(mounts));
    } catch (IOException e) {
      return null;
    }
  }

  /** As {@link #networkType(Path)}, with the text of {@code /proc/self/mounts} given. */
  static String networkType(Path absoluteFile, String procMounts) {
    String best = null;
    int bestLength = -1;
    for (String line : procMounts.split("\n")) {
      String[] f = line.trim().split("\\s+");
      if (f.length < 3) {
        continue;
      }
      Path mountPoint = Path.of(unescape(f[1]));
      if (absoluteFile.startsWith(mountPoint) && f[1].length() > bestLength) {
        // The last, longest mount point containing the file is the one it is on.
        bestLength = f[1].length();
        best = f[2].toLowerCase(Locale.ROOT);
      } else if (absoluteFile.startsWith(mountPoint) && f[1].length() == bestLength) {
        best = f[2].toLowerCase(Locale.ROOT);
      }
    }
    return best != null && NETWORK.contains(best) ? best : null;
  }

  /** /proc/mounts writes space, tab, newline and backslash as octal escapes. */
  private static String unescape(String s) {
    return s.replace("\\040", " ")
        .replace("\\011", "\t")
        .replace("\\012", "\n")
        .replace("\\134", "\\");
  }
}
