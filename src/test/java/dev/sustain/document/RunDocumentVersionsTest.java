package dev.sustain.document;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sustain.document.RunDocument.Layout;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every shape of run.json this program has written stays readable: one golden folder per shape
 * (src/test/resources/document/run-json, named by the version and the day the shape was current),
 * and a newer version is refused in one line.
 */
class RunDocumentVersionsTest {

  private static final Path FOLDERS = Path.of("src/test/resources/document/run-json");

  private static RunDocument read(String name) throws Exception {
    return RunDocumentCodec.read(FOLDERS.resolve(name));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "v1-2026-11-30-first-write",
        "v1-2026-11-30-host-cpu-cores",
        "v1-2026-11-30-read-before-header",
        "v1-2026-12-01-write",
        "v1-2026-12-01-fill",
        "v1-2026-12-01-copy",
        "v1-2026-12-01-read",
        "v1-2026-12-01-verify",
        "v1-2026-12-01-verify-bad",
        "v1-2026-12-01-group-member",
        "v1-2026-12-01-repeat-pass",
        "v1-2026-12-01-sweep",
        "v1-2026-12-01-killed-write",
        "v1-2026-12-03-pcie-link"
      })
  void everyShapeReadsWithItsHeader(String name) throws Exception {
    RunDocument doc = read(name);
    assertThat(doc.version()).isEqualTo(1);
    assertThat(doc.tool().name()).contains("sustain");
    assertThat(doc.runId().orElseThrow()).matches("\\d{8}-\\d{6}-[0-9a-f]{4}");
    assertThat(doc.target().path()).isPresent();
    assertThat(doc.result().status()).isPresent();
    assertThat(doc.started()).isPresent();
  }

  @Test
  void theFirstWriteHasNoneOfWhatCameLater() throws Exception {
    RunDocument doc = read("v1-2026-11-30-first-write");
    assertThat(doc.host()).contains("bench-1");
    assertThat(doc.pid()).isEmpty();
    assertThat(doc.cpuCores()).isEmpty();
    assertThat(doc.target().device()).isEmpty();
    assertThat(doc.target().stack()).isEmpty();
    assertThat(doc.before()).isEmpty();
    assertThat(doc.result().layout()).isEmpty();
    assertThat(doc.result().registration()).isEmpty();
    assertThat(doc.params().patternId()).isEmpty();
    assertThat(doc.params().blockBytes()).hasValue(1 << 20);
    assertThat(doc.result().intervalMBps()).isPresent();
  }

  @Test
  void theOldNamesOfCoresAndTheLinkCeilingRead() throws Exception {
    RunDocument doc = read("v1-2026-11-30-host-cpu-cores");
    assertThat(doc.cpuCores()).hasValue(8);
    RunDocument.Device d = doc.target().device().orElseThrow();
    assertThat(d.linkCeilingMBps()).hasValue(1050.0);
    assertThat(d.link()).contains("USB 3.2 Gen 2 (10 Gb/s), uas");
    assertThat(doc.target().isDevice()).isTrue();
    // direct without buffered: the older params
    assertThat(doc.params().buffered()).contains(false);
  }

  @Test
  void aLinksKindAndRateReadWhereTheProbesGaveThem() throws Exception {
    RunDocument.LinkSignal usb =
        read("v1-2026-11-30-host-cpu-cores")
            .target()
            .device()
            .orElseThrow()
            .linkSignal()
            .orElseThrow();
    assertThat(usb.kind()).contains("usb");
    assertThat(usb.gbps()).isEmpty(); // that day's probes gave the USB link no rate
    assertThat(usb.pcieGen()).isEmpty();
    RunDocument.LinkSignal pcie =
        read("v1-2026-12-03-pcie-link").target().device().orElseThrow().linkSignal().orElseThrow();
    assertThat(pcie.kind()).contains("pcie");
    assertThat(pcie.gbps()).hasValue(64.0);
    assertThat(pcie.pcieGen()).hasValue(4);
    assertThat(pcie.lanes()).hasValue(4);
    assertThat(read("v1-2026-12-01-write").target().device().orElseThrow().linkSignal())
        .as("a virtio disk has no link: run.json says null")
        .isEmpty();
  }

  @Test
  void aReadBeforeTheOneHeaderHasNoHostPidOrCores() throws Exception {
    RunDocument doc = read("v1-2026-11-30-read-before-header");
    assertThat(doc.command()).contains("read");
    assertThat(doc.host()).isEmpty();
    assertThat(doc.pid()).isEmpty();
    assertThat(doc.cpuCores()).isEmpty();
    assertThat(doc.params().expectedBytes()).hasValue(33_554_432);
  }

  @Test
  void todaysWriteHasEveryPart() throws Exception {
    RunDocument doc = read("v1-2026-12-01-write");
    assertThat(doc.pid()).hasValue(4242);
    assertThat(doc.cpuCores()).hasValue(2);
    assertThat(doc.target().testFile()).hasValueSatisfying(f -> assertThat(f).endsWith(".dat"));
    assertThat(doc.target().device().orElseThrow().name()).contains("vda");
    assertThat(doc.target().stack()).extracting(RunDocument.Layer::kind).containsExactly("disk");
    assertThat(doc.target().fileSystem().orElseThrow().type()).contains("ext4");
    assertThat(doc.params().patternId()).contains("05a93b1ff79169be");
    assertThat(doc.params().timeSeconds()).hasValue(3.0);
    Layout layout = doc.result().layout().orElseThrow();
    assertThat(layout.kind()).isEqualTo("preallocated");
    assertThat(layout.note()).hasValueSatisfying(n -> assertThat(n).startsWith("Layout:"));
    assertThat(doc.result().registration().orElseThrow().fixedBuffers()).isTrue();
    assertThat(doc.result().firstCompletionSeconds()).hasValue(0.008801);
    assertThat(doc.before().orElseThrow().capacityBytes()).hasValue(274_877_906_944L);
    assertThat(doc.before().orElseThrow().tempC()).isEmpty();
    assertThat(doc.before().orElseThrow().idleSeconds()).isEmpty();
    assertThat(doc.ended()).isPresent();
    assertThat(doc.result().unended()).isFalse();
  }

  @Test
  void fillCopyAndGroupsKeepTheirOwnParts() throws Exception {
    RunDocument fill = read("v1-2026-12-01-fill");
    assertThat(fill.params().fileSizeBytes()).hasValue(33_554_432);
    assertThat(fill.params().limitBytes()).hasValue(67_108_864);
    assertThat(fill.result().end()).contains("limit");
    assertThat(fill.result().layout().orElseThrow().seconds().getAsDouble())
        .isGreaterThanOrEqualTo(0);
    RunDocument copy = read("v1-2026-12-01-copy");
    assertThat(copy.target().source()).contains("/mnt/ext/src");
    assertThat(copy.params().blockBytes()).isEmpty();
    RunDocument member = read("v1-2026-12-01-group-member");
    assertThat(member.params().group().orElseThrow().role()).isEqualTo("member");
    assertThat(member.params().group().orElseThrow().name()).isEqualTo("g1");
    RunDocument pass = read("v1-2026-12-01-repeat-pass");
    assertThat(pass.before().orElseThrow().idleSeconds()).hasValue(0.069);
    assertThat(pass.params().group()).isEmpty();
  }

  @Test
  void aSweepsListsOfSizesAndDepthsAreNoSingleRequest() throws Exception {
    RunDocument sweep = read("v1-2026-12-01-sweep");
    assertThat(sweep.command()).contains("sweep");
    assertThat(sweep.params().blockBytes()).isEmpty();
    assertThat(sweep.params().queueDepth()).isEmpty();
    assertThat(sweep.params().buffered()).contains(false);
    assertThat(sweep.result().layout()).isPresent();
  }

  @Test
  void aVerifyThatFoundBadExtentsReadsThemAndItsNotes() throws Exception {
    RunResults.ReadBack bad = read("v1-2026-12-01-verify-bad").readBack();
    assertThat(bad.verdict()).contains("bad");
    assertThat(bad.badBytes()).hasValue(1_052_672);
    assertThat(bad.checkedBytes()).hasValue(33_554_432);
    assertThat(bad.badByKind().orElseThrow())
        .containsExactly(
            Map.entry("corrupted", 4096L),
            Map.entry("blank", 0L),
            Map.entry("overwritten", 0L),
            Map.entry("misplaced", 1_048_576L),
            Map.entry("unreadable", 0L),
            Map.entry("missing", 0L));
    assertThat(bad.bad())
        .containsExactly(
            new RunResults.BadExtent(
                OptionalLong.of(8192),
                OptionalLong.of(4096),
                Optional.of("corrupted"),
                OptionalLong.empty()),
            new RunResults.BadExtent(
                OptionalLong.of(16_777_216),
                OptionalLong.of(1_048_576),
                Optional.of("misplaced"),
                OptionalLong.of(15_728_640)));
    assertThat(bad.badExtentsDropped()).hasValue(3);
    assertThat(bad.notes())
        .hasSize(2)
        .last()
        .isEqualTo("2 bad extents listed; 3 more found and counted");
    RunResults.ReadBack good = read("v1-2026-12-01-verify").readBack();
    assertThat(good.verdict()).contains("good");
    assertThat(good.bad()).isEmpty();
    assertThat(good.notes()).singleElement().asString().startsWith("no run folder given");
    RunResults.ReadBack plain = read("v1-2026-12-01-read").readBack();
    assertThat(plain.verdict()).isEmpty();
    assertThat(plain.checkedBytes()).isEmpty();
    assertThat(plain.bytes()).hasValue(33_554_432);
    assertThat(read("v1-2026-12-01-write").readBack().badByKind()).isEmpty();
  }

  @Test
  void aCopyReadsItsPassesAndTheirComparison() throws Exception {
    RunDocument doc = read("v1-2026-12-01-copy");
    RunResults.Copy copy = doc.copy();
    assertThat(copy.verified()).contains(true);
    assertThat(copy.passes()).hasSize(2);
    assertThat(copy.passes().get(0))
        .isEqualTo(
            new RunResults.Pass(
                OptionalInt.of(1),
                OptionalLong.of(1),
                OptionalLong.of(20_000_000),
                OptionalDouble.of(106.383),
                OptionalDouble.of(0.188),
                OptionalDouble.of(0.166),
                OptionalDouble.of(170.94),
                OptionalDouble.of(0.117),
                Optional.of("direct"),
                Optional.of(true),
                OptionalLong.of(0),
                Optional.empty()));
    assertThat(copy.comparison()).hasSize(2).first().asString().startsWith("pass 2 wrote");
    assertThat(doc.params().bytesPerPass()).hasValue(20_000_000);
    assertThat(doc.params().repeat()).hasValue(2);
    RunResults.Copy none = read("v1-2026-12-01-write").copy();
    assertThat(none.verified()).isEmpty();
    assertThat(none.passes()).isEmpty();
    assertThat(none.comparison()).isEmpty();
  }

  @Test
  void aSweepReadsItsPointsAndItsVerdict() throws Exception {
    RunResults.Sweep sweep = read("v1-2026-12-01-sweep").sweep();
    assertThat(sweep.points())
        .containsExactly(
            new RunResults.SweepPoint(
                OptionalLong.of(1_048_576),
                OptionalLong.of(1),
                OptionalDouble.of(2497.352),
                OptionalDouble.of(1098.739)),
            new RunResults.SweepPoint(
                OptionalLong.of(1_048_576),
                OptionalLong.of(4),
                OptionalDouble.of(3247.292),
                OptionalDouble.of(895.815)));
    assertThat(sweep.sizePerPointBytes()).hasValue(8_388_608);
    assertThat(sweep.verdict()).isPresent();
    assertThat(read("v1-2026-12-01-write").sweep().points()).isEmpty();
  }

  @Test
  void aFillCountsItsFilesAndSaysWhetherItKeptThem() throws Exception {
    RunDocument fill = read("v1-2026-12-01-fill");
    assertThat(fill.result().files()).hasValue(2);
    assertThat(fill.result().filesKept()).contains(false);
    assertThat(fill.files()).hasSize(2);
    RunDocument write = read("v1-2026-12-01-write");
    assertThat(write.result().files()).isEmpty();
    assertThat(write.result().filesKept()).isEmpty();
  }

  @Test
  void theParamsTheHistoryKeepsReadAlone() {
    RunDocument.Params p =
        RunDocumentCodec.parseParams(
                "{\"size_bytes\":1000,\"bs_bytes\":4096,\"engine\":\"uring\","
                    + "\"group\":{\"id\":\"g\",\"name\":\"t1\",\"role\":\"member\"}}")
            .orElseThrow();
    assertThat(p.sizeBytes()).hasValue(1000);
    assertThat(p.blockBytes()).hasValue(4096);
    assertThat(p.engine()).contains("uring");
    assertThat(p.group().orElseThrow().role()).isEqualTo("member");
    assertThat(p.timeSeconds()).isEmpty();
    assertThat(RunDocumentCodec.parseParams(null)).isEmpty();
    assertThat(RunDocumentCodec.parseParams("not json")).isEmpty();
    assertThat(RunDocumentCodec.parseParams("[1]")).isEmpty();
  }

  @Test
  void aToolGivenAsOneTextIsItsName() throws Exception {
    RunDocument doc =
        RunDocumentCodec.parse("{\"tool\":\"sustain 0.0.9\",\"result\":{}}", "run.json");
    assertThat(doc.tool().name()).contains("sustain 0.0.9");
    assertThat(doc.tool().version()).isEmpty();
  }

  @Test
  void aKilledRunIsUnended() throws Exception {
    RunDocument doc = read("v1-2026-12-01-killed-write");
    assertThat(doc.ended()).isEmpty();
    assertThat(doc.result().unended()).isTrue();
    assertThat(doc.result().intervalMBps()).isEmpty();
  }

  @Test
  void aNewerVersionIsRefusedInOneLine() {
    assertThatThrownBy(() -> read("v2-newer"))
        .isInstanceOf(NewerFormatException.class)
        .hasMessageContaining("newer Sustain (format version 2")
        .hasMessageContaining("reads up to 1")
        .hasMessageNotContaining("\n");
  }
}
