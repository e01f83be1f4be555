package dev.sustain.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What no real log is, refused on its line before it costs memory or gives garbage figures: a time
 * jump to 2038 or into epoch nanoseconds, a rate of 1e308 MB/s, a 2 GB file without a line break;
 * and what real files are that used to be refused (a byte-order mark).
 */
class HostileInputTest {

  @TempDir Path dir;

  private Path file(String name, String text) throws IOException {
    return Refusals.file(dir, name, text);
  }

  private static String fioLog(int lines, int jumpAtLine, long jumpToMs) {
    StringBuilder b = new StringBuilder();
    for (int i = 1; i <= lines; i++) {
      long ms = i == jumpAtLine ? jumpToMs : i * 1000L;
      b.append(ms).append(", 500000, 1, 1048576, 0\n");
    }
    return b.toString();
  }

  @Test
  void aFioLogWithOneJumpToTheYear2038IsRefusedOnItsLineAtOnce() throws IOException {
    // 58 lines, line 30 at 2^31 s in ms: restoring the periods in between took 18 s and the heap.
    Path p = file("job_bw.1.log", fioLog(58, 30, 2_147_483_648_000L));

    long started = System.nanoTime();
    Refusals.refused(p).hasMessageStartingWith(p + ":30: ").hasMessageContaining("above 1e9 s");
    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));
  }

  @Test
  void aJumpOfMoreThanADayIsRefusedNotFilledInWithMillionsOfZeros() throws IOException {
    Path p = file("job_bw.1.log", fioLog(58, 58, 10_000_000_000L)); // 10^10 ms: 115 days

    Refusals.refused(p)
        .hasMessageStartingWith(p + ":58: ")
        .hasMessageContaining("jumps by more than a day");
  }

  @Test
  void aCsvJumpOfMoreThanADayIsRefusedOnItsLine() throws IOException {
    Path p = file("c.csv", "time_s,write_MBps\n1,100\n2,100\n90000,100\n");

    Refusals.refused(p)
        .hasMessageStartingWith(p + ":4: ")
        .hasMessageContaining("jumps by more than a day");
  }

  @Test
  void aLongCellIsQuotedByItsStartAndLength() throws IOException {
    Path p = file("c.csv", "time_s,write_MBps\n1,100\n2," + "9".repeat(5000) + "\n");

    Refusals.refused(p)
        .hasMessageStartingWith(p + ":3: write_MBps is not a finite number: '9999")
        .hasMessageEndingWith("...' (5000 characters)")
        .satisfies(e -> assertThat(e.getMessage().length()).isLessThan(200));
  }

  @Test
  void aRateOf1e308IsRefusedNotAnalysedIntoNaN() throws IOException {
    Path p = file("c.csv", "time_s,write_MBps\n1,100\n2,1e308\n3,100\n");

    Refusals.refused(p).hasMessageStartingWith(p + ":3: ").hasMessageContaining("above 1e7 MB/s");
  }

  @Test
  void timesUpTo1e302AndEpochNanosecondsAreRefused() throws IOException {
    Path huge = file("huge.csv", "time_s,write_MBps\n1,100\n1e302,100\n");
    Path nanos =
        file("nanos.csv", "time_s,write_MBps\n1764547200000000000,100\n1764547201000000000,90\n");

    assertThatThrownBy(() -> CurveReader.read(huge))
        .hasMessageStartingWith(huge + ":3: ")
        .hasMessageContaining("above 1e9 s");
    assertThatThrownBy(() -> CurveReader.read(nanos))
        .hasMessageStartingWith(nanos + ":2: ")
        .hasMessageContaining("epoch time");
  }

  @Test
  void aNegativeFioValueNamesItsLine() throws IOException {
    Path rate = file("a_bw.log", "1000, 500000, 1, 4096, 0\n2000, -300000, 1, 4096, 0\n");
    Path time = file("b_bw.log", "1000, 500000, 1, 4096, 0\n-300000, 5000, 1, 4096, 0\n");

    assertThatThrownBy(() -> CurveReader.read(rate))
        .isInstanceOf(InputFormatException.class)
        .hasMessage(rate + ":2: KiB/s cannot be negative: -300000");
    assertThatThrownBy(() -> CurveReader.read(time))
        .isInstanceOf(InputFormatException.class)
        .hasMessage(time + ":2: msec cannot be negative: -300000");
  }

  @Test
  void aCsvThatStartsWithAByteOrderMarkIsRead() throws IOException {
    Path p = file("excel.csv", "\uFEFFtime_s,write_MBps\n1,100\n2,90\n");

    ImportedCurve c = CurveReader.read(p);

    assertThat(c.format()).isEqualTo(ImportedCurve.Format.CSV);
    assertThat(c.series().size()).isEqualTo(2);
  }

  @Test
  void aTwoGigabyteFileWithoutALineBreakIsOneLineOfRefusal() throws IOException {
    Path p = dir.resolve("sparse.csv");
    try (RandomAccessFile f = new RandomAccessFile(p.toFile(), "rw")) {
      f.setLength(2_000_000_000L); // sparse: zeros the disk does not hold
    }

    Refusals.refused(p)
        .hasMessage(p + ":1: a line longer than 65536 characters: not a CSV nor a fio log");
  }

  @Test
  void aRunJsonOfANewerFormatIsRefusedWithOneLine() throws IOException {
    file("samples.csv", "time_s,write_MBps\n1,100\n");
    Path runJson = file("run.json", "{\"version\":99,\"result\":{\"status\":\"complete\"}}");

    assertThatThrownBy(() -> CurveReader.read(dir))
        .isInstanceOf(InputFormatException.class)
        .hasMessage(
            runJson
                + ": made by a newer Sustain (format version 99, this one reads up to 1):"
                + " read it with a newer Sustain");
  }
}
