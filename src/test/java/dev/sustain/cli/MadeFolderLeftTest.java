package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.workload.Tmpfs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run refused after it made its folder (no room for the run's files, a run.json that cannot be
 * written) takes away the folders it made and left empty, the run folder and a copy's destination
 * with any folder above them it made too; an empty folder the user made and named stays. The full
 * file system is a real 1 MiB tmpfs filled to its last byte (root only).
 */
class MadeFolderLeftTest {

  @TempDir Path dir;

  @Test
  void aWriteWithoutRoomForItsFilesRemovesTheRunFolderItMadeAndKeepsTheUsersOwn() throws Exception {
    try (Tmpfs full = Tmpfs.mount(dir.resolve("full"), 1)) {
      fill(full.dir());
      Path made = full.dir().resolve("a");
      Cli.Result r = write(made.resolve("b"));
      assertThat(r.exitCode()).as(r.err()).isEqualTo(2);
      assertThat(r.err()).contains("no room for the run's files");
      assertThat(made)
          .as("the run folder and the folder above it, both made by the run")
          .doesNotExist();

      Path users = Files.createDirectory(full.dir().resolve("mine"));
      Cli.Result again = write(users);
      assertThat(again.exitCode()).as(again.err()).isEqualTo(2);
      assertThat(users).as("the user's own folder").isEmptyDirectory();
    }
  }

  @Test
  void aCopyThatCannotWriteItsRunFolderRemovesTheFoldersItMade() throws Exception {
    Path src = dir.resolve("src");
    Cli.ok("dataset", "photos", src, "--size", "1MB", "--seed", "4");
    try (Tmpfs full = Tmpfs.mount(dir.resolve("full"), 1)) {
      fill(full.dir());
      Path dst = dir.resolve("dst");
      Path run = full.dir().resolve("run");
      Cli.Result r =
          Cli.run("copy", src.toString(), dst.toString(), "--out", run.toString(), "--db", "none");
      assertThat(r.exitCode()).as(r.err()).isNotZero();
      assertThat(r.err().strip().lines()).as(r.err()).hasSize(1);
      assertThat(run).as("the run folder it could not write in").doesNotExist();
      assertThat(dst).as("the destination it made and copied nothing into").doesNotExist();

      Path usersDst = Files.createDirectory(dir.resolve("mine"));
      Cli.Result again =
          Cli.run(
              "copy", src.toString(), usersDst.toString(), "--out", run.toString(), "--db", "none");
      assertThat(again.exitCode()).as(again.err()).isNotZero();
      assertThat(usersDst).as("the user's own destination").isEmptyDirectory();
    }
  }

  private Cli.Result write(Path out) {
    return Cli.run(
        "write",
        dir.toString(),
        "--size",
        "64KiB",
        "--buffered",
        "--out",
        out.toString(),
        "--db",
        "none");
  }

  /** Fills the file system to its last byte, so not even a run.json fits. */
  private static void fill(Path fs) throws IOException {
    Path filler = fs.resolve("filler");
    byte[] block = new byte[4096];
    try (var outStream = Files.newOutputStream(filler)) {
      while (true) {
        outStream.write(block);
      }
    } catch (IOException full) {
      // ENOSPC: the file system is full, which is the point
    }
    assertThat(Files.getFileStore(fs).getUsableSpace()).isLessThan(4096);
  }
}
