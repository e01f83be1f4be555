package dev.sustain.target;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The few facts of the block device under a path that a run needs before it starts: its sysfs
 * folder and logical block size. Read from /sys/dev/block by the file system's device number.
 */
public final class BlockGeometry {

  private BlockGeometry() {}

  /** Linux's major number of a {@code dev_t}. */
  static long major(long dev) {
    return ((dev >>> 8) & 0xfff) | ((dev >>> 32) & ~0xfffL);
  }

  /** Linux's minor number of a {@code dev_t}. */
  static long minor(long dev) {
    return (dev & 0xff) | ((dev >>> 12) & ~0xffL);
  }

  /** The sysfs folder of the device holding {@code path} (a partition's, when on one). */
  public static Optional<Path> sysfsOf(Path sysRoot, Path path) {
    try {
      Object dev = Files.getAttribute(path, "unix:dev");
      long d = ((Number) dev).longValue();
      Path p = sysRoot.resolve("dev/block/" + major(d) + ":" + minor(d));
      return Files.exists(p) ? Optional.of(p.toRealPath()) : Optional.empty();
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  /**
   * The logical block size of the device under {@code path}: the unit O_DIRECT offsets and sizes
   * must be multiples of. 512 when no block device is found (tmpfs, overlay).
   */
  public static int logicalBlockSize(Path path) {
    Optional<Path> sys = sysfsOf(Path.of("/sys"), path);
    if (sys.isEmpty()) {
      return 512;
    }
    for (Path dir : new Path[] {sys.get(), sys.get().getParent()}) {
      Path f = dir.resolve("queue/logical_block_size");
      try {
        if (Files.isReadable(f)) {
          return Integer.parseInt(Files.readString(f).strip());
        }
      } catch (IOException | NumberFormatException e) {
        // try the parent: a partition has no queue folder of its own
      }
    }
    return 512;
  }
}
