package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.document.RunDocument;
import dev.sustain.testing.Listings;
import dev.sustain.testing.RunFolderRig;
import dev.sustain.workload.Tmpfs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code sustain fill} end to end on real file systems. */
class FillCommandTest {

  @TempDir Path dir;

  /** A fill of {@code fs} in files of 12 MB, four requests at a time; it must pass. */
  static Cli.Result fillInTwelveMegabyteFiles(Tmpfs fs, Path out) {
    return Cli.okLine("fill {} --file-size 12MB --qd 4 --interval 100ms --out {}", fs.dir(), out);
  }

  @Test
  void fillsASmallFileSystemToENOSPCAsACompleteRun() throws Exception {
    try (Tmpfs fs = Tmpfs.mount(dir.resolve("mnt"), 40)) {
      Path out = dir.resolve("run");
      Cli.Result r = fillInTwelveMegabyteFiles(fs, out);
      RunDocument json = RunFolderRig.document(out);
      assertThat(json.result().status().orElseThrow()).isEqualTo("complete");
      assertThat(json.result().end().orElseThrow()).isEqualTo("full");
      long bytes = json.result().bytes().getAsLong();
      // 40 MiB of tmpfs: all of it but the odd partial request at the very end.
      assertThat(bytes).isBetween((40L << 20) - (2L << 20), 40L << 20);
      // Four files: three of 12 MB (rounded to the 4 KiB alignment) and the one that hit the end.
      JsonNode files = RunFolderRig.field(RunFolderRig.tree(out), "/files");
      assertThat(files).hasSize(4);
      assertThat(files.get(0).path("complete").asBoolean()).isTrue();
      assertThat(files.get(3).path("complete").asBoolean()).isFalse();
      long sumFiles = 0;
      for (JsonNode f : files) {
        sumFiles += f.path("bytes").asLong();
      }
      assertThat(sumFiles).isEqualTo(bytes);
      // One continuous series: the bytes add up exactly, and the file column walks 1..4.
      List<String[]> rows = RunFolderRig.sampleRows(out);
      assertThat(rows.stream().mapToLong(c -> Long.parseLong(c[2])).sum()).isEqualTo(bytes);
      int file =
          List.of(Files.readAllLines(out.resolve("samples.csv")).getFirst().split(","))
              .indexOf("file");
      List<Integer> fileColumn =
          rows.stream().map(c -> c[file]).filter(s -> !s.isEmpty()).map(Integer::valueOf).toList();
      assertThat(fileColumn).isSorted().isNotEmpty();
      assertThat(fileColumn.getLast()).isEqualTo(4);
      assertThat(Listings.of(fs.dir())).as("files removed").isEmpty();
      assertThat(r.out()).contains("the file system is full").contains("Time to fill");
      assertThat(r.out()).containsPattern("\\b(1 interval|\\d+ intervals) with nothing written");
    }
  }

  @Test
  void aBufferedFillAlsoEndsCompleteAtENOSPC() throws Exception {
    try (Tmpfs fs = Tmpfs.mount(dir.resolve("mnt"), 24)) {
      Path out = dir.resolve("run");
      Cli.Result r = Cli.ok("fill", fs.dir(), "--file-size", "10MB", "--buffered", "--out", out);
      RunDocument json = RunFolderRig.document(out);
      assertThat(json.result().end().orElseThrow()).isEqualTo("full");
      assertThat(json.params().buffered().orElseThrow()).isTrue();
      assertThat(json.result().bytes().getAsLong()).isBetween((24L << 20) - (2L << 20), 24L << 20);
      assertThat(Listings.of(fs.dir())).isEmpty();
    }
  }

  @Test
  void stopsAtTheLimitAndKeepsTheFilesWhenAsked() throws Exception {
    Cli.Folders rig = Cli.in(dir, "target", "run");
    Cli.Result r = rig.ok("fill TARGET --file-size 8MiB --limit 20MiB --keep --out OUT");
    RunDocument json = RunFolderRig.document(rig.out());
    assertThat(json.result().end().orElseThrow()).isEqualTo("limit");
    assertThat(json.result().bytes().getAsLong()).isEqualTo(20L << 20);
    List<Path> kept =
        Listings.of(rig.target()).stream()
            .filter(p -> p.getFileName().toString().endsWith(".dat"))
            .toList();
    assertThat(kept).hasSize(3);
    // The run's mark stays beside kept files, so the next run calls them kept, not leftovers.
    assertThat(Listings.of(rig.target())).hasSize(4);
    assertThat(Files.size(kept.get(0))).isEqualTo(8L << 20);
    assertThat(Files.size(kept.get(2))).isEqualTo(4L << 20);
    assertThat(r.out()).contains("the limit is reached").contains("files kept");
    assertThat(json.pid().orElseThrow()).isPositive();
    // The curve is analysed like any write run's.
    assertThat(r.out()).contains("shape");
    assertThat(RunFolderRig.analysis(rig.out()).shape().orElseThrow()).isNotEmpty();

    Files.writeString(rig.target().resolve("precious.txt"), "keep me");
    Cli.Result clean = Cli.ok("clean", rig.out());
    assertThat(clean.out()).contains("Removed").contains("fill-00003.dat");
    assertThat(Listings.of(rig.target())).containsExactly(rig.target().resolve("precious.txt"));
  }

  @Test
  void refusesAMissingFolderAndARunFolderOnTheFilledFileSystem() throws Exception {
    Cli.Result missing = Cli.run("fill", dir.resolve("nope").toString(), "--limit", "1MiB");
    Cli.assertBadInput(missing);
    assertThat(missing.err()).contains("does not exist");
    assertThat(missing.err().strip().lines()).hasSize(1);

    Path target = Files.createDirectories(dir.resolve("target"));
    Cli.Result same = Cli.run("fill", target.toString(), "--out", target.resolve("run").toString());
    Cli.assertBadInput(same);
    assertThat(same.err()).contains("on the file system being filled");
    assertThat(Listings.of(target)).isEmpty();
  }

  @Test
  void refusesARequestOutOfRangeBeforeWritingAnything() throws Exception {
    // A fill checks its requests as a write does (RequestChecks), with the same one line.
    Path target = Files.createDirectories(dir.resolve("target"));
    String[][] bad = {
      {"--qd", "0", "--qd must be between 1 and "},
      {"--bs", "128MiB", "--bs must be between 1 B and 64 MiB"},
      {"--interval", "10ms", "--interval must be at least 100ms"}
    };
    for (String[] b : bad) {
      Path out = dir.resolve("runs-" + b[0].substring(2));
      Cli.Result r = Cli.runLine("fill {} --limit 1MiB {} {} --out {}", target, b[0], b[1], out);
      Cli.assertBadInput(b[0] + " " + r.err(), r);
      assertThat(r.err().strip().lines()).hasSize(1).first().asString().contains(b[2]);
      assertThat(out).as("no run folder for " + b[0]).doesNotExist();
    }
    assertThat(Listings.of(target)).isEmpty();
  }
}
