package dev.sustain.engine;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;

/**
 * The two page-cache calls a copy needs and Java lacks: {@code syncfs} (flush a whole file system
 * once, as a user's sync does) and {@code posix_fadvise(..., POSIX_FADV_DONTNEED)} (drop a file's
 * clean pages so that a read-back comes from the drive; used where O_DIRECT is refused). Linux;
 * elsewhere (or on tmpfs, where the cache is the storage) it does nothing useful and says so by
 * returning false. Thread-safe.
 */
public final class PageCache {

  private static final int O_RDONLY = 0;
  private static final int POSIX_FADV_DONTNEED = 4;

  private static final MethodHandle OPEN;
  private static final MethodHandle FADVISE;
  private static final MethodHandle CLOSE;
  private static final MethodHandle SYNCFS;

  static {
    MethodHandle open = null;
    MethodHandle fadvise = null;
    MethodHandle close = null;
    MethodHandle syncfs = null;
    try {
      Linker linker = Linker.nativeLinker();
      SymbolLookup libc = linker.defaultLookup();
      open =
          linker.downcallHandle(
              libc.find("open").orElseThrow(),
              FunctionDescriptor.of(
                  ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT),
              Linker.Option.firstVariadicArg(2));
      fadvise =
          linker.downcallHandle(
              libc.find("posix_fadvise").orElseThrow(),
              FunctionDescriptor.of(
                  ValueLayout.JAVA_INT,
                  ValueLayout.JAVA_INT,
                  ValueLayout.JAVA_LONG,
                  ValueLayout.JAVA_LONG,
                  ValueLayout.JAVA_INT));
      close =
          linker.downcallHandle(
              libc.find("close").orElseThrow(),
              FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
      syncfs =
          linker.downcallHandle(
              libc.find("syncfs").orElseThrow(),
              FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
    } catch (RuntimeException | LinkageError e) {
      // Not Linux, no native access: dropping the cache is not available.
    }
    OPEN = open;
    FADVISE = fadvise;
    CLOSE = close;
    SYNCFS = syncfs;
  }

  private PageCache() {}

  /** True when the calls are there (not that the file system honours them). */
  public static boolean available() {
    return OPEN != null && FADVISE != null && CLOSE != null;
  }

  /**
   * Writes out every dirty page of the file system holding {@code path} and waits ({@code syncfs}):
   * what a user's "sync" or "eject" does after a copy, one flush for all files.
   *
   * @return false when the call is not available or failed (the caller then fsyncs file by file)
   */
  public static boolean syncFileSystem(Path path) {
    if (!available() || SYNCFS == null) {
      return false;
    }
    return onOpenFile(path, fd -> (int) SYNCFS.invokeExact(fd) == 0);
  }

  /** Drops the clean cached pages of {@code file}; false when that could not be asked. */
  public static boolean drop(Path file) {
    if (!available()) {
      return false;
    }
    return onOpenFile(file, fd -> (int) FADVISE.invokeExact(fd, 0L, 0L, POSIX_FADV_DONTNEED) == 0);
  }

  /** A call on an open descriptor; true when it worked. */
  private interface FdCall {
    boolean apply(int fd) throws Throwable;
  }

  /** Opens {@code path} read-only, makes {@code call} on it and closes it; false on any failure. */
  private static boolean onOpenFile(Path path, FdCall call) {
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment name = arena.allocateFrom(path.toString());
      int fd = (int) OPEN.invokeExact(name, O_RDONLY);
      if (fd < 0) {
        return false;
      }
      try {
        return call.apply(fd);
      } finally {
        int ignored = (int) CLOSE.invokeExact(fd);
      }
    } catch (Throwable t) {
      return false;
    }
  }
}
