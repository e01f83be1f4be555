package dev.sustain.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.sustain.testing.RunFolderRig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunImporterTest {

  @TempDir Path temp;

  /** 920 MB/s for 300 s (276 GB), then 127 MB/s for 300 s, with a small fixed wobble. */
  static String cliffCsv(boolean withBytes) {
    StringBuilder s =
        new StringBuilder(withBytes ? "time_s,write_MBps,bytes\n" : "time_s,write_MBps\n");
    for (int t = 1; t <= 600; t++) {
      double level = t <= 300 ? 920 : 127;
      double mbps = level * (1 + 0.01 * Math.sin(t * 1.7));
      s.append(t).append(',').append(String.format(Locale.ROOT, "%.3f", mbps));
      if (withBytes) {
        s.append(',').append(Math.round(mbps * 1e6));
      }
      s.append('\n');
    }
    return s.toString();
  }

  @Test
  void aRunFolderWithoutAnalysisIsAnalysedFromItsSamples() throws Exception {
    Path dir =
        RunFolderRig.write(
            temp.resolve("killed"),
            """
        {"version":1,"command":"write","run_id":"k-1","host":"lab1",
         "target":{"path":"/mnt/k","kind":"file","device":{"model":"KINGSTON SNV3S1000G","serial":"S1"}},
         "params":{},"started":"2026-03-01T09:00:00Z","ended":"2026-03-01T09:10:00Z",
         "result":{"bytes":314000000000,"seconds":600.0,"average_MBps":523.0,"status":"complete","error":null}}
        """,
            cliffCsv(true));
    RunRecord r = RunImporter.read(dir, null);
    assertThat(r.runId()).isEqualTo("k-1");
    assertThat(r.figures().shape()).isEqualTo("cache-cliff");
    assertThat(r.figures().burstMBps()).isCloseTo(920, within(15.0));
    assertThat(r.figures().floorMBps()).isCloseTo(127, within(5.0));
    assertThat(r.figures().cacheGB()).isCloseTo(276, within(3.0));
    // The run's own figures stay the run's own.
    assertThat(r.figures().averageMBps()).isEqualTo(523.0);
    assertThat(r.figures().bytes()).isEqualTo(314_000_000_000L);
    assertThat(r.analysisJson()).contains("\"shape\"");
    // samples.csv names its folder.
    assertThat(RunImporter.read(dir.resolve("samples.csv"), null).runId()).isEqualTo("k-1");
  }

  @Test
  void aCsvLogIsAnalysedAndBelongsToTheNamedDrive() throws Exception {
    Path a = Files.writeString(temp.resolve("kingston.csv"), cliffCsv(false));
    RunRecord r = RunImporter.read(a, "KINGSTON-SNV3S1000G_S1");
    assertThat(r.drive().id()).isEqualTo("KINGSTON-SNV3S1000G_S1");
    assertThat(r.command()).isEqualTo("import");
    assertThat(r.figures().shape()).isEqualTo("cache-cliff");
    assertThat(r.figures().seconds()).isCloseTo(600, within(1.0));
    assertThat(r.ended()).isEqualTo(Files.getLastModifiedTime(a).toInstant());
    assertThat(r.paramsJson()).contains("\"format\":\"csv\"");
    // The same log copied elsewhere is the same run.
    Path copy =
        Files.writeString(
            Files.createDirectories(temp.resolve("b")).resolve("x.csv"), cliffCsv(false));
    assertThat(RunImporter.read(copy, null).runId()).isEqualTo(r.runId());
    assertThat(RunImporter.read(copy, null).drive().id()).isEqualTo("imported:x.csv");
  }

  @Test
  void aFioLogWithGapsImports() throws Exception {
    StringBuilder s = new StringBuilder();
    for (int t = 1; t <= 120; t++) {
      if (t % 10 == 0) {
        continue; // fio leaves out the seconds in which nothing completed
      }
      s.append(t * 1000).append(", ").append(500_000).append(", 1, 1048576, 0\n");
    }
    Path log = Files.writeString(temp.resolve("job_bw.1.log"), s.toString());
    RunRecord r = RunImporter.read(log, "D1");
    assertThat(r.paramsJson()).contains("fio_bw_log");
    assertThat(r.figures().seconds()).isCloseTo(120, within(1.0));
    // 108 seconds at 512 MB/s and 12 restored as zero.
    assertThat(r.figures().averageMBps()).isCloseTo(512.0 * 108 / 120, within(5.0));
  }

  @Test
  void aMissingInputIsRefused() {
    assertThatThrownBy(() -> RunImporter.read(temp.resolve("nope"), null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no such run folder or log");
  }
}
