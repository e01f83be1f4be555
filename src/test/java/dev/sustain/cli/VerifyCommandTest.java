package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.nio.file.ExtendedOpenOption;
import dev.sustain.pattern.Patterns;
import dev.sustain.run.RunFolder;
import dev.sustain.verify.DamageForTests;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sustain verify} and {@code sustain read} end to end on kept files damaged in known places.
 * The run folders are made here as {@code write --keep} leaves them, so these tests do not depend
 * on the write path.
 */
class VerifyCommandTest {

  private static final long K4 = 4096;
  private static final long MIB = 1 << 20;
  private static final String RUN_ID = "20261130-101502-3fa9";

  @TempDir Path dir;

  @BeforeEach
  void directIoWorksHere() throws IOException {
    Path probe = dir.resolve("direct-probe");
    Files.write(probe, new byte[4096]);
    boolean ok;
    try (FileChannel ch =
        FileChannel.open(probe, StandardOpenOption.READ, ExtendedOpenOption.DIRECT)) {
      ok = true;
    } catch (IOException e) {
      ok = false;
    }
    Files.delete(probe);
    Assumptions.assumeTrue(ok, "the temporary folder's file system has no O_DIRECT");
  }

  /** A run folder as write --keep leaves it, with its test file of {@code bytes} written. */
  private Path keptRun(String name, String pattern, long bytes) throws IOException {
    Path run = Files.createDirectories(dir.resolve(name));
    Path file = dir.resolve("sustain-test-" + name + ".dat");
    long id = Patterns.idFor(RUN_ID + name);
    DamageForTests.write(file, Patterns.parse(pattern).checker(id), bytes);
    ObjectNode root = RunFolder.JSON.createObjectNode();
    root.put("version", 1);
    root.put("command", "write");
    root.put("run_id", RUN_ID + name);
    root.putObject("target").put("path", dir.toString()).put("test_file", file.toString());
    ObjectNode params = root.putObject("params");
    params.put("size_bytes", bytes).put("bs_bytes", 1 << 20).put("qd", 4);
    params.put("pattern", pattern).put("pattern_id", Patterns.idToHex(id)).put("keep", true);
    ObjectNode result = root.putObject("result");
    result.put("bytes", bytes).put("status", "complete").put("test_file_kept", true);
    Files.writeString(run.resolve("run.json"), RunFolder.JSON.writeValueAsString(root));
    return run;
  }

  private static Path testFile(Path run) throws IOException {
    return Path.of(
        RunFolder.JSON.readTree(run.resolve("run.json").toFile()).at("/target/test_file").asText());
  }

  /** {@code verify args}, which must find bad data (exit 3). */
  private Cli.Result foundBad(String... args) {
    List<String> all = new ArrayList<>(List.of("verify"));
    all.addAll(List.of(args));
    Cli.Result r = cli(all.toArray(String[]::new));
    assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(3);
    return r;
  }

  private Cli.Result cli(String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    all.add("--out");
    all.add(dir.resolve("out-" + System.nanoTime()).toString());
    all.add("--interval");
    all.add("100ms");
    return Cli.run(all.toArray(String[]::new));
  }

  private static JsonNode json(Cli.Result r) throws IOException {
    return RunFolder.JSON.readTree(r.out());
  }

  private static List<String> extents(JsonNode json) {
    List<String> out = new ArrayList<>();
    for (JsonNode e : json.get("bad")) {
      out.add(
          e.get("offset").asLong()
              + "+"
              + e.get("length").asLong()
              + " "
              + e.get("kind").asText()
              + (e.has("actual_offset") ? " from " + e.get("actual_offset").asLong() : ""));
    }
    return out;
  }

  @Test
  void anUndamagedRunPassesWithExit0() throws IOException {
    Path run = keptRun("good", "random", 16 * MIB);
    Cli.Result r = cli("verify", run.toString(), "--json");
    assertThat(r.exitCode()).as(r.err()).isZero();
    JsonNode j = json(r);
    assertThat(j.get("verdict").asText()).isEqualTo("good");
    assertThat(j.get("bad")).isEmpty();
    assertThat(j.get("checked_bytes").asLong()).isEqualTo(16 * MIB);
    assertThat(j.get("pattern").asText()).isEqualTo("random");
    assertThat(j.get("average_MBps").asDouble()).isPositive();

    Cli.Result text = cli("verify", run.toString());
    assertThat(text.exitCode()).isZero();
    assertThat(text.out()).contains("GOOD: all 16.8 MB (4096 blocks of 4 KiB)");
  }

