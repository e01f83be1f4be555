package dev.sustain.engine;

import java.util.Locale;

/**
 * Names and meanings of the Linux errno values an engine reports in {@link IoSlot#result}
 * (negated). Lets the runner turn {@code -28} into {@code ENOSPC (no space left on device)} without
 * native calls. Stateless and thread-safe. Values are the Linux generic ones (x86_64 and aarch64
 * agree).
 */
public final class Errno {

  public static final int EPERM = 1;
  public static final int ENOENT = 2;
  public static final int EINTR = 4;
  public static final int EIO = 5;
  public static final int ENXIO = 6;
  public static final int EBADF = 9;
  public static final int EAGAIN = 11;
  public static final int ENOMEM = 12;
  public static final int EACCES = 13;
  public static final int EFAULT = 14;
  public static final int EBUSY = 16;
  public static final int EEXIST = 17;
  public static final int ENODEV = 19;
  public static final int EISDIR = 21;
  public static final int EINVAL = 22;
  public static final int ENFILE = 23;
  public static final int EMFILE = 24;
  public static final int EFBIG = 27;
  public static final int ENOSPC = 28;
  public static final int ESPIPE = 29;
  public static final int EROFS = 30;
  public static final int EPIPE = 32;
  public static final int ENOSYS = 38;
  public static final int ETIME = 62;
  public static final int EOPNOTSUPP = 95;
  public static final int EDQUOT = 122;
  public static final int ECANCELED = 125;

  private static final String[][] TABLE = new String[126][];

  static {
    put(EPERM, "EPERM", "operation not permitted");
    put(ENOENT, "ENOENT", "no such file or directory");
    put(EINTR, "EINTR", "interrupted system call");
    put(EIO, "EIO", "input/output error");
    put(ENXIO, "ENXIO", "no such device or address");
    put(EBADF, "EBADF", "bad file descriptor");
    put(EAGAIN, "EAGAIN", "resource temporarily unavailable");
    put(ENOMEM, "ENOMEM", "cannot allocate memory");
    put(EACCES, "EACCES", "permission denied");
    put(EFAULT, "EFAULT", "bad address");
    put(EBUSY, "EBUSY", "device or resource busy");
    put(EEXIST, "EEXIST", "file exists");
    put(ENODEV, "ENODEV", "no such device");
    put(EISDIR, "EISDIR", "is a directory");
    put(EINVAL, "EINVAL", "invalid argument");
    put(ENFILE, "ENFILE", "too many open files in system");
    put(EMFILE, "EMFILE", "too many open files");
    put(EFBIG, "EFBIG", "file too large");
    put(ENOSPC, "ENOSPC", "no space left on device");
    put(ESPIPE, "ESPIPE", "illegal seek");
    put(EROFS, "EROFS", "read-only file system");
    put(EPIPE, "EPIPE", "broken pipe");
    put(ENOSYS, "ENOSYS", "function not implemented");
    put(ETIME, "ETIME", "timer expired");
    put(EOPNOTSUPP, "EOPNOTSUPP", "operation not supported");
    put(EDQUOT, "EDQUOT", "disk quota exceeded");
    put(ECANCELED, "ECANCELED", "operation canceled");
  }

  private Errno() {}

  private static void put(int errno, String name, String meaning) {
    TABLE[errno] = new String[] {name, meaning};
  }

  /** The symbolic name ({@code ENOSPC}); {@code errno 123} when unknown. Sign is ignored. */
  public static String name(long errno) {
    long e = Math.abs(errno);
    if (e < TABLE.length && TABLE[(int) e] != null) {
      return TABLE[(int) e][0];
    }
    return "errno " + e;
  }

  /** Name and meaning for people: {@code ENOSPC (no space left on device)}. Sign is ignored. */
  public static String describe(long errno) {
    long e = Math.abs(errno);
    if (e < TABLE.length && TABLE[(int) e] != null) {
      return TABLE[(int) e][0] + " (" + TABLE[(int) e][1] + ")";
    }
    return String.format(Locale.ROOT, "errno %d", e);
  }
}
