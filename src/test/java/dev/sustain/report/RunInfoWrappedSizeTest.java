package dev.sustain.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/**
 * A run given both --size and --time writes a file of that size round until the time is up: its
 * page's header says so and what it wrote, not the file's size alone ("1 GiB" for a run that wrote
 * 150 GB read as the job).
 */
class RunInfoWrappedSizeTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void aFileRewrittenForATimeIsSaidAsSuchWithWhatItWrote() throws Exception {
    RunInfo info =
        RunInfo.of(
            JSON.readTree(
                """
                {"params": {"size_bytes": 1073741824, "time_s": 3600, "bs_bytes": 1048576,
                   "qd": 32, "buffered": false},
                 "result": {"status": "complete", "bytes": 150117285888}}
                """));
    assertThat(info.summary())
        .isEqualTo(
            "1 GiB file rewritten for 1h 00m 00s (150 GB written), 1 MiB blocks, QD 32, direct");
    assertThat(info.params())
        .containsEntry("size", "1 GiB (1.1 GB)")
        .containsEntry("time", "1h 00m 00s");
  }

  @Test
  void aSizeAloneIsTheJobAsBefore() throws Exception {
    RunInfo info =
        RunInfo.of(
            JSON.readTree(
                """
                {"params": {"size_bytes": 1073741824, "qd": 32},
                 "result": {"status": "complete", "bytes": 1073741824}}
                """));
    assertThat(info.summary()).isEqualTo("1 GiB, QD 32");
  }
}
