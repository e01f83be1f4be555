package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.run.RunFolder;
import dev.sustain.testing.LoopFileSystem;
import dev.sustain.testing.Mounted;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A SQLite history on a file system with no room left, on a real ext4 on a loop device (root only):
 * the run still ends cleanly (complete, exit 0, its folder whole, no test file left) with one line
 * saying the history could not record it and how to add it later, and once there is room {@code
 * history --import} stores it with every sample. And when the run's own test file is what fills the
 * file system holding the history, the run ends failed with one line, and the history records it
 * (the test file is gone before the run is recorded).
 */
class HistoryOnFullDiskTest {

  @TempDir Path dir;

  @Test
  void aFullHistoryIsOneLineAndTheRunIsImportedLater(@Mounted(mebibytes = 16) LoopFileSystem fs)
      throws Exception {
    Path db = fs.dir().resolve("history.db");
    assertThat(write(dir.resolve("drive"), "first", db).exitCode()).isZero();
    List<Path> fillers = fill(fs.dir());

    Cli.Result r = write(dir.resolve("drive"), "run", db);
    Path out = dir.resolve("run");
    String all = r.out() + r.err();
    assertThat(r.exitCode()).as(all).isZero();
    assertThat(r.err().strip().lines().toList())
        .as(all)
        .singleElement()
        .asString()
        .startsWith("sustain: warning: run not recorded in the history")
        .contains("sustain history --db " + db + " --import " + out);
    assertThat(all).doesNotContain("\tat ", "Exception");
    JsonNode run = RunFolder.JSON.readTree(out.resolve(RunFolder.RUN_JSON).toFile());
    assertThat(run.at("/result/status").asText()).isEqualTo("complete");
    assertThat(out.resolve(RunFolder.ANALYSIS_JSON)).exists();
    assertNoTestFile(dir.resolve("drive"));
    assertThat(runs(db)).as("not recorded").hasSize(1);

    for (Path f : fillers) {
      Files.delete(f);
    }
    long samples = Files.readAllLines(out.resolve("samples.csv")).size() - 1;
    Cli.Result imported = Cli.ok("history", "--db", db, "--import", out);
    assertThat(imported.out()).contains(", " + samples + " new samples)");
    JsonNode runs = runs(db);
    assertThat(runs).hasSize(2);
    assertThat(runs.get(0).path("run_id").asText()).isEqualTo(run.path("run_id").asText());
    assertThat(runs.get(0).path("status").asText()).isEqualTo("complete");
  }

  @Test
  void aRunThatFillsTheHistorysFileSystemIsRecordedFailed(
      @Mounted(mebibytes = 32) LoopFileSystem fs) throws Exception {
    Path db = fs.dir().resolve("history.db");
    Cli.Result r =
        Cli.runLine(
            "write {} --time 30s --interval 100ms --out {} --db {}",
            fs.dir().toString(),
            dir.resolve("run"),
            db);
    String all = r.out() + r.err();
    assertThat(r.exitCode()).as(all).isEqualTo(1);
    assertThat(r.err().strip().lines().toList())
        .as(all)
        .singleElement()
        .asString()
        .contains("is full (No space left on device)");
    assertNoTestFile(fs.dir());
    JsonNode runs = runs(db);
    assertThat(runs).hasSize(1);
    assertThat(runs.get(0).path("status").asText()).isEqualTo("failed");
  }

  private Cli.Result write(Path target, String name, Path db) throws IOException {
    Files.createDirectories(target);
    return Cli.runLine(
        "write {} --buffered --size 4MiB --interval 100ms --out {} --db {}",
        target,
        dir.resolve(name).toString(),
        db);
  }

  /** Fills the file system until nothing more goes in: one large file, then 4 KiB ones. */
  private static List<Path> fill(Path root) throws IOException, InterruptedException {
    List<Path> made = new java.util.ArrayList<>();
    byte[] block = new byte[1 << 20];
    for (int size : new int[] {1 << 20, 4096}) {
      for (int i = 0; ; i++) {
        Path f = root.resolve("filler-" + size + "-" + i);
        made.add(f);
        try (OutputStream o = Files.newOutputStream(f)) {
          for (long written = 0; written < (64L << 20); written += size) {
            o.write(block, 0, size);
          }
        } catch (IOException full) {
          break; // ENOSPC: the next, smaller size takes what room is left
        }
      }
    }
    new ProcessBuilder("sync", "-f", root.toString()).start().waitFor();
    return made;
  }

  private static void assertNoTestFile(Path folder) throws IOException {
    try (Stream<Path> left = Files.list(folder)) {
      assertThat(left.map(p -> p.getFileName().toString()))
          .as("no test file, no mark")
          .noneMatch(n -> n.startsWith("sustain-test-"));
    }
  }

  private static JsonNode runs(Path db) throws IOException {
    Cli.Result h = Cli.ok("history", "--json", "--db", db);
    return RunFolder.JSON.readTree(h.out()).path("runs");
  }
}
