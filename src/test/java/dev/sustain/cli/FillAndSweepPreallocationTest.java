package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.run.RunFolder;
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

  private static JsonNode runJson(Path runFolder) throws Exception {
    return RunFolder.JSON.readTree(runFolder.resolve("run.json").toFile());
  }

  @Test
  void aFillPreallocatesEveryFileThatFitsAndWritesTheLastSparseToTheEnd() throws Exception {
    try (Tmpfs fs = Tmpfs.mount(dir.resolve("mnt"), 40)) {
      Path out = dir.resolve("run");
      Cli.Result r =
          Cli.run(
              "fill",
              fs.dir().toString(),
              "--file-size",
              "12MB",
              "--qd",
              "4",
              "--interval",
              "100ms",
              "--out",
              out.toString());
      assertThat(r.exitCode()).as(r.err()).isZero();
      JsonNode result = runJson(out).get("result");
      assertThat(result.path("end").asText()).isEqualTo("full");
      assertThat(result.path("files").asInt()).isEqualTo(4);
      // 40 MiB hold three 12 MB files allocated ahead; the fourth no longer fits.
      assertThat(result.path("layout").asText()).isEqualTo("preallocated");
      assertThat(result.path("layout_s").asDouble()).isGreaterThanOrEqualTo(0);
      assertThat(result.path("layout_note").asText())
          .startsWith("Layout: preallocated 3 of 4 files (36.0 MB) in ")
          .contains("the last written sparse until the file system is full");
      assertThat(r.out()).contains("Layout: preallocated 3 of 4 files");
    }
  }

  @Test
  void noPreallocateFillsWithSparseFiles() throws Exception {
    Path target = Files.createDirectories(dir.resolve("t"));
    Path out = dir.resolve("run");
    Cli.Result r =
        Cli.run(
            "fill",
            target.toString(),
            "--file-size",
            "4MiB",
            "--limit",
            "8MiB",
            "--no-preallocate",
            "--out",
            out.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(runJson(out).at("/result/layout").asText()).isEqualTo("sparse");
    assertThat(runJson(out).at("/result/layout_s").asDouble()).isZero();
  }

  @Test
  void aResumedFillWritesAPreallocatedFileNobodyRecordedAgainFromItsStart() throws Exception {
    Path target = Files.createDirectories(dir.resolve("t"));
    Path first = dir.resolve("run1");
    Cli.Result r =
        Cli.run(
            "fill",
            target.toString(),
            "--file-size",
            "4MiB",
            "--limit",
            "8MiB",
            "--keep",
            "--out",
            first.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    // Make it look killed while writing its second file: the file has its preallocated size,
    // but run.json never recorded it.
    ObjectNode json = (ObjectNode) runJson(first);
    ((ObjectNode) json.get("result")).put("status", "interrupted");
    ArrayNode files = (ArrayNode) json.get("files");
    files.remove(1);
    Files.writeString(first.resolve("run.json"), RunFolder.JSON.writeValueAsString(json));

    Path second = dir.resolve("run2");
    r =
        Cli.run(
            "fill",
            target.toString(),
            "--file-size",
            "4MiB",
            "--limit",
            "8MiB",
            "--keep",
            "--resume",
            first.toString(),
            "--out",
            second.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    JsonNode resumed = runJson(second);
    assertThat(resumed.at("/result/bytes").asLong()).isEqualTo(8L << 20);
    // Its size said nothing of what had been written: all of it was written again.
    assertThat(resumed.at("/result/session_bytes").asLong()).isEqualTo(4L << 20);
    try (Stream<Path> s = Files.list(target)) {
      List<Path> kept = s.filter(f -> f.toString().endsWith(".dat")).toList();
      assertThat(kept).hasSize(2);
      for (Path f : kept) {
        assertThat(Files.size(f)).isEqualTo(4L << 20);
      }
    }
  }

  @Test
  void aSweepPreallocatesItsTestFileOnceBeforeTheFirstPoint() throws Exception {
    Path target = Files.createDirectories(dir.resolve("drive"));
    Path out = dir.resolve("sweep");
    Cli.Result r =
        Cli.run(
            "sweep",
            target.toString(),
            "--bs",
            "1MiB",
            "--qd",
            "1,4",
            "--size-per-point",
            "8MiB",
            "--write-only",
            "--out",
            out.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    JsonNode result = runJson(out).get("result");
    assertThat(result.path("layout").asText()).isEqualTo("preallocated");
    assertThat(result.path("layout_s").isNumber()).isTrue();
    assertThat(r.out()).contains("Layout: preallocated 8.4 MB in ");
  }
}
