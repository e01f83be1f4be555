package dev.sustain.document;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sustain.cli.Cli;
import dev.sustain.testing.RunFolderRig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real fill's and a real verify's run.json keep their keys in the order docs/FORMATS.md gives
 * them, now that {@link FillJsonWriter} and {@link ReadBackJsonWriter} write them: a fill's header,
 * target and params, started and ended, result and files; a verify's header, target, the run it
 * reads back, params, started and ended, and result, which {@code verify --json} prints too. The
 * fill's files read back as records ({@link RunDocument#files}). The drive's facts under {@code
 * target} are the machine's and are left out.
 */
class FillAndReadBackShapesTest {

  @TempDir Path dir;

  private static final List<String> IO =
      List.of("bs_bytes", "qd", "interval_s", "direct", "buffered", "engine");

  @Test
  void aFillsRunJsonHasItsKeysInTheirOrderAndItsFilesReadBack() throws Exception {
    Path target = Files.createDirectories(dir.resolve("target"));
    Path run = dir.resolve("run");
    Cli.ok("fill", target, "--file-size", "4MiB", "--limit", "10MiB", "--out", run, "--db", "none");
    JsonNode root = RunFolderRig.tree(run);
    assertThat(JsonKeys.of(root))
        .containsExactlyElementsOf(
            JsonKeys.afterTheHeader("target", "params", "started", "ended", "result", "files"));
    assertThat(JsonKeys.of(root.get("target")).subList(0, 3))
        .containsExactly("path", "kind", "device");
    List<String> params = new ArrayList<>(List.of("file_size_bytes", "limit_bytes"));
    params.addAll(IO);
    params.addAll(List.of("pattern", "keep"));
    assertThat(JsonKeys.of(root.get("params"))).containsExactlyElementsOf(params);
    assertThat(JsonKeys.of(root.get("result")))
        .containsExactly(
            "bytes",
            "seconds",
            "average_MBps",
            "flush_s",
            "status",
            "error",
            "session_bytes",
            "end",
            "files",
            "zero_intervals",
            "zero_s",
            "interval_MBps",
            "files_kept",
            "layout",
            "layout_s",
            "layout_note");
    assertThat(JsonKeys.of(RunFolderRig.field(root, "/files/2")))
        .containsExactly("name", "bytes", "seconds", "average_MBps", "complete");

    RunDocument doc = RunFolderRig.document(run);
    assertThat(doc.files()).hasSize(3);
    assertThat(doc.files().stream().mapToLong(RunDocument.FillFile::bytes).sum())
        .isEqualTo(10L << 20);
    assertThat(doc.files().get(0).complete()).isTrue();
    assertThat(doc.files().get(2).bytes()).isEqualTo(2L << 20); // the limit cut it short
    assertThat(doc.files().get(2).averageMBps()).isPresent();
    assertThat(doc.resumedFrom()).isEmpty();
    assertThat(doc.result().layout()).isPresent();
    assertThat(doc.result().layout().get().seconds()).isPresent();
  }

  @Test
  void aVerifysRunJsonAndJsonHaveTheirKeysInTheirOrder() throws Exception {
    Path target = Files.createDirectories(dir.resolve("target"));
    Path write = dir.resolve("write");
    Cli.ok("write", target, "--size", "8MiB", "--keep", "--out", write, "--db", "none");
    Path run = dir.resolve("verify");
    // Given the write's run folder, verify reads its kept file and names the run it reads back.
    Cli.Result r = Cli.ok("verify", write, "--out", run, "--db", "none", "--json");
    JsonNode root = RunFolderRig.tree(run);
    assertThat(JsonKeys.of(root))
        .containsExactlyElementsOf(
            JsonKeys.afterTheHeader(
                "target", "source_run", "params", "started", "ended", "result"));
    assertThat(JsonKeys.of(root.get("target")).subList(0, 2)).containsExactly("path", "kind");
    assertThat(JsonKeys.of(root.get("source_run"))).containsExactly("folder", "run_id");
    List<String> params = new ArrayList<>(List.of("expected_bytes"));
    params.addAll(IO);
    params.addAll(List.of("pattern", "pattern_id"));
    assertThat(JsonKeys.of(root.get("params"))).containsExactlyElementsOf(params);
    List<String> result =
        List.of(
            "status",
            "verdict",
            "error",
            "expected_bytes",
            "bytes",
            "seconds",
            "average_MBps",
            "intervals",
            "mean_MBps",
            "stdev_MBps",
            "min_MBps",
            "median_MBps",
            "max_MBps",
            "bs_bytes",
            "qd",
            "pattern",
            "pattern_id",
            "checked_bytes",
            "ok_bytes",
            "extent_from",
            "beyond",
            "bad_bytes",
            "bad_by_kind",
            "bad",
            "bad_extents_dropped",
            "notes");
    assertThat(JsonKeys.of(root.get("result"))).containsExactlyElementsOf(result);
    assertThat(RunFolderRig.field(root, "/result/verdict").asText()).isEqualTo("good");
    assertThat(RunFolderRig.field(root, "/result/checked_bytes").asLong()).isEqualTo(8L << 20);

    JsonNode printed = new ObjectMapper().readTree(r.out());
    List<String> document = new ArrayList<>(List.of("command", "file", "source_run", "run_folder"));
    document.addAll(result);
    assertThat(JsonKeys.of(printed)).containsExactlyElementsOf(document);
    assertThat(printed.get("source_run").asText()).isEqualTo(write.toString());
    assertThat(printed.get("bad_by_kind")).isEqualTo(root.at("/result/bad_by_kind"));
  }
}
