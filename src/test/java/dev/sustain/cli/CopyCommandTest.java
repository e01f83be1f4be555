package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.document.AnalysisDocument;
import dev.sustain.run.RunFolder;
import dev.sustain.testing.Await;
import dev.sustain.testing.RunFolderRig;
import dev.sustain.workload.CopyParams;
import dev.sustain.workload.CopyRun;
import dev.sustain.workload.Tmpfs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code sustain copy} end to end on real folders. */
class CopyCommandTest {

  @TempDir Path dir;
  Path src;

  @BeforeEach
  void source() {
    src = dir.resolve("src");
    Cli.Result r = Cli.ok("dataset", "photos", src, "--size", "6MB", "--seed", "9");
  }

  @Test
  void twoVerifiedPassesInOneSeriesAsJson() throws Exception {
    Path dst = dir.resolve("dst");
    Path out = dir.resolve("run");
    Cli.Result r =
        Cli.okLine(
            "copy {} {} --repeat 2 --cooldown 300ms --interval 100ms --json --out {}",
            src,
            dst,
            out);
    JsonNode json = RunFolder.JSON.readTree(r.out());
    assertThat(json.get("passes")).hasSize(2);
    for (JsonNode p : json.get("passes")) {
      assertThat(p.path("verified").asBoolean()).isTrue();
      assertThat(p.path("bytes").asLong()).isEqualTo(6_000_000L);
      assertThat(p.path("write_MBps").asDouble()).isPositive();
      assertThat(p.path("read_MBps").asDouble()).isPositive();
      assertThat(p.path("read_cache").asText()).isIn("direct", "dropped", "cached");
    }
    assertThat(json.path("verified").asBoolean()).isTrue();
    assertThat(json.get("comparison")).isNotEmpty();
    // One series: writes and read-backs of both passes add up exactly, marked by pass and phase.
    List<String> header =
        List.of(Files.readAllLines(out.resolve("samples.csv")).getFirst().split(","));
    int readBytes = header.indexOf("read_bytes");
    int pass = header.indexOf("pass");
    int phase = header.indexOf("phase");
    List<String[]> rows = RunFolderRig.sampleRows(out);
    assertThat(rows.stream().mapToLong(c -> Long.parseLong(c[2])).sum()).isEqualTo(12_000_000L);
    assertThat(rows.stream().mapToLong(c -> Long.parseLong(c[readBytes])).sum())
        .isEqualTo(12_000_000L);
    assertThat(rows.stream().map(c -> c[pass]).distinct()).containsExactly("1", "2");
    assertThat(rows.stream().map(c -> c[phase])).contains("cooldown");
    // The run folder's run.json holds the same passes.
    JsonNode run = RunFolder.JSON.readTree(out.resolve("run.json").toFile());
    assertThat(run.at("/result/status").asText()).isEqualTo("complete");
    assertThat(run.get("passes")).hasSize(2);
    assertThat(dst).as("each pass removed, and the destination the copy made").doesNotExist();
  }

  @Test
  void keepLeavesEveryPassIdenticalToTheSource() throws Exception {
    Path dst = dir.resolve("dst");
    Cli.Result r = Cli.ok("copy", src, dst, "--repeat", "2", "--keep", "--out", dir.resolve("run"));
    assertThat(r.out()).contains("Pass 1: wrote 6.0 MB").contains("Pass 2:").contains("Verified");
    try (Stream<Path> walk = Files.walk(src)) {
      for (Path f : (Iterable<Path>) walk.filter(Files::isRegularFile)::iterator) {
        Path rel = src.relativize(f);
        for (String pass : List.of("pass-1", "pass-2")) {
          assertThat(Files.mismatch(f, dst.resolve(pass).resolve(rel))).isEqualTo(-1);
        }
      }
    }
  }

  @Test
  void refusesBadInputWithOneLineAndExit2() throws Exception {
    Files.createDirectories(dir.resolve("dst/pass-1"));
    String[][] cases = {
      {"copy", dir.resolve("nope").toString(), dir.resolve("d1").toString()},
      {"copy", src.toString(), src.resolve("inside").toString()},
      {"copy", src.toString(), src.toString()},
      {"copy", src.toString(), dir.resolve("no/such/dst").toString()},
      {"copy", src.toString(), dir.resolve("dst").toString()},
      {"copy", src.toString(), dir.resolve("d2").toString(), "--repeat", "0"},
    };
    String[] expected = {
      "does not exist",
      "inside the source",
      "inside the source",
      "does not exist",
      "already exists",
      "--repeat",
    };
    for (int i = 0; i < cases.length; i++) {
      Cli.Result r = Cli.run(cases[i]);
      Cli.assertBadInput(String.join(" ", cases[i]), r);
      assertThat(r.err()).contains(expected[i]);
      assertThat(r.err().strip().lines()).hasSize(1);
    }
    assertThat(dir.resolve("d1")).doesNotExist();
    assertThat(src.resolve("inside")).doesNotExist();
  }

