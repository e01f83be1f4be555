package dev.sustain.input;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fuzzing of every reader, in a child JVM whose heap is 256 MB: 500 mutations of valid inputs
 * per reader (a run folder's samples.csv, a plain CSV, an averaged and a per-I/O fio log), each
 * read, analysed and some drawn under a deadline of its own. A crash is anything but a curve or one
 * line of refusal: another exception, a figure that is not a rate, an OutOfMemoryError, a case past
 * its deadline or a JVM that dies.
 */
class MutatedInputsTest {

  static final int CASES_PER_READER = 500;

  /**
   * A case takes a few ms, a chart a second or two on a busy machine; a hang (such as the chart of
   * time_s up to 1e302) never ends, so a deadline this generous still catches it.
   */
  static final long DEADLINE_PER_CASE_MS = 20_000;

  @TempDir Path scratch;

  @Test
  void fiveHundredMutationsPerReaderGiveCurvesOrOneLineRefusalsWithinAHeapOf256Mb()
      throws IOException, InterruptedException {
    Path output = scratch.resolve("child.out");
    Process child =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m",
                "-XX:+UseSerialGC",
                "-Djava.awt.headless=true",
                "-cp",
                System.getProperty("java.class.path"),
                MutatedInputsMain.class.getName(),
                Integer.toString(CASES_PER_READER),
                Long.toString(Long.getLong("sustain.seedBase", 1)),
                Long.toString(DEADLINE_PER_CASE_MS),
                scratch.resolve("cases").toString())
            .redirectErrorStream(true)
            .redirectOutput(output.toFile())
            .start();
    boolean ended = child.waitFor(5, TimeUnit.MINUTES);
    if (!ended) {
      child.destroyForcibly();
    }
    List<String> lines = Files.readAllLines(output, StandardCharsets.UTF_8);
    String all = String.join("\n", lines);

    assertThat(ended).as("the child ended:\n%s", all).isTrue();
    assertThat(child.exitValue()).as(all).isZero();
    assertThat(lines).filteredOn(l -> l.startsWith("SUMMARY")).as(all).hasSize(4);
    assertThat(lines)
        .filteredOn(l -> l.startsWith("SUMMARY"))
        .allSatisfy(l -> assertThat(l).contains("cases=" + CASES_PER_READER, "crashes=0"));
    // The mutations must reach both outcomes, or they test one path only.
    assertThat(lines)
        .filteredOn(l -> l.startsWith("SUMMARY"))
        .allSatisfy(l -> assertThat(l).doesNotContain(" ok=0 ", " refused=0 "));
  }
}
