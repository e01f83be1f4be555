package dev.sustain.engine;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.util.Locale;

/**
 * The few libc calls the io_uring engine needs (and {@code strerror} for {@link Errno}), bound with
 * java.lang.foreign. Every call returns the kernel's convention: a non-negative result, or a
 * negated errno, so the hot path never allocates an exception. Each caller passes its own errno
 * capture segment ({@link #newErrnoBuffer}), so the class is thread-safe.
 */
final class LinuxNative {

  static final int O_RDONLY = 0;
  static final int O_WRONLY = 1;
  static final int O_CREAT = 0x40;

  /** Without O_CREAT, on a block device: claim it exclusively (the same on x86_64 and aarch64). */
  static final int O_EXCL = 0x80;

  static final int O_CLOEXEC = 0x80000;

  static final int PROT_READ = 1;
  static final int PROT_WRITE = 2;
  static final int MAP_SHARED = 1;
  static final int MAP_POPULATE = 0x8000;

  /** io_uring's syscall numbers are the same on every architecture of the unified table. */
  static final long SYS_IO_URING_SETUP = 425;

  static final long SYS_IO_URING_ENTER = 426;
  static final long SYS_IO_URING_REGISTER = 427;

  private static final Linker LINKER = Linker.nativeLinker();
  private static final StructLayout CAPTURE_LAYOUT = Linker.Option.captureStateLayout();
  private static final VarHandle ERRNO =
      CAPTURE_LAYOUT.varHandle(MemoryLayout.PathElement.groupElement("errno"));

  /** Why the binding is unusable here, or null when it works. */
  static final String UNAVAILABLE;

  /** O_DIRECT differs between architectures. */
  static final int O_DIRECT;

  private static final MethodHandle SYSCALL6;
  private static final MethodHandle OPEN;
  private static final MethodHandle CLOSE;
  private static final MethodHandle FSYNC;
  private static final MethodHandle MMAP;
  private static final MethodHandle MUNMAP;
  private static final MethodHandle FALLOCATE;

  static {
    String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
    String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
    int direct = 0;
    String why = null;
    MethodHandle syscall = null;
    MethodHandle open = null;
    MethodHandle close = null;
    MethodHandle fsync = null;
    MethodHandle mmap = null;
    MethodHandle munmap = null;
    MethodHandle fallocate = null;
    if (!os.startsWith("linux")) {
      why = "not Linux (" + os + ")";
    } else if (arch.equals("amd64") || arch.equals("x86_64")) {
      direct = 0x4000;
    } else if (arch.equals("aarch64")) {
      direct = 0x10000;
    } else {
      why = "architecture " + arch + " is not supported";
    }
    if (why == null) {
      try {
        SymbolLookup libc = LINKER.defaultLookup();
        Linker.Option errno = Linker.Option.captureCallState("errno");
        ValueLayout jlong = ValueLayout.JAVA_LONG;
        ValueLayout jint = ValueLayout.JAVA_INT;
        // syscall(2) is variadic; every argument is passed as a long so no upper register half is
        // left undefined for the kernel to read.
        syscall =
            LINKER.downcallHandle(
                libc.findOrThrow("syscall"),
                FunctionDescriptor.of(jlong, jlong, jlong, jlong, jlong, jlong, jlong, jlong),
                errno,
                Linker.Option.firstVariadicArg(1));
        open =
            LINKER.downcallHandle(
                libc.findOrThrow("open"),
                FunctionDescriptor.of(jint, ValueLayout.ADDRESS, jint, jint),
                errno,
                Linker.Option.firstVariadicArg(2));
        close =
            LINKER.downcallHandle(
                libc.findOrThrow("close"), FunctionDescriptor.of(jint, jint), errno);
        fsync =
            LINKER.downcallHandle(
                libc.findOrThrow("fsync"), FunctionDescriptor.of(jint, jint), errno);
        mmap =
            LINKER.downcallHandle(
                libc.findOrThrow("mmap"),
                FunctionDescriptor.of(
                    ValueLayout.ADDRESS, ValueLayout.ADDRESS, jlong, jint, jint, jint, jlong),
                errno);
        munmap =
            LINKER.downcallHandle(
                libc.findOrThrow("munmap"),
                FunctionDescriptor.of(jint, ValueLayout.ADDRESS, jlong),
                errno);
        fallocate =
            LINKER.downcallHandle(
                libc.findOrThrow("fallocate"),
                FunctionDescriptor.of(jint, jint, jint, jlong, jlong),
                errno);
      } catch (RuntimeException | Error e) {
        // No native access (--enable-native-access missing), or a libc without these symbols.
        why = "native calls unavailable: " + e;
      }
    }
    UNAVAILABLE = why;
    O_DIRECT = direct;
    SYSCALL6 = syscall;
    OPEN = open;
    CLOSE = close;
    FSYNC = fsync;
    MMAP = mmap;
    MUNMAP = munmap;
    FALLOCATE = fallocate;
  }

  private LinuxNative() {}

  /** A segment to receive errno; one per thread of callers. */
  static MemorySegment newErrnoBuffer(Arena arena) {
    return arena.allocate(CAPTURE_LAYOUT);
  }

  private static int errno(MemorySegment capture) {
    return (int) ERRNO.get(capture, 0L);
  }

