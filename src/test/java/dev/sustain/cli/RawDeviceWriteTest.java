package dev.sustain.cli;

import static dev.sustain.testing.LoopDevice.sh;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.document.RunDocument;
import dev.sustain.testing.Await;
import dev.sustain.testing.LoopDevice;
import dev.sustain.testing.RunFolderRig;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Raw block devices, on real loop devices (root only): refused without consent and when in use;
 * with it, written from offset 0 and never past the end; faults of the device end the run cleanly
 * with the offset named.
 */
@Tag("root")
class RawDeviceWriteTest {

  private static final long DEVICE_BYTES = 64L << 20;

  @TempDir Path dir;
  @RegisterExtension final LoopDevice.Each loop = LoopDevice.each("raw", DEVICE_BYTES);

  private byte[] imageBytes(long offset, int length) throws Exception {
    try (RandomAccessFile f = new RandomAccessFile(loop.image().toFile(), "r")) {
      byte[] b = new byte[length];
      f.seek(offset);
      f.readFully(b);
      return b;
    }
  }

  @Test
  void refusedWithoutConsent() {
    Cli.Result r = Cli.run("write", loop.device(), "--size", "1MiB");
    Cli.assertBadInput(r);
    assertThat(r.err()).contains("raw block device").contains("--destroy-data");
  }

  @Test
  void writesFromOffsetZeroAndNeverPastTheSizeAsked() throws Exception {
    Path out = dir.resolve("run");
    Cli.Result r = Cli.ok("write", loop.device(), "--destroy-data", "--size", "8MiB", "--out", out);
    assertThat(r.out()).contains("destroying the data on " + loop.device());
    RunDocument json = RunFolderRig.document(out);
    assertThat(json.target().kind().orElseThrow()).isEqualTo("device");
    assertThat(json.target().device().orElseThrow().sizeBytes().getAsLong())
        .isEqualTo(DEVICE_BYTES);
    assertThat(json.target().device().orElseThrow().identityKey().orElseThrow())
        .startsWith("loop:");
    assertThat(json.target().device().orElseThrow().transport().orElseThrow()).isEqualTo("loop");
    assertThat(RunFolderRig.field(RunFolderRig.tree(out), "/target/target_size_bytes").asLong())
        .isEqualTo(DEVICE_BYTES);
    assertThat(json.result().bytes().getAsLong()).isEqualTo(8L << 20);
    assertThat(imageBytes(0, 4096)).isNotEqualTo(new byte[4096]);
    assertThat(imageBytes((8L << 20) - 4096, 4096)).isNotEqualTo(new byte[4096]);
    assertThat(imageBytes(8L << 20, 4096)).isEqualTo(new byte[4096]);
  }

  @Test
  void untilFullWritesTheWholeCapacityExactly() throws Exception {
    Path out = dir.resolve("run");
    Cli.Result r =
        Cli.okLine("write {} --destroy-data --until full --bs 3MiB --out {}", loop.device(), out);
    assertThat(RunFolderRig.document(out).result().bytes().getAsLong()).isEqualTo(DEVICE_BYTES);
    assertThat(imageBytes(DEVICE_BYTES - 4096, 4096)).isNotEqualTo(new byte[4096]);
  }

  @Test
  void aSizeLargerThanTheDeviceIsRefused() {
    Cli.Result r = Cli.run("write", loop.device(), "--destroy-data", "--size", "1GiB");
    Cli.assertBadInput(r);
    assertThat(r.err()).contains("more than the device holds");
  }

  @Test
  void aMountedDeviceIsRefusedEvenWithConsent() throws Exception {
    sh("mkfs.ext4", "-q", "-F", loop.device());
    Path mnt = Files.createDirectories(dir.resolve("mnt"));
    sh("mount", loop.device(), mnt.toString());
    try {
      Cli.Result r = Cli.run("write", loop.device(), "--destroy-data", "--size", "1MiB");
      Cli.assertBadInput(r);
      assertThat(r.err()).contains("is mounted at " + mnt);
    } finally {
      sh("umount", mnt.toString());
    }
  }

  /** Device-mapper is not in every kernel (not in this project's CI kernel): skip there. */
  static void assumeDeviceMapper() {
    Assumptions.assumeTrue(
        Files.isExecutable(Path.of("/usr/sbin/dmsetup"))
            && Files.exists(Path.of("/sys/module/dm_mod")),
        "the kernel has no device-mapper here");
  }

