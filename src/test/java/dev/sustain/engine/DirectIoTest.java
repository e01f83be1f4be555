package dev.sustain.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** O_DIRECT is really set on the file descriptor, as the kernel reports it. */
class DirectIoTest {

  /** O_DIRECT on x86-64 and arm64 Linux, in the octal flags of /proc/self/fdinfo. */
  private static final int O_DIRECT_X86 = 040000;

  @TempDir Path dir;

  @Test
  void threadsEngineOpensWithODirect() throws Exception {
    Assumptions.assumeTrue(
        Files.isDirectory(Path.of("/proc/self/fdinfo")), "needs Linux /proc/self/fdinfo");
    Assumptions.assumeTrue(
        System.getProperty("os.arch").equals("amd64"), "O_DIRECT's value is checked for x86-64");
    Path file = dir.resolve("f");
    for (boolean direct : new boolean[] {true, false}) {
      Files.deleteIfExists(file);
      try (ThreadsEngine e = new ThreadsEngine()) {
        e.open(file, new IoEngine.OpenOptions(direct, true, true), 1);
        int flags = flagsOf(file).orElseThrow();
        assertThat((flags & O_DIRECT_X86) != 0)
            .as("O_DIRECT when direct=" + direct)
            .isEqualTo(direct);
      }
    }
  }

  static Optional<Integer> flagsOf(Path file) throws Exception {
    Path real = file.toRealPath();
    try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
      for (Path fd : (Iterable<Path>) fds::iterator) {
        try {
          if (Files.readSymbolicLink(fd).equals(real)) {
            for (String line :
                Files.readAllLines(Path.of("/proc/self/fdinfo", fd.getFileName().toString()))) {
              if (line.startsWith("flags:")) {
                return Optional.of(Integer.parseInt(line.substring(6).strip(), 8));
              }
            }
          }
        } catch (java.io.IOException gone) {
          // an fd closed while we looked
        }
      }
    }
    return Optional.empty();
  }
}