  @Test
  void refusesADestinationWithoutSpaceForOnePass() throws Exception {
    try (Tmpfs small = Tmpfs.mount(dir.resolve("small"), 4)) {
      Cli.Result r = Cli.run("copy", src.toString(), small.dir().resolve("dst").toString());
      Cli.assertBadInput(r);
      assertThat(r.err()).contains("not enough space").contains("one pass");
      assertThat(small.dir().resolve("dst")).doesNotExist();
    }
  }

  /** SIGINT through a real child process, during a cooldown: exit 130, the pass removed. */
  @Test
  void sigintEndsTheCopyCleanlyWithExit130() throws Exception {
    Path dst = dir.resolve("dst");
    Path out = dir.resolve("run");
    Process p =
        Cli.startIn(
            dir, "copy {} {} --repeat 20 --cooldown 2s --interval 100ms --out {}", src, dst, out);
    try {
      Path json = out.resolve("run.json");
      // Wait for the first pass to be recorded: the run is then in its first cooldown.
      Await.until(
          "the first pass to be recorded",
          () ->
              Files.exists(json)
                  && RunFolder.JSON.readTree(json.toFile()).path("passes").size() >= 1);
      Cli.interrupt(p);
      Await.ended(p, "the interrupted copy");
      assertThat(p.exitValue()).as(() -> Cli.printed(dir.resolve("stderr"))).isEqualTo(130);
      JsonNode run = RunFolder.JSON.readTree(json.toFile());
      assertThat(run.at("/result/status").asText()).isEqualTo("interrupted");
      assertThat(run.get("passes").size()).isBetween(1, 19);
      assertThat(dst).as("no pass left behind, nor the destination it made").doesNotExist();
    } finally {
      p.destroyForcibly();
    }
  }

  /** The curve analysed is the writes only: read-backs and pauses between passes are no stalls. */
  @Test
  void theAnalysedCurveLeavesOutEverythingButTheWrites() throws Exception {
    Path run = Files.createDirectories(dir.resolve("synthetic"));
    StringBuilder csv =
        new StringBuilder(
            "time_s,write_MBps,bytes,iops,lat_p50_ms,lat_p99_ms,lat_max_ms,cpu_pct,temp_C,"
                + "read_MBps,read_bytes,pass,phase\n");
    int t = 0;
    for (int pass = 1; pass <= 3; pass++) {
      for (int i = 0; i < 20; i++) {
        csv.append(++t).append(",100,100000000,100,1,1,1,1,,0,0,").append(pass).append(",write\n");
      }
      for (int i = 0; i < 5; i++) {
        csv.append(++t).append(",0,0,0,,,,1,,300,300000000,").append(pass).append(",read\n");
      }
      for (int i = 0; i < 10; i++) {
        csv.append(++t).append(",0,0,0,,,,0,,0,0,").append(pass).append(",cooldown\n");
      }
    }
    Files.writeString(run.resolve("samples.csv"), csv);
    dev.sustain.analysis.Analysis a = CopyCommand.analyseWrites(run);
    assertThat(a).isNotNull();
    AnalysisDocument json = RunFolderRig.analysis(run);
    assertThat(json.stallSeconds()).hasValue(0.0);
    assertThat(json.shape()).contains("flat");
    assertThat(json.averageMBps().orElseThrow())
        .isCloseTo(100, org.assertj.core.data.Offset.offset(0.5));
  }

  @Test
  void theWritesAreAnalysedWithTheRunJsonTheRunToldNotTheFile() throws Exception {
    // run.json spoiled once the copy has told what it wrote: the analysis after the run, and the
    // words it gives, take the kept text. Read back from the folder, the spoiled file would leave
    // nothing to analyse.
    Path out = dir.resolve("run");
    CopyRun.Observer spoilAtTheEnd = new SpoilsRunJsonAtTheEnd(out);
    CopyParams params =
        new CopyParams(
            src, dir.resolve("dst"), 3, Duration.ZERO, 1 << 20, 100_000_000L, out, false);
    DbOption none = new DbOption();
    none.value = "none";
    CopyCommand.Copied copied = CopyCommand.copy(params, spoilAtTheEnd, none, () -> false);

    assertThat(copied.result().verified()).isTrue();
    assertThat(copied.analysis()).as("the writes analysed").isNotNull();
    assertThat(copied.analysis().run())
        .hasValueSatisfying(run -> assertThat(run.command()).hasValue("copy"));
    assertThat(Files.readString(out.resolve(RunFolder.ANALYSIS_JSON))).contains("\"shape\"");
  }
}
