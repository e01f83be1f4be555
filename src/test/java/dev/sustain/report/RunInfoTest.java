package dev.sustain.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class RunInfoTest {

  @Test
  void deviceAndParametersForPeople() throws Exception {
    String json =
        """
        {"target": {"path": "/dev/sdb", "kind": "device",
          "device": {"name": "sdb", "model": "WD PC SN810", "serial": "A1", "size_bytes": 2000398934016,
            "rotational": false, "discard": true, "transport": "usb", "firmware": "61500WD",
            "link": {"kind": "usb", "description": "USB 3.2 Gen 2 (10 Gb/s)", "ceiling_MBps": 1050.0},
            "link_ceiling_MBps": 1050.0, "temperature_source": "smartctl"}},
         "params": {"size_bytes": 322122547200, "bs_bytes": 1048576, "qd": 32, "buffered": false,
           "engine": "uring", "pattern": "random"},
         "result": {"status": "complete"}}
        """;
    RunInfo info = RunInfo.of(new ObjectMapper().readTree(json));
    assertThat(info.driveName()).isEqualTo("WD PC SN810 A1");
    assertThat(info.summary()).isEqualTo("300 GiB, 1 MiB blocks, QD 32, direct, random data");
    assertThat(info.device())
        .containsEntry("size", "2.0 TB")
        .containsEntry("media", "SSD")
        .containsEntry("link", "USB 3.2 Gen 2 (10 Gb/s)")
        .containsEntry("link ceiling", "1050 MB/s")
        .containsEntry("discard (TRIM)", "yes");
    assertThat(info.params())
        .containsEntry("size", "300 GiB (322 GB)")
        .containsEntry("status", "complete");
  }

  @Test
  void aFlushUnderASecondIsInMilliseconds() throws Exception {
    ObjectMapper m = new ObjectMapper();
    String[][] cases = {
      {"0.016", "16 ms"}, {"0.0042", "4.2 ms"}, {"0.5", "500 ms"}, {"2.34", "2.3 s"}
    };
    for (String[] c : cases) {
      RunInfo info = RunInfo.of(m.readTree("{\"result\": {\"flush_s\": " + c[0] + "}}"));
      assertThat(info.params()).as("flush_s " + c[0]).containsEntry("flush", c[1]);
    }
  }

  @Test
  void theJobBoxHoldsASizeTheCommandLineTakes() {
    assertThat(HtmlReport.jobText(12_749_111_296L)).isEqualTo("12.7GB");
    assertThat(HtmlReport.jobText(322_122_547_200L)).isEqualTo("300GiB");
    assertThat(HtmlReport.jobText(500_000_000_000L)).isEqualTo("500GB");
    assertThat(HtmlReport.jobText(1_234_567_890L)).isEqualTo("1.23GB");
    // A job asked for keeps every digit the user gave, in a spelling the command line takes.
    assertThat(HtmlReport.exactJobText(12_750_000_000L)).isEqualTo("12.75GB");
    assertThat(HtmlReport.exactJobText(12_749_111_296L)).isEqualTo("12.749111296GB");
    assertThat(HtmlReport.exactJobText(322_122_547_200L)).isEqualTo("300GiB");
    assertThat(HtmlReport.exactJobText(500_000_000_000L)).isEqualTo("500GB");
    for (String text : new String[] {"12.7GB", "1.23GB", "0.123GB", "12.749111296GB"}) {
      assertThat(dev.sustain.unit.ByteSize.parse(text).bytes()).as(text).isPositive();
    }
  }

  @Test
  void anImportedCurveHasNone() {
    assertThat(RunInfo.read(Path.of("src/test/resources/report/wd-sn810.csv")))
        .isEqualTo(RunInfo.NONE);
    assertThat(CurveReport.labelOf(Path.of("x/wd-sn810.csv"), RunInfo.NONE)).isEqualTo("wd-sn810");
  }
}
