package dev.sustain.sampling;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every reader of samples.csv uses {@link SamplesCsv.Reader}: a class outside sampling that names
 * samples.csv and splits lines at commas keeps a raw-line loop of its own. None does (the store's
 * went); the list only shrinks.
 */
class SamplesCsvReadersTest {

  /** Raw-line readers of samples.csv not moved onto SamplesCsv.Reader yet. */
  private static final Set<String> NOT_YET = Set.of();

  @Test
  void onlySamplesCsvSplitsItsLines() throws IOException {
    Path main = Path.of("src/main/java/dev/sustain");
    Set<String> readers = new TreeSet<>();
    try (Stream<Path> files = Files.walk(main)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
        String name = main.relativize(file).toString().replace('\\', '/');
        String text = Files.readString(file);
        // opens a folder's samples.csv (a download's file name is no reading of it)
        boolean namesIt =
            text.contains("resolve(\"samples.csv\")")
                || text.contains("SAMPLES_CSV")
                || text.contains("samplesCsv()");
        boolean splits = text.contains("split(\",") || text.contains("indexOf(',')");
        if (!name.startsWith("sampling/") && namesIt && splits) {
          readers.add(name);
        }
      }
    }
    assertThat(readers).isSubsetOf(NOT_YET);
    assertThat(NOT_YET).isSubsetOf(readers);
  }
}