  /** {@code syscall(nr, a..f)}: the result, or {@code -errno}. */
  static long syscall(
      MemorySegment capture, long nr, long a, long b, long c, long d, long e, long f) {
    try {
      long r = (long) SYSCALL6.invokeExact(capture, nr, a, b, c, d, e, f);
      return r == -1 ? -errno(capture) : r;
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** A libc call returning an int, -1 with errno set when it failed. */
  private interface IntCall {
    int call() throws Throwable;
  }

  /**
   * Makes a call that is not on the request path (open, close, fsync, fallocate): its result, or
   * {@code -errno}.
   */
  private static int checked(MemorySegment capture, IntCall call) {
    try {
      int r = call.call();
      return r < 0 ? -errno(capture) : r;
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code open(path, flags, mode)}: a descriptor, or {@code -errno}. */
  static int open(MemorySegment capture, MemorySegment cPath, int flags, int mode) {
    return checked(capture, () -> (int) OPEN.invokeExact(capture, cPath, flags, mode));
  }

  /**
   * {@code open(path, flags, mode)} outside the request path: a descriptor, or {@code -errno}
   * ({@code -ENOSYS} where native calls are unavailable). The one shape of a native open shared by
   * the device hold and the space allocation, so both name the same errno for the same failure.
   */
  static int openPath(java.nio.file.Path path, int flags, int mode) {
    if (UNAVAILABLE != null) {
      return -Errno.ENOSYS;
    }
    try (Arena arena = Arena.ofConfined()) {
      return open(newErrnoBuffer(arena), arena.allocateFrom(path.toString()), flags, mode);
    }
  }

  /** A call made on an open descriptor: 0 or a result, or {@code -errno}. */
  interface OnDescriptor {
    int apply(MemorySegment errno, int fd);
  }

  /**
   * Opens {@code path}, makes {@code call} on it and closes it: the call's result, else the negated
   * errno of the open, the call or the close (the first that failed).
   */
  static int withOpen(java.nio.file.Path path, int flags, int mode, OnDescriptor call) {
    int fd = openPath(path, flags, mode);
    if (fd < 0) {
      return fd;
    }
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment errno = newErrnoBuffer(arena);
      int r = call.apply(errno, fd);
      int closed = close(errno, fd);
      return r < 0 ? r : closed < 0 ? closed : r;
    }
  }

  /** {@code close(fd)}: 0, or {@code -errno}. */
  static int close(MemorySegment capture, int fd) {
    return checked(capture, () -> (int) CLOSE.invokeExact(capture, fd));
  }

  /** {@code fsync(fd)}: 0, or {@code -errno}. */
  static int fsync(MemorySegment capture, int fd) {
    return checked(capture, () -> (int) FSYNC.invokeExact(capture, fd));
  }

  /**
   * {@code fallocate(fd, mode, offset, length)} (Linux's own call, not posix_fallocate, which
   * writes zeros where the file system cannot allocate): 0, or {@code -errno}.
   */
  static int fallocate(MemorySegment capture, int fd, int mode, long offset, long length) {
    return checked(capture, () -> (int) FALLOCATE.invokeExact(capture, fd, mode, offset, length));
  }

  /**
   * {@code mmap(NULL, length, RW, MAP_SHARED|MAP_POPULATE, fd, offset)}: the address, or {@code
   * -errno}.
   */
  static long mmapShared(MemorySegment capture, long lengthBytes, int fd, long offset) {
    try {
      MemorySegment r =
          (MemorySegment)
              MMAP.invokeExact(
                  capture,
                  MemorySegment.NULL,
                  lengthBytes,
                  PROT_READ | PROT_WRITE,
                  MAP_SHARED | MAP_POPULATE,
                  fd,
                  offset);
      return r.address() == -1L ? -errno(capture) : r.address();
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** {@code munmap(address, length)}: 0, or {@code -errno}. */
  static int munmap(MemorySegment capture, long address, long lengthBytes) {
    try {
      return (int) MUNMAP.invokeExact(capture, MemorySegment.ofAddress(address), lengthBytes) < 0
          ? -errno(capture)
          : 0;
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /**
   * {@code strerror(errno)}: the C library's words for an errno in the process's locale, the same
   * words the JDK puts in its I/O exceptions; null where native calls are unavailable. Only for
   * {@link Errno}'s one mapping of JDK messages; a caller may cache it (the words of a known errno
   * do not change while the process runs).
   */
  static String strerror(int errno) {
    MethodHandle handle = Strerror.HANDLE;
    if (handle == null) {
      return null;
    }
    try {
      MemorySegment text = (MemorySegment) handle.invokeExact(errno);
      return text.equals(MemorySegment.NULL) ? null : text.reinterpret(1024).getString(0);
    } catch (Throwable t) {
      return null;
    }
  }

  /** Bound on first use, apart from the io_uring calls: its absence disables nothing else. */
  private static final class Strerror {
    static final MethodHandle HANDLE = bind();

    private static MethodHandle bind() {
      if (UNAVAILABLE != null) {
        return null;
      }
      try {
        return LINKER.downcallHandle(
            LINKER.defaultLookup().findOrThrow("strerror"),
            FunctionDescriptor.of(ValueLayout.ADDRESS, ValueLayout.JAVA_INT));
      } catch (RuntimeException | Error e) {
        return null;
      }
    }
  }

  private static RuntimeException rethrow(Throwable t) {
    if (t instanceof RuntimeException r) {
      return r;
    }
    if (t instanceof Error e) {
      throw e;
    }
    return new IllegalStateException(t);
  }
}
