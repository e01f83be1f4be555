package dev.sustain.workload;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.testing.RunFolderRig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A copy's run.json keeps its keys in the order docs/FORMATS.md gives them, whoever writes them:
 * the header, the copy's target and params, started and ended, the result, the passes and the
 * comparison. The drive's facts under {@code target.device} are the machine's and are left out.
 */
class CopyRunJsonTest {

  @TempDir Path dir;

  private static List<String> keys(JsonNode node) {
    List<String> names = new ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }

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
    assertThat(keys(root))
        .containsExactly(
            "version",
            "command",
            "tool",
            "run_id",
            "host",
            "pid",
            "cpu_cores",
            "target",
            "params",
            "started",
            "ended",
            "result",
            "passes",
            "comparison");
    assertThat(keys(root.get("target")).subList(0, 4))
        .containsExactly("path", "kind", "source", "device");
    assertThat(keys(root.get("params")))
        .containsExactly(
            "repeat",
            "cooldown_s",
            "buffer_bytes",
            "interval_s",
            "keep",
            "files",
            "bytes_per_pass");
    assertThat(keys(root.get("result")))
        .containsExactly(
            "bytes", "seconds", "average_MBps", "status", "error", "write_s", "verified");
    assertThat(RunFolderRig.field(root, "/passes")).hasSize(2);
    assertThat(keys(RunFolderRig.field(root, "/passes/1")))
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
  }
}
