package dev.sustain.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Assumptions;

/**
 * Several emulated drives on the real kernel path, written by one process in one cgroup-v1 blkio
 * group (like {@link EmulatedDrive}): raw loop devices over files in RAM, each throttled on its own
 * ({@code blkio.throttle.write_bps_device}, one line per device) for its solo rate; loop devices
 * that share a ceiling; a small file system that fills up; a device that vanishes mid-run.
 *
 * <p>The shared ceiling is built by stacking: loop devices whose backing files sit on an ext4 on a
 * third loop device, which alone is throttled. This holds because the loop driver, in direct-I/O
 * mode ({@code losetup --direct-io=on}), submits its backing I/O from a worker associated with the
 * writer's blkio cgroup, so the third device's limit is charged to the writer. (Without direct I/O
 * the backing writes go through the page cache and are written back by the flusher threads, which
 * cgroup v1 charges to nobody: measured here, 1.9 GB/s through a 50 MB/s limit.)
 *
 * <p>A vanishing device is a raw loop device over a file on its own ext4 ({@code
 * errors=remount-ro}); {@link #vanish} makes that file system fail ({@code
 * /sys/fs/ext4/DEV/trigger_fs_error}), and from then on every write to the loop device is an I/O
 * error, as when a USB drive is pulled.
 *
 * <p>Needs root, losetup, mkfs.ext4 and cgroup-v1 blkio; {@link #create} skips the calling test
 * with the reason where any is missing. Close it to detach, unmount and remove everything.
 */
public final class EmulatedGroup implements AutoCloseable {

  private static final Path BLKIO = Path.of("/sys/fs/cgroup/blkio");

  private final String id;
  private final Path workDir;
  private final Path cgroup;
  private final Deque<Cleanup> cleanups = new ArrayDeque<>();
  private final java.util.Map<String, String> vanishing = new java.util.HashMap<>();
  private final java.util.Map<String, Long> baseline = new java.util.HashMap<>();
  private int count;

  @FunctionalInterface
  private interface Cleanup {
    void run() throws Exception;
  }

  private EmulatedGroup(String id, Path workDir, Path cgroup) {
    this.id = id;
    this.workDir = workDir;
    this.cgroup = cgroup;
  }

  /** An empty group with its blkio cgroup; skips the calling test where that cannot be made. */
  public static EmulatedGroup create(Path workDir) throws IOException {
    String reason = EmulatedDrive.unavailableReason();
    Assumptions.assumeTrue(reason == null, reason);
    String id = "sustain-grp-" + ProcessHandle.current().pid() + "-" + System.nanoTime() % 100000;
    Path cgroup = Files.createDirectories(BLKIO.resolve(id));
    EmulatedGroup g = new EmulatedGroup(id, workDir, cgroup);
    g.cleanups.push(() -> removeCgroup(cgroup));
    return g;
  }

  /**
   * A raw loop device of {@code sizeBytes} over a file in RAM, throttled to {@code bps} (0: not).
   */
  public String rawDevice(long sizeBytes, long bytesPerSecond) throws Exception {
    String dev = loop(image(sizeBytes), false);
    limit(dev, bytesPerSecond);
    return dev;
  }

