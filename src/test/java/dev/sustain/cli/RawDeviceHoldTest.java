package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.engine.Errno;
import dev.sustain.engine.ErrnoException;
import dev.sustain.engine.ExclusiveOpen;
import dev.sustain.testing.Await;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A raw device is held exclusively (O_EXCL) for the whole of a write, on a real loop device (root
 * only): mkswap, a mount and another O_EXCL open are refused while it goes, another sustain run is
 * refused with one line, and the device is free again once the run ends.
 */
@Tag("root")
class RawDeviceHoldTest {

  @TempDir Path dir;
  private Path image;
  private String loop;

  @BeforeEach
  void loopDevice() throws Exception {
    Assumptions.assumeTrue(
        "root".equals(System.getProperty("user.name")), "loop devices need root");
    image = Path.of("/dev/shm/sustain-hold-" + ProcessHandle.current().pid() + ".img");
    try (RandomAccessFile f = new RandomAccessFile(image.toFile(), "rw")) {
      f.setLength(64L << 20);
    }
    loop = RawDeviceWriteTest.sh("losetup", "--find", "--show", image.toString());
  }

  @AfterEach
  void detach() throws Exception {
    if (loop != null) {
      new ProcessBuilder("swapoff", loop).start().waitFor();
      new ProcessBuilder("umount", "-l", loop).start().waitFor();
      new ProcessBuilder("losetup", "-d", loop).start().waitFor();
    }
    if (image != null) {
      Files.deleteIfExists(image);
    }
  }

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
        Cli.start(
            dir.resolve("o"),
            dir.resolve("e"),
            "write",
            loop,
            "--destroy-data",
            "--size",
            "8MiB",
            "--time",
            "10m",
            "--interval",
            "100ms",
            "--out",
            out.toString(),
            "--db",
            "none");
    try {
      FaultsTest.waitForBytes(out);
      Cli.Result mkswap = tool("mkswap", loop);
      assertThat(mkswap.exitCode()).as(mkswap.out()).isNotZero();
      assertThat(mkswap.out()).containsIgnoringCase("busy");
      Path mnt = Files.createDirectories(dir.resolve("mnt"));
      assertThat(tool("mount", loop, mnt.toString()).exitCode()).isNotZero();
      ErrnoException refused =
          Assertions.assertThrows(ErrnoException.class, () -> ExclusiveOpen.claim(Path.of(loop)));
      assertThat(refused.errno()).isEqualTo(Errno.EBUSY);

      Cli.Result second =
          Cli.run(
              "write",
              loop,
              "--destroy-data",
              "--size",
              "1MiB",
              "--out",
              dir.resolve("second").toString(),
              "--db",
              "none");
      assertThat(second.exitCode()).as(second.err()).isEqualTo(2);
      assertThat(second.err().strip().lines()).hasSize(1);
      assertThat(second.err())
          .contains("refusing to write " + loop)
          .contains("another program holds it exclusively (EBUSY");
      assertThat(dir.resolve("second")).doesNotExist();
      assertThat(write.isAlive()).as(Files.readString(dir.resolve("e"))).isTrue();

      Cli.interrupt(write);
      Await.ended(write, "the interrupted write");
      assertThat(write.exitValue()).as(Files.readString(dir.resolve("e"))).isEqualTo(130);
    } finally {
      write.destroyForcibly();
    }
    try (ExclusiveOpen free = ExclusiveOpen.claim(Path.of(loop))) {
      assertThat(free).as("let go of once the run ended").isNotNull();
    }
  }
}
