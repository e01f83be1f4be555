package dev.sustain.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** A fill moved to another folder (a group member) keeps its job and starts afresh there. */
class FillParamsTest {

  @Test
  void withDirChangesTheFolderAndTheRunFolderAndDropsTheResume() {
    FillParams p =
        new FillParams(
            Path.of("/mnt/a"),
            50_000_000_000L,
            7_000_000_000L,
            1 << 20,
            3,
            250_000_000L,
            Path.of("/runs/a"),
            true,
            true,
            "threads",
            30_000_000_000L,
            Path.of("/runs/interrupted"),
            false);
    FillParams moved = p.withDir(Path.of("/mnt/b"), Path.of("/runs/b"));
    assertThat(moved.dir()).isEqualTo(Path.of("/mnt/b"));
    assertThat(moved.out()).isEqualTo(Path.of("/runs/b"));
    assertThat(moved.resume()).as("a resume belongs to /mnt/a's fill").isNull();
    assertThat(moved.preallocate()).as("--no-preallocate is kept").isFalse();
    FillParams back = moved.withDir(p.dir(), p.out());
    assertThat(
            new FillParams(
                back.dir(),
                back.fileBytes(),
                back.limitBytes(),
                back.blockBytes(),
                back.queueDepth(),
                back.intervalNanos(),
                back.out(),
                back.keep(),
                back.buffered(),
                back.engine(),
                back.ioTimeoutNanos(),
                p.resume(),
                back.preallocate()))
        .as("everything else is kept")
        .isEqualTo(p);
  }
}