  @Test
  void namesExactlyTheDamagedExtentsAndExits3() throws IOException {
    long size = 16 * MIB;
    Path run = keptRun("damaged", "random", size);
    Path f = testFile(run);
    DamageForTests.zero(f, 3 * MIB, (int) K4);
    DamageForTests.noise(f, 5 * MIB + 8 * K4, (int) (2 * K4), 9);
    DamageForTests.copy(f, 12 * MIB, 7 * MIB, (int) K4);
    DamageForTests.truncate(f, size - MIB);

    Cli.Result r = foundBad(run.toString(), "--json");
    JsonNode j = json(r);
    assertThat(extents(j))
        .containsExactly(
            3 * MIB + "+" + K4 + " blank",
            (5 * MIB + 8 * K4) + "+" + 2 * K4 + " corrupted",
            7 * MIB + "+" + K4 + " misplaced from " + 12 * MIB,
            (size - MIB) + "+" + MIB + " missing");
    assertThat(j.get("verdict").asText()).isEqualTo("bad");
    assertThat(j.get("checked_bytes").asLong()).isEqualTo(size - MIB);
    assertThat(j.at("/bad_by_kind/corrupted").asLong()).isEqualTo(2 * K4);
    assertThat(j.at("/bad_by_kind/blank").asLong()).isEqualTo(K4);
    assertThat(j.get("extent_from").asText()).isEqualTo("run");
    assertThat(j.get("beyond").isNull()).isTrue();

    Cli.Result text = foundBad(run.toString());
    assertThat(text.out())
        .contains(
            "BAD: 8 KiB corrupted, 4 KiB blank, 4 KiB misplaced, 1 MiB missing (6.35% of 16.8 MB)")
        .contains("Blank blocks (all 0x00 or all 0xFF, no header) lie inside what the run wrote")
        .contains("at 7 MiB (7340032), 4 KiB: misplaced, holds the data written at 12 MiB");
  }

  @Test
  void aFakeCapacityDriveIsNamedWithItsRealSize() throws IOException {
    // 16 MiB written to a "drive" that really holds 8 MiB: the second half overwrote the first.
    Path run = keptRun("fake", "compress:50", 16 * MIB);
    Path f = testFile(run);
    DamageForTests.copy(f, 8 * MIB, 0, (int) (8 * MIB));
    Cli.Result r = foundBad(run.toString());
    assertThat(r.out())
        .contains("at 0 B (0), 8 MiB: misplaced, holds the data written at 8 MiB")
        .contains("It really holds about 8 MiB");
  }

  @Test
  void aFileWithoutItsRunFolderIsCheckedAgainstTheRunItsBlocksName() throws IOException {
    Path f = testFile(keptRun("bare", "compress:50", 8 * MIB));
    DamageForTests.zero(f, 2 * MIB, (int) (3 * K4));
    Cli.Result r = foundBad(f.toString(), "--json");
    JsonNode j = json(r);
    assertThat(extents(j)).containsExactly(2 * MIB + "+" + 3 * K4 + " blank");
    // A file named directly is checked to its size: a blank tail is lost data, not space beyond.
    assertThat(j.get("extent_from").asText()).isEqualTo("file");
    assertThat(j.get("pattern").asText()).isEqualTo("compress:50");
  }

  @Test
  void refusesWhatCannotBeVerifiedWithExit2AndOneLine() throws IOException {
    Path zeros = keptRun("zeros", "random", MIB);
    Path runJson = zeros.resolve("run.json");
    Files.writeString(
        runJson,
        Files.readString(runJson).replace("\"random\"", "\"zeros\""),
        StandardCharsets.UTF_8);
    Cli.Result z = cli("verify", zeros.toString());
    Cli.assertBadInput(z);
    assertThat(z.err().strip()).contains("carry no header").doesNotContain("\n");

    Path foreign = dir.resolve("foreign.bin");
    Files.write(foreign, new byte[(int) MIB]);
    Cli.Result n = cli("verify", foreign.toString());
    Cli.assertBadInput(n);
    assertThat(n.err()).contains("carries a Sustain header");

    Cli.Result missing = cli("verify", dir.resolve("nothing-here").toString());
    Cli.assertBadInput(missing);
    assertThat(missing.err()).contains("does not exist");
  }

