package dev.sustain.engine;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.util.Locale;

/**
 * The few system calls the io_uring engine needs, made through one java.lang.foreign binding of
 * syscall(2) (and {@code strerror} for {@link Errno}, bound on first use). Every call returns the
 * kernel's convention: a non-negative result, or a negated errno, so the hot path never allocates
 * an exception. Each caller passes its own errno capture segment ({@link #newErrnoBuffer}), so the
 * class is thread-safe.
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

  /** openat's "relative to the working folder", for a path given whole. */
  private static final long AT_FDCWD = -100;

  /**
   * The one downcall: syscall(2). Every other call here (open, close, fsync, fallocate, mmap,
   * munmap) is made through it by number rather than bound as its own libc function: each binding
   * generates its own stub and method-handle forms at run time (the start-up cache cannot hold
   * them), about 10-15 ms of a start each, and a 4 KiB write paid for seven.
   */
  private static final MethodHandle SYSCALL6;

  /** The calls' numbers on this architecture: {@link Nr#X86_64} or {@link Nr#AARCH64}. */
  private static final Nr NR;

  /**
   * The numbers of the calls made through syscall(2) besides io_uring's, which differ between
   * architectures (x86_64's own table; aarch64 uses the generic one). From the kernel's
   * arch/x86/entry/syscalls/syscall_64.tbl and include/uapi/asm-generic/unistd.h.
   */
  private record Nr(long openat, long close, long fsync, long fallocate, long mmap, long munmap) {
    static final Nr X86_64 = new Nr(257, 3, 74, 285, 9, 11);
    static final Nr AARCH64 = new Nr(56, 57, 82, 47, 222, 215);
  }

  static {
    String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
    String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
    int direct = 0;
    Nr nr = null;
    String why = null;
    MethodHandle syscall = null;
    if (!os.startsWith("linux")) {
      why = "not Linux (" + os + ")";
    } else if (arch.equals("amd64") || arch.equals("x86_64")) {
      direct = 0x4000;
      nr = Nr.X86_64;
    } else if (arch.equals("aarch64")) {
      direct = 0x10000;
      nr = Nr.AARCH64;
    } else {
      why = "architecture " + arch + " is not supported";
    }
    if (why == null) {
      try {
        ValueLayout jlong = ValueLayout.JAVA_LONG;
        // syscall(2) is variadic; every argument is passed as a long so no upper register half is
        // left undefined for the kernel to read.
        syscall =
            LINKER.downcallHandle(
                LINKER.defaultLookup().findOrThrow("syscall"),
                FunctionDescriptor.of(jlong, jlong, jlong, jlong, jlong, jlong, jlong, jlong),
                Linker.Option.captureCallState("errno"),
                Linker.Option.firstVariadicArg(1));
      } catch (RuntimeException | Error e) {
        // No native access (--enable-native-access missing), or a libc without syscall(2).
        why = "native calls unavailable: " + e;
      }
    }
    UNAVAILABLE = why;
    O_DIRECT = direct;
    NR = nr;
    SYSCALL6 = syscall;
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

  /** A call that is not on the request path, whose result fits an int: it, or {@code -errno}. */
  private static int call(MemorySegment capture, long nr, long a, long b, long c, long d) {
    return (int) syscall(capture, nr, a, b, c, d, 0, 0);
  }

  /** {@code open(path, flags, mode)}: a descriptor, or {@code -errno}. */
  static int open(MemorySegment capture, MemorySegment cPath, int flags, int mode) {
    return call(capture, NR.openat(), AT_FDCWD, cPath.address(), flags, mode);
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
    return call(capture, NR.close(), fd, 0, 0, 0);
  }

  /** {@code fsync(fd)}: 0, or {@code -errno}. */
  static int fsync(MemorySegment capture, int fd) {
    return call(capture, NR.fsync(), fd, 0, 0, 0);
  }

  /**
   * {@code fallocate(fd, mode, offset, length)} (Linux's own call, not posix_fallocate, which
   * writes zeros where the file system cannot allocate): 0, or {@code -errno}.
   */
  static int fallocate(MemorySegment capture, int fd, int mode, long offset, long length) {
    return call(capture, NR.fallocate(), fd, mode, offset, length);
  }

  /**
   * {@code mmap(NULL, length, RW, MAP_SHARED|MAP_POPULATE, fd, offset)}: the address, or {@code
   * -errno}.
   */
  static long mmapShared(MemorySegment capture, long lengthBytes, int fd, long offset) {
    // The raw call's -1 is MAP_FAILED: no mapping is ever made at the last page.
    return syscall(
        capture,
        NR.mmap(),
        0,
        lengthBytes,
        PROT_READ | PROT_WRITE,
        MAP_SHARED | MAP_POPULATE,
        fd,
        offset);
  }

  /** {@code munmap(address, length)}: 0, or {@code -errno}. */
  static int munmap(MemorySegment capture, long address, long lengthBytes) {
    return call(capture, NR.munmap(), address, lengthBytes, 0, 0);
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
