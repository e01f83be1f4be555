package dev.sustain.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether io_uring can be used here, asked once per process: it can be disabled by sysctl, blocked
 * by seccomp, or missing from an old kernel. Thread-safe.
 */
final class IoUringProbe {

  private static volatile String probeResult;

  private IoUringProbe() {}

  /**
   * Cheap (one io_uring_setup and close, once per process) and never throws.
   *
   * @return null when usable, else why not
   */
  static String probe() {
    String result = probeResult;
    if (result == null) {
      result = runProbe();
      probeResult = result;
    }
    return result.isEmpty() ? null : result;
  }

  private static String runProbe() {
    try {
      if (LinuxNative.UNAVAILABLE != null) {
        return LinuxNative.UNAVAILABLE;
      }
      String disabled = disabledBySysctl(Path.of("/proc/sys/kernel/io_uring_disabled"));
      if (disabled != null) {
        return disabled;
      }
      try (IoUringRing r = new IoUringRing(2, 0)) {
        if ((r.features & IoUringRing.FEAT_EXT_ARG) == 0) {
          return "kernel too old for io_uring waits with a timeout (needs Linux 5.11)";
        }
      }
      return "";
    } catch (IOException | RuntimeException | Error e) {
      // An Error here is the FFM linker failing (e.g. native access denied): not usable, no more.
      String message = e.getMessage() == null ? e.toString() : e.getMessage();
      return "io_uring unavailable: " + message;
    }
  }

  /**
   * Reads the kernel.io_uring_disabled sysctl (Linux 6.6+): 2 turns io_uring off for everyone, 1
   * for processes outside kernel.io_uring_group (root passes). Missing or unreadable: no verdict,
   * the setup call decides.
   *
   * @return why io_uring is off, or null when the sysctl does not forbid it outright
   */
  static String disabledBySysctl(Path sysctl) {
    try {
      if (Files.isReadable(sysctl) && Files.readString(sysctl).trim().equals("2")) {
        return "io_uring is disabled (kernel.io_uring_disabled = 2)";
      }
    } catch (IOException e) {
      return null;
    }
    return null;
  }
}
