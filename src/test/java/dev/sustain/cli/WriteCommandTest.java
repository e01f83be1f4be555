package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.document.RunDocument;
import dev.sustain.run.RunFolder;
import dev.sustain.testing.Await;
import dev.sustain.testing.RunFolderRig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code sustain write} end to end on real files in a temporary folder. */
class WriteCommandTest {

  @TempDir Path dir;

  private Path target() throws Exception {
    return Files.createDirectories(dir.resolve("target"));
  }

  /** The run folder of this class's writes. */
  private Path out() {
    return dir.resolve("run");
  }

  /**
   * {@code write target OPTIONS --out run} (the options as {@link Cli#runLine} takes them); it must
   * pass.
   */
  private Cli.Result write(String options, Object... values) throws Exception {
    Object[] all = new Object[values.length + 2];
    all[0] = target();
    System.arraycopy(values, 0, all, 1, values.length);
    all[values.length + 1] = out();
    return Cli.okLine("write {} " + options + " --out {}", all);
  }

  @Test
  void writesExactlyTheSizeAndRemovesTheFile() throws Exception {
    Path out = out();
    Cli.Result r = write("--size 48MiB --bs 1MiB --qd 8 --interval 100ms");
    RunDocument json = RunFolderRig.document(out);
    assertThat(json.result().status().orElseThrow()).isEqualTo("complete");
    assertThat(json.result().bytes().getAsLong()).isEqualTo(48L << 20);
    assertThat(json.params().buffered().map(b -> !b).orElseThrow()).isTrue();
    long sum = RunFolderRig.sampleBytes(out);
    assertThat(sum).isEqualTo(48L << 20);
    try (Stream<Path> left = Files.list(target())) {
      assertThat(left).isEmpty();
    }
    assertThat(r.out()).contains("Wrote 50.3 MB (48 MiB)").contains("Per interval: min");
  }

  @Test
  void keepLeavesAFileOfExactlyTheRequestedSize() throws Exception {
    Path out = out();
    // 10 MB is not a multiple of 1 MiB: the last request is shorter, still aligned.
    Cli.Result r = write("--size 10MB --keep");
    Path file = Path.of(RunFolderRig.document(out).target().testFile().orElseThrow());
    // 10^7 rounded up to the direct-I/O alignment (512 B or 4 KiB): at most one block more.
    long size = Files.size(file);
    assertThat(size).isBetween(10_000_000L, 10_000_000L + 4095);
    assertThat(size % 512).isZero();
    assertThat(RunFolderRig.document(out).result().bytes().getAsLong()).isEqualTo(size);
  }

  @Test
  void sizeAndTimeWrapAroundASmallFile() throws Exception {
    Cli.Result r = write("--size 4MiB --time 1s --keep --interval 250ms");
    RunDocument json = RunFolderRig.document(out());
    Path file = Path.of(json.target().testFile().orElseThrow());
    assertThat(Files.size(file)).isEqualTo(4L << 20);
    assertThat(json.result().bytes().getAsLong()).isGreaterThan(4L << 20);
    // Stopped by the time limit, not by the size: about a second, well below a minute even on a
    // loaded machine.
    assertThat(json.result().seconds().getAsDouble()).isBetween(0.9, 20.0);
  }

