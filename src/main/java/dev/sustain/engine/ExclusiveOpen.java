package dev.sustain.engine;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * A block device held exclusively: open with O_EXCL (and without O_CREAT), which the kernel grants
 * to one holder at a time. While it is held, a mount, swapon, mkswap, mkfs, a RAID or LVM member
 * and any other program's O_EXCL open of the device are refused with EBUSY; plain opens (the
 * engine's own, blkdiscard --force) still work. Released on {@link #close}, and by the kernel when
 * the process ends however it ends.
 *
 * <p>Within one process the hold is shared: a second claim of a device this process holds (a write
 * after its --trim-first discard, both inside one hold) shares the one descriptor, since the kernel
 * would refuse this process's own second O_EXCL open too; the device is let go of when the last
 * claim closes. Thread-safe.
 */
public final class ExclusiveOpen implements AutoCloseable {

  /** One O_EXCL descriptor per device this process holds, with how many claims share it. */
  private static final class Hold {
    final int fd;
    int claims;

    Hold(int fd) {
      this.fd = fd;
    }
  }

  private static final Map<Path, Hold> HELD = new HashMap<>();

  private final Path device;
  private boolean closed;

  private ExclusiveOpen(Path device) {
    this.device = device;
  }

  /**
   * Claims {@code device}.
   *
   * @throws ErrnoException {@code EBUSY} when something else holds it (mounted, swap, a member of
   *     an array, another program's O_EXCL open), or why it could not be opened
   */
  public static ExclusiveOpen claim(Path device) throws ErrnoException {
    if (LinuxNative.UNAVAILABLE != null) {
      throw new ErrnoException(
          "cannot hold " + device + " exclusively: " + LinuxNative.UNAVAILABLE, Errno.ENOSYS);
    }
    Path key = canonical(device);
    synchronized (HELD) {
      Hold hold = HELD.get(key);
      if (hold == null) {
        int r =
            LinuxNative.openPath(
                key, LinuxNative.O_RDONLY | LinuxNative.O_EXCL | LinuxNative.O_CLOEXEC, 0);
        if (r < 0) {
          throw new ErrnoException(device + ": " + Errno.describe(r), -r);
        }
        hold = new Hold(r);
        HELD.put(key, hold);
      }
      hold.claims++;
      return new ExclusiveOpen(key);
    }
  }

  /** The node a link such as /dev/disk/by-id/... names, so two names of one device share a hold. */
  private static Path canonical(Path device) {
    try {
      return device.toRealPath();
    } catch (IOException e) {
      return device.toAbsolutePath().normalize(); // the open then says why it is not there
    }
  }

  /** Lets go of this claim, and of the device with the last one; nothing the second time. */
  @Override
  public void close() {
    synchronized (HELD) {
      if (closed) {
        return;
      }
      closed = true;
      Hold hold = HELD.get(device);
      if (hold != null && --hold.claims == 0) {
        HELD.remove(device);
        try (Arena arena = Arena.ofConfined()) {
          LinuxNative.close(LinuxNative.newErrnoBuffer(arena), hold.fd);
        }
      }
    }
  }
}
