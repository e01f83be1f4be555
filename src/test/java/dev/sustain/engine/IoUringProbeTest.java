package dev.sustain.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sustain.testing.ChildJvm;
import dev.sustain.unit.UsageException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The probe behind {@code --engine auto}: it must decide, cheaply, and never throw. */
class IoUringProbeTest {

  @TempDir Path dir;

  @Test
  void sysctlTwoDisablesAndAnythingElseLeavesItToTheKernel() throws Exception {
    Path sysctl = dir.resolve("io_uring_disabled");
    Files.writeString(sysctl, "2\n");
    assertThat(IoUringEngine.disabledBySysctl(sysctl)).contains("io_uring_disabled = 2");
    Files.writeString(sysctl, "1\n");
    assertThat(IoUringEngine.disabledBySysctl(sysctl)).isNull();
    Files.writeString(sysctl, "0\n");
    assertThat(IoUringEngine.disabledBySysctl(sysctl)).isNull();
    assertThat(IoUringEngine.disabledBySysctl(dir.resolve("missing"))).isNull();
  }

  @Test
  void autoIsUringWhereTheProbeSaysSoElseThreads() throws Exception {
    try (IoEngine engine = Engines.create("auto")) {
      assertThat(engine.name()).isEqualTo(IoUringEngine.isAvailable() ? "uring" : "threads");
    }
  }

  @Test
  void uringWhereItIsUnavailableIsAUsageErrorThatSaysWhy() {
    Assumptions.assumeFalse(IoUringEngine.isAvailable(), "io_uring works here");
    assertThatThrownBy(() -> Engines.create("uring"))
        .isInstanceOf(UsageException.class)
        .hasMessageContaining("--engine threads");
  }

  @Test
  void withoutNativeAccessTheProbeAnswersAndAutoFallsBackToThreads() throws Exception {
    Process p =
        new ProcessBuilder(ChildJvm.command("--illegal-native-access=deny", ProbeMain.class))
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(out).isZero();
    assertThat(out).startsWith("threads|").contains("native");
  }
}
