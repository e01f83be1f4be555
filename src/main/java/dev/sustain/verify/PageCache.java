package dev.sustain.verify;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;

/**
 * Drops a file's clean pages from the Linux page cache ({@code posix_fadvise(POSIX_FADV_DONTNEED)})
 * so that a buffered read-back comes from the drive, not from memory. Best effort: false where it
 * cannot be done (another OS, no libc). Thread-safe.
 */
final class PageCache {

  private static final int O_RDONLY = 0;
  private static final int POSIX_FADV_DONTNEED = 4;

  private PageCache() {}

  /** True when the kernel accepted the advice for the whole of {@code file}. */
  static boolean drop(Path file) {
    try {
      Linker linker = Linker.nativeLinker();
      SymbolLookup libc = linker.defaultLookup();
      MethodHandle open =
          linker.downcallHandle(
              libc.find("open").orElseThrow(),
              FunctionDescriptor.of(
                  ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT));
      MethodHandle fadvise =
          linker.downcallHandle(
              libc.find("posix_fadvise").orElseThrow(),
              FunctionDescriptor.of(
                  ValueLayout.JAVA_INT,
                  ValueLayout.JAVA_INT,
                  ValueLayout.JAVA_LONG,
                  ValueLayout.JAVA_LONG,
                  ValueLayout.JAVA_INT));
      MethodHandle close =
          linker.downcallHandle(
              libc.find("close").orElseThrow(),
              FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
      try (Arena arena = Arena.ofConfined()) {
        MemorySegment path = arena.allocateFrom(file.toString());
        int fd = (int) open.invokeExact(path, O_RDONLY);
        if (fd < 0) {
          return false;
        }
        try {
          // The advice applies to the file's pages whichever descriptor gives it.
          return (int) fadvise.invokeExact(fd, 0L, 0L, POSIX_FADV_DONTNEED) == 0;
        } finally {
          int ignored = (int) close.invokeExact(fd);
        }
      }
    } catch (Throwable e) {
      return false;
    }
  }
}
