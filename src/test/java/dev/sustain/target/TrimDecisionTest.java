package dev.sustain.target;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sustain.unit.UsageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code trim} decides by util-linux's exit status and the kernel's sysfs, never by what the tools
 * say: their messages are translated.
 */
class TrimDecisionTest {

  @TempDir Path dir;

  private static final String WHAT = "trim the file system at /mnt";

  @ParameterizedTest
  @ValueSource(
      strings = {
        "fstrim: /mnt: the discard operation is not supported",
        "fstrim: /mnt: der Verwerfungsvorgang wird nicht unterstützt",
        "fstrim: /mnt: FITRIM ioctl failed: Input/output error",
        ""
      })
  void aFailedFstrimIsAnErrorWhateverItSays(String said) {
    assertThatThrownBy(() -> Trim.fstrimDone(Path.of("/mnt"), new Trim.Finished(1, said), WHAT))
        .isInstanceOf(IOException.class)
        .isNotInstanceOf(UsageException.class)
        .hasMessageStartingWith("cannot " + WHAT);
  }

  @Test
  void fstrimThatSaysNothingFoundNoSupport() {
    // --quiet-unsupported: exit 0 and no report where FITRIM is not supported.
    assertThatThrownBy(() -> Trim.fstrimDone(Path.of("/mnt"), new Trim.Finished(0, "\n"), WHAT))
        .isInstanceOf(UsageException.class)
        .hasMessageContaining("does not support TRIM/discard");
  }

  @Test
  void fstrimsReportGivesTheBytesTrimmed() throws IOException {
    Trim.Done done =
        Trim.fstrimDone(
            Path.of("/mnt"),
            new Trim.Finished(0, "/mnt: 1.2 GiB (1288490188 bytes) trimmed\n"),
            WHAT);
    assertThat(done.trimmedBytes()).isEqualTo(1288490188L);
    assertThat(done.what()).contains("/mnt");
  }

  @Test
  void discardSupportComesFromTheWholeDisksQueue() throws IOException {
    Path sda = Files.createDirectories(dir.resolve("devices/sda"));
    Files.createDirectories(sda.resolve("queue"));
    Files.writeString(sda.resolve("queue/discard_max_bytes"), "0\n");
    Files.createDirectories(sda.resolve("sda1"));
    Path nvme = Files.createDirectories(dir.resolve("devices/nvme0n1"));
    Files.createDirectories(nvme.resolve("queue"));
    Files.writeString(nvme.resolve("queue/discard_max_bytes"), "2199023255040\n");
    Path classBlock = Files.createDirectories(dir.resolve("class/block"));
    Files.createSymbolicLink(classBlock.resolve("sda"), sda);
    Files.createSymbolicLink(classBlock.resolve("sda1"), sda.resolve("sda1"));
    Files.createSymbolicLink(classBlock.resolve("nvme0n1"), nvme);

    assertThat(Trim.discardMaxBytes(dir, "sda")).isZero();
    assertThat(Trim.discardMaxBytes(dir, "sda1")).as("a partition reads its disk's").isZero();
    assertThat(Trim.discardMaxBytes(dir, "nvme0n1")).isEqualTo(2199023255040L);
    assertThat(Trim.discardMaxBytes(dir, "missing")).isEqualTo(-1);
  }

  @Test
  void aFolderOnAFileSystemWithoutTrimIsRefusedClearly() throws IOException {
    // tmpfs has no FITRIM: fstrim --quiet-unsupported says nothing and exits 0.
    Path shm = Path.of("/dev/shm");
    org.junit.jupiter.api.Assumptions.assumeTrue(
        "root".equals(System.getProperty("user.name")) && Files.isDirectory(shm),
        "FITRIM needs root, and /dev/shm (a tmpfs)");
    assertThatThrownBy(() -> Trim.trim(shm, false))
        .isInstanceOf(UsageException.class)
        .hasMessageContaining("does not support TRIM/discard");
  }
}
