package dev.sustain.sampling;

import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A finished samples.csv's header and rows as text, as a {@link SamplesCsv.Reader} read them once
 * for the run's end, so that the history stores the rows without opening the file again. Only a
 * file of at most {@link #MAX_CHARS} is kept: a longer one (a run of days at a short interval) is
 * streamed from the file by the history, as it always was, rather than held in memory.
 *
 * @param header the header line as written
 * @param lines every row after the header, in the file's order
 */
public record SamplesCsvLines(String header, List<Line> lines) {

  /**
   * The most text kept: 16 million characters, some 100 000 rows of a write (a day and more at one
   * row a second), tens of MB of heap; the analysis of the same run holds a few numbers a row.
   */
  public static final long MAX_CHARS = 16_000_000;

  public SamplesCsvLines {
    lines = Collections.unmodifiableList(lines);
  }

  /**
   * A reader of these rows as the file holds them: the header on the first line, as Sustain writes
   * it, and each row on the line its {@link Line#seq} gives, so a row's line number (which a note
   * on a line cut short names) is the file's.
   */
  public SamplesCsv.Reader reader() throws IOException {
    StringBuilder text = new StringBuilder(header).append('\n');
    long next = 0;
    for (Line line : lines) {
      for (; next < line.seq(); next++) {
        text.append('\n'); // a blank or comment line of the file, which the reader skips
      }
      text.append(line.text()).append('\n');
      next = line.seq() + 1;
    }
    return SamplesCsv.Reader.of(new StringReader(text.toString()));
  }

  /**
   * One row.
   *
   * @param seq its place after the header line, blank and comment lines counted (the line number
   *     less the header's, less one), as the history and the dashboard number a folder's rows
   * @param text the line as written (stripped)
   */
  public record Line(long seq, String text) {}

  /** Collects the rows a reader gives, until they pass {@link #MAX_CHARS}. Not thread-safe. */
  public static final class Collector {
    private final long maxChars;
    private String header;
    private final List<Line> lines = new ArrayList<>();
    private long chars;
    private boolean tooLong;

    public Collector() {
      this(MAX_CHARS);
    }

    /** A collector that keeps at most {@code maxChars} of row text (tests use a small one). */
    public Collector(long maxChars) {
      this.maxChars = maxChars;
    }

    /** A row of {@code reader}, in the file's order. */
    public void row(SamplesCsv.Reader reader, SamplesCsv.Row row) {
      if (tooLong) {
        return;
      }
      String text = row.text();
      chars += text.length();
      if (chars > maxChars) {
        tooLong = true;
        lines.clear(); // the file is the history's to read
        return;
      }
      header = reader.headerText();
      lines.add(new Line(row.lineNumber() - reader.headerLine() - 1, text));
    }

    /**
     * What was read, or null when it was too long to keep or held no row (a reader tells no header
     * without a row: the history reads such a file itself, as it is).
     */
    public SamplesCsvLines lines() {
      return tooLong || lines.isEmpty() ? null : new SamplesCsvLines(header, List.copyOf(lines));
    }
  }
}
