package dev.sustain.device;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.document.RunDocument;
import dev.sustain.document.RunDocumentCodec;
import dev.sustain.document.RunJsonWriter;
import dev.sustain.document.RunJsonWriter.End;
import dev.sustain.document.RunJsonWriter.Header;
import dev.sustain.document.RunJsonWriter.Io;
import dev.sustain.document.RunJsonWriter.WriteAsked;
import dev.sustain.job.Job;
import dev.sustain.share.ShareDocument;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every field {@code sustain share} sends of a run reaches it from the run.json a write writes of a
 * drive the probes know (the NVMe drive of {@link DeviceResolverFakeTreeTest}): asserted on the
 * records, so a field the writer or the codec drops fails here instead of reaching the hub as a
 * default (a capacity of 0, a link tier of {@code unknown}).
 */
class ShareFieldsOfAWriteTest {

  @TempDir Path dir;

  private RunDocument written(Path folder) throws Exception {
    DeviceResolverFakeTreeTest probes = new DeviceResolverFakeTreeTest();
    probes.root = dir.resolve("root");
    probes.nvme();
    DeviceInfo drive = DeviceResolver.forRoot(probes.root, null).resolve("/dev/nvme0n1").device();
    ObjectNode root =
        RunJsonWriter.header(
            "write", "20261203-101502-3fa9", new Header("0.1.0", "25", "host-1", 4242, 2));
    RunJsonWriter.putWriteTarget(
        root, "/dev/nvme0n1", Optional.empty(), Optional.of(drive.toJsonMap()));
    RunJsonWriter.putWriteParams(
        root,
        new WriteAsked(
            OptionalLong.of(1L << 30),
            OptionalDouble.empty(),
            new Io(1 << 20, 32, 1_000_000_000L, false, "uring"),
            "random",
            false,
            Optional.empty()));
    RunJsonWriter.running(root, Instant.parse("2026-12-03T10:15:02Z"), true);
    RunJsonWriter.putBefore(
        root,
        new RunDocument.Before(
            OptionalLong.empty(),
            OptionalLong.of(2_000_398_934_016L),
            OptionalDouble.of(41.9),
            OptionalDouble.empty()));
    RunJsonWriter.finish(
        root,
        new End(
            1L << 30,
            2.0,
            536.871,
            0.01,
            "complete",
            Optional.empty(),
            Optional.empty(),
            Optional.empty()),
        Instant.parse("2026-12-03T10:15:05Z"));
    Files.createDirectories(folder);
    Files.writeString(RunDocumentCodec.fileOf(folder), root.toPrettyString());
    return RunDocumentCodec.read(folder);
  }

  @Test
  void aWritesRunJsonCarriesEveryFieldTheShareSends() throws Exception {
    RunDocument run = written(dir.resolve("run"));
    assertThat(run.runId()).contains("20261203-101502-3fa9");
    assertThat(run.started()).contains("2026-12-03T10:15:02Z");
    assertThat(run.result().status()).contains("complete");
    assertThat(run.result().bytes()).hasValue(1L << 30);
    assertThat(run.result().seconds()).hasValue(2.0);
    assertThat(run.result().averageMBps()).hasValue(536.871);
    assertThat(run.before().orElseThrow().capacityBytes()).hasValue(2_000_398_934_016L);
    RunDocument.Device d = run.target().device().orElseThrow();
    assertThat(d.model()).contains("Samsung SSD 990 PRO 2TB");
    assertThat(d.serial()).contains("S7DNNJ0W123456A");
    assertThat(d.firmware()).contains("4B2QJXD7");
    assertThat(d.transport()).contains("nvme");
    assertThat(d.sizeBytes()).hasValue(2_000_398_934_016L);
    RunDocument.LinkSignal link = d.linkSignal().orElseThrow();
    assertThat(link.kind()).contains("pcie");
    assertThat(link.pcieGen()).hasValue(4);
    assertThat(link.lanes()).hasValue(4);
    assertThat(Job.of(run).key()).isEqualTo("write|1048576|32|direct|random|uring|device");
  }

  @Test
  void theShareOfThatRunNamesTheDriveItsLinkAndItsJob() throws Exception {
    Path folder = dir.resolve("run");
    written(folder);
    Files.copy(Path.of("src/test/resources/share/nvme/samples.csv"), folder.resolve("samples.csv"));
    ObjectNode doc = ShareDocument.build(folder, "salt");
    assertThat(doc.at("/drive/model").asText()).isEqualTo("Samsung SSD 990 PRO 2TB");
    assertThat(doc.at("/drive/capacity_bytes").asLong()).isEqualTo(2_000_398_934_016L);
    assertThat(doc.at("/drive/link_tier").asText()).isEqualTo("pcie-gen4-x4");
    assertThat(doc.at("/drive/firmware").asText()).isEqualTo("4B2QJXD7");
    assertThat(doc.at("/job/key").asText())
        .isEqualTo("write|1048576|32|direct|random|uring|device");
    assertThat(doc.at("/result/bytes").asLong()).isEqualTo(1L << 30);
  }
}
