package dev.sustain.document;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/**
 * Every shape of group.json this program has written stays readable into {@link GroupDocument}: one
 * golden folder per shape (src/test/resources/document/group-json: a two-target write as it was
 * written, and a fill with --solo-first, --stagger, a failed target and a shared hub, written by
 * hand in the writer's shape), and a newer version is refused in one line.
 */
class GroupDocumentVersionsTest {

  private static final Path FOLDERS = Path.of("src/test/resources/document/group-json");
  private static final ObjectMapper JSON = new ObjectMapper();

  private static JsonNode tree(String name) throws Exception {
    return JSON.readTree(FOLDERS.resolve(name).resolve(GroupDocumentCodec.FILE).toFile());
  }

  private static GroupDocument read(String name) throws Exception {
    return GroupDocumentCodec.decode(tree(name), name);
  }

  @Test
  void aWriteOfTwoTargetsReadsEveryField() throws Exception {
    GroupDocument g = read("v1-2026-12-03-write");
    assertThat(g.version()).isEqualTo(1);
    assertThat(g.command()).isEqualTo("write");
    assertThat(g.status()).isEqualTo("complete");
    assertThat(g.intervalSeconds()).isEqualTo(0.1);
    assertThat(g.targets()).extracting(GroupDocument.Target::name).containsExactly("t1", "t2");
    GroupDocument.Target t1 = g.targets().getFirst();
    assertThat(t1.target()).isEqualTo("/mnt/t1");
    assertThat(t1.folder()).isEqualTo("t1");
    assertThat(t1.startSeconds()).hasValue(0.012);
    assertThat(t1.status()).isEqualTo("complete");
    assertThat(t1.error()).isEmpty();
    assertThat(t1.bytes()).isEqualTo(300_003_328L);
    assertThat(t1.seconds()).isEqualTo(0.307);
    assertThat(t1.soloMBps()).isEmpty();
    assertThat(t1.soloSource()).isEmpty();
    assertThat(t1.soloFrom()).isEmpty();
    assertThat(g.shared().path("summary").asText()).startsWith("cannot tell what they share");
  }

  @Test
  void aFillWithSoloRatesAndAFailedTargetReadsThem() throws Exception {
    GroupDocument g = read("v1-2026-12-03-fill-solo-first");
    assertThat(g.command()).isEqualTo("fill");
    assertThat(g.status()).isEqualTo("failed");
    assertThat(g.intervalSeconds()).isEqualTo(1.0);
    GroupDocument.Target a = g.targets().get(0);
    GroupDocument.Target b = g.targets().get(1);
    assertThat(a.soloMBps()).hasValue(402.113);
    assertThat(a.soloSource()).contains("solo-first");
    assertThat(a.soloFrom()).contains("a-solo");
    assertThat(b.startSeconds()).hasValue(2.006);
    assertThat(b.status()).isEqualTo("failed");
    assertThat(b.error()).contains("No space left on device");
    assertThat(b.soloSource()).contains("history");
    assertThat(g.shared().path("parts").size()).isEqualTo(1);
  }

  @Test
  void whatTheTargetsShareReadsAsItsSummaryAndItsParts() throws Exception {
    GroupDocument.Shared hub =
        GroupDocumentCodec.shared(read("v1-2026-12-03-fill-solo-first").shared());
    assertThat(hub.summary()).contains("both behind usb hub 2-1");
    assertThat(hub.parts())
        .containsExactly(
            new GroupDocument.SharedPart(
                "USB hub 2-1 (VIA Labs USB3.0 Hub, 5 Gb/s)", OptionalDouble.of(450.0)));
    GroupDocument.Shared none = GroupDocumentCodec.shared(read("v1-2026-12-03-write").shared());
    assertThat(none.summary().orElseThrow()).startsWith("cannot tell what they share");
    assertThat(none.parts()).isEmpty();
    GroupDocument.Shared missing =
        GroupDocumentCodec.shared(
            GroupDocumentCodec.decode(
                    JSON.readTree("{\"kind\":\"group\",\"targets\":[{\"name\":\"x\"}]}"),
                    "group.json")
                .shared());
    assertThat(missing.summary()).isEmpty();
    assertThat(missing.parts()).isEmpty();
  }

  @Test
  void whatAnOlderOrCutFileLacksReadsAsTheDefaults() throws Exception {
    GroupDocument g =
        GroupDocumentCodec.decode(
            JSON.readTree("{\"kind\":\"group\",\"targets\":[{\"name\":\"x\"}]}"), "group.json");
    assertThat(g.version()).isEqualTo(1);
    assertThat(g.command()).isEqualTo("write");
    assertThat(g.status()).isEmpty();
    assertThat(g.intervalSeconds()).isEqualTo(1.0);
    assertThat(g.shared().isMissingNode()).isTrue();
    assertThat(g.targets())
        .containsExactly(
            new GroupDocument.Target(
                "x",
                "",
                "x",
                OptionalDouble.empty(),
                "",
                Optional.empty(),
                0,
                0,
                OptionalDouble.empty(),
                Optional.empty(),
                Optional.empty()));
  }

  @Test
  void aNewerVersionIsRefusedInOneLine() {
    assertThatThrownBy(() -> read("v2-newer"))
        .isInstanceOf(NewerFormatException.class)
        .hasMessage(
            "v2-newer: made by a newer Sustain (format version 2, this one reads up to 1): read it"
                + " with a newer Sustain");
  }

  @Test
  void aFileThatIsNoGroupsIsRefusedSayingWhy() {
    for (var c :
        List.of(
            List.of("{\"kind\":\"run\"}", "not a group's group.json (no \"kind\": \"group\")"),
            List.of("{\"kind\":\"group\",\"targets\":[]}", "no targets"),
            List.of(
                "{\"kind\":\"group\",\"targets\":[{\"name\":\"\"}]}", "a target without a name"))) {
      assertThatThrownBy(() -> GroupDocumentCodec.decode(JSON.readTree(c.get(0)), "group.json"))
          .isInstanceOf(GroupDocumentCodec.NotAGroupException.class)
          .hasMessage(c.get(1));
    }
  }
}
