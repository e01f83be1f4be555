package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two writes into one folder: a live run is never called a leftover (its mark is locked), a killed
 * run's file is, with the run folder to pass to {@code clean}, and {@code clean} removes file and
 * mark. The other run is a child JVM, killed with SIGKILL as a crash would end it.
 */
class RunMarkTest {

  @TempDir Path dir;
  private Process child;

  @AfterEach
  void killChild() throws Exception {
    if (child != null && child.isAlive()) {
      child.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
    }
  }

  private static boolean hasFile(Path folder, String glob) throws Exception {
    try (var s = Files.newDirectoryStream(folder, glob)) {
      return s.iterator().hasNext();
    }
  }

  private void awaitFiles(Path target, Path runFolder) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (!(hasFile(target, "sustain-test-*.run")
        && hasFile(target, "sustain-test-*.dat")
        && Files.exists(runFolder.resolve("samples.csv")))) {
      assertThat(child.isAlive()).as("the first run is still going").isTrue();
      assertThat(System.nanoTime()).as("the first run made its files in time").isLessThan(deadline);
      Thread.onSpinWait();
      Thread.sleep(20); // polling for the child's files, not waiting for a fixed time
    }
  }

  @Test
  void aLiveRunIsNotALeftoverAndAKilledOneNamesItsRunFolder() throws Exception {
    Cli.Folders rig = Cli.in(dir, "target", "first");
    child =
        Cli.startLine(
            dir.resolve("child.out"),
            dir.resolve("child.err"),
            "write {} --size 32MiB --time 120s --db none --out {}",
            rig.target(),
            rig.out());
    awaitFiles(rig.target(), rig.out());

    Cli.Result second =
        rig.ok("write TARGET --size 4MiB --db none --out {}", dir.resolve("second"));
    assertThat(second.out())
        .contains("(" + rig.out() + ") is writing in this folder now")
        .doesNotContain("leftover");

    child.destroyForcibly().waitFor(30, TimeUnit.SECONDS); // SIGKILL: no cleanup runs
    Cli.Result third = rig.ok("write TARGET --size 4MiB --db none --out {}", dir.resolve("third"));
    assertThat(third.out())
        .containsPattern("warning: leftover test file \\S+sustain-test-\\S+\\.dat \\(")
        .contains("which did not finish; remove it with: sustain clean " + rig.out());

    Cli.Result clean = Cli.ok("clean", rig.out());
    try (Stream<Path> left = Files.list(rig.target())) {
      assertThat(left).as("file and mark removed").isEmpty();
    }
  }

  @Test
  void aKeptFileIsNamedAsKeptNotAsALeftover() throws Exception {
    Cli.Folders rig = Cli.in(dir, "target", "kept");
    Cli.Result keep = rig.ok("write TARGET --size 4MiB --keep --db none --out OUT");
    Cli.Result next = rig.run("write TARGET --size 4MiB --db none --out {}", dir.resolve("next"));
    assertThat(next.out())
        .contains("warning: kept test file ")
        .contains("(--keep); remove it with: sustain clean " + rig.out())
        .doesNotContain("leftover");
  }
}
