package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.nio.file.ExtendedOpenOption;
import dev.sustain.run.RunFolder;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code sustain sweep} end to end on a small file in a temporary folder. */
class SweepCommandTest {

  @TempDir Path dir;

  private void assumeDirectIo() throws IOException {
    Path probe = dir.resolve("probe");
    Files.write(probe, new byte[4096]);
    boolean ok = true;
    try (FileChannel ch =
        FileChannel.open(probe, StandardOpenOption.READ, ExtendedOpenOption.DIRECT)) {
      ok = ch.isOpen();
    } catch (IOException e) {
      ok = false;
    }
    Files.delete(probe);
    Assumptions.assumeTrue(ok, "the temporary folder's file system has no O_DIRECT");
  }

  @Test
  void measuresEverySizeAndDepthAndSaysWhichSizeItNeeds() throws Exception {
    assumeDirectIo();
    Cli.Folders rig = Cli.in(dir, "drive", "sweep");
    Cli.Result r =
        rig.ok(
            "sweep TARGET --bs 128KiB,1MiB --qd 1,4 --size-per-point 8MiB --min-time-per-point 1s --json --out OUT");
    JsonNode j = RunFolder.JSON.readTree(r.out());
    assertThat(j.get("points")).hasSize(4);
    assertThat(j.get("min_time_per_point_s").asDouble()).isEqualTo(1.0);
    for (JsonNode p : j.get("points")) {
      assertThat(p.get("write_MBps").asDouble()).isPositive();
      assertThat(p.get("read_MBps").asDouble()).isPositive();
      // 8 MiB takes milliseconds here: every point went on to the minimum time, and its rate is
      // its bytes over that time.
      assertThat(p.get("write_s").asDouble()).isGreaterThanOrEqualTo(1.0);
      assertThat(p.get("read_s").asDouble()).isGreaterThanOrEqualTo(1.0);
      assertThat(p.get("write_spread_MBps").isNumber()).as(p.toString()).isTrue();
    }
    assertThat(j.at("/write/within_noise").isBoolean()).isTrue();
    assertThat(j.get("points").get(0).get("bs").asInt()).isEqualTo(128 << 10);
    assertThat(j.get("points").get(1).get("qd").asInt()).isEqualTo(4);
    int needed = j.at("/write/needed_bs").asInt();
    assertThat(needed).isIn(128 << 10, 1 << 20);
    assertThat(j.get("verdict").asText()).contains("write rate");
    JsonNode runJson = RunFolder.JSON.readTree(rig.out().resolve("run.json").toFile());
    assertThat(runJson.get("command").asText()).isEqualTo("sweep");
    assertThat(runJson.at("/result/points")).hasSize(4);
    try (Stream<Path> left = Files.list(rig.target())) {
      assertThat(left).as("the test file is removed").isEmpty();
    }
  }

  @Test
  void eachPointLastsTheMinimumTimeAndPrintsItBesideItsRate() throws Exception {
    assumeDirectIo();
    Path target = Files.createDirectories(dir.resolve("drive"));
    Cli.Result r =
        Cli.okLine(
            "sweep {} --bs 1MiB --qd 4 --size-per-point 4MiB --min-time-per-point 1500ms --out {}",
            target,
            dir.resolve("s"));
    assertThat(r.out()).contains("4 MiB per point and at least 1.50s");
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile(
                "1 MiB +QD4 +write +[0-9.]+ MB/s ± [0-9.]+ MB/s +in ([0-9.]+)s +read +[0-9.]+ MB/s"
                    + " ± [0-9.]+ MB/s +in ([0-9.]+)s")
            .matcher(r.out());
    assertThat(m.find()).as(r.out()).isTrue();
    assertThat(Double.parseDouble(m.group(1))).isGreaterThanOrEqualTo(1.5);
    assertThat(Double.parseDouble(m.group(2))).isGreaterThanOrEqualTo(1.5);
    Cli.Result bad = Cli.run("sweep", target.toString(), "--min-time-per-point", "300ms");
    Cli.assertBadInput(bad);
    assertThat(bad.err()).contains("--min-time-per-point must be 0");
  }

  @Test
  void refusesBadListsWithExit2() {
    Cli.Result r = Cli.run("sweep", dir.toString(), "--bs", "128KiB,abc");
    Cli.assertBadInput(r);
    Cli.Result small = Cli.run("sweep", dir.toString(), "--bs", "4MiB", "--size-per-point", "1MiB");
    Cli.assertBadInput(small);
    assertThat(small.err()).contains("--size-per-point must be at least");
    Cli.Result pattern = Cli.run("sweep", dir.toString(), "--pattern", "compress:200");
    Cli.assertBadInput(pattern);
    assertThat(pattern.err()).contains("at most 100");
  }
}