  @Test
  void aDeviceHeldByDeviceMapperIsRefused() throws Exception {
    assumeDeviceMapper();
    String name = "sustain-held-" + ProcessHandle.current().pid();
    sh("dmsetup", "create", name, "--table", "0 2048 linear " + loop.device() + " 0");
    try {
      Cli.Result r = Cli.run("write", loop.device(), "--destroy-data", "--size", "1MiB");
      Cli.assertBadInput(r);
      assertThat(r.err()).contains("is held by dm-").contains("device-mapper");
    } finally {
      sh("dmsetup", "remove", name);
    }
  }

  /**
   * A loop device whose backing file lives on a tmpfs smaller than the device: the kernel fails
   * writes past what the tmpfs holds, as a thin-provisioned or dying drive does.
   */
  private String loopOnSmallTmpfs(Path mnt, String tmpfsSize) throws Exception {
    Files.createDirectories(mnt);
    sh("mount", "-t", "tmpfs", "-o", "size=" + tmpfsSize, "tmpfs", mnt.toString());
    Path backing = mnt.resolve("img");
    try (RandomAccessFile f = new RandomAccessFile(backing.toFile(), "rw")) {
      f.setLength(DEVICE_BYTES);
    }
    return sh("losetup", "--find", "--show", backing.toString());
  }

  @Test
  void aFailedWriteEndsTheRunWithItsOffset() throws Exception {
    Path mnt = dir.resolve("small");
    String dev = loopOnSmallTmpfs(mnt, "16m");
    try {
      Path out = dir.resolve("run");
      Cli.Result r = Cli.runLine("write {} --destroy-data --size 32MiB --qd 1 --out {}", dev, out);
      assertThat(r.exitCode()).isEqualTo(1);
      assertThat(r.err().strip().lines()).hasSize(1);
      assertThat(r.err()).contains("failed at offset 16777216 (16 MiB)");
      RunDocument json = RunFolderRig.document(out);
      assertThat(json.result().status().orElseThrow()).isEqualTo("failed");
      assertThat(json.result().bytes().getAsLong()).isEqualTo(16L << 20);
    } finally {
      new ProcessBuilder("losetup", "-d", dev).start().waitFor();
      new ProcessBuilder("umount", "-l", mnt.toString()).start().waitFor();
    }
  }

  /**
   * What a yanked drive looks like to the kernel: its capacity drops to nothing under the run. The
   * writer is stopped (SIGSTOP) while the backing file is cut and the loop device told, and the
   * device is idle by then: a write landing between the two would extend the backing file again,
   * and the device would come back whole (on a loaded machine it did, and the run then went on to
   * its time limit: the "hang" this test once reported).
   */
  @Test
  void aDeviceThatVanishesMidRunIsAClearErrorNotAHang() throws Exception {
    Path mnt = dir.resolve("gone");
    String dev = loopOnSmallTmpfs(mnt, "80m");
    Path out = dir.resolve("run");
    Process run =
        Cli.startIn(dir, "write {} --destroy-data --time 10m --interval 100ms --out {}", dev, out);
    try {
      FaultsTest.waitForBytes(out);
      sh("kill", "-STOP", Long.toString(run.pid()));
      try {
        Path inflight =
            Path.of("/sys/class/block", Path.of(dev).getFileName().toString(), "inflight");
        Await.until(
            "no request in flight on " + dev,
            () -> Files.readString(inflight).strip().matches("0\\s+0"));
        sh("truncate", "-s", "0", mnt.resolve("img").toString());
        sh("losetup", "-c", dev);
      } finally {
        sh("kill", "-CONT", Long.toString(run.pid()));
      }
      Await.ended(run, "the run on a vanished device");
      String err = Files.readString(dir.resolve("stderr"));
      assertThat(run.exitValue()).as(err).isEqualTo(1);
      assertThat(err).contains("at offset");
      assertThat(RunFolderRig.document(out).result().status().orElseThrow()).isEqualTo("failed");
    } finally {
      run.destroyForcibly();
      new ProcessBuilder("losetup", "-d", dev).start().waitFor();
      new ProcessBuilder("umount", "-l", mnt.toString()).start().waitFor();
    }
  }
}
