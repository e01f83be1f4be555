package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.testing.LoopDevice;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** TRIM on a real loop device (root): the discarded blocks really leave the backing file. */
@Tag("root")
class TrimTest {

  @TempDir Path dir;
  @RegisterExtension final LoopDevice.Each loop = LoopDevice.each("trim", 64L << 20);

  /** Bytes the backing file really occupies (a discard punches holes in it). */
  private long allocatedBytes() throws Exception {
    return Long.parseLong(LoopDevice.sh("stat", "-c", "%b", loop.image().toString())) * 512;
  }

  @Test
  void aRawDeviceIsDiscardedOnlyWithConsent() throws Exception {
    Cli.Result w =
        Cli.ok(
            "write",
            loop.device(),
            "--destroy-data",
            "--size",
            "32MiB",
            "--out",
            dir.resolve("run"));
    assertThat(allocatedBytes()).isGreaterThanOrEqualTo(32L << 20);

    Cli.Result refused = Cli.run("trim", loop.device());
    Cli.assertBadInput(refused);
    assertThat(refused.err()).contains("--destroy-data");
    assertThat(allocatedBytes()).isGreaterThanOrEqualTo(32L << 20);

    Cli.Result t = Cli.ok("trim", loop.device(), "--destroy-data");
    assertThat(t.out()).contains("discarded every block of " + loop.device());
    assertThat(allocatedBytes()).isLessThan(1L << 20);
  }

  @Test
  void writeTrimFirstTrimsTheFileSystemBeforeWriting() throws Exception {
    LoopDevice.sh("mkfs.ext4", "-q", "-F", "-E", "nodiscard", loop.device());
    Path mnt = Files.createDirectories(dir.resolve("mnt"));
    LoopDevice.sh("mount", loop.device(), mnt.toString());
    try {
      // Leave stale blocks behind: write and delete without TRIM (no 'discard' mount option).
      Cli.Result first = Cli.ok("write", mnt, "--size", "24MiB", "--out", dir.resolve("run1"));
      long dirty = allocatedBytes();
      Cli.Result second =
          Cli.ok("write", mnt, "--size", "1MiB", "--trim-first", "--out", dir.resolve("run2"));
      assertThat(second.out()).contains("Trim first: trimmed the free space");
      assertThat(allocatedBytes()).isLessThan(dirty - (16L << 20));
    } finally {
      LoopDevice.sh("umount", mnt.toString());
    }
  }

  @Test
  void somethingThatIsNeitherIsRefused() throws Exception {
    Path file = Files.writeString(dir.resolve("f"), "x");
    Cli.Result r = Cli.run("trim", file.toString());
    Cli.assertBadInput(r);
    assertThat(r.err()).contains("neither a raw block device nor a folder");
  }
}
