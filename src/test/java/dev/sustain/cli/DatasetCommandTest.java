package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code sustain dataset} end to end. */
class DatasetCommandTest {

  @TempDir Path dir;

  private static long treeBytes(Path root) throws Exception {
    try (Stream<Path> s = Files.walk(root)) {
      long sum = 0;
      for (Path p : (Iterable<Path>) s.filter(Files::isRegularFile)::iterator) {
        sum += Files.size(p);
      }
      return sum;
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"photos", "videos", "bluray"})
  void makesAFolderOfExactlyTheSize(String kind) throws Exception {
    Path d = dir.resolve(kind);
    Cli.Result r = Cli.ok("dataset", kind, d, "--size", "5MB", "--seed", "3");
    assertThat(treeBytes(d)).isEqualTo(5_000_000L);
    assertThat(r.out()).contains("exactly 5000000 bytes").contains("seed 3");
  }

  @Test
  void refusesBadInputWithOneLine() throws Exception {
    Path full = Files.createDirectories(dir.resolve("full"));
    Files.writeString(full.resolve("precious.txt"), "keep me");
    for (String[] args :
        new String[][] {
          {"dataset", "music", dir.resolve("m").toString(), "--size", "1MB"},
          {"dataset", "photos", full.toString(), "--size", "1MB"},
          {"dataset", "photos", dir.resolve("no/such").toString(), "--size", "1MB"},
          {"dataset", "photos", dir.resolve("x").toString(), "--size", "900TB"},
          {"dataset", "photos", dir.resolve("x").toString(), "--size", "lots"},
        }) {
      Cli.Result r = Cli.run(args);
      Cli.assertBadInput(String.join(" ", args), r);
    }
    assertThat(Files.readString(full.resolve("precious.txt"))).isEqualTo("keep me");
    assertThat(dir.resolve("x")).doesNotExist();
  }
}
