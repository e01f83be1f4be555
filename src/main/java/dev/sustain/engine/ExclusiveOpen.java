package dev.sustain.engine;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;

/**
 * A block device held exclusively: open with O_EXCL (and without O_CREAT), which the kernel grants
 * to one holder at a time. While it is held, a mount, swapon, mkswap, mkfs, a RAID or LVM member
 * and any other program's O_EXCL open of the device are refused with EBUSY; plain opens (the
 * engine's own) still work. Released on {@link #close}, and by the kernel when the process ends
 * however it ends. Not thread-safe.
 */
public final class ExclusiveOpen implements AutoCloseable {

  private int fd;

  private ExclusiveOpen(int fd) {
    this.fd = fd;
  }

  /**
   * Claims {@code device}.
   *
   * @throws ErrnoException {@code EBUSY} when something holds it (mounted, swap, a member of an
   *     array, another program's O_EXCL open), or why it could not be opened
   */
  public static ExclusiveOpen claim(Path device) throws ErrnoException {
    if (LinuxNative.UNAVAILABLE != null) {
      throw new ErrnoException(
          "cannot hold " + device + " exclusively: " + LinuxNative.UNAVAILABLE, Errno.ENOSYS);
    }
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment errno = LinuxNative.newErrnoBuffer(arena);
      int r =
          LinuxNative.open(
              errno,
              arena.allocateFrom(device.toString()),
              LinuxNative.O_RDONLY | LinuxNative.O_EXCL | LinuxNative.O_CLOEXEC,
              0);
      if (r < 0) {
        throw new ErrnoException(device + ": " + Errno.describe(r), -r);
      }
      return new ExclusiveOpen(r);
    }
  }

  /** Lets go of the device; nothing the second time. */
  @Override
  public void close() {
    if (fd < 0) {
      return;
    }
    try (Arena arena = Arena.ofConfined()) {
      LinuxNative.close(LinuxNative.newErrnoBuffer(arena), fd);
    }
    fd = -1;
  }
}
