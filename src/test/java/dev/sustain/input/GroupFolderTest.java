package dev.sustain.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A group's folder: group.json through its codec, and the group's own samples.csv. */
class GroupFolderTest {

  private static final Path WRITE = Path.of("src/test/resources/document/group-json");

  @TempDir Path dir;

  private Path group(String samplesCsv) throws Exception {
    Files.copy(
        WRITE.resolve("v1-2026-12-03-write").resolve("group.json"),
        dir.resolve("group.json"),
        StandardCopyOption.REPLACE_EXISTING);
    Files.writeString(dir.resolve("samples.csv"), samplesCsv, StandardCharsets.UTF_8);
    return dir;
  }

  @Test
  void readsTheTargetsAndEachOnesRateAnEmptyCellNotWritingAndACutLastLineLeftOut()
      throws Exception {
    GroupFolder g =
        GroupFolder.read(
            group(
                "time_s,t1_MBps,t2_MBps,sum_MBps\n"
                    + "0.100,900.5,,900.5\n"
                    + "\n"
                    + "0.200, 950 ,1000,1950\n"
                    + "0.300,1"));
    assertThat(g.command()).isEqualTo("write");
    assertThat(g.status()).isEqualTo("complete");
    assertThat(g.intervalSeconds()).isEqualTo(0.1);
    assertThat(g.names()).containsExactly("t1", "t2");
    GroupFolder.Target t1 = g.targets().getFirst();
    assertThat(t1.folder()).isEqualTo(dir.resolve("t1"));
    assertThat(t1.startSeconds()).isEqualTo(0.012);
    assertThat(t1.error()).isNull();
    assertThat(Double.isNaN(t1.soloMBps())).isTrue();
    assertThat(t1.soloSource()).isNull();
    assertThat(g.shared().path("summary").asText()).startsWith("cannot tell");
    assertThat(g.timeSeconds()).containsExactly(0.1, 0.2);
    assertThat(g.rateMBps()[0]).containsExactly(900.5, 950);
    assertThat(g.rateMBps()[1]).containsExactly(Double.NaN, 1000);
  }

  @Test
  void aBrokenSamplesCsvIsRefusedInOneLineNamingItsLine() throws Exception {
    Path csv = dir.resolve("samples.csv");
    assertThatThrownBy(() -> GroupFolder.read(group("time_s,t1_MBps\n0.1,5\n")))
        .isInstanceOf(InputFormatException.class)
        .hasMessage(csv + ":1: no column t2_MBps for a target of group.json");
    assertThatThrownBy(() -> GroupFolder.read(group("t1_MBps,t2_MBps\n")))
        .hasMessage(csv + ":1: no time_s column");
    assertThatThrownBy(() -> GroupFolder.read(group(""))).hasMessage(csv + ": empty: no header");
    assertThatThrownBy(() -> GroupFolder.read(group("time_s,t1_MBps,t2_MBps\n0.1,1\n0.2,1,2\n")))
        .hasMessage(csv + ":2: fewer cells than the header has columns");
    assertThatThrownBy(() -> GroupFolder.read(group("time_s,t1_MBps,t2_MBps\n0.1,1,2\n0.2,x,2\n")))
        .hasMessageStartingWith(csv + ":3: not a number: ");
  }

  @Test
  void aGroupJsonThatIsNoGroupsIsRefusedInOneLine() throws Exception {
    Files.writeString(dir.resolve("group.json"), "{\"kind\":\"run\",\"targets\":[]}");
    assertThatThrownBy(() -> GroupFolder.read(dir))
        .isInstanceOf(InputFormatException.class)
        .hasMessage(
            dir.resolve("group.json") + ": not a group's group.json (no \"kind\": \"group\")");
  }
}
