package dev.sustain.document;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.sweep.SweepJson;
import dev.sustain.sweep.SweepPoint;
import dev.sustain.sweep.SweepRun;
import dev.sustain.testing.RunFolderRig;
import dev.sustain.testing.TestSweepParams;
import dev.sustain.workload.CopyParams;
import dev.sustain.workload.CopyResult;
import dev.sustain.workload.CopyRun;
import dev.sustain.workload.Dataset;
import dev.sustain.workload.DatasetKind;
import dev.sustain.workload.TreeCopier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The run.json of a real copy and a real sweep keeps its keys in the order docs/FORMATS.md gives
 * them, whoever writes them ({@link CopyJsonWriter}, {@link SweepJsonWriter}): a copy's header,
 * target and params, started and ended, result, passes and comparison; a sweep's, written once at
 * its end, header, target and params, result (what it found, then the test file's layout), started
 * and ended, beside no samples.csv. The drive's facts under {@code target} are the machine's and
 * are left out.
 */
class RunJsonShapesTest {

  @TempDir Path dir;

  @Test
  void aCopysRunJsonHasItsKeysInTheirOrder() throws Exception {
    Path src = dir.resolve("src");
    Dataset.write(src, Dataset.plan(DatasetKind.PHOTOS, 2_000_000, 3), () -> false);
    Path run = dir.resolve("run");
    CopyParams params =
        new CopyParams(
            src, dir.resolve("dst"), 2, Duration.ZERO, 1 << 20, 100_000_000L, run, false);
    CopyResult r =
        new CopyRun(params, CopyRun.Observer.SILENT, () -> false, CopyRun.Hook.NONE).run();
    JsonNode root = RunFolderRig.tree(r.runFolder());
    assertThat(JsonKeys.of(root))
        .containsExactlyElementsOf(
            JsonKeys.afterTheHeader(
                "target", "params", "started", "ended", "result", "passes", "comparison"));
    assertThat(JsonKeys.of(root.get("target")).subList(0, 4))
        .containsExactly("path", "kind", "source", "device");
    assertThat(JsonKeys.of(root.get("params")))
        .containsExactly(
            "repeat",
            "cooldown_s",
            "buffer_bytes",
            "interval_s",
            "keep",
            "files",
            "bytes_per_pass");
    assertThat(JsonKeys.of(root.get("result")))
        .containsExactly(
            "bytes", "seconds", "average_MBps", "status", "error", "write_s", "verified");
    assertThat(RunFolderRig.field(root, "/passes")).hasSize(2);
    assertThat(JsonKeys.of(RunFolderRig.field(root, "/passes/1")))
        .containsExactly(
            "pass",
            "files",
            "bytes",
            "write_MBps",
            "write_s",
            "flush_s",
            "read_MBps",
            "read_s",
            "read_cache",
            "verified",
            "problems",
            "first_problem",
            "write_start_s",
            "read_start_s");
    assertThat(RunFolderRig.field(root, "/command").asText()).isEqualTo("copy");
    assertThat(RunFolderRig.field(root, "/params/files").asInt())
        .isEqualTo(TreeCopier.scan(src).size());
    assertThat(RunFolderRig.field(root, "/params/bytes_per_pass").asLong()).isEqualTo(2_000_000L);
    assertThat(RunFolderRig.field(root, "/result/bytes").asLong()).isEqualTo(4_000_000L);
    assertThat(RunFolderRig.field(root, "/result/status").asText()).isEqualTo("complete");
    assertThat(RunFolderRig.field(root, "/result/verified").asBoolean()).isTrue();
    // clean finds a copy's pass folders by its repeat, read as the record's
    assertThat(RunDocumentCodec.read(r.runFolder()).params().repeat()).hasValue(2);
  }

  @Test
  void aSweepsRunJsonHasItsKeysInTheirOrder() throws Exception {
    SweepRun.Params params =
        TestSweepParams.of(
            dir.resolve("target").toString(),
            List.of(65536, 131072),
            List.of(1, 2),
            1 << 20,
            true,
            dir.resolve("run"));
    List<SweepPoint> told = new ArrayList<>();
    Files.createDirectories(dir.resolve("target"));
    SweepRun.Result r = new SweepRun(params, new AtomicBoolean(), told::add).run();
    assertThat(r.complete()).isTrue();
    assertThat(told).hasSize(4);
    assertThat(r.runFolder().resolve("samples.csv")).doesNotExist();
    JsonNode root = RunFolderRig.tree(r.runFolder());
    assertThat(JsonKeys.of(root))
        .containsExactlyElementsOf(
            JsonKeys.afterTheHeader("target", "params", "result", "started", "ended"));
    assertThat(JsonKeys.of(root.get("target")).subList(0, 3))
        .containsExactly("path", "kind", "test_file");
    assertThat(JsonKeys.of(root.get("params")))
        .containsExactly(
            "bs_bytes",
            "qd",
            "size_per_point_bytes",
            "min_time_per_point_s",
            "read",
            "direct",
            "engine",
            "pattern");
    assertThat(JsonKeys.of(root.get("result")))
        .containsExactly(
            "size_per_point_bytes",
            "min_time_per_point_s",
            "untimed_first_pass",
            "status",
            "error",
            "points",
            "write",
            "read",
            "verdict",
            "layout",
            "layout_s",
            "layout_note");
    assertThat(JsonKeys.of(RunFolderRig.field(root, "/result/points/3")))
        .containsExactly(
            "bs",
            "qd",
            "write_MBps",
            "write_s",
            "write_spread_MBps",
            "read_MBps",
            "read_s",
            "read_spread_MBps");
    assertThat(JsonKeys.of(RunFolderRig.field(root, "/result/write")))
        .containsExactly(
            "best",
            "needed_bs",
            "needed_qd",
            "smaller_bs",
            "smaller_fraction",
            "within_noise",
            "sentence");
    assertThat(RunFolderRig.field(root, "/result/status").asText()).isEqualTo("complete");
    assertThat(RunFolderRig.field(root, "/result/points/3/bs").asInt()).isEqualTo(131072);
    assertThat(RunFolderRig.field(root, "/result/points/3/qd").asInt()).isEqualTo(2);
    assertThat(RunFolderRig.field(root, "/result/untimed_first_pass").asBoolean()).isTrue();
    assertThat(RunFolderRig.field(root, "/result/verdict").asText())
        .isEqualTo(r.writeVerdict().sentence() + " " + r.readVerdict().sentence());
    assertThat(SweepJson.document(r).get("points")).isEqualTo(root.at("/result/points"));
  }
}
