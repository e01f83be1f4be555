package dev.sustain.target;

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
      if (!destroyData) {
        throw new UsageException(
            p
                + " is a raw block device: discarding it destroys all its data; refused without"
                + " --destroy-data");
      }
      RawDevice device = RawDevice.inspect(p, Path.of("/sys"));
      List<String> problems = device.refusalsOnThisSystem();
      if (!problems.isEmpty()) {
        throw new UsageException(
            "refusing to discard "
                + p
                + " even with --destroy-data: "
                + String.join("; ", problems));
      }
      run(List.of("blkdiscard", p.toString()), "discard " + p);
      return new Done("discarded every block of " + device.describe(), device.sizeBytes());
    }
    if (!Files.isDirectory(p)) {
      throw new UsageException(p + " is neither a raw block device nor a folder");
    }
    // Blocks freed by a delete stay in the journal's running transaction until it commits; sync
    // the file system first, or a trim right after a run's cleanup finds nothing to trim.
    run(List.of("sync", "-f", p.toString()), "sync the file system at " + p);
    String out = run(List.of("fstrim", "-v", p.toString()), "trim the file system at " + p);
    // fstrim -v: "/mnt: 1.2 GiB (1288490188 bytes) trimmed"
    long bytes = -1;
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\((\\d+) bytes\\)").matcher(out);
    if (m.find()) {
      bytes = Long.parseLong(m.group(1));
    }
    return new Done("trimmed the free space of the file system holding " + p, bytes);
  }

  private static String run(List<String> cmd, String what) throws IOException {
    Process proc;
    try {
      proc = new ProcessBuilder(cmd).redirectErrorStream(true).start();
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
      if (proc.exitValue() != 0) {
        String reason = out.strip().lines().reduce((a, b) -> b).orElse("failed");
        if (reason.contains("not supported") || reason.contains("Operation not supported")) {
          throw new UsageException(
              "cannot " + what + ": the device or file system does not support TRIM/discard");
        }
        throw new IOException("cannot " + what + ": " + reason);
      }
      return out;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while trying to " + what, e);
    }
  }
}
