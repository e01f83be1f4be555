package dev.sustain.document;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sustain.cli.Cli;
import dev.sustain.testing.RunFolderRig;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real group's group.json keeps its keys in the order docs/FORMATS.md gives them now that {@link
 * GroupJsonWriter} writes them, and each target's own run.json names its group (read back as {@link
 * RunDocument.GroupMember}).
 */
class GroupJsonShapeTest {

  @TempDir Path dir;

  @Test
  void aGroupsJsonHasItsKeysInTheirOrder() throws Exception {
    Path a = Files.createDirectories(dir.resolve("a"));
    Path b = Files.createDirectories(dir.resolve("b"));
    Path out = dir.resolve("group");
    Cli.ok("write", a, b, "--size", "8MiB", "--interval", "250ms", "--out", out, "--db", "none");
    JsonNode group = new ObjectMapper().readTree(out.resolve("group.json").toFile());
    assertThat(JsonKeys.of(group))
        .containsExactly(
            "version",
            "kind",
            "command",
            "tool",
            "group_id",
            "host",
            "pid",
            "params",
            "targets",
            "shared",
            "started",
            "ended",
            "status");
    assertThat(JsonKeys.of(group.get("tool"))).containsExactly("name", "version");
    assertThat(JsonKeys.of(group.get("params")))
        .containsExactly("interval_s", "stagger_s", "solo_first_s", "target");
    assertThat(JsonKeys.of(group.at("/targets/1")))
        .containsExactly(
            "name",
            "target",
            "folder",
            "start_s",
            "status",
            "error",
            "bytes",
            "seconds",
            "average_MBps",
            "solo_MBps",
            "solo_source",
            "solo_from");
    assertThat(group.at("/targets/1/status").asText()).isEqualTo("complete");
    assertThat(group.at("/targets/1/bytes").asLong()).isEqualTo(8L << 20);
    String name = group.at("/targets/1/folder").asText();
    RunDocument member = RunFolderRig.document(out.resolve(name));
    assertThat(member.params().group())
        .hasValue(new RunDocument.GroupMember(group.get("group_id").asText(), name, "member"));
  }
}
