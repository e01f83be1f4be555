package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.document.RunDocument;
import dev.sustain.run.RunFolder;
import dev.sustain.testing.Await;
import dev.sustain.testing.RunFolderRig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Faults end a run cleanly: the samples are kept and the test file does not outlive the run. */
class FaultsTest {

  @TempDir Path dir;

  /** Waits until the run has recorded more than {@code rows} rows. */
  static void waitForRows(Path run, int rows) throws Exception {
    Path csv = run.resolve("samples.csv");
    Await.until(
        "the run to record " + rows + " rows",
        () -> Files.exists(csv) && Files.readAllLines(csv).size() > rows);
  }

  /**
   * Waits until the run has written something: rows alone may all be empty on a loaded machine,
   * where the first requests can come after the first intervals.
   */
  static void waitForBytes(Path run) throws Exception {
    Path csv = run.resolve("samples.csv");
    Await.until("the run to write its first bytes", () -> bytesSoFar(csv) > 0);
  }

  /** The bytes in the rows recorded so far, a last row still being written left out. */
  private static long bytesSoFar(Path csv) throws Exception {
    if (!Files.exists(csv)) {
      return 0;
    }
    long sum = 0;
    for (String line : Files.readAllLines(csv).stream().skip(1).toList()) {
      String[] cells = line.split(",", -1);
      if (cells.length > 2 && cells[2].matches("[0-9]+")) {
        sum += Long.parseLong(cells[2]);
      }
    }
    return sum;
  }

