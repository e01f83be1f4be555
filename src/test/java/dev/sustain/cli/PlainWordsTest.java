package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Refusals that say what is wrong in the user's terms, each one line and exit 2. */
class PlainWordsTest {

  @TempDir Path dir;

  @Test
  void procIsAVirtualFileSystemNotAFullOne() {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        Files.isDirectory(Path.of("/proc/self")), "no /proc on this system");
    Cli.Result r = Cli.run("write", "/proc", "--size", "4kB", "--db", "none", "--engine", "null");
    Cli.assertBadInput(r);
    assertThat(r.err().strip())
        .doesNotContain("is free")
        .contains("/proc is not a place a test file can be written")
        .contains("proc, a virtual file system")
        .doesNotContain("\n");
  }

  @Test
  void anIntervalLongerThanTheRunIsRefused() {
    Cli.Result r =
        // The null engine: were the refusal to regress, the run would write nothing for an hour.
        Cli.runLine("write {} --time 1h --interval 2h --db none --engine null", dir);
    Cli.assertBadInput(r);
    assertThat(r.err().strip())
        .isEqualTo(
            "sustain write: --interval 2h is longer than the run (--time 1h): give an interval"
                + " shorter than the time");
  }

  @Test
  void minutesThatRunOverAnHourAreRefusedWithTheRightSpelling() {
    Cli.Result r =
        Cli.run("write", dir.toString(), "--time", "1h99m", "--db", "none", "--engine", "null");
    Cli.assertBadInput(r);
    assertThat(r.err().strip())
        .contains("'1h99m'")
        .contains("minutes after a larger unit go up to 59; write 2h39m")
        .doesNotContain("\n");
  }

  @Test
  void aFileSmallerThanOneBlockIsNotReadAsIfItWere() throws Exception {
    Path tiny = Files.writeString(dir.resolve("hostname"), "box\n");
    for (String command : new String[] {"read", "verify"}) {
      Cli.Result r = Cli.run(command, tiny.toString(), "--db", "none");
      Cli.assertBadInput(r);
      assertThat(r.err().strip())
          .as(command)
          .endsWith(
              tiny
                  + " holds 4 B, less than one 4 KiB block: not a Sustain test file (give a run"
                  + " folder written with write --keep, its test file or a device)");
      assertThat(r.out()).doesNotContain("Read ");
    }
  }
}
