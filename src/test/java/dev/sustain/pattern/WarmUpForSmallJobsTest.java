package dev.sustain.pattern;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The verifiable pattern's warm-up (up to a quarter of a second, before any run's clock) is for
 * jobs that gain from it: a 4 KiB write spent 0.25 s on it before its one request. A job under 8
 * MiB skips it; one of 8 MiB or more, or one that only time ends, still has it. Each case in a
 * fresh JVM, as the warm-up runs once per JVM.
 */
class WarmUpForSmallJobsTest {

  @ParameterizedTest(name = "a job of {0} B: {1}")
  @CsvSource({"4096, cold", "8388607, cold", "8388608, warm", "-1, warm"})
  void onlyAJobWorthItWarmsThePatternUp(long jobBytes, String expected) throws Exception {
    assertThat(VerifiablePattern.warmsUpFor(jobBytes)).isEqualTo(expected.equals("warm"));
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process p =
        new ProcessBuilder(
                java,
                "-cp",
                System.getProperty("java.class.path"),
                WarmUpMain.class.getName(),
                Long.toString(jobBytes))
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(out).isZero();
    assertThat(out).isEqualTo(expected);
  }
}