  static void sh(String... cmd) throws Exception {
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes());
    assertThat(p.waitFor()).as(String.join(" ", cmd) + ": " + out).isZero();
  }

  @Test
  void aFileSystemThatFillsMidRunFailsCleanly() throws Exception {
    Assumptions.assumeTrue(
        "root".equals(System.getProperty("user.name")), "mounting a small tmpfs needs root");
    Path small = Files.createDirectories(dir.resolve("small"));
    sh("mount", "-t", "tmpfs", "-o", "size=24m", "tmpfs", small.toString());
    try {
      Path out = dir.resolve("run");
      // No --size: the run writes until the time is up or the file system is full.
      Cli.Result r =
          Cli.runLine("write {} --time 60s --bs 1MiB --interval 100ms --out {}", small, out);
      assertThat(r.exitCode()).isEqualTo(1);
      assertThat(r.err().strip().lines()).hasSize(1);
      assertThat(r.err()).contains("is full").contains(small.toString());
      RunDocument json = RunFolderRig.document(out);
      assertThat(json.result().status().orElseThrow()).isEqualTo("failed");
      assertThat(json.result().error().orElseThrow()).contains("No space left on device");
      long bytes = json.result().bytes().getAsLong();
      assertThat(bytes).isBetween(16L << 20, 24L << 20);
      assertThat(RunFolderRig.sampleBytes(out)).isEqualTo(bytes);
      try (Stream<Path> left = Files.list(small)) {
        assertThat(left).as("test file removed").isEmpty();
      }
    } finally {
      sh("umount", "-l", small.toString());
    }
  }

  @Test
  void aKilledRunLeavesReadableSamplesAWarningAndSomethingToClean() throws Exception {
    Cli.Folders rig = Cli.in(dir, "target", "run");
    Process p =
        Cli.startIn(
            dir,
            "write {} --size 32MiB --time 60s --interval 100ms --out {}",
            rig.target(),
            rig.out());
    try {
      waitForRows(rig.out(), 3);
      waitForBytes(rig.out());
      // A run still going is not cleaned.
      Cli.Result busy = Cli.run("clean", rig.out().toString());
      Cli.assertBadInput(busy.out() + busy.err(), busy);
      assertThat(busy.err()).contains("still going");
      p.destroyForcibly(); // SIGKILL: no handler runs
      Await.ended(p, "the killed run");
    } finally {
      p.destroyForcibly();
    }
    assertThat(RunFolderRig.document(rig.out()).result().status().orElseThrow())
        .isEqualTo("running");
    List<String> lines = Files.readAllLines(rig.out().resolve("samples.csv"));
    assertThat(lines.size()).isGreaterThan(3);
    int columns = lines.get(0).split(",").length;
    assertThat(lines.get(0)).startsWith("time_s,write_MBps,bytes,iops,");
    for (String line : lines.subList(1, lines.size())) {
      assertThat(line.split(",", -1)).hasSize(columns);
    }
    Path leftover;
    try (Stream<Path> files = Files.list(rig.target())) {
      // The test file; its run's mark (sustain-test-RUNID.run) lies beside it.
      leftover =
          files.filter(f -> f.getFileName().toString().endsWith(".dat")).findFirst().orElseThrow();
    }
    // The next run in the same folder warns about it.
    Cli.Result next = rig.run("write TARGET --size 1MiB --out {}", dir.resolve("next"));
    assertThat(next.exitCode()).isZero();
    assertThat(next.out())
        .contains("warning: leftover test file " + leftover)
        .contains("remove it with: sustain clean " + rig.out());

    // A history that is not there is not made: clean says so and still cleans.
    Path noHistory = dir.resolve("no-such-history.db");
    Cli.Result clean = Cli.ok("clean", rig.out(), "--db", noHistory);
    assertThat(clean.out()).contains("Not recorded in a history: there is none at " + noHistory);
    assertThat(noHistory).doesNotExist();
    assertThat(leftover).doesNotExist();
    RunDocument json = RunFolderRig.document(rig.out());
    assertThat(json.result().status().orElseThrow()).isEqualTo("killed");
    // Every signal a run can catch ends it cleanly: what is left was killed or crashed, no guess.
    assertThat(json.result().error().orElseThrow())
        .contains("killed, or crashed")
        .doesNotContain("power");
    assertThat(rig.out().resolve(RunFolder.RESERVE))
        .as("the room the run set aside")
        .doesNotExist();
  }

  /** A copy killed in a pass leaves the pass folder; clean removes it and marks the run. */
  @Test
  void aKilledCopyLeavesAPassFolderThatCleanRemoves() throws Exception {
    Path src = dir.resolve("src");
    Cli.Result made = Cli.ok("dataset", "photos", src, "--size", "6MB", "--seed", "9");
    Path dst = dir.resolve("dst");
    Path out = dir.resolve("run");
    Process p =
        Cli.startIn(
            dir,
            "copy {} {} --repeat 50 --cooldown 100ms --interval 100ms --out {}",
            src,
            dst,
            out);
    long pid = p.pid();
    try {
      // Stop the copy while a pass folder is there (a pass is removed once verified, so look
      // again after stopping it), then kill it: no handler runs.
      while (true) {
        Await.until("a pass folder in " + dst, () -> !passFolders(dst).isEmpty());
        sh("kill", "-STOP", Long.toString(pid));
        if (!passFolders(dst).isEmpty()) {
          break;
        }
        sh("kill", "-CONT", Long.toString(pid));
      }
      p.destroyForcibly();
      Await.ended(p, "the killed copy");
    } finally {
      p.destroyForcibly();
    }
    List<Path> left = passFolders(dst);
    assertThat(left).isNotEmpty();
    assertThat(RunFolderRig.document(out).result().status().orElseThrow()).isEqualTo("running");

    Cli.Result clean = Cli.ok("clean", out);
    for (Path pass : left) {
      assertThat(clean.out()).contains("Removed " + pass);
      assertThat(pass).doesNotExist();
    }
    assertThat(dst).isEmptyDirectory();
    assertThat(src).isNotEmptyDirectory();
    RunDocument json = RunFolderRig.document(out);
    assertThat(json.result().status().orElseThrow()).isEqualTo("killed");
    assertThat(json.result().error().orElseThrow()).contains("killed");
    Cli.Result again = Cli.run("clean", out.toString());
    assertThat(again.out()).contains("No test file left to remove");
  }

  private static List<Path> passFolders(Path dst) throws Exception {
    if (!Files.isDirectory(dst)) {
      return List.of();
    }
    try (Stream<Path> s = Files.list(dst)) {
      return s.filter(f -> f.getFileName().toString().startsWith("pass-")).sorted().toList();
    }
  }

  @Test
  void cleanRefusesWhatIsNotARunFolder() {
    Cli.Result r = Cli.run("clean", dir.toString());
    Cli.assertBadInput(r);
    assertThat(r.err()).contains("not a run folder");
  }
}
