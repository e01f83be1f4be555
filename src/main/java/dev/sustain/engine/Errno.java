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
  public static final int ETXTBSY = 26;
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

  private static final String[][] TABLE = new String[134][];

  static {
    // Every Linux errno, in glibc's words; ETXTBSY in what it means for a device or file that
    // Sustain writes (swap or a running program holds it), not glibc's "Text file busy".
    put(1, "EPERM", "Operation not permitted");
    put(2, "ENOENT", "No such file or directory");
    put(3, "ESRCH", "No such process");
    put(4, "EINTR", "Interrupted system call");
    put(5, "EIO", "Input/output error");
    put(6, "ENXIO", "No such device or address");
    put(7, "E2BIG", "Argument list too long");
    put(8, "ENOEXEC", "Exec format error");
    put(9, "EBADF", "Bad file descriptor");
    put(10, "ECHILD", "No child processes");
    put(11, "EAGAIN", "Resource temporarily unavailable");
    put(12, "ENOMEM", "Cannot allocate memory");
    put(13, "EACCES", "Permission denied");
    put(14, "EFAULT", "Bad address");
    put(15, "ENOTBLK", "Block device required");
    put(16, "EBUSY", "Device or resource busy");
    put(17, "EEXIST", "File exists");
    put(18, "EXDEV", "Invalid cross-device link");
    put(19, "ENODEV", "No such device");
    put(20, "ENOTDIR", "Not a directory");
    put(21, "EISDIR", "Is a directory");
    put(22, "EINVAL", "Invalid argument");
    put(23, "ENFILE", "Too many open files in system");
    put(24, "EMFILE", "Too many open files");
    put(25, "ENOTTY", "Inappropriate ioctl for device");
    put(26, "ETXTBSY", "In use by another program");
    put(27, "EFBIG", "File too large");
    put(28, "ENOSPC", "No space left on device");
    put(29, "ESPIPE", "Illegal seek");
    put(30, "EROFS", "Read-only file system");
    put(31, "EMLINK", "Too many links");
    put(32, "EPIPE", "Broken pipe");
    put(33, "EDOM", "Numerical argument out of domain");
    put(34, "ERANGE", "Numerical result out of range");
    put(35, "EDEADLK", "Resource deadlock avoided");
    put(36, "ENAMETOOLONG", "File name too long");
    put(37, "ENOLCK", "No locks available");
    put(38, "ENOSYS", "Function not implemented");
    put(39, "ENOTEMPTY", "Directory not empty");
    put(40, "ELOOP", "Too many levels of symbolic links");
    put(42, "ENOMSG", "No message of desired type");
    put(43, "EIDRM", "Identifier removed");
    put(44, "ECHRNG", "Channel number out of range");
    put(45, "EL2NSYNC", "Level 2 not synchronized");
    put(46, "EL3HLT", "Level 3 halted");
    put(47, "EL3RST", "Level 3 reset");
    put(48, "ELNRNG", "Link number out of range");
    put(49, "EUNATCH", "Protocol driver not attached");
    put(50, "ENOCSI", "No CSI structure available");
    put(51, "EL2HLT", "Level 2 halted");
    put(52, "EBADE", "Invalid exchange");
    put(53, "EBADR", "Invalid request descriptor");
    put(54, "EXFULL", "Exchange full");
    put(55, "ENOANO", "No anode");
    put(56, "EBADRQC", "Invalid request code");
    put(57, "EBADSLT", "Invalid slot");
    put(59, "EBFONT", "Bad font file format");
    put(60, "ENOSTR", "Device not a stream");
    put(61, "ENODATA", "No data available");
    put(62, "ETIME", "Timer expired");
    put(63, "ENOSR", "Out of streams resources");
    put(64, "ENONET", "Machine is not on the network");
    put(65, "ENOPKG", "Package not installed");
    put(66, "EREMOTE", "Object is remote");
    put(67, "ENOLINK", "Link has been severed");
    put(68, "EADV", "Advertise error");
    put(69, "ESRMNT", "Srmount error");
    put(70, "ECOMM", "Communication error on send");
    put(71, "EPROTO", "Protocol error");
    put(72, "EMULTIHOP", "Multihop attempted");
    put(73, "EDOTDOT", "RFS specific error");
    put(74, "EBADMSG", "Bad message");
    put(75, "EOVERFLOW", "Value too large for defined data type");
    put(76, "ENOTUNIQ", "Name not unique on network");
    put(77, "EBADFD", "File descriptor in bad state");
    put(78, "EREMCHG", "Remote address changed");
    put(79, "ELIBACC", "Can not access a needed shared library");
    put(80, "ELIBBAD", "Accessing a corrupted shared library");
    put(81, "ELIBSCN", ".lib section in a.out corrupted");
    put(82, "ELIBMAX", "Attempting to link in too many shared libraries");
    put(83, "ELIBEXEC", "Cannot exec a shared library directly");
    put(84, "EILSEQ", "Invalid or incomplete multibyte or wide character");
    put(85, "ERESTART", "Interrupted system call should be restarted");
    put(86, "ESTRPIPE", "Streams pipe error");
    put(87, "EUSERS", "Too many users");
    put(88, "ENOTSOCK", "Socket operation on non-socket");
    put(89, "EDESTADDRREQ", "Destination address required");
    put(90, "EMSGSIZE", "Message too long");
    put(91, "EPROTOTYPE", "Protocol wrong type for socket");
    put(92, "ENOPROTOOPT", "Protocol not available");
    put(93, "EPROTONOSUPPORT", "Protocol not supported");
    put(94, "ESOCKTNOSUPPORT", "Socket type not supported");
    put(95, "EOPNOTSUPP", "Operation not supported");
    put(96, "EPFNOSUPPORT", "Protocol family not supported");
    put(97, "EAFNOSUPPORT", "Address family not supported by protocol");
    put(98, "EADDRINUSE", "Address already in use");
    put(99, "EADDRNOTAVAIL", "Cannot assign requested address");
    put(100, "ENETDOWN", "Network is down");
    put(101, "ENETUNREACH", "Network is unreachable");
    put(102, "ENETRESET", "Network dropped connection on reset");
    put(103, "ECONNABORTED", "Software caused connection abort");
    put(104, "ECONNRESET", "Connection reset by peer");
    put(105, "ENOBUFS", "No buffer space available");
    put(106, "EISCONN", "Transport endpoint is already connected");
    put(107, "ENOTCONN", "Transport endpoint is not connected");
    put(108, "ESHUTDOWN", "Cannot send after transport endpoint shutdown");
    put(109, "ETOOMANYREFS", "Too many references: cannot splice");
    put(110, "ETIMEDOUT", "Connection timed out");
    put(111, "ECONNREFUSED", "Connection refused");
    put(112, "EHOSTDOWN", "Host is down");
    put(113, "EHOSTUNREACH", "No route to host");
    put(114, "EALREADY", "Operation already in progress");
    put(115, "EINPROGRESS", "Operation now in progress");
    put(116, "ESTALE", "Stale file handle");
    put(117, "EUCLEAN", "Structure needs cleaning");
    put(118, "ENOTNAM", "Not a XENIX named type file");
    put(119, "ENAVAIL", "No XENIX semaphores available");
    put(120, "EISNAM", "Is a named type file");
    put(121, "EREMOTEIO", "Remote I/O error");
    put(122, "EDQUOT", "Disk quota exceeded");
    put(123, "ENOMEDIUM", "No medium found");
    put(124, "EMEDIUMTYPE", "Wrong medium type");
    put(125, "ECANCELED", "Operation canceled");
    put(126, "ENOKEY", "Required key not available");
    put(127, "EKEYEXPIRED", "Key has expired");
    put(128, "EKEYREVOKED", "Key has been revoked");
    put(129, "EKEYREJECTED", "Key was rejected by service");
    put(130, "EOWNERDEAD", "Owner died");
    put(131, "ENOTRECOVERABLE", "State not recoverable");
    put(132, "ERFKILL", "Operation not possible due to RF-kill");
    put(133, "EHWPOISON", "Memory page has hardware error");
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
