package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The generated bash completion, sourced in bash and called as bash calls it (COMP_WORDS and
 * COMP_CWORD set): paths for the positionals, the closed sets of words for the options that take
 * one.
 */
class CompletionTest {

  @TempDir static Path dir;
  private static Path script;

  @BeforeAll
  static void generate() throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        Files.isExecutable(Path.of("/bin/bash")), "no bash to run the completion in");
    Cli.Result r = Cli.ok("generate-completion");
    script = dir.resolve("sustain-completion.bash");
    Files.writeString(script, r.out());
    Files.createDirectories(dir.resolve("place/vartarget"));
    Files.createDirectories(dir.resolve("place/other"));
    Files.writeString(dir.resolve("place/curve.csv"), "t,MBps\n");
  }

  @Test
  void aTargetIsCompletedAsAPath() throws Exception {
    String prefix = dir.resolve("place/var").toString();
    assertThat(complete("sustain write " + prefix)).isEqualTo(prefix + "target");
    // After options and their values, the word is still a target.
    assertThat(complete("sustain write --size 1GiB --json " + prefix)).isEqualTo(prefix + "target");
    assertThat(complete("sustain info " + prefix)).isEqualTo(prefix + "target");
    assertThat(complete("sustain sweep " + prefix)).isEqualTo(prefix + "target");
    assertThat(complete("sustain read " + prefix)).isEqualTo(prefix + "target");
    assertThat(complete("sustain share " + prefix)).isEqualTo(prefix + "target");
    assertThat(complete("sustain analyze " + dir.resolve("place/cu")))
        .isEqualTo(dir.resolve("place/curve.csv").toString());
  }

  @Test
  void aClosedSetOfValuesIsCompleted() throws Exception {
    assertThat(complete("sustain write /tmp --engine u")).isEqualTo("uring");
    assertThat(complete("sustain write /tmp --engine ")).isEqualTo("auto uring threads null");
    assertThat(complete("sustain fill /tmp --engine th")).isEqualTo("threads");
    assertThat(complete("sustain write /tmp --until f")).isEqualTo("floor full");
    assertThat(complete("sustain write /tmp --until fl")).isEqualTo("floor");
    assertThat(complete("sustain write /tmp --pattern "))
        .isEqualTo("random pool zeros compress:50");
    assertThat(complete("sustain sweep /tmp --pattern z")).isEqualTo("zeros");
    assertThat(complete("sustain analyze run --media h")).isEqualTo("hdd");
    assertThat(complete("sustain dataset ")).isEqualTo("photos videos bluray");
    assertThat(complete("sustain dataset b")).isEqualTo("bluray");
  }

  @Test
  void aDatasetsFolderIsCompletedAsAPathAfterItsKind() throws Exception {
    String prefix = dir.resolve("place/oth").toString();
    assertThat(complete("sustain dataset photos " + prefix))
        .isEqualTo(dir.resolve("place/other").toString());
  }

  @Test
  void aTargetIsReadAsTyped() {
    // The declared type only steers the completion: the command still gets the user's spelling.
    var cl =
        SustainCommand.commandLine(
            new java.io.PrintWriter(System.out), new java.io.PrintWriter(System.err));
    var parsed = cl.parseArgs("write", dir + "/place/", "--size", "1MiB");
    WriteCommand write = parsed.subcommand().commandSpec().commandLine().getCommand();
    assertThat(write.targets).containsExactly(dir + "/place/");
    parsed = cl.parseArgs("sweep", dir + "/place/");
    SweepCommand sweep = parsed.subcommand().commandSpec().commandLine().getCommand();
    assertThat(sweep.target).containsExactly(dir + "/place/");
  }

  /** What bash completes the last word of {@code line} to, with the generated script. */
  private static String complete(String line) throws Exception {
    return complete(script, line);
  }

  /** What bash completes the last word of {@code line} to, with the completion {@code script}. */
  static String complete(Path script, String line) throws Exception {
    String words = line + (line.endsWith(" ") ? "''" : "");
    String program =
        "source '"
            + script
            + "'; COMP_WORDS=("
            + words
            + "); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMP_LINE='"
            + line
            + "'; _complete_sustain 2>/dev/null; echo \"${COMPREPLY[*]}\"";
    Process p = new ProcessBuilder("/bin/bash", "-c", program).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes()).strip();
    assertThat(p.waitFor()).as(out).isZero();
    return out;
  }
}
