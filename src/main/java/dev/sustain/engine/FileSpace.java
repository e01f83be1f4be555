package dev.sustain.engine;

import java.nio.file.Path;

/**
 * Space for a file before it is written: Linux's {@code fallocate(2)} with mode 0, what fio's
 * default {@code fallocate=native} does. The file system reserves the blocks and the file takes its
 * full size at once, so a timed write afterwards overwrites allocated space instead of timing the
 * allocator (on tmpfs and on ext4 with O_DIRECT, writes that extend a file are far slower than
 * overwrites). Thread-safe.
 */
public final class FileSpace {

  private FileSpace() {}

  /**
   * Allocates {@code [offsetBytes, offsetBytes + lengthBytes)} of {@code file}, creating the file
   * when it is missing (never truncating it), and grows its size to cover the range.
   *
   * @return 0 when done, else the negated errno: {@code -EOPNOTSUPP} where the file system cannot
   *     allocate ahead, {@code -ENOSPC} or {@code -EDQUOT} when the space is not there, {@code
   *     -EFBIG} when the file system cannot hold a file that large, {@code -ENOSYS} where this is
   *     not Linux or native calls are not allowed
   */
  public static int allocate(Path file, long offsetBytes, long lengthBytes) {
    if (offsetBytes < 0 || lengthBytes <= 0) {
      throw new IllegalArgumentException(
          "bad range to allocate: " + lengthBytes + " bytes at " + offsetBytes);
    }
    return LinuxNative.withOpen(
        file,
        LinuxNative.O_WRONLY | LinuxNative.O_CREAT | LinuxNative.O_CLOEXEC,
        0644,
        (errno, fd) -> {
          int r;
          do {
            r = LinuxNative.fallocate(errno, fd, 0, offsetBytes, lengthBytes);
          } while (r == -Errno.EINTR);
          return Math.min(r, 0);
        });
  }
}
