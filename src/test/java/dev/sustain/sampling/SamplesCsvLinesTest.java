package dev.sustain.sampling;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringReader;
import org.junit.jupiter.api.Test;

/**
 * The rows a run's end read, kept for the history as the history would read them from the file:
 * each under its place after the header (blank and comment lines counted), and none kept when the
 * file is longer than the heap should hold, or has no row.
 */
class SamplesCsvLinesTest {

  private static SamplesCsvLines collected(String csv, long maxChars) throws Exception {
    SamplesCsvLines.Collector c = new SamplesCsvLines.Collector(maxChars);
    try (SamplesCsv.Reader r = SamplesCsv.Reader.of(new StringReader(csv))) {
      for (SamplesCsv.Row row = r.next(); row != null; row = r.next()) {
        c.row(r, row);
      }
    }
    return c.lines();
  }

  @Test
  void eachRowUnderItsPlaceAfterTheHeader() throws Exception {
    SamplesCsvLines l =
        collected("# a comment\ntime_s,write_MBps\n1,10\n\n2,20\n# mid\n3,30\n", 1_000);
    assertThat(l.header()).isEqualTo("time_s,write_MBps");
    assertThat(l.lines())
        .containsExactly(
            new SamplesCsvLines.Line(0, "1,10"),
            new SamplesCsvLines.Line(2, "2,20"),
            new SamplesCsvLines.Line(4, "3,30"));
  }

  @Test
  void aFileLongerThanTheLimitOrWithoutRowsIsLeftToTheFile() throws Exception {
    String csv = "time_s,write_MBps\n1,10\n2,20\n3,30\n";
    assertThat(collected(csv, 12)).as("12 characters of rows: all kept").isNotNull();
    assertThat(collected(csv, 11)).as("one more than 11").isNull();
    assertThat(collected("time_s,write_MBps\n", 1_000)).isNull();
    assertThat(collected(csv, SamplesCsvLines.MAX_CHARS).lines()).hasSize(3);
  }

  @Test
  void theKeptRowsReadBackOnTheLinesTheFileHadThem() throws Exception {
    // A reader of the kept rows gives each row the line number it had in the file (the header
    // first, as Sustain writes it), so a note that names a line names the file's.
    String csv = "time_s,write_MBps\n1,10\n\n2,20\n# mid\n3,30\n";
    try (SamplesCsv.Reader r = collected(csv, 1_000).reader()) {
      assertThat(r.columns()).containsExactly("time_s", "write_MBps");
      StringBuilder read = new StringBuilder();
      for (SamplesCsv.Row row = r.next(); row != null; row = r.next()) {
        read.append(row.lineNumber()).append(':').append(row.text()).append(' ');
      }
      assertThat(read.toString()).isEqualTo("2:1,10 4:2,20 6:3,30 ");
    }
  }
}
