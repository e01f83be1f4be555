package dev.sustain.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.sustain.analysis.Media;
import dev.sustain.analysis.SampleSeries;
import java.io.IOException;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class CurveReaderTest {

  @TempDir Path dir;

  private Path file(String name, String text) throws IOException {
    return Refusals.file(dir, name, text);
  }

  private static final String HEADER =
      "time_s,write_MBps,bytes,iops,lat_p50_ms,lat_p99_ms,lat_max_ms,cpu_pct,temp_C,sys_cpu_pct\n";

  private static final String RUN_JSON =
      """
      {"version":1,"command":"write","target":{"path":"/mnt","kind":"file",
       "device":{"name":"sda","rotational":%s,"link_ceiling_MBps":1000}},
       "cpu_cores":4,
       "result":{"bytes":300,"seconds":3,"average_MBps":%s,"flush_s":0.5,"status":"%s"}}
      """;

  @Test
  void aPlainCsvWithOptionalColumnsAndEmptyCells() throws IOException {
    Path p = file("c.csv", "time_s,write_MBps,temp_C\n1,100.5,40\n2,0,\n3,99,41.5\n");

    ImportedCurve c = CurveReader.read(p);

    assertThat(c.format()).isEqualTo(ImportedCurve.Format.CSV);
    SampleSeries s = c.series();
    assertThat(s.size()).isEqualTo(3);
    assertThat(s.writeMBps(0)).isEqualTo(100.5);
    assertThat(s.bytes(0)).isEqualTo(100_500_000L);
    assertThat(s.bytes(1)).isZero();
    assertThat(s.tempC(1)).isNaN();
    assertThat(s.tempC(2)).isEqualTo(41.5);
    assertThat(s.media()).isEqualTo(Media.UNKNOWN);
  }

  @Test
  void theRequestSizeComesFromBytesAndIopsAndIsUnknownWithoutThem() throws IOException {
    // 1 MiB requests: 3, 4 and 5 of them in intervals of 1, 0.5 and 1 s (iops = requests / s).
    Path samples =
        file(
            "s.csv",
            "time_s,write_MBps,bytes,iops\n1,3.1,3145728,3.0\n1.5,8.4,4194304,8.0\n"
                + "2.5,5.2,5242880,5.0\n");
    Path plain = file("p.csv", "time_s,write_MBps\n1,3.1\n2,4.2\n");

    assertThat(CurveReader.read(samples).series().requestBytes()).isEqualTo(1L << 20);
    assertThat(CurveReader.read(plain).series().requestBytes()).isZero();
  }

  @Test
  void aRunFolderLooksColumnsUpByNameAndTakesMediaLinkCoresAndAverageFromRunJson()
      throws IOException {
    file(
        "samples.csv",
        HEADER + "1.000,100,100000000,95,1,2,3,12.5,40,7\n2.000,50,50000000,48,1,2,3,13,41,7\n");
    file("run.json", RUN_JSON.formatted("true", "42.5", "complete"));

    ImportedCurve c = CurveReader.read(dir);

    assertThat(c.format()).isEqualTo(ImportedCurve.Format.RUN_FOLDER);
    SampleSeries s = c.series();
    assertThat(s.size()).isEqualTo(2);
    assertThat(s.bytes(1)).isEqualTo(50_000_000L);
    assertThat(s.cpuPct(0)).isEqualTo(12.5);
    assertThat(s.tempC(1)).isEqualTo(41);
    assertThat(s.media()).isEqualTo(Media.HDD);
    assertThat(s.linkCeilingMBps()).isEqualTo(1000);
    assertThat(s.cpuCores()).isEqualTo(4);
    assertThat(s.reportedAverageMBps()).isEqualTo(42.5);
    assertThat(c.notes()).isEmpty();
    // The samples.csv path leads to the same folder.
    assertThat(CurveReader.read(dir.resolve("samples.csv")).format())
        .isEqualTo(ImportedCurve.Format.RUN_FOLDER);
  }

  @Test
  void aKilledRunIsReadAsFarAsItGotAndItsCutLastLineIsDropped() throws IOException {
    file(
        "samples.csv",
        HEADER
            + "1.000,100,100000000,95,1,2,3,12.5,,\n"
            + "2.000,90,90000000,95,1,2,3,12.5,,\n"
            + "3.000,8"); // killed while writing this line
    file("run.json", RUN_JSON.formatted("false", "0.0", "running"));

    ImportedCurve c = CurveReader.read(dir);

    assertThat(c.series().size()).isEqualTo(2);
    assertThat(c.series().media()).isEqualTo(Media.SSD);
    assertThat(c.series().reportedAverageMBps()).as("a running run has no average").isNaN();
    assertThat(c.notes()).anyMatch(n -> n.contains("never finished"));
    assertThat(c.notes()).anyMatch(n -> n.contains("dropped the last line (4)"));
  }

  @Test
  void aBadLineInTheMiddleNamesTheFileAndTheLine() throws IOException {
    Path p = file("c.csv", "time_s,write_MBps\n1,100\n2,fast\n3,100\n");

    Refusals.refused(p)
        .hasMessage(p + ":3: write_MBps is not a number: 'fast'")
        .extracting(e -> ((InputFormatException) e).line())
        .isEqualTo(3L);
  }

  @Test
  void anAveragedFioLogRestoresTheLeftOutSecondsAsZeroAndConvertsKibToMb() throws IOException {
    // 1,000,000 KiB/s = 1,024,000,000 B/s = 1024 MB/s. fio left out seconds 3 and 4.
    Path p =
        file(
            "job_bw.1.log",
            "1000, 1000000, 1, 1048576, 0\n"
                + "2001, 1000000, 1, 1048576, 0\n"
                + "2002, 5, 0, 4096, 0\n" // a read: ignored
                + "5003, 500000, 1, 1048576, 0, 0\n");

    ImportedCurve c = CurveReader.read(p);

    assertThat(c.format()).isEqualTo(ImportedCurve.Format.FIO_BW_LOG);
    SampleSeries s = c.series();
    assertThat(s.size()).isEqualTo(5);
    assertThat(s.timeSeconds(4)).isEqualTo(5.0);
    assertThat(s.writeMBps(0)).isCloseTo(1024.0, within(1e-9));
    assertThat(s.writeMBps(2)).isZero();
    assertThat(s.writeMBps(3)).isZero();
    assertThat(s.writeMBps(4)).isCloseTo(512.0, within(1e-9));
    assertThat(c.notes()).anyMatch(n -> n.contains("restored 2 periods"));
  }

  @Test
  void aPerIoFioLogBecomesOneSecondSamplesOfTheBytesCompleted() throws IOException {
    StringBuilder b = new StringBuilder();
    // 10 I/Os of 1 MiB in second 1, none in second 2, 5 in second 3.
    for (int i = 0; i < 10; i++) {
      b.append(50 + 90 * i).append(", 20000, 1, 1048576, ").append(i).append('\n');
    }
    for (int i = 0; i < 5; i++) {
      b.append(2010 + 20 * i).append(", 20000, 1, 1048576, ").append(i).append('\n');
    }
    ImportedCurve c = CurveReader.read(file("io_bw.log", b.toString()));

    SampleSeries s = c.series();
    assertThat(s.size()).isEqualTo(3);
    assertThat(s.bytes(0)).isEqualTo(10 * 1048576L);
    assertThat(s.bytes(1)).isZero();
    assertThat(s.bytes(2)).isEqualTo(5 * 1048576L);
  }

  /**
   * Files that are no curve, each refused with its path, the line that is wrong (where there is
   * one) and why: {@code said} is how the message goes on after the path, the whole of it where
   * {@code whole}.
   */
  static Stream<Arguments> refusedFiles() {
    return Stream.of(
        // time that does not increase
        Arguments.of(
            "c.csv", "time_s,write_MBps\n1,100\n1,100\n", ":3: time_s must increase", false),
        // a header without the rate: line one
        Arguments.of(
            "c.csv",
            "time_s,speed\n1,100\n",
            ":1: the header must name time_s and write_MBps",
            false),
        // something else entirely
        Arguments.of("notes.txt", "\nhello world\n", ":2: neither a CSV", false),
        // a fio log of reads only
        Arguments.of(
            "r_bw.log",
            "1000, 1000, 0, 4096, 0\n2000, 1000, 0, 4096, 0\n",
            ": no write entries (direction 1), only 2 read or trim entries",
            true),
        // a broken fio line names its line
        Arguments.of("b_bw.log", "1000, 1000, 1, 4096, 0\n2000, x, 1, 4096, 0\n", ":2:", false));
  }

  @ParameterizedTest(name = "{0}: {2}")
  @MethodSource("refusedFiles")
  void aFileThatIsNoCurveIsRefusedSayingWhereAndWhy(
      String name, String text, String said, boolean whole) throws IOException {
    Path p = file(name, text);
    if (whole) {
      Refusals.refused(p).hasMessage(p + said);
    } else {
      Refusals.refused(p).hasMessageStartingWith(p + said);
    }
  }

  @Test
  void aMissingInputIsOneLine() {
    Path p = dir.resolve("nothing-here");
    Refusals.refused(p).hasMessage(p + ": no such file or run folder");
  }

  @Test
  void brokenRunJsonNamesItsLine() throws IOException {
    file("samples.csv", HEADER + "1.000,100,100000000,95,1,2,3,,,\n");
    file("run.json", "{\n\"version\": 1,\n\"result\": {\"status\": }\n}\n");

    assertThatThrownBy(() -> CurveReader.read(dir))
        .isInstanceOf(InputFormatException.class)
        .hasMessageStartingWith(dir.resolve("run.json") + ":3: not valid JSON");
  }

  @Test
  void fioTimestampsThatRunLateByAMillisecondEachDoNotMakeFakeGaps() throws IOException {
    StringBuilder b = new StringBuilder();
    for (int i = 1; i <= 3000; i++) {
      b.append(1001L * i).append(", 100000, 1, 1048576, 0\n");
    }
    ImportedCurve c = CurveReader.read(file("late_bw.log", b.toString()));

    assertThat(c.series().size()).isEqualTo(3000);
    assertThat(c.notes()).noneMatch(n -> n.contains("restored"));
    for (int i = 0; i < 3000; i++) {
      assertThat(c.series().writeMBps(i)).isCloseTo(102.4, within(1e-9));
    }
  }

  @Test
  void twoJobsInOneFioLogAreAdded() throws IOException {
    Path p =
        file(
            "two_bw.log",
            "1000, 1000, 1, 4096, 0\n1003, 2000, 1, 4096, 0\n"
                + "2001, 1000, 1, 4096, 0\n2002, 2000, 1, 4096, 0\n");

    SampleSeries s = CurveReader.read(p).series();

    assertThat(s.size()).isEqualTo(2);
    assertThat(s.writeMBps(1)).isCloseTo(3000 * 1024 / 1e6, within(1e-9));
  }
}
