package dev.sustain.cli;

import static dev.sustain.testing.LoopDevice.sh;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.pattern.VerifiablePattern;
import dev.sustain.run.RunFolder;
import dev.sustain.testing.LoopDevice;
import dev.sustain.verify.DamageForTests;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code verify} and {@code read} of a raw block device (a loop device): its size comes from the
 * device, reads are direct. Needs root for losetup; skipped elsewhere.
 */
@Tag("root")
class VerifyBlockDeviceTest {

  private static final long MIB = 1 << 20;

  @TempDir Path dir;

  @Test
  void verifiesALoopDeviceAndNamesADamagedBlock() throws Exception {
    try (LoopDevice device = LoopDevice.attach("verify-disk", 16 * MIB)) {
      String loop = device.device();
      Path dev = Path.of(loop);
      DamageForTests.writeExisting(dev, new VerifiablePattern(77, 0), 16 * MIB);
      Cli.Result good = Cli.ok("verify", loop, "--json", "--out", dir.resolve("v1"));
      JsonNode j = RunFolder.JSON.readTree(good.out());
      assertThat(j.get("checked_bytes").asLong()).isEqualTo(16 * MIB);

      DamageForTests.zero(dev, 9 * MIB, 8192);
      Cli.Result bad = Cli.run("verify", loop, "--json", "--out", dir.resolve("v2").toString());
      assertThat(bad.exitCode()).isEqualTo(3);
      JsonNode b = RunFolder.JSON.readTree(bad.out());
      assertThat(b.get("bad")).hasSize(1);
      assertThat(b.get("bad").get(0).get("offset").asLong()).isEqualTo(9 * MIB);
      assertThat(b.get("bad").get(0).get("length").asLong()).isEqualTo(8192);

      Cli.Result read = Cli.ok("read", loop, "--json", "--out", dir.resolve("r"));
      assertThat(RunFolder.JSON.readTree(read.out()).get("bytes").asLong()).isEqualTo(16 * MIB);
    }
  }

  @Test
  void aRawDeviceWrittenByWriteVerifiesFromItsRunFolder() throws Exception {
    try (LoopDevice device = LoopDevice.attach("verify-raw", 12 * MIB)) {
      String loop = device.device();
      Path run = writtenByWrite(loop, "--until", "full");
      Cli.Result good =
          Cli.run("verify", run.toString(), "--json", "--out", dir.resolve("v").toString());
      assertThat(good.exitCode()).as(good.out() + good.err()).isZero();
      assertThat(RunFolder.JSON.readTree(good.out()).get("checked_bytes").asLong())
          .isEqualTo(12 * MIB);
      DamageForTests.noise(Path.of(loop), 5 * MIB, 4096, 1);
      Cli.Result bad =
          Cli.run("verify", run.toString(), "--json", "--out", dir.resolve("v2").toString());
      assertThat(bad.exitCode()).isEqualTo(3);
      assertThat(RunFolder.JSON.readTree(bad.out()).get("bad").get(0).get("offset").asLong())
          .isEqualTo(5 * MIB);
    }
  }

  @Test
  void aDeviceWrittenInPartIsGoodUpToItsDataAndBlankBeyondIsNotBad() throws Exception {
    try (LoopDevice device = LoopDevice.attach("verify-part", 256 * MIB)) {
      String loop = device.device();
      Path run = writtenByWrite(loop, "--size", "64MiB");

      // Named directly: the run's data ends at 64 MiB, found from the headers; the 192 MiB after
      // it were never written and are not bad.
      Cli.Result good = Cli.run("verify", loop, "--json", "--out", dir.resolve("v").toString());
      assertThat(good.exitCode()).as(good.out() + good.err()).isZero();
      JsonNode g = RunFolder.JSON.readTree(good.out());
      assertThat(g.get("verdict").asText()).isEqualTo("good");
      assertThat(g.get("extent_from").asText()).isEqualTo("headers");
      assertThat(g.get("checked_bytes").asLong()).isEqualTo(64 * MIB);
      assertThat(g.at("/beyond/offset").asLong()).isEqualTo(64 * MIB);
      assertThat(g.at("/beyond/length").asLong()).isEqualTo(192 * MIB);
      assertThat(g.at("/beyond/blank_blocks").asInt())
          .isEqualTo(g.at("/beyond/sampled_blocks").asInt())
          .isPositive();
      Cli.Result text = Cli.run("verify", loop, "--out", dir.resolve("vt").toString());
      assertThat(text.exitCode()).isZero();
      assertThat(text.out())
          .contains("GOOD: all 67.1 MB")
          .contains("Beyond the checked extent, 192 MiB from 64 MiB to the end: blank")
          .doesNotContain("BAD");
      // From the run folder: its run.json says 64 MiB.
      Cli.Result fromRun = Cli.ok("verify", run, "--json", "--out", dir.resolve("vr"));
      assertThat(RunFolder.JSON.readTree(fromRun.out()).get("extent_from").asText())
          .isEqualTo("run");
      // --size past the data: the blank space inside what the user says was written is lost.
      Cli.Result sized =
          Cli.runLine("verify {} --size 128MiB --json --out {}", loop, dir.resolve("vs"));
      assertThat(sized.exitCode()).isEqualTo(3);
      assertThat(RunFolder.JSON.readTree(sized.out()).at("/bad_by_kind/blank").asLong())
          .isEqualTo(64 * MIB);

      // A block of noise at 10 MiB, and three of another run's blocks at 20 MiB.
      sh(
          "dd",
          "if=/dev/urandom",
          "of=" + loop,
          "bs=4096",
          "seek=" + 10 * 256,
          "count=1",
          "oflag=direct",
          "conv=notrunc");
      Path other = dir.resolve("other.dat");
      DamageForTests.write(other, new VerifiablePattern(4242, 0), 24 * MIB);
      sh(
          "dd",
          "if=" + other,
          "of=" + loop,
          "bs=4096",
          "skip=" + 20 * 256,
          "seek=" + 20 * 256,
          "count=3",
          "oflag=direct",
          "conv=notrunc");
      Cli.Result bad = Cli.run("verify", loop, "--json", "--out", dir.resolve("v2").toString());
      assertThat(bad.exitCode()).as(bad.err()).isEqualTo(3);
      JsonNode b = RunFolder.JSON.readTree(bad.out());
      assertThat(b.get("bad")).hasSize(2);
      assertThat(b.get("bad").get(0).get("offset").asLong()).isEqualTo(10 * MIB);
      assertThat(b.get("bad").get(0).get("kind").asText()).isEqualTo("corrupted");
      assertThat(b.get("bad").get(1).get("offset").asLong()).isEqualTo(20 * MIB);
      assertThat(b.get("bad").get(1).get("length").asLong()).isEqualTo(3 * 4096);
      assertThat(b.get("bad").get(1).get("kind").asText()).isEqualTo("overwritten");
      assertThat(b.get("checked_bytes").asLong()).isEqualTo(64 * MIB);
    }
  }

  /**
   * {@code write device --destroy-data amountOption amount --out dir/run} (--until full, --size
   * 64MiB): the run folder verify reads back.
   */
  private Path writtenByWrite(String device, String amountOption, String amount) {
    Path run = dir.resolve("run");
    Cli.ok("write", device, "--destroy-data", amountOption, amount, "--out", run);
    return run;
  }
}