  /**
   * {@code count} raw loop devices of {@code sizeBytes} each whose backing files sit on one file
   * system on a device throttled to {@code ceilingBytesPerSecond}: their sum is capped there.
   *
   * @return the loop devices; the device they share is {@link #lastSharedDevice()}
   */
  public List<String> sharedDevices(int count, long sizeBytes, long ceilingBytesPerSecond)
      throws Exception {
    String under = loop(image(count * sizeBytes + (64L << 20)), false);
    Path mount = mount(under, "");
    shared = under;
    limit(under, ceilingBytesPerSecond);
    List<String> out = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      out.add(loop(writtenFile(mount.resolve("drive" + i + ".img"), sizeBytes), true));
    }
    return out;
  }

  private String shared;

  /** The device the last {@link #sharedDevices} call's loop devices share. */
  public String lastSharedDevice() {
    return shared;
  }

  /** A mounted ext4 of {@code fsBytes} throttled to {@code bps} (0: not): a folder to write in. */
  public Path folder(long fsBytes, long bytesPerSecond) throws Exception {
    String dev = loop(image(fsBytes), false);
    limit(dev, bytesPerSecond);
    return mount(dev, "");
  }

  /** A loop device with a mounted file system on it: one the raw-device rules refuse to write. */
  public String mountedDevice(long fsBytes) throws Exception {
    String dev = loop(image(fsBytes), false);
    mount(dev, "");
    return dev;
  }

  /**
   * A raw loop device of {@code sizeBytes}, throttled to {@code bps}, over a file on its own file
   * system, which {@link #vanish} makes fail.
   */
  public String vanishingDevice(long sizeBytes, long bytesPerSecond) throws Exception {
    String under = loop(image(sizeBytes + (32L << 20)), false);
    Path mount = mount(under, "errors=remount-ro");
    String dev = loop(writtenFile(mount.resolve("drive.img"), sizeBytes), true);
    limit(dev, bytesPerSecond);
    vanishing.put(dev, under);
    return dev;
  }

  /** From now on every write to {@code device} (from {@link #vanishingDevice}) is an I/O error. */
  public void vanish(String device) throws IOException {
    String under = vanishing.get(device);
    Files.writeString(
        Path.of("/sys/fs/ext4", Path.of(under).getFileName().toString(), "trigger_fs_error"),
        "sustain: the drive vanished\n");
  }

  /**
   * Bytes the kernel has written to one of this group's devices since the group made it (a loop
   * device keeps its counters from earlier use, so they count from a baseline).
   */
  public long bytesWritten(String device) throws IOException {
    return deviceBytes(device) - baseline.getOrDefault(device, 0L);
  }

  private static long deviceBytes(String device) throws IOException {
    String stat =
        Files.readString(Path.of("/sys/block", Path.of(device).getFileName().toString(), "stat"));
    return Long.parseLong(stat.strip().split("\\s+")[6]) * 512;
  }

  /** Starts {@code command} inside the throttled group (in it before its first write). */
  public Process start(List<String> command, Path stdout, Path stderr) throws IOException {
    return EmulatedDrive.startInGroup(cgroup, "", command, stdout, stderr);
  }

  private void limit(String device, long bytesPerSecond) throws IOException {
    if (bytesPerSecond <= 0) {
      return;
    }
    String mm =
        Files.readString(
                Path.of("/sys/class/block", Path.of(device).getFileName().toString(), "dev"))
            .strip();
    Files.writeString(
        cgroup.resolve("blkio.throttle.write_bps_device"),
        mm + " " + bytesPerSecond + "\n",
        StandardCharsets.US_ASCII);
  }

  /** A sparse file in RAM of {@code bytes}. */
  private Path image(long bytes) throws IOException {
    Path image = Path.of("/dev/shm", id + "-" + count++ + ".img");
    try (var ch =
        java.nio.channels.FileChannel.open(
            image,
            java.nio.file.StandardOpenOption.CREATE_NEW,
            java.nio.file.StandardOpenOption.WRITE)) {
      ch.position(bytes - 1);
      ch.write(java.nio.ByteBuffer.wrap(new byte[1]));
    }
    cleanups.push(() -> Files.deleteIfExists(image));
    return image;
  }

  /**
   * A file of {@code bytes} written in full: a loop device's direct writes into it then change no
   * extent (an unwritten extent's first write is a journal transaction of the file system below).
   */
  private Path writtenFile(Path file, long bytes) throws Exception {
    EmulatedDrive.sh(
        "dd",
        "if=/dev/zero",
        "of=" + file,
        "bs=1M",
        "count=" + (bytes >> 20),
        "conv=fsync",
        "status=none");
    return file;
  }

  private String loop(Path file, boolean direct) throws Exception {
    String dev =
        direct
            ? EmulatedDrive.sh("losetup", "--find", "--show", "--direct-io=on", file.toString())
                .strip()
            : EmulatedDrive.sh("losetup", "--find", "--show", file.toString()).strip();
    cleanups.push(() -> EmulatedDrive.sh("losetup", "-d", dev));
    baseline.put(dev, deviceBytes(dev));
    return dev;
  }

  private Path mount(String dev, String options) throws Exception {
    EmulatedDrive.sh("mkfs.ext4", "-q", "-F", "-E", "nodiscard", dev);
    Path mount = Files.createDirectories(workDir.resolve(id + "-fs" + count++));
    if (options.isEmpty()) {
      EmulatedDrive.sh("mount", dev, mount.toString());
    } else {
      EmulatedDrive.sh("mount", "-o", options, dev, mount.toString());
    }
    cleanups.push(
        () -> {
          EmulatedDrive.sh("umount", "-l", mount.toString());
          Files.deleteIfExists(mount);
        });
    return mount;
  }

  private static void removeCgroup(Path cgroup) throws IOException {
    // Processes left in the group (a test that failed) are moved out so it can be removed.
    Path procs = cgroup.resolve("cgroup.procs");
    if (Files.exists(procs)) {
      for (String pid : Files.readAllLines(procs)) {
        if (!pid.isBlank()) {
          try {
            Files.writeString(BLKIO.resolve("cgroup.procs"), pid.strip());
          } catch (IOException e) {
            // it ended meanwhile
          }
        }
      }
    }
    Files.deleteIfExists(cgroup);
  }

  /** Detaches, unmounts and removes everything, the last made first. */
  @Override
  public void close() {
    while (!cleanups.isEmpty()) {
      try {
        cleanups.pop().run();
      } catch (Exception e) {
        // best effort: the rest is still removed
      }
    }
  }
}