  @Test
  void readReportsTheRateAndItsStabilityAndSamplesEveryInterval() throws IOException {
    Path run = keptRun("read", "random", 32 * MIB);
    Path out = dir.resolve("read-out");
    Cli.Result r = Cli.ok("read", run, "--json", "--interval", "100ms", "--out", out);
    JsonNode j = json(r);
    assertThat(j.get("bytes").asLong()).isEqualTo(32 * MIB);
    for (String field :
        new String[] {"average_MBps", "stdev_MBps", "min_MBps", "median_MBps", "max_MBps"}) {
      assertThat(j.has(field)).as(field).isTrue();
    }
    assertThat(j.has("verdict")).isFalse();
    List<String> lines = Files.readAllLines(out.resolve("samples.csv"));
    assertThat(lines.get(0)).startsWith("time_s,read_MBps,bytes,");
    long sum = lines.stream().skip(1).mapToLong(l -> Long.parseLong(l.split(",")[2])).sum();
    assertThat(sum).isEqualTo(32 * MIB);
    JsonNode runJson = RunFolder.JSON.readTree(out.resolve("run.json").toFile());
    assertThat(runJson.get("command").asText()).isEqualTo("read");
    assertThat(runJson.at("/result/status").asText()).isEqualTo("complete");
    assertThat(runJson.at("/source_run/folder").asText()).isEqualTo(run.toString());
  }

  @Test
  void writeKeepThenVerifyFindsADamagedBlockAndPassesAnUntouchedRun() throws IOException {
    Cli.Folders rig = Cli.in(dir, "drive", "written");
    Cli.Result w =
        rig.ok(
            "write TARGET --size 24MiB --bs 256KiB --qd 4 --keep --pattern compress:50 --interval 100ms --out OUT");
    JsonNode runJson = RunFolder.JSON.readTree(rig.out().resolve("run.json").toFile());
    assertThat(runJson.at("/params/pattern").asText()).isEqualTo("compress:50");
    assertThat(runJson.at("/params/pattern_id").asText()).hasSize(16);

    Cli.Result good = cli("verify", rig.out().toString(), "--json");
    assertThat(good.exitCode()).as(good.err()).isZero();
    assertThat(json(good).get("checked_bytes").asLong()).isEqualTo(24 * MIB);
    assertThat(json(good).get("bs_bytes").asInt()).isEqualTo(256 << 10);

    DamageForTests.noise(testFile(rig.out()), 10 * MIB + 4 * K4, (int) K4, 3);
    Cli.Result bad = foundBad(rig.out().toString(), "--json");
    assertThat(extents(json(bad))).containsExactly((10 * MIB + 4 * K4) + "+" + K4 + " corrupted");
  }

  @Test
  void aSizeThatIsNotWholeBlocksAndAWrappedTimedRunBothVerify() throws IOException {
    Cli.Folders rig = Cli.in(dir, "drive2", "odd");
    Cli.Result w = Cli.ok("write", rig.target(), "--size", "10MB", "--keep", "--out", rig.out());
    Cli.Result v = cli("verify", rig.out().toString(), "--json");
    assertThat(v.exitCode()).as(v.out() + v.err()).isZero();
    assertThat(json(v).get("checked_bytes").asLong() % K4).isZero();
    assertThat(json(v).get("checked_bytes").asLong()).isGreaterThanOrEqualTo(10_000_000L);

    Path wrapped = dir.resolve("wrapped");
    Cli.Result t =
        rig.ok("write TARGET --size 4MiB --time 1s --bs 64KiB --qd 2 --keep --out {}", wrapped);
    Cli.Result tv = cli("verify", wrapped.toString(), "--json");
    assertThat(tv.exitCode()).as(tv.out() + tv.err()).isZero();
    assertThat(json(tv).get("checked_bytes").asLong()).isEqualTo(4 * MIB);
  }
}
