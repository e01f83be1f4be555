package dev.sustain.share;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sustain.expect.Expectation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The local copy of a hub's figures: write --expect-from hub, and a run's percentile. */
class HubModelsTest {

  @TempDir Path dir;

  private Path cache() throws Exception {
    Path f = dir.resolve("hub-models.json");
    Files.writeString(
        f,
        """
        {"hub":"http://127.0.0.1:1","models":{"ACME X":{"model":"ACME X","drives":9,"runs":12,
         "groups":[
          {"capacity_bytes":1000,"firmware":"A","job_key":"write|1048576|32|direct|random|uring|file",
           "drives":2,"burst_MBps":{"median":900},"cache_GB":{"median":20},"floor_MBps":{"median":90}},
          {"capacity_bytes":1000,"firmware":"B","job_key":"write|1048576|32|direct|random|threads|file",
           "drives":7,"burst_MBps":{"median":2500},"cache_GB":{"median":260},"floor_MBps":{"median":127}},
          {"capacity_bytes":1000,"firmware":"B","job_key":"write|131072|4|direct|random|uring|file",
           "drives":30,"burst_MBps":{"median":100},"cache_GB":{"median":1},"floor_MBps":{"median":10}}]}}}
        """);
    return f;
  }

  @Test
  void theHubPredictsFromTheMediansOfTheGroupWithTheMostDrivesForThisRequestAndDepth()
      throws Exception {
    Expectation e = HubModels.expectation(cache(), "ACME X", 1000, 1_048_576, 32);
    assertThat(e.burstMBps()).isEqualTo(2500);
    assertThat(e.cacheBytes()).isEqualTo(260_000_000_000L);
    assertThat(e.floorMBps()).isEqualTo(127);
    assertThat(e.cliff()).isEqualTo(Expectation.Cliff.AFTER);
    assertThat(e.text()).contains("the hub's 7 drives of ACME X");
  }

  @Test
  void aModelOrJobTheCopyDoesNotKnowIsOneLine() throws Exception {
    Path f = cache();
    assertThatThrownBy(() -> HubModels.expectation(f, "OTHER", 1000, 1_048_576, 32))
        .hasMessageContaining("knows no drive model 'OTHER'");
    assertThatThrownBy(() -> HubModels.expectation(f, "ACME X", 2000, 1_048_576, 32))
        .hasMessageContaining("no writes of ACME X");
    assertThatThrownBy(() -> HubModels.expectation(dir.resolve("none.json"), "ACME X", 1000, 1, 1))
        .hasMessageContaining("models --update");
  }

  @Test
  void theLineComesFromTheCopyAloneAndWithoutOneThereIsNone() throws Exception {
    Path run = dev.sustain.hub.HubRuns.write(dir.resolve("run"), "ACME X", 1, 1, 2400, 60, 95, 200);
    // The run's job and capacity, under the copy's model name: two drives in its group.
    String copy =
        Files.readString(cache())
            .replace("\"capacity_bytes\":1000,", "\"capacity_bytes\":1000204886016,")
            .replace("\"firmware\":\"A\"", "\"firmware\":\"FW1.0\"")
            .replace("\"drives\":2,", "\"drives\":2,\"drive_medians\":{\"floor_MBps\":[90,100]},");
    Path file = dir.resolve("copy.json");
    Files.writeString(file, copy);
    assertThat(HubStanding.line(file, run, 95.0, null))
        .hasValueSatisfying(
            l ->
                assertThat(l).startsWith("Hub: among 2 drives").contains("at the 50th percentile"));
    assertThat(HubStanding.line(dir.resolve("none.json"), run, 95.0, null)).isEmpty();
  }

  @Test
  void aPercentileCountsTiesHalfAndOrdinalsReadAsWords() {
    List<Double> v = List.of(100.0, 110.0, 120.0, 130.0);
    assertThat(HubModels.percentile(v, 90)).isZero();
    assertThat(HubModels.percentile(v, 120)).isEqualTo(63); // 2 below, 1 tie: 2.5 of 4
    assertThat(HubModels.percentile(v, 200)).isEqualTo(100);
    assertThat(HubStanding.ordinal(1)).isEqualTo("1st");
    assertThat(HubStanding.ordinal(12)).isEqualTo("12th");
    assertThat(HubStanding.ordinal(22)).isEqualTo("22nd");
    assertThat(HubStanding.ordinal(63)).isEqualTo("63rd");
  }

  @Test
  void theLinkTierCeilingIsTheHubsOwnNeverTheDocuments() {
    assertThat(LinkTier.ceilingMBps("usb-5000Mbps")).isEqualTo(625);
    assertThat(LinkTier.ceilingMBps("pcie-gen4-x4")).isEqualTo(7876);
    assertThat(LinkTier.ceilingMBps("sata-6Gbps")).isEqualTo(600);
    assertThat(LinkTier.valid("usb-5000Mbps; DROP TABLE")).isFalse();
  }
}
