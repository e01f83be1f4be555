package dev.sustain.target;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sustain.engine.Errno;
import dev.sustain.testing.LoopFileSystem;
import dev.sustain.unit.UsageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Preallocation on real file systems, and what happens where it cannot be done. */
class FileLayoutTest {

  @TempDir Path dir;

  /** Bytes the file system has allocated to {@code file} (st_blocks x 512). */
  static long allocatedBytes(Path file) throws IOException, InterruptedException {
    Process p = new ProcessBuilder("stat", "-c", "%b %B", file.toString()).start();
    assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
    String[] f = new String(p.getInputStream().readAllBytes()).trim().split(" ");
    return Long.parseLong(f[0]) * Long.parseLong(f[1]);
  }

  private Path folderOn(String fileSystem) throws IOException {
    if (fileSystem.equals("tmpfs")) {
      Path shm = Path.of("/dev/shm");
      Assumptions.assumeTrue(Files.isDirectory(shm), "no tmpfs at /dev/shm here");
      return Files.createTempDirectory(shm, "sustain-layout-");
    }
    return dir;
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"tmpfs", "temp folder"})
  void aNewFileIsAllocatedToItsWholeSizeBeforeTheRun(String fileSystem) throws Exception {
    Path folder = folderOn(fileSystem);
    Path file = folder.resolve("t.dat");
    long bytes = 24L << 20;
    try {
      FileLayout layout = FileLayout.preallocate(file, bytes);
      assertThat(layout.kind()).isEqualTo(FileLayout.Kind.PREALLOCATED);
      assertThat(layout.bytes()).isEqualTo(bytes);
      assertThat(layout.seconds()).isGreaterThanOrEqualTo(0);
      assertThat(layout.note()).startsWith("Layout: preallocated 25.2 MB in ");
      assertThat(Files.size(file)).isEqualTo(bytes);
      assertThat(allocatedBytes(file))
          .as("blocks allocated on %s", fileSystem)
          .isGreaterThanOrEqualTo(bytes);
    } finally {
      Files.deleteIfExists(file);
      if (!folder.equals(dir)) {
        Files.deleteIfExists(folder);
      }
    }
  }

  @Test
  void aFileSystemWithoutFallocateIsWrittenSparseAndSaysWhy() throws Exception {
    try (LoopFileSystem ext2 = LoopFileSystem.create(dir, "mkfs.ext2", 32)) {
      Path file = ext2.dir().resolve("t.dat");
      FileLayout layout = FileLayout.preallocate(file, 8L << 20);
      assertThat(layout.kind()).isEqualTo(FileLayout.Kind.SPARSE);
      assertThat(layout.note())
          .contains("cannot preallocate")
          .contains("Operation not supported (EOPNOTSUPP)")
          .contains("written sparse");
      assertThat(Files.size(file)).as("nothing allocated, nothing written").isZero();
    }
  }

  @Test
  void anyRefusalButLackOfSpaceFallsBackToSparse() {
    Path file = dir.resolve("t.dat");
    FileLayout layout = FileLayout.preallocate(file, 0, 1 << 20, (f, o, n) -> -Errno.ENOSYS);
    assertThat(layout.preallocated()).isFalse();
    assertThat(layout.note()).contains("Function not implemented");
  }

  @Test
  void aJobThatDoesNotFitIsRefusedInOneLineAndTheFileRemoved() throws Exception {
    Path folder = folderOn("tmpfs");
    Path file = folder.resolve("t.dat");
    try {
      // twice the file system: tmpfs refuses at once, before allocating anything
      long tooMuch = 2 * Files.getFileStore(folder).getTotalSpace();
      assertThatThrownBy(() -> FileLayout.preallocate(file, tooMuch))
          .isInstanceOf(UsageException.class)
          .hasMessageStartingWith("not enough free space in " + folder)
          .hasMessageContaining("No space left on device")
          .hasMessageNotContaining("\n");
      assertThat(file).doesNotExist();
    } finally {
      Files.deleteIfExists(file);
      Files.deleteIfExists(folder);
    }
  }

  @Test
  void aFillFileThatDoesNotFitIsCutBackAndWrittenSparse() throws Exception {
    Path file = dir.resolve("t.dat");
    Files.write(file, new byte[8192]);
    FileLayout layout =
        FileLayout.preallocateWhileItFits(
            file,
            8192,
            1 << 20,
            (f, o, n) -> {
              try (var ch =
                  java.nio.channels.FileChannel.open(f, java.nio.file.StandardOpenOption.WRITE)) {
                ch.write(java.nio.ByteBuffer.allocate(1), o + 4096); // a partial allocation
              } catch (IOException e) {
                throw new AssertionError(e);
              }
              return -Errno.ENOSPC;
            });
    assertThat(layout.kind()).isEqualTo(FileLayout.Kind.SPARSE);
    assertThat(layout.note()).contains("written until the file system is full");
    assertThat(Files.size(file)).as("what it held before the offset stays").isEqualTo(8192);
  }

  @Test
  void aKeptFileIsCutToWhatWasWrittenAndNeverGrown() throws Exception {
    Path file = dir.resolve("t.dat");
    FileLayout.preallocate(file, 1 << 20);
    FileLayout.cutTo(file, 12288);
    assertThat(Files.size(file)).isEqualTo(12288);
    FileLayout.cutTo(file, 1 << 20);
    assertThat(Files.size(file)).isEqualTo(12288);
  }
}
