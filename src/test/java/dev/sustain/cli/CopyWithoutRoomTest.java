package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.workload.Tmpfs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A copy into a file system without room for one pass is refused before anything is copied, in the
 * words every refusal for space uses: what it needs, the margin, their total and what is free, the
 * total and the free space never printed alike when the total is the larger (a real 32 MiB tmpfs,
 * root only).
 */
class CopyWithoutRoomTest {

  @TempDir Path dir;

  @Test
  void aCopyThatCannotFitIsRefusedWithItsTotalAndTheFreeSpace() throws Exception {
    Path src = dir.resolve("src");
    Cli.Result made = Cli.ok("dataset", "videos", src, "--size", "48MB", "--seed", "3");
    try (Tmpfs fs = Tmpfs.mount(dir.resolve("dst"), 32)) {
      Cli.Result r = Cli.run("copy", src.toString(), fs.dir().toString(), "--db", "none");
      Cli.assertBadInput(r);
      assertThat(r.err().strip().lines()).as(r.err()).hasSize(1);
      Matcher m =
          Pattern.compile(
                  "not enough space in .* for one pass: it needs ([0-9.]+ [kMG]?B) plus a margin"
                      + " of ([0-9.]+ [kMG]?B) \\(([0-9.]+ [kMG]?B) in all\\), and ([0-9.]+"
                      + " [kMG]?B) is free")
              .matcher(r.err());
      assertThat(m.find()).as(r.err()).isTrue();
      assertThat(m.group(3))
          .as("the total and the free space differ in words")
          .isNotEqualTo(m.group(4));
      try (Stream<Path> left = Files.list(fs.dir())) {
        assertThat(left).as("nothing copied").isEmpty();
      }
    }
  }
}
