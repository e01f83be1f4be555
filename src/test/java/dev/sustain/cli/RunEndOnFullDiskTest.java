package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.document.RunDocument;
import dev.sustain.run.RunFolder;
import dev.sustain.store.TestDatabases;
import dev.sustain.store.TestDatabases.Backend;
import dev.sustain.testing.LoopFileSystem;
import dev.sustain.testing.RunFolderRig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run folder on the very file system the run fills (a real 300 MiB ext4 on a loop device, root
 * only): the run's end is written all the same, from the room set aside before the test file took
 * the rest, and the folder stays readable when even that is not enough.
 */
@Tag("root")
class RunEndOnFullDiskTest {

  @TempDir Path dir;
  private LoopFileSystem fs;

  @BeforeEach
  void mount() throws Exception {
    fs = LoopFileSystem.create(dir, "mkfs.ext4", 300);
  }

  @AfterEach
  void unmount() throws Exception {
    if (fs != null) {
      fs.close();
    }
  }

  private Cli.Result fill(Path out, String db, String... more) {
    // The full file system ends each run, not the time: 300 MiB of 4 KiB requests on a loop device
    // of a busy machine took over 30 s once (the run then ended complete, exit 0). The time is a
    // bound on a run that never fills it, generous on any machine.
    String[] base = {
      "write",
      fs.dir().toString(),
      "--time",
      "5m",
      "--interval",
      "100ms",
      "--out",
      out.toString(),
      "--db",
      db
    };
    String[] args = java.util.Arrays.copyOf(base, base.length + more.length);
    System.arraycopy(more, 0, args, base.length, more.length);
    return Cli.run(args);
  }

  /** What the run's end leaves in a folder that a full file system holds. */
  private static void assertTheEndIsWritten(Path out, Cli.Result r) throws Exception {
    assertThat(r.exitCode()).as(r.err()).isEqualTo(1);
    assertThat(r.err().strip().lines()).as(r.err()).hasSize(1);
    assertThat(r.err()).contains("is full").contains("No space left on device");
    RunDocument json = RunFolderRig.document(out);
    assertThat(json.result().status().orElseThrow()).isEqualTo("failed");
    assertThat(json.ended().orElseThrow()).isNotEmpty();
    assertThat(json.result().bytes().getAsLong()).isGreaterThan(200L << 20);
    assertThat(RunFolderRig.sampleBytes(out)).isEqualTo(json.result().bytes().getAsLong());
    assertThat(out.resolve(RunFolder.ANALYSIS_JSON)).isNotEmptyFile();
    assertThat(out.resolve("run.json.tmp")).doesNotExist();
    assertThat(out.resolve("analysis.json.tmp")).doesNotExist();
    assertThat(out.resolve(RunFolder.RESERVE)).doesNotExist();
  }

  @Test
  void aRunThatFillsTheFileSystemOfItsRunFolderWritesItsEnd() throws Exception {
    Path out = fs.dir().resolve("run");
    String db = TestDatabases.freshDbValue(Backend.SQLITE, dir);
    // A run makes the history file, not its folders.
    java.nio.file.Files.createDirectories(Path.of(db).getParent());
    // Small requests fill the file system to its last few blocks.
    Cli.Result r = fill(out, db, "--bs", "4k");
    assertTheEndIsWritten(out, r);
    try (Stream<Path> left = Files.list(fs.dir())) {
      assertThat(left.map(p -> p.getFileName().toString()))
          .as("no test file, no mark")
          .containsExactlyInAnyOrder("lost+found", "run");
    }
    Cli.Result history = Cli.run("history", "--json", "--db", db);
    assertThat(RunFolder.JSON.readTree(history.out()).at("/runs/0/status").asText())
        .as(history.err())
        .isEqualTo("failed");
  }

  /** With --keep the test file still holds the space at the end: only the room set aside is. */
  @Test
  void aKeptTestFileThatFillsItLeavesTheEndWrittenAllTheSame() throws Exception {
    Path out = fs.dir().resolve("run");
    Cli.Result r = fill(out, "none", "--keep");
    assertTheEndIsWritten(out, r);
    RunDocument json = RunFolderRig.document(out);
    assertThat(json.result().testFileKept().orElseThrow()).isTrue();
    assertThat(Path.of(json.target().testFile().orElseThrow())).exists();
    assertThat(fs.dir().toFile().getUsableSpace()).as("still full").isLessThan(1L << 20);
  }

  @Test
  void aFileSystemWithNoRoomForTheRunsFilesIsRefusedBeforeAnythingIsWritten() throws Exception {
    Path out = Files.createDirectories(fs.dir().resolve("run")); // empty, as --out may be
    LoopFileSystem.fillUp(fs.dir().resolve("filler"));
    Cli.Result r = fill(out, "none");
    Cli.assertBadInput(r);
    assertThat(r.err()).contains("no room for the run's files in " + out);
    try (Stream<Path> left = Files.list(fs.dir())) {
      assertThat(left.filter(p -> p.getFileName().toString().startsWith("sustain-test-")))
          .isEmpty();
    }
  }

  /**
   * When even the end cannot be written, the old run.json stays whole (no half-written temporary
   * file), one line says what is left, and analyze reads the samples.
   */
  @Test
  void anEndThatCannotBeWrittenLeavesAReadableFolder() throws Exception {
    Path out = fs.dir().resolve("run");
    Cli.Result made = Cli.ok("write", dir, "--size", "4MiB", "--out", out, "--db", "none");
    Files.delete(out.resolve(RunFolder.ANALYSIS_JSON));
    String before = Files.readString(out.resolve(RunFolder.RUN_JSON));
    LoopFileSystem.fillUp(fs.dir().resolve("filler"));
    ObjectNode bigger = (ObjectNode) RunFolder.JSON.readTree(before);
    bigger.put("padding", "x".repeat(64 << 10)); // more than a partly used block can take
    IOException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            IOException.class, () -> dev.sustain.run.RunEnd.write(RunFolder.open(out), bigger));
    assertThat(e.getMessage().lines()).hasSize(1);
    assertThat(e.getMessage())
        .contains("could not write the run's end to " + out.resolve(RunFolder.RUN_JSON))
        .contains("No space left on device (ENOSPC)")
        .contains("sustain analyze " + out);
    assertThat(out.resolve("run.json.tmp")).doesNotExist();
    assertThat(Files.readString(out.resolve(RunFolder.RUN_JSON))).isEqualTo(before);
    Files.delete(fs.dir().resolve("filler")); // analyze writes analysis.json
    Cli.Result analyzed = Cli.ok("analyze", out);
    assertThat(analyzed.out()).contains("burst");
  }
}
