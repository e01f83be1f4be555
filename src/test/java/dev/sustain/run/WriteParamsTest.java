package dev.sustain.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A job moved to another target (a group member, a repeated pass) keeps everything else. */
class WriteParamsTest {

  @Test
  void withTargetChangesOnlyTheTargetAndTheRunFolder() {
    WriteParams p =
        new WriteParams(
            "/mnt/a",
            1L << 30,
            Duration.ofSeconds(90),
            1 << 16,
            7,
            500_000_000L,
            Path.of("/runs/a"),
            true,
            true,
            "threads",
            "zeros",
            30_000_000_000L,
            true,
            "floor",
            12.5,
            false);
    WriteParams moved = p.withTarget("/mnt/b", Path.of("/runs/b"));
    assertThat(moved.target()).isEqualTo("/mnt/b");
    assertThat(moved.out()).isEqualTo(Path.of("/runs/b"));
    assertThat(moved.preallocate()).as("--no-preallocate is kept").isFalse();
    assertThat(moved.withTarget(p.target(), p.out())).isEqualTo(p);
  }
}
