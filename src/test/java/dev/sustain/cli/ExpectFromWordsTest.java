package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --expect-from} given something other than a run folder: one line that says so. */
class ExpectFromWordsTest {

  @TempDir Path dir;

  @Test
  void aFileIsNotARunFolder() throws Exception {
    Path csv = Files.writeString(dir.resolve("curve.csv"), "time_s,write_MBps\n1,100\n");
    Cli.Result r = Cli.runLine("write {} --size 4KiB --db none --expect-from {}", dir, csv);
    Cli.assertBadInput(r);
    assertThat(r.err().strip())
        .isEqualTo(
            "sustain write: --expect-from takes a run folder (one with an analysis.json), not a"
                + " file: "
                + csv
                + "; 'sustain analyze "
                + csv
                + "' gives a curve's figures to write into --expect")
        .doesNotContain("Not a directory");
    try (var left = Files.list(dir)) {
      assertThat(left).as("nothing written").containsExactly(csv);
    }
  }

  @Test
  void aMissingFolderIsNamed() {
    Path none = dir.resolve("no-such-run");
    Cli.Result r = Cli.runLine("write {} --size 4KiB --db none --expect-from {}", dir, none);
    Cli.assertBadInput(r);
    assertThat(r.err().strip()).isEqualTo("sustain write: --expect-from: no run folder " + none);
  }
}
