package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.document.RunDocument;
import dev.sustain.run.RunFolder;
import dev.sustain.testing.RunFolderRig;
import dev.sustain.workload.Tmpfs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** fill preallocates each file while it fits; sweep preallocates its test file. */
class FillAndSweepPreallocationTest {

  @TempDir Path dir;

  private static RunDocument.Layout layout(Path runFolder) {
    return RunFolderRig.document(runFolder)
        .result()
        .layout()
        .orElseThrow(() -> new AssertionError("no layout in " + runFolder));
  }

  @Test
  void aFillPreallocatesEveryFileThatFitsAndWritesTheLastSparseToTheEnd() throws Exception {
    try (Tmpfs fs = Tmpfs.mount(dir.resolve("mnt"), 40)) {
      Path out = dir.resolve("run");
      Cli.Result r = FillCommandTest.fillInTwelveMegabyteFiles(fs, out);
      assertThat(RunFolderRig.document(out).result().end()).contains("full");
      assertThat(RunFolderRig.field(RunFolderRig.tree(out), "/result/files").asInt()).isEqualTo(4);
      // 40 MiB hold three 12 MB files allocated ahead; the fourth no longer fits.
      assertThat(layout(out).kind()).isEqualTo("preallocated");
      assertThat(layout(out).seconds().getAsDouble()).isGreaterThanOrEqualTo(0);
      assertThat(layout(out).note().orElseThrow())
          .startsWith("Layout: preallocated 3 of 4 files (36.0 MB) in ")
          .contains("the last written sparse until the file system is full");
      assertThat(r.out()).contains("Layout: preallocated 3 of 4 files");
    }
  }

  @Test
  void noPreallocateFillsWithSparseFiles() throws Exception {
    Cli.Folders rig = Cli.in(dir, "t", "run");
    Cli.Result r = rig.ok("fill TARGET --file-size 4MiB --limit 8MiB --no-preallocate --out OUT");
    assertThat(layout(rig.out()).kind()).isEqualTo("sparse");
    assertThat(layout(rig.out()).seconds()).hasValue(0.0);
  }

  @Test
  void aResumedFillWritesAPreallocatedFileNobodyRecordedAgainFromItsStart() throws Exception {
    Cli.Folders rig = Cli.in(dir, "t", "run1");
    Cli.Result r = rig.ok("fill TARGET --file-size 4MiB --limit 8MiB --keep --out OUT");
    // Make it look killed while writing its second file: the file has its preallocated size,
    // but run.json never recorded it.
    ObjectNode json = (ObjectNode) RunFolderRig.tree(rig.out());
    ((ObjectNode) json.get("result")).put("status", "interrupted");
    ArrayNode files = (ArrayNode) json.get("files");
    files.remove(1);
    Files.writeString(rig.out().resolve("run.json"), RunFolder.JSON.writeValueAsString(json));

    Path second = dir.resolve("run2");
    r = rig.run("fill TARGET --file-size 4MiB --limit 8MiB --keep --resume OUT --out {}", second);
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(RunFolderRig.document(second).result().bytes()).hasValue(8L << 20);
    // Its size said nothing of what had been written: all of it was written again.
    assertThat(RunFolderRig.field(RunFolderRig.tree(second), "/result/session_bytes").asLong())
        .isEqualTo(4L << 20);
    try (Stream<Path> s = Files.list(rig.target())) {
      List<Path> kept = s.filter(f -> f.toString().endsWith(".dat")).toList();
      assertThat(kept).hasSize(2);
      for (Path f : kept) {
        assertThat(Files.size(f)).isEqualTo(4L << 20);
      }
    }
  }

  @Test
  void aSweepPreallocatesItsTestFileOnceBeforeTheFirstPoint() throws Exception {
    Cli.Folders rig = Cli.in(dir, "drive", "sweep");
    Cli.Result r =
        rig.ok("sweep TARGET --bs 1MiB --qd 1,4 --size-per-point 8MiB --write-only --out OUT");
    assertThat(layout(rig.out()).kind()).isEqualTo("preallocated");
    assertThat(layout(rig.out()).seconds().getAsDouble()).isGreaterThanOrEqualTo(0);
    assertThat(r.out()).contains("Layout: preallocated 8.4 MB in ");
  }
}
