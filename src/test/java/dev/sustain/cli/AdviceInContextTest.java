package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sustain.testing.LoopDevice;
import dev.sustain.testing.LoopFileSystem;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real runs whose words must follow what was asked and where it was written: {@code --until floor}
 * with a {@code --size} that came first (exit 4, the cap named), {@code --expect} on a run too
 * short to tell, two such runs compared, and targets that are no drive: tmpfs, and ext4 on a loop
 * device over a file (written and filled), each also as {@code analyze} reads its folder.
 */
class AdviceInContextTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  private static JsonNode json(Path file) throws Exception {
    return JSON.readTree(file.toFile());
  }

  /** The test's folder is on a drive, not memory or a loop device (else the drive words differ). */
  private Path driveFolder() throws Exception {
    Path target = Files.createDirectories(dir.resolve("target"));
    Cli.Result probe =
        Cli.ok("write", target, "--size", "1MiB", "--out", dir.resolve("probe") + "");
    Assumptions.assumeFalse(
        probe.out().contains("not a drive"),
        "the test folder is not on a drive here: " + probe.out());
    return target;
  }

  @Test
  void untilFloorWithASizeThatCameFirstExitsFourAndNamesTheCap() throws Exception {
    Path target = driveFolder();
    Path out = dir.resolve("capped");
    Cli.Result r =
        Cli.runLine(
            "write {} --size 32MiB --until floor --expect {} --out {}",
            target,
            "1000MB/s, then 100MB/s",
            out);
    assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(ExitCodes.FLOOR_NOT_REACHED);
    assertThat(json(out.resolve("run.json")).at("/result/floor_reached").asBoolean(true)).isFalse();
    assertThat(r.out())
        .contains("The size cap ended the run before the floor: the --size of 33.6 MB (32 MiB)")
        .contains("give a larger --size")
        .doesNotContain("'sustain write TARGET --until floor' runs")
        .contains("cache: expected a cliff, but the run was too short to tell its shape")
        .contains(": not measured")
        .doesNotContain("measured none (the rate held): wrong");
    // analyze of the folder gives the same advice: it reads what ended the run from run.json.
    Cli.Result a = Cli.ok("analyze", out);
    assertThat(a.out()).contains("The size cap ended the run before the floor");
  }

  @Test
  void aGroupOfUntilFloorWhoseTargetsMissedTheFloorExitsFour() throws Exception {
    Path a = Files.createDirectories(dir.resolve("a"));
    Cli.Folders rig = Cli.in(dir, "b", "group");
    Cli.Result r = rig.run("write {} TARGET --size 8MiB --until floor --out OUT", a);
    assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(ExitCodes.FLOOR_NOT_REACHED);
  }

  @Test
  void twoRunsTooShortToTellAreComparedWithoutFiguresTheyLack() throws Exception {
    Path target = driveFolder();
    for (String run : new String[] {"one", "two"}) {
      Cli.Result r = Cli.ok("write", target, "--size", "16MiB", "--out", dir.resolve(run) + "");
    }
    Cli.Result c = Cli.ok("compare", dir.resolve("one"), dir.resolve("two") + "");
    assertThat(c.out()).contains("Cause: ");
    assertThat(c.out()).doesNotContain("cache and floor within noise");
    if (c.out().contains("Cause: none")) {
      assertThat(c.out()).contains("cache and floor not measured");
    }
  }

  @Test
  @Tag("root")
  void tmpfsIsMemoryInTheRunAndInAnalyze() throws Exception {
    Assumptions.assumeTrue(
        "root".equals(System.getProperty("user.name")), "mounting a tmpfs needs root");
    Path mnt = Files.createDirectories(dir.resolve("tmpfs"));
    LoopDevice.sh("mount", "-t", "tmpfs", "-o", "size=256m", "tmpfs", mnt.toString());
    try {
      Path out = dir.resolve("mem");
      Cli.Result r = Cli.ok("write", mnt, "--size", "64MiB", "--out", out);
      Cli.Result a = Cli.ok("analyze", out);
      for (String words : new String[] {r.out(), a.out()}) {
        assertThat(words)
            .containsPattern("shape +\\S+ — memory \\(tmpfs\\): [0-9.]+ MB/s measures memory")
            .contains("measures memory and the CPU, not a drive")
            .contains("Nothing here is a drive's")
            .doesNotContain("Nothing to do: the drive holds its rate")
            .doesNotContain("cache       at least")
            .doesNotContain("the cache, if any")
            .doesNotContain("Write longer");
      }
      assertThat(json(out.resolve("analysis.json")).path("target").asText()).isEqualTo("memory");
    } finally {
      LoopDevice.sh("umount", mnt.toString());
    }
  }

  @Test
  @Tag("root")
  void ext4OnALoopDeviceOverAFileIsNamedInAWriteAFillAndAnalyze() throws Exception {
    try (LoopFileSystem fs = LoopFileSystem.create(dir, "mkfs.ext4", 192)) {
      Path out = dir.resolve("loop-write");
      Cli.Result w = Cli.ok("write", fs.dir(), "--size", "64MiB", "--out", out);
      JsonNode stack = json(out.resolve("run.json")).at("/target/stack");
      assertThat(stack.get(0).path("kind").asText()).as(stack.toString()).isEqualTo("loop");
      Path fill = dir.resolve("loop-fill");
      Cli.Result f = Cli.ok("fill", fs.dir(), "--out", fill);
      Cli.Result a = Cli.ok("analyze", out, fill);
      for (String words : new String[] {w.out(), f.out(), a.out()}) {
        assertThat(words)
            .contains("ext4 on /dev/loop")
            .contains(", a loop device over the file " + dir.resolve("fs-mkfs.ext4.img"))
            .contains("measures the host's page cache and the file system under the file")
            .contains("To test the drive under it")
            .doesNotContain("cache       at least")
            .doesNotContain("the cache, if any")
            .doesNotContain("Write longer")
            .doesNotContain("Nothing to do: the drive holds its rate");
      }
    }
  }
}
