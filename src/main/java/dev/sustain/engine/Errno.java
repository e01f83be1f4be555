package dev.sustain.engine;

import java.util.Locale;

/**
 * Names and meanings of the Linux errno values an engine reports in {@link IoSlot#result} (negated)
 * or in an {@link ErrnoException}. Lets the runner turn {@code -28} into {@code No space left on
 * device (ENOSPC)} without native calls. Stateless and thread-safe. Values are the Linux generic
 * ones (x86_64 and aarch64 agree).
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
    put(EPERM, "EPERM", "Operation not permitted");
    put(ENOENT, "ENOENT", "No such file or directory");
    put(EINTR, "EINTR", "Interrupted system call");
    put(EIO, "EIO", "Input/output error");
    put(ENXIO, "ENXIO", "No such device or address");
    put(EBADF, "EBADF", "Bad file descriptor");
    put(EAGAIN, "EAGAIN", "Resource temporarily unavailable");
    put(ENOMEM, "ENOMEM", "Cannot allocate memory");
    put(EACCES, "EACCES", "Permission denied");
    put(EFAULT, "EFAULT", "Bad address");
    put(EBUSY, "EBUSY", "Device or resource busy");
    put(EEXIST, "EEXIST", "File exists");
    put(ENODEV, "ENODEV", "No such device");
    put(EISDIR, "EISDIR", "Is a directory");
    put(EINVAL, "EINVAL", "Invalid argument");
    put(ENFILE, "ENFILE", "Too many open files in system");
    put(EMFILE, "EMFILE", "Too many open files");
    put(EFBIG, "EFBIG", "File too large");
    put(ENOSPC, "ENOSPC", "No space left on device");
    put(ESPIPE, "ESPIPE", "Illegal seek");
    put(EROFS, "EROFS", "Read-only file system");
    put(EPIPE, "EPIPE", "Broken pipe");
    put(ENOSYS, "ENOSYS", "Function not implemented");
    put(ETIME, "ETIME", "Timer expired");
    put(EOPNOTSUPP, "EOPNOTSUPP", "Operation not supported");
    put(EDQUOT, "EDQUOT", "Disk quota exceeded");
    put(ECANCELED, "ECANCELED", "Operation canceled");
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

  /**
   * Meaning and name for people, in glibc's strerror words: {@code No space left on device
   * (ENOSPC)}. Sign is ignored.
   */
  public static String describe(long errno) {
    long e = Math.abs(errno);
    if (e < TABLE.length && TABLE[(int) e] != null) {
      return TABLE[(int) e][1] + " (" + TABLE[(int) e][0] + ")";
    }
    return String.format(Locale.ROOT, "errno %d", e);
  }

  /**
   * The errno behind a failed request, whichever engine ran it: {@code -result} when the kernel
   * reported one, else the one an {@link ErrnoException} carries. 0 when the slot succeeded, was
   * short, or failed for a reason that is not an errno.
   */
  public static int of(IoSlot slot) {
    if (slot.failure != null) {
      return ErrnoException.errnoOf(slot.failure);
    }
    return slot.result < 0 ? (int) -slot.result : 0;
  }

  /**
   * The errno a JDK I/O exception's message stands for; 0 when it names none of the errors engines
   * report. The one place in Sustain where an error's text decides anything, because the JDK's
   * FileChannel gives only text: its {@code strerror} wording, in the process's locale (so the
   * words are compared with this C library's own {@code strerror} for each errno as well as with
   * glibc's English), or its own direct-I/O alignment check. Use {@link ErrnoException#from}.
   */
  static int fromJdkMessage(String jdkMessage) {
    if (jdkMessage == null) {
      return 0;
    }
    String message = jdkMessage.toLowerCase(Locale.ROOT);
    if (message.contains("not a multiple of the block")) {
      // The JDK checks O_DIRECT alignment itself and words it so; the kernel says EINVAL.
      return EINVAL;
    }
    for (int i = 0; i < JdkWords.MAPPED.length; i++) {
      String local = JdkWords.LOCAL[i];
      if (message.contains(JdkWords.ENGLISH[i]) || local != null && message.contains(local)) {
        return JdkWords.MAPPED[i];
      }
    }
    return 0;
  }

  /** The words of the errors a JDK message is matched against, looked up once. */
  private static final class JdkWords {
    /** Most specific first. */
    static final int[] MAPPED = {
      ENOSPC,
      EDQUOT,
      EFBIG,
      EROFS,
      EIO,
      EINVAL,
      ESPIPE,
      EBADF,
      ENXIO,
      ENODEV,
      EOPNOTSUPP,
      EPERM,
      EACCES,
      ENOENT,
      EBUSY
    };

    static final String[] ENGLISH = new String[MAPPED.length];
    static final String[] LOCAL = new String[MAPPED.length];

    static {
      for (int i = 0; i < MAPPED.length; i++) {
        ENGLISH[i] = TABLE[MAPPED[i]][1].toLowerCase(Locale.ROOT);
        String local = LinuxNative.strerror(MAPPED[i]);
        LOCAL[i] =
            local == null || local.isBlank() || local.toLowerCase(Locale.ROOT).equals(ENGLISH[i])
                ? null
                : local.toLowerCase(Locale.ROOT);
      }
    }
  }
}
