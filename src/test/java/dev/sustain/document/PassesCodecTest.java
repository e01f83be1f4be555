package dev.sustain.document;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * passes.json goes through one codec: what a repeat hands it as records is written in the order
 * docs/FORMATS.md gives and reads back as the same records, a missing figure read as absent (not
 * 0), and a newer version is refused in one line.
 */
class PassesCodecTest {

  @TempDir Path dir;

  private static final ObjectMapper JSON = new ObjectMapper();

  private static PassesDocument.Pass pass(int n, OptionalDouble cooldown, OptionalDouble idle) {
    return new PassesDocument.Pass(
        n,
        cooldown,
        idle,
        "/runs/pass-" + n,
        1_000_000L * n,
        2.5 * n,
        400.1234,
        "complete",
        Optional.empty());
  }

  @Test
  void passesAreWrittenInTheirOrderAndReadBackAsTheirRecords() throws Exception {
    ObjectNode json = PassesCodec.start(2, 30, List.of(30.0));
    PassesCodec.addPass(json, pass(1, OptionalDouble.empty(), OptionalDouble.empty()));
    ObjectNode second =
        PassesCodec.addPass(json, pass(2, OptionalDouble.of(30), OptionalDouble.of(31.5)));
    second.put("cache_recovered_pct", 80.0); // the comparison's figures go into the entry
    PassesCodec.finish(json, List.of("pass 2 wrote as fast as pass 1"), List.of("c"), "30 s: 80%");
    Files.writeString(dir.resolve(PassesCodec.FILE), JSON.writeValueAsString(json));

    assertThat(JsonKeys.of(json))
        .containsExactly(
            "version",
            "command",
            "repeat",
            "cooldown_s",
            "cooldowns_s",
            "passes",
            "comparison",
            "changes",
            "recovery");
    assertThat(JsonKeys.of(json.at("/passes/1")))
        .containsExactly(
            "pass",
            "cooldown_s",
            "idle_s",
            "run_folder",
            "bytes",
            "seconds",
            "average_MBps",
            "status",
            "cache_recovered_pct");
    assertThat(json.at("/passes/0").has("idle_s")).isFalse();
    assertThat(json.at("/passes/0/cooldown_s").isNull()).isTrue();

    PassesDocument read = PassesCodec.read(dir);
    assertThat(read.repeat()).isEqualTo(2);
    assertThat(read.cooldownsSeconds()).containsExactly(30.0);
    assertThat(read.passes()).hasSize(2);
    assertThat(read.passes().get(0).idleSeconds()).isEmpty();
    assertThat(read.passes().get(0).cooldownSeconds()).isEmpty();
    PassesDocument.Pass p2 = read.passes().get(1);
    assertThat(p2.pass()).isEqualTo(2);
    assertThat(p2.idleSeconds()).hasValue(31.5);
    assertThat(p2.averageMBps()).isEqualTo(400.123); // rounded once, by the writer
    assertThat(p2.runFolder()).isEqualTo("/runs/pass-2");
  }

  @Test
  void theCauseTheComparisonGaveAPassReadsAndTheFirstPassHasNone() throws Exception {
    ObjectNode json = PassesCodec.start(2, 30, List.of(30.0));
    PassesCodec.addPass(json, pass(1, OptionalDouble.empty(), OptionalDouble.empty()))
        .putNull("cause"); // the comparison writes null for the pass it compares against
    PassesCodec.addPass(json, pass(2, OptionalDouble.of(30), OptionalDouble.of(31.5)))
        .put("cause", "not-recovered");
    Files.writeString(dir.resolve(PassesCodec.FILE), JSON.writeValueAsString(json));

    PassesDocument read = PassesCodec.read(dir);
    assertThat(read.passes().get(0).cause()).isEmpty();
    assertThat(read.passes().get(1).cause()).contains("not-recovered");
  }

  @Test
  void aNewerPassesJsonIsRefusedInOneLine() throws Exception {
    Files.writeString(dir.resolve(PassesCodec.FILE), "{\"version\": 99, \"passes\": []}");
    assertThatThrownBy(() -> PassesCodec.read(dir))
        .isInstanceOf(NewerFormatException.class)
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
  }
}
