package dev.sustain.device;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Reads a sysfs tree under a root: {@code /} on a live system, a temporary folder in tests. All
 * methods answer null or empty where a file is missing or unreadable; nothing here throws for a
 * missing attribute, because kernels and drivers differ in which ones they have. Stateless and
 * thread-safe.
 */
final class Sysfs {

  private final Path root;

  Sysfs(Path root) {
    this.root = root;
  }

  Path root() {
    return root;
  }

  Path sys(String relative) {
    return root.resolve("sys").resolve(relative);
  }

  /** The device directory under /sys/devices of a block device by kernel name. */
  Optional<Path> blockByName(String name) {
    if (name == null || name.isEmpty() || name.contains("/") || name.startsWith(".")) {
      return Optional.empty();
    }
    Optional<Path> p = real(sys("class/block/" + name));
    return p.isPresent() ? p : real(sys("block/" + name));
  }

  /** The device directory of a block device by its numbers. */
  Optional<Path> blockByMajMin(int major, int minor) {
    return real(sys("dev/block/" + major + ":" + minor));
  }

  static Optional<Path> real(Path p) {
    try {
      return Optional.of(p.toRealPath());
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /** A text attribute, trimmed; null when missing, unreadable or blank. */
  static String read(Path p) {
    try {
      String s = Files.readString(p, StandardCharsets.ISO_8859_1).trim();
      return s.isEmpty() ? null : s;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  static byte[] readBytes(Path p) {
    try {
      return Files.readAllBytes(p);
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  static long readLong(Path p, long fallback) {
    String s = read(p);
    if (s == null) {
      return fallback;
    }
    try {
      return Long.parseLong(s);
    } catch (NumberFormatException e) {
      return fallback;
    }
  }

  /** The names in a directory, sorted; empty when it is missing. */
  static List<String> list(Path dir) {
    List<String> out = new ArrayList<>();
    try (Stream<Path> s = Files.list(dir)) {
      s.forEach(p -> out.add(p.getFileName().toString()));
    } catch (IOException | RuntimeException e) {
      return List.of();
    }
    out.sort(null);
    return out;
  }

  static boolean isPartition(Path blockDir) {
    return Files.exists(blockDir.resolve("partition"));
  }

  /** The partitions of a whole disk: its subdirectories that have a {@code partition} file. */
  static List<String> partitions(Path diskDir) {
    List<String> out = new ArrayList<>();
    for (String n : list(diskDir)) {
      if (isPartition(diskDir.resolve(n))) {
        out.add(n);
      }
    }
    return out;
  }

  static String name(Path blockDir) {
    return blockDir.getFileName().toString();
  }

  /** The name of the target of a symlink such as {@code driver}, or null. */
  static String linkName(Path link) {
    return real(link).map(p -> p.getFileName().toString()).orElse(null);
  }

  /** The path below /sys, e.g. {@code devices/pci0000:00/.../block/sda}, for pattern tests. */
  String relative(Path p) {
    Path sysRoot = real(root.resolve("sys")).orElse(root.resolve("sys"));
    return p.startsWith(sysRoot) ? sysRoot.relativize(p).toString() : p.toString();
  }
}
