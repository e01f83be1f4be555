package dev.sustain.testing;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Assumptions;

/**
 * A small real file system of a chosen kind (ext4, ext2...) on a loop device, mounted on a folder:
 * for tests of what a file system can or cannot do (ext2 has no fallocate). Root only; tests skip
 * with the reason elsewhere, and where the mkfs is not installed; as root, a mount that fails fails
 * the test. Unmounted, and its image removed, on close.
 */
public final class LoopFileSystem implements AutoCloseable {

  private final Path image;
  private final Path mountPoint;

  private LoopFileSystem(Path image, Path mountPoint) {
    this.image = image;
    this.mountPoint = mountPoint;
  }

  /**
   * Makes a {@code mebibytes} image in {@code workDir}, formats it with {@code mkfs} (e.g. {@code
   * mkfs.ext2}) and mounts it; skips the test with the reason where not root or without that mkfs.
   */
  public static LoopFileSystem create(Path workDir, String mkfs, int mebibytes)
      throws IOException, InterruptedException {
    Assumptions.assumeTrue(
        "root".equals(System.getProperty("user.name")),
        "needs root to mount a loop file system (run the tests as root, as CI does)");
    Path image = workDir.resolve("fs-" + mkfs + ".img");
    Path mount = Files.createDirectories(workDir.resolve("mnt-" + mkfs));
    try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(image.toFile(), "rw")) {
      f.setLength((long) mebibytes << 20); // sparse: costs the disk nothing until formatted
    }
    String made = run(mkfs, "-q", "-F", image.toString());
    Assumptions.assumeTrue(made == null, mkfs + " is not usable here: " + made);
    String mounted = run("mount", "-o", "loop", image.toString(), mount.toString());
    if (mounted != null) {
      // Root that cannot attach a loop device is a broken rig, not a machine without one: fail.
      Files.deleteIfExists(image);
      throw new AssertionError("root could not mount a loop file system: " + mounted);
    }
    return new LoopFileSystem(image, mount);
  }

  /** The mounted file system's root folder. */
  public Path dir() {
    return mountPoint;
  }

  /**
   * Fills the file system that holds {@code filler} to its last byte with that new file: whole
   * chunks while they fit, then the last partial block a byte at a time (root may use the reserved
   * blocks too, so the free space df shows is no guide).
   */
  public static void fillUp(Path filler) throws IOException {
    try (OutputStream w = Files.newOutputStream(filler, StandardOpenOption.CREATE_NEW)) {
      byte[] chunk = new byte[64 << 10];
      while (true) {
        w.write(chunk);
        w.flush();
      }
    } catch (IOException full) {
      // the chunks that fit
    }
    try (OutputStream w = Files.newOutputStream(filler, StandardOpenOption.APPEND)) {
      byte[] one = new byte[1];
      while (true) {
        w.write(one);
        w.flush();
      }
    } catch (IOException full) {
      // the last partial block
    }
  }

  /** Runs a command; null when it succeeded, else what it printed (or why it did not start). */
  private static String run(String... command) throws InterruptedException {
    try {
      return Commands.failureOf(60, command);
    } catch (IOException e) {
      return e.getMessage();
    }
  }

  @Override
  public void close() throws IOException, InterruptedException {
    // umount -d also frees the loop device the mount made.
    run("umount", "-d", mountPoint.toString());
    Files.deleteIfExists(image);
  }
}
