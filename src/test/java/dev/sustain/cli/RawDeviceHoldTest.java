package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.engine.Errno;
import dev.sustain.engine.ErrnoException;
import dev.sustain.engine.ExclusiveOpen;
import dev.sustain.testing.Await;
import dev.sustain.testing.LoopDevice;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A raw device is held exclusively (O_EXCL) for the whole of a write, on a real loop device (root
 * only): mkswap, a mount and another O_EXCL open are refused while it goes, another sustain run is
 * refused with one line, and the device is free again once the run ends. The same for every other
 * command that writes or discards a device: {@code trim} and {@code write --trim-first} hold it
 * through the discard (a stand-in blkdiscard first tries an O_EXCL open of its own), and refuse
 * with one line a device someone else holds; {@code sweep} never opens a device at all.
 */
@Tag("root")
class RawDeviceHoldTest {

  @TempDir Path dir;
  @RegisterExtension final LoopDevice.Each loop = LoopDevice.each("hold", 64L << 20);

  /** Runs a command; its exit code and what it printed. */
  private static Cli.Result tool(String... cmd) throws Exception {
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes());
    Await.ended(p, String.join(" ", cmd));
    return new Cli.Result(p.exitValue(), out, "");
  }

  @Test
  void theDeviceIsHeldForTheWholeWrite() throws Exception {
    Path out = dir.resolve("run");
    Process write =
        Cli.startIn(
            dir,
            "write {} --destroy-data --size 8MiB --time 10m --interval 100ms --out {} --db none",
            loop.device(),
            out);
    try {
      FaultsTest.waitForBytes(out);
      Cli.Result mkswap = tool("mkswap", loop.device());
      assertThat(mkswap.exitCode()).as(mkswap.out()).isNotZero();
      assertThat(mkswap.out()).containsIgnoringCase("busy");
      Path mnt = Files.createDirectories(dir.resolve("mnt"));
      assertThat(tool("mount", loop.device(), mnt.toString()).exitCode()).isNotZero();
      ErrnoException refused =
          Assertions.assertThrows(
              ErrnoException.class, () -> ExclusiveOpen.claim(Path.of(loop.device())));
      assertThat(refused.errno()).isEqualTo(Errno.EBUSY);

      Cli.Result second =
          Cli.runLine(
              "write {} --destroy-data --size 1MiB --out {} --db none",
              loop.device(),
              dir.resolve("second"));
      refusedAsHeld(second, "write");
      assertThat(dir.resolve("second")).doesNotExist();
      assertThat(write.isAlive()).as(Files.readString(dir.resolve("stderr"))).isTrue();

      Cli.interrupt(write);
      Await.ended(write, "the interrupted write");
      assertThat(write.exitValue()).as(Files.readString(dir.resolve("stderr"))).isEqualTo(130);
    } finally {
      write.destroyForcibly();
    }
    try (ExclusiveOpen free = ExclusiveOpen.claim(Path.of(loop.device()))) {
      assertThat(free).as("let go of once the run ended").isNotNull();
    }
  }

  /**
   * A blkdiscard ahead on the PATH that first tries the real one without --force on the first 4 KiB
   * (an O_EXCL open, refused with EBUSY while the device is held), logs how that went, then does
   * what it was asked.
   */
  private Path standInBlkdiscard(Path log) throws Exception {
    String real = LoopDevice.sh("sh", "-c", "command -v blkdiscard");
    Path bin = Files.createDirectories(dir.resolve("bin"));
    Path script = bin.resolve("blkdiscard");
    Files.writeString(
        script,
        "#!/bin/sh\n"
            + "for a; do dev=$a; done\n"
            + real
            + " --offset 0 --length 4096 \"$dev\" >>'"
            + log
            + "' 2>&1; echo \"exclusive open: $?\" >>'"
            + log
            + "'\n"
            + "exec "
            + real
            + " \"$@\"\n");
    Files.setPosixFilePermissions(
        script, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
    return bin;
  }

  /**
   * That {@code r} refused to {@code verb} the device, in one line, as another program holds it.
   */
  private void refusedAsHeld(Cli.Result r, String verb) {
    Cli.assertBadInput(r);
    assertThat(r.err())
        .contains("refusing to " + verb + " " + loop.device())
        .contains("another program holds it exclusively (EBUSY");
  }

  /**
   * A child sustain running the command {@code line} (as {@link Cli#runLine} takes it) with {@code
   * bin} first on its PATH: its exit code, stdout and stderr.
   */
  private Cli.Result sustainWithPath(Path bin, String line, Object... values) throws Exception {
    String[] args = Cli.words(line, values);
    ProcessBuilder pb = new ProcessBuilder(Cli.command(args));
    pb.environment().put("PATH", bin + ":" + System.getenv("PATH"));
    Path o = Files.createTempFile(dir, "out", ".txt");
    Path e = Files.createTempFile(dir, "err", ".txt");
    pb.redirectOutput(o.toFile()).redirectError(e.toFile());
    pb.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
    Process p = pb.start();
    Await.ended(p, String.join(" ", args));
    return new Cli.Result(p.exitValue(), Files.readString(o), Files.readString(e));
  }

  /**
   * A child {@code write DEVICE --destroy-data --trim-first --size size} into the run folder {@code
   * run}, with {@code bin} first on its PATH.
   */
  private Cli.Result writeTrimmingFirst(Path bin, String size) throws Exception {
    return sustainWithPath(
        bin,
        "write {} --destroy-data --trim-first --size {} --out {} --db none",
        loop.device(),
        size,
        dir.resolve("run"));
  }

  @Test
  void trimAndTrimFirstHoldTheDeviceThroughTheDiscard() throws Exception {
    Path log = dir.resolve("blkdiscard.log");
    Path bin = standInBlkdiscard(log);
    Cli.Result trim = sustainWithPath(bin, "trim {} --destroy-data", loop.device());
    assertThat(trim.exitCode()).as(trim.err()).isZero();
    assertThat(Files.readString(log))
        .as("an O_EXCL open during the discard of trim")
        .contains("exclusive open: 1")
        .containsIgnoringCase("busy");

    Files.delete(log);
    Cli.Result write = writeTrimmingFirst(bin, "8MiB");
    assertThat(write.exitCode()).as(write.err()).isZero();
    assertThat(write.out()).contains("Trim first: discarded every block of " + loop.device());
    assertThat(Files.readString(log))
        .as("an O_EXCL open during the discard of write --trim-first")
        .contains("exclusive open: 1");
    try (ExclusiveOpen free = ExclusiveOpen.claim(Path.of(loop.device()))) {
      assertThat(free).as("let go of once the commands ended").isNotNull();
    }
  }

  @Test
  void aDeviceHeldBySomeoneElseIsRefusedByEveryCommandThatWritesIt() throws Exception {
    Path bin = standInBlkdiscard(dir.resolve("blkdiscard.log"));
    try (ExclusiveOpen other = ExclusiveOpen.claim(Path.of(loop.device()))) {
      Cli.Result trim = sustainWithPath(bin, "trim {} --destroy-data", loop.device());
      refusedAsHeld(trim, "discard");

      Cli.Result write = writeTrimmingFirst(bin, "1MiB");
      refusedAsHeld(write, "write");
      assertThat(write.out()).doesNotContain("Trim first");
      assertThat(dir.resolve("run")).doesNotExist();
    }
    assertThat(dir.resolve("blkdiscard.log")).as("no discard was tried").doesNotExist();
    Cli.Result sweep = Cli.run("sweep", loop.device(), "--out", dir.resolve("sweep").toString());
    Cli.assertBadInput(sweep);
    assertThat(sweep.err()).contains("is a raw block device");
    assertThat(dir.resolve("sweep")).doesNotExist();
  }
}