  @Test
  void bufferedCountsTheFlush() throws Exception {
    Cli.Result r = write("--size 64MiB --buffered");
    RunDocument json = RunFolderRig.document(out());
    assertThat(json.params().buffered().map(b -> !b).orElseThrow()).isFalse();
    double seconds = json.result().seconds().getAsDouble();
    double flush = json.result().flushSeconds().getAsDouble();
    assertThat(flush).isPositive().isLessThanOrEqualTo(seconds);
    // The average is all bytes over all the time, the flush's included. run.json gives the time
    // to the millisecond, and a 64 MiB buffered write takes a few tens of them: the rounding of
    // seconds (half a millisecond) is allowed for beside the 1%.
    double average = json.result().averageMBps().getAsDouble();
    double megabytes = 64.0 * (1 << 20) / 1e6;
    assertThat(average * seconds)
        .isCloseTo(
            megabytes, org.assertj.core.api.Assertions.within(0.01 * megabytes + 0.0005 * average));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "--qd|0|--qd must be between 1",
        "--size|lots|not a size",
        "--bs|1000|not a multiple of",
        "--size|900TB|not enough free space",
        "--interval|10ms|--interval must be at least 100ms",
        "--engine|warp|unknown engine",
        "--time|soon|not a duration",
      })
  void refusesBadInputWithOneLineAndExit2(String option, String value, String message)
      throws Exception {
    List<String> args = new java.util.ArrayList<>(List.of("write", target().toString()));
    if (!option.equals("--size")) {
      args.addAll(List.of("--size", "1MiB"));
    }
    args.addAll(List.of(option, value, "--out", dir.resolve("run").toString()));
    Cli.Result r = Cli.run(args.toArray(String[]::new));
    Cli.assertBadInput(r);
    assertThat(r.err()).contains(message);
    assertThat(r.err().strip().lines()).hasSize(1);
    assertThat(r.err()).doesNotContain("Exception").doesNotContain("\tat ");
    try (Stream<Path> left = Files.list(target())) {
      assertThat(left).as("nothing written").isEmpty();
    }
  }

  @Test
  void refusesAMissingFolderAndAnExistingFile() throws Exception {
    Cli.Result missing = Cli.run("write", dir.resolve("nope/file").toString(), "--size", "1MiB");
    Cli.assertBadInput(missing);
    assertThat(missing.err()).contains("does not exist");

    Path precious = Files.writeString(dir.resolve("precious.txt"), "keep me");
    Cli.Result exists = Cli.run("write", precious.toString(), "--size", "1MiB");
    Cli.assertBadInput(exists);
    assertThat(exists.err()).contains("already exists");
    assertThat(Files.readString(precious)).isEqualTo("keep me");
  }

  @Test
  void refusesARawBlockDevice() {
    Path dev = Path.of("/dev/loop0");
    org.junit.jupiter.api.Assumptions.assumeTrue(
        Files.exists(dev), "no /dev/loop0 on this machine to try");
    Cli.Result r = Cli.run("write", dev.toString(), "--size", "1MiB");
    Cli.assertBadInput(r);
    assertThat(r.err()).contains("raw block device");
  }

  @Test
  void everyRunIsRecordedAndAPredictionIsChecked() throws Exception {
    Path db = dir.resolve("history.db");
    Cli.Result r = write("--size 32MiB --db {} --expect {}", db, "100000MB/s flat");
    // Nothing writes 100 GB/s: the burst prediction must be found wrong, point by point.
    assertThat(r.out()).contains("prediction: 100000MB/s flat").contains("burst: expected");
    assertThat(r.out()).containsPattern("burst: expected .*: wrong");
    assertThat(out().resolve("expectation.json")).exists();
    Cli.Result h = Cli.ok("history", "--db", db, "--json");
    JsonNode runs = RunFolder.JSON.readTree(h.out()).path("runs");
    assertThat(runs).hasSize(1);
    assertThat(runs.get(0).path("average_MBps").asDouble()).isPositive();
  }

  @Test
  void anUnreadablePredictionIsBadInputBeforeAnythingIsWritten() throws Exception {
    Cli.Result r =
        Cli.run("write", target().toString(), "--size", "1MiB", "--expect", "fast, I hope");
    Cli.assertBadInput(r);
    assertThat(r.err()).contains("cannot read the prediction");
    try (Stream<Path> left = Files.list(target())) {
      assertThat(left).isEmpty();
    }
  }

  @Test
  void requiresASizeOrATime() throws Exception {
    Cli.Result r = Cli.run("write", target().toString());
    Cli.assertBadInput(r);
    assertThat(r.err()).contains("--size").contains("--time");
  }

  /** SIGINT through a real child process: stops promptly, keeps the samples, removes the file. */
  @Test
  void sigintEndsTheRunCleanlyWithExit130() throws Exception {
    Path out = dir.resolve("run");
    Process p =
        Cli.startIn(
            dir, "write {} --time 10m --size 64MiB --interval 100ms --out {}", target(), out);
    try {
      // Wait for the run to be under way: rows recorded and bytes written.
      FaultsTest.waitForRows(out, 3);
      FaultsTest.waitForBytes(out);
      assertThat(RunFolderRig.document(out).result().status().orElseThrow()).isEqualTo("running");
      long sent = System.nanoTime();
      Cli.interrupt(p);
      // The run has stopped once run.json says so (the analysis and the history come after).
      Await.until(
          "run.json to say the run stopped",
          () -> !RunFolderRig.document(out).result().status().orElseThrow().equals("running"));
      double stopSeconds = (System.nanoTime() - sent) / 1e9;
      Await.ended(p, "the interrupted run");
      assertThat(p.exitValue()).as(() -> Cli.printed(dir.resolve("stderr"))).isEqualTo(130);
      // The run drains for at most two seconds; this bound only has to tell "stopped on the
      // signal" from "ran on towards its ten minutes", on a machine however busy.
      assertThat(stopSeconds).isLessThan(30);
      RunDocument json = RunFolderRig.document(out);
      assertThat(json.result().status().orElseThrow()).isEqualTo("interrupted");
      long sum = RunFolderRig.sampleBytes(out);
      assertThat(sum).isEqualTo(json.result().bytes().getAsLong()).isPositive();
      try (Stream<Path> left = Files.list(target())) {
        assertThat(left).as("test file removed").isEmpty();
      }
    } finally {
      p.destroyForcibly();
    }
  }
}
