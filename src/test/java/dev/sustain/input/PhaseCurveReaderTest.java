package dev.sustain.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.sustain.analysis.SampleSeries;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The curve is the write phase: flush rows become flush_s, other phases leave the time axis. */
class PhaseCurveReaderTest {

  @TempDir Path dir;

  private Path folder(String samples) throws Exception {
    Files.writeString(dir.resolve("samples.csv"), samples, StandardCharsets.UTF_8);
    return dir;
  }

  @Test
  void aWriteRunsFlushRowsAreItsFlushTimeNotSamples() throws Exception {
    Path f =
        folder(
            "time_s,write_MBps,bytes,temp_C,phase\n"
                + "1,100,100000000,,write\n"
                + "2,100,100000000,,write\n"
                + "2.4,100,40000000,,write\n"
                + "3,0,0,,flush\n"
                + "3.5,0,0,,flush\n");

    SampleSeries s = CurveReader.read(f).series();

    assertThat(s.size()).isEqualTo(3);
    assertThat(s.totalBytes()).isEqualTo(240_000_000L);
    assertThat(s.flushSeconds()).isCloseTo(1.1, within(1e-9));
    assertThat(s.durationSeconds()).isCloseTo(2.4, within(1e-9));
  }

  @Test
  void aCopysReadBacksAndCooldownsLeaveTheTimeAxis() throws Exception {
    Path f =
        folder(
            "time_s,write_MBps,bytes,pass,phase\n"
                + "1,50,50000000,1,write\n"
                + "2,50,50000000,1,write\n"
                + "2.5,0,0,1,flush\n"
                + "4,0,0,1,read\n"
                + "14,0,0,1,cooldown\n"
                + "15,40,40000000,2,write\n"
                + "16,40,40000000,2,write\n"
                + "16.2,0,0,2,flush\n");

    ImportedCurve c = CurveReader.read(f);
    SampleSeries s = c.series();

    assertThat(s.size()).isEqualTo(4);
    assertThat(s.timeSecondsArray()).containsExactly(1, 2, 3, 4);
    assertThat(s.intervalSeconds(2)).isEqualTo(1.0);
    assertThat(s.flushSeconds()).isCloseTo(0.7, within(1e-9));
    assertThat(c.notes()).anyMatch(n -> n.contains("left out 2 intervals of cooldown, read"));
  }

  @Test
  void aFolderWithoutPhaseReadsEveryRowAsWriteAsBefore() throws Exception {
    Path f = folder("time_s,write_MBps,bytes\n1,100,100000000\n2,0,0\n");

    SampleSeries s = CurveReader.read(f).series();

    assertThat(s.size()).isEqualTo(2);
    assertThat(s.flushSeconds()).isZero();
  }

  @Test
  void aReadBacksFolderIsItsReadRows() throws Exception {
    Path f = folder("time_s,read_MBps,bytes,phase\n1,300,300000000,read\n2,310,310000000,read\n");

    SampleSeries s = CurveReader.read(f).series();

    assertThat(s.size()).isEqualTo(2);
    assertThat(s.writeMBps(1)).isEqualTo(310.0);
  }

  @Test
  void onlyFlushRowsIsNoCurve() throws Exception {
    Path f = folder("time_s,write_MBps,bytes,phase\n1,0,0,flush\n");

    assertThatThrownBy(() -> CurveReader.read(f))
        .isInstanceOf(InputFormatException.class)
        .hasMessageContaining("no samples of the write phase");
  }
}
