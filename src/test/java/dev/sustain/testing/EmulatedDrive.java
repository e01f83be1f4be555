package dev.sustain.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * An emulated drive on the real kernel path: a loop device over a file in RAM, formatted ext4 and
 * mounted, written by a process in a cgroup-v1 blkio group whose {@code
 * blkio.throttle.write_bps_device} limit is changed while the run goes, after so many bytes have
 * reached the device or so many seconds have passed. That plays a cache cliff (fast for N GB, slow
 * after), staged throttling with recovery, stalls (a near-zero limit for a few seconds) and erratic
 * swings, with Sustain's real engine, sampler and file system in the path.
 *
 * <p>Needs root, losetup, mkfs.ext4 and cgroup-v1 blkio; {@link #create} skips the calling test
 * with a stated reason where any is missing. Close it to unmount and detach everything.
 */
public final class EmulatedDrive implements AutoCloseable {

  /**
   * A limit in force from a trigger on: after {@code afterBytes} (since the start), {@code
   * afterSeconds}, {@code afterMoreBytes} (since the phase before was applied; -1 where a trigger
   * is not used) or once the file {@code whenExists} exists (null when not used).
   */
  public record Phase(
      long afterBytes,
      double afterSeconds,
      long bytesPerSecond,
      long afterMoreBytes,
      Path whenExists) {

    public Phase(long afterBytes, double afterSeconds, long bytesPerSecond) {
      this(afterBytes, afterSeconds, bytesPerSecond, -1, null);
    }

    /** From the start of the run. */
    public static Phase initially(long bytesPerSecond) {
      return new Phase(0, 0, bytesPerSecond);
    }

    /** Once this many bytes have been written to the device since the start. */
    public static Phase afterBytes(long bytes, long bytesPerSecond) {
      return new Phase(bytes, -1, bytesPerSecond);
    }

    /** Once this many seconds have passed since the first byte reached the device. */
    public static Phase afterSeconds(double seconds, long bytesPerSecond) {
      return new Phase(-1, seconds, bytesPerSecond);
    }

    /** Once this many bytes have been written since the phase before this one was applied. */
    public static Phase afterMoreBytes(long bytes, long bytesPerSecond) {
      return new Phase(-1, -1, bytesPerSecond, bytes, null);
    }

    /**
     * Once {@code file} exists: a repeat's next pass has begun ({@code pass-N/run.json} is written
     * before its first byte), so a drive whose cache came back in the pause plays it.
     */
    public static Phase whenExists(Path file, long bytesPerSecond) {
      return new Phase(-1, -1, bytesPerSecond, -1, file);
    }
  }

  private static final Path BLKIO = Path.of("/sys/fs/cgroup/blkio");

  private final Path image;
  private final String loop;
  private final String majorMinor;
  private final Path mountPoint;
  private final Path cgroup;
  private Thread controller;
  private volatile boolean running;
  private volatile int phasesApplied;
  private final List<String> applied = java.util.Collections.synchronizedList(new ArrayList<>());

  private EmulatedDrive(Path image, String loop, String majorMinor, Path mountPoint, Path cgroup) {
    this.image = image;
    this.loop = loop;
    this.majorMinor = majorMinor;
    this.mountPoint = mountPoint;
    this.cgroup = cgroup;
  }

  /** Why an emulated drive cannot be made here, or null when it can. */
  public static String unavailableReason() {
    if (!"root".equals(System.getProperty("user.name"))) {
      return "the emulated drive needs root (loop devices, mount, cgroup blkio)";
    }
    if (!Files.isWritable(BLKIO.resolve("cgroup.procs"))) {
      return "the emulated drive needs cgroup-v1 blkio mounted at " + BLKIO;
    }
    for (String tool : new String[] {"/usr/sbin/losetup", "/usr/sbin/mkfs.ext4"}) {
      if (!Files.isExecutable(Path.of(tool))
          && !Files.isExecutable(Path.of(tool.replace("/usr", "")))) {
        return "the emulated drive needs " + tool;
      }
    }
    if (!Files.isDirectory(Path.of("/dev/shm"))) {
      return "the emulated drive keeps its image in /dev/shm";
    }
    return null;
  }

  /**
   * Makes, formats and mounts a loop device of {@code sizeBytes} (its image in RAM), with an
   * unthrottled blkio group. Skips the calling test when that is not possible here.
   */
  public static EmulatedDrive create(long sizeBytes, Path workDir) throws Exception {
    String reason = unavailableReason();
    Assumptions.assumeTrue(reason == null, reason);
    String id = "sustain-emu-" + ProcessHandle.current().pid() + "-" + System.nanoTime() % 100000;
    Path image = Path.of("/dev/shm", id + ".img");
    try (var ch =
        java.nio.channels.FileChannel.open(
            image,
            java.nio.file.StandardOpenOption.CREATE_NEW,
            java.nio.file.StandardOpenOption.WRITE)) {
      ch.truncate(0);
      ch.position(sizeBytes - 1);
      ch.write(java.nio.ByteBuffer.wrap(new byte[1]));
    }
    String loop = sh("losetup", "--find", "--show", image.toString()).strip();
    Path mount = Files.createDirectories(workDir.resolve(id));
    Path cgroup = BLKIO.resolve(id);
    try {
      // Inode tables and journal written now: ext4's lazy init would write them after the mount,
      // in the background, and those bytes would pass for the run's first.
      sh("mkfs.ext4", "-q", "-F", "-E", "nodiscard,lazy_itable_init=0,lazy_journal_init=0", loop);
      sh("mount", loop, mount.toString());
      String mm =
          Files.readString(
                  Path.of("/sys/class/block", Path.of(loop).getFileName().toString(), "dev"))
              .strip();
      Files.createDirectories(cgroup);
      return new EmulatedDrive(image, loop, mm, mount, cgroup);
    } catch (Exception e) {
      cleanup(loop, mount, cgroup, image);
      throw e;
    }
  }

  /** Where the file system is mounted: the folder to give {@code sustain write}. */
  public Path mountPoint() {
    return mountPoint;
  }

  /** The loop device, e.g. /dev/loop3. */
  public String device() {
    return loop;
  }

  /** Device writes up to this much before a run's data are the file system's metadata. */
  private static final long FIRST_DATA_BYTES = 1 << 20;

  /** Phases applied so far (for a test to check the script really played). */
  public int phasesApplied() {
    return phasesApplied;
  }

  /** When each phase after the first was applied: seconds after the first byte, device bytes. */
  public List<String> appliedAt() {
    return List.copyOf(applied);
  }

  /**
   * Starts {@code command} (after {@code prefix}, a command it runs under, or "") inside the cgroup
   * {@code cgroup}: in it before its first write, so every write it makes is throttled.
   */
  static Process startInGroup(
      Path cgroup, String prefix, List<String> command, Path stdout, Path stderr)
      throws IOException {
    List<String> cmd = new ArrayList<>();
    cmd.add("/bin/sh");
    cmd.add("-c");
    cmd.add("echo $$ > " + cgroup.resolve("cgroup.procs") + " && exec " + prefix + "\"$@\"");
    cmd.add("sh");
    cmd.addAll(command);
    ProcessBuilder pb = new ProcessBuilder(cmd);
    pb.redirectOutput(stdout.toFile());
    pb.redirectError(stderr.toFile());
    pb.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
    return pb.start();
  }

  /**
   * Starts {@code command} inside the throttled group (it is in the group before its first write)
   * and plays the phases while it runs: the first phase at once, each next one when its trigger is
   * reached, bytes counted at the device (/sys/block/loopN/stat).
   */
  public Process start(List<String> command, Path stdout, Path stderr, List<Phase> phases)
      throws IOException {
    if (phases.isEmpty()) {
      throw new IllegalArgumentException("at least one phase");
    }
    setLimit(phases.getFirst().bytesPerSecond());
    phasesApplied = 1;
    long startBytes = deviceBytesWritten();
    // The writer runs at a higher CPU priority: the drive, not a machine busy with other work,
    // must set the pace of the run.
    Process p = startInGroup(cgroup, "nice -n -10 ", command, stdout, stderr);
    running = true;
    controller =
        new Thread(
            () -> {
              int next = 1;
              // Time counts from the first data written, not the JVM's start nor the file
              // system's own metadata (a preallocation's journal entries come before the run).
              long firstByteNanos = -1;
              long phaseBytes = 0; // device bytes when the phase before was applied
              while (running && next < phases.size() && p.isAlive()) {
                Phase ph = phases.get(next);
                try {
                  long bytes = deviceBytesWritten() - startBytes;
                  long now = System.nanoTime();
                  if (firstByteNanos < 0 && bytes >= FIRST_DATA_BYTES) {
                    firstByteNanos = now;
                  }
                  double seconds = firstByteNanos < 0 ? 0 : (now - firstByteNanos) / 1e9;
                  boolean due =
                      (ph.afterBytes() >= 0 && bytes >= ph.afterBytes())
                          || (ph.afterSeconds() >= 0 && seconds >= ph.afterSeconds())
                          || (ph.afterMoreBytes() >= 0 && bytes - phaseBytes >= ph.afterMoreBytes())
                          || (ph.whenExists() != null && Files.exists(ph.whenExists()));
                  if (due) {
                    phaseBytes = bytes;
                    setLimit(ph.bytesPerSecond());
                    applied.add(
                        String.format(
                            Locale.ROOT,
                            "phase %d at %.3f s, %d bytes",
                            next + 1,
                            seconds,
                            deviceBytesWritten() - startBytes));
                    next++;
                    phasesApplied = next;
                    continue;
                  }
                  TimeUnit.MILLISECONDS.sleep(10);
                } catch (IOException | InterruptedException e) {
                  return;
                }
              }
            },
            "emulated-drive");
    controller.setDaemon(true);
    controller.start();
    return p;
  }

  /** Sets the group's write limit on the device; 0 removes it. */
  public void setLimit(long bytesPerSecond) throws IOException {
    Files.writeString(
        cgroup.resolve("blkio.throttle.write_bps_device"),
        majorMinor + " " + Math.max(0, bytesPerSecond) + "\n",
        StandardCharsets.US_ASCII);
  }

  /** Bytes the kernel has written to the loop device since it was set up. */
  public long deviceBytesWritten() throws IOException {
    String stat =
        Files.readString(Path.of("/sys/block", Path.of(loop).getFileName().toString(), "stat"));
    String[] f = stat.strip().split("\\s+");
    return Long.parseLong(f[6]) * 512;
  }

  @Override
  public void close() {
    running = false;
    if (controller != null) {
      controller.interrupt();
    }
    cleanup(loop, mountPoint, cgroup, image);
  }

  private static void cleanup(String loop, Path mount, Path cgroup, Path image) {
    try {
      sh("umount", "-l", mount.toString());
    } catch (Exception ignored) {
      // not mounted
    }
    try {
      sh("losetup", "-d", loop);
    } catch (Exception ignored) {
      // already detached
    }
    try {
      // Processes left in the group (a test that failed) are moved out so it can be removed.
      Path procs = cgroup.resolve("cgroup.procs");
      if (Files.exists(procs)) {
        for (String pid : Files.readAllLines(procs)) {
          if (!pid.isBlank()) {
            Files.writeString(BLKIO.resolve("cgroup.procs"), pid.strip());
          }
        }
      }
      Files.deleteIfExists(cgroup);
    } catch (IOException ignored) {
      // best effort
    }
    try {
      Files.deleteIfExists(image);
      Files.deleteIfExists(mount);
    } catch (IOException ignored) {
      // best effort
    }
  }

  /** Runs a command, fails with its stderr when it fails. */
  static String sh(String... cmd) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
      throw new IOException(String.join(" ", cmd) + " failed: " + out.strip());
    }
    return out;
  }

  @Override
  public String toString() {
    return String.format(Locale.ROOT, "EmulatedDrive[%s at %s]", loop, mountPoint);
  }
}
