package dev.sustain;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No Java file of the project is {@link #LIMIT_LINES} lines or longer: a file that long holds
 * several ideas that want classes of their own, and a reader should take one in at a sitting.
 * Counted as the lines an editor shows, comments and blank lines in, over src/main, src/test and
 * bench.
 */
class FileLengthTest {

  static final int LIMIT_LINES = 500;
  private static final List<Path> ROOTS =
      List.of(Path.of("src/main/java"), Path.of("src/test/java"), Path.of("bench"));

  @Test
  void everyJavaFileIsUnderTheLimit() throws IOException {
    List<String> faults = new ArrayList<>();
    int files = 0;
    for (Path root : ROOTS) {
      if (!Files.isDirectory(root)) {
        continue;
      }
      try (Stream<Path> walk = Files.walk(root)) {
        for (Path p : walk.filter(q -> q.toString().endsWith(".java")).sorted().toList()) {
          files++;
          long lines = lines(p);
          if (lines >= LIMIT_LINES) {
            faults.add(p + " has " + lines + " lines (limit " + LIMIT_LINES + ")");
          }
        }
      }
    }
    // The walk must have seen the project's sources, or it proves nothing.
    assertThat(files).as("Java files seen").isGreaterThan(100);
    assertThat(faults).as("Java files of %d lines or more", LIMIT_LINES).isEmpty();
  }

  @Test
  void theCountSeesALongFile() throws IOException {
    Path dir = Files.createTempDirectory("file-length");
    Path file = dir.resolve("Long.java");
    try {
      Files.writeString(file, "// a line\n".repeat(LIMIT_LINES) + "// and no newline at the end");
      assertThat(lines(file)).isEqualTo(LIMIT_LINES + 1);
      Files.writeString(file, "");
      assertThat(lines(file)).isZero();
    } finally {
      Files.deleteIfExists(file);
      Files.delete(dir);
    }
  }

  /** The lines an editor shows: a last line without its newline counts too. */
  static long lines(Path p) throws IOException {
    try (Stream<String> s = Files.lines(p)) {
      return s.count();
    }
  }
}
