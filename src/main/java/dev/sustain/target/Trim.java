package dev.sustain.target;

import dev.sustain.engine.ExclusiveOpen;
import dev.sustain.unit.UsageException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * TRIM: tells the drive which blocks hold nothing, so its translation layer has free blocks to fold
 * its cache into. A drive that never gets TRIM clogs and swings between 0 and full speed. A raw
 * device is discarded whole (BLKDISCARD, through util-linux's blkdiscard) behind the same guards as
 * a raw write; a folder's file system gets its free space trimmed (FITRIM, fstrim).
 */
public final class Trim {

  private Trim() {}

  /**
   * What was done.
   *
   * @param what one sentence for people
   * @param trimmedBytes bytes the kernel reports trimmed, or -1 when it does not say
   */
  public record Done(String what, long trimmedBytes) {}

  /**
   * Trims {@code target}.
   *
   * @param destroyData the user's consent, required for a raw device (every block is discarded)
   * @throws UsageException when refused (no consent, device in use, nothing that supports it)
   */
  public static Done trim(Path target, boolean destroyData) throws IOException {
    Path p = target.toAbsolutePath().normalize();
    if (TestFile.isBlockDevice(p)) {
      RawDevice.requireConsent(p, destroyData, "discarding it");
      Path sysRoot = Path.of("/sys");
      RawDevice device = RawDevice.inspect(p, sysRoot);
      device.refuseWhileInUse("discard", p);
      // The kernel's own word on discard support; blkdiscard's exit status does not tell it apart
      // from other failures, and its message is in the user's language.
      if (discardMaxBytes(sysRoot, device.name()) == 0) {
        throw unsupported("discard " + p);
      }
      // Held for the whole discard; blkdiscard's own O_EXCL open (util-linux 2.36 and later) would
      // meet this process's hold, so it runs with --force, which only drops that open's O_EXCL.
      try (ExclusiveOpen held = device.holdExclusively("discard", p)) {
        Finished blk = run(List.of("blkdiscard", "--force", p.toString()), "discard " + p);
        if (blk.exitStatus() != 0) {
          throw new IOException("cannot discard " + p + ": " + blk.lastLine());
        }
      }
      return new Done("discarded every block of " + device.describe(), device.sizeBytes());
    }
    if (!Files.isDirectory(p)) {
      throw new UsageException(p + " is neither a raw block device nor a folder");
    }
    // Blocks freed by a delete stay in the journal's running transaction until it commits; sync
    // the file system first, or a trim right after a run's cleanup finds nothing to trim.
    String syncWhat = "sync the file system at " + p;
    Finished sync = run(List.of("sync", "-f", p.toString()), syncWhat);
    if (sync.exitStatus() != 0) {
      throw new IOException("cannot " + syncWhat + ": " + sync.lastLine());
    }
    String what = "trim the file system at " + p;
    return fstrimDone(
        p, run(List.of("fstrim", "--quiet-unsupported", "-v", p.toString()), what), what);
  }

  /**
   * What {@code fstrim --quiet-unsupported -v} did, from its exit status and whether it printed
   * anything: with that option it exits 0 and prints nothing where the file system or device does
   * not support FITRIM. Its words are never read, only the byte count of its report.
   */
  static Done fstrimDone(Path folder, Finished fstrim, String what) throws IOException {
    if (fstrim.exitStatus() != 0) {
      throw new IOException("cannot " + what + ": " + fstrim.lastLine());
    }
    if (fstrim.output().isBlank()) {
      throw unsupported(what);
    }
    // "/mnt: 1.2 GiB (1288490188 bytes) trimmed", in the C locale the child runs in
    long bytes = -1;
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("\\((\\d+) bytes\\)").matcher(fstrim.output());
    if (m.find()) {
      bytes = Long.parseLong(m.group(1));
    }
    return new Done("trimmed the free space of the file system holding " + folder, bytes);
  }

  private static UsageException unsupported(String what) {
    return new UsageException(
        "cannot " + what + ": the device or file system does not support TRIM/discard");
  }

  /**
   * The largest discard the device takes, from sysfs ({@code queue/discard_max_bytes}, on the whole
   * disk for a partition): 0 when it takes none, -1 when sysfs does not say.
   */
  static long discardMaxBytes(Path sysRoot, String name) {
    Path sys = sysRoot.resolve("class/block").resolve(name);
    Path queue = Files.isDirectory(sys.resolve("queue")) ? sys : sys.resolve("..");
    try {
      return Long.parseLong(Files.readString(queue.resolve("queue/discard_max_bytes")).strip());
    } catch (IOException | NumberFormatException e) {
      return -1;
    }
  }

  /** How a util-linux command ended: its exit status and what it printed (both streams). */
  record Finished(int exitStatus, String output) {
    /** The last line it printed, shown to people and never parsed. */
    String lastLine() {
      return output.strip().lines().reduce((a, b) -> b).orElse("failed");
    }
  }

  private static Finished run(List<String> cmd, String what) throws IOException {
    ProcessBuilder builder = new ProcessBuilder(cmd).redirectErrorStream(true);
    // The C locale keeps the figures of fstrim's report in one format whatever the user's locale.
    builder.environment().put("LC_ALL", "C");
    Process proc;
    try {
      proc = builder.start();
    } catch (IOException e) {
      throw new UsageException(
          "cannot " + what + ": " + cmd.getFirst() + " (util-linux) is not installed");
    }
    try {
      String out = new String(proc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!proc.waitFor(30, TimeUnit.MINUTES)) {
        proc.destroyForcibly();
        throw new IOException("cannot " + what + ": " + cmd.getFirst() + " did not finish");
      }
      return new Finished(proc.exitValue(), out);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while trying to " + what, e);
    }
  }
}
