package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.sampling.SamplesCsv;
import dev.sustain.unit.Durations;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks what a run printed and recorded as a reader would, from the printed digits alone: every "X
 * over Y in Z" is Y / Z within the rounding of the three numbers, and every row of samples.csv has
 * its rate equal to its bytes over its time_s less the one before, to the printed digits.
 */
final class PrintedFigures {

  private PrintedFigures() {}

  /** The values a printed number may stand for: [lo, hi]. */
  record Span(double lo, double hi) {
    Span over(Span d) {
      return new Span(lo / d.hi, hi / d.lo);
    }

    boolean meets(Span o) {
      return lo <= o.hi && o.lo <= hi;
    }
  }

  /** A number as printed, e.g. {@code 2.42}: it stands for itself +- half its last digit. */
  static Span number(String printed, double scale) {
    BigDecimal v = new BigDecimal(printed);
    double half = 0.5 * Math.pow(10, -Math.max(0, v.scale()));
    return new Span((v.doubleValue() - half) * scale, (v.doubleValue() + half) * scale);
  }

  static Span bytes(String number, String unit) {
    double scale =
        switch (unit) {
          case "B" -> 1;
          case "kB" -> 1e3;
          case "MB" -> 1e6;
          case "GB" -> 1e9;
          case "TB" -> 1e12;
          default -> throw new IllegalArgumentException("unit " + unit);
        };
    return number(number, scale);
  }

  /**
   * A duration as {@code Durations.inWords} prints it: {@code 2.42s}, {@code 4m 05s}, ..., or
   * {@code under 0.01s} (above zero and below what prints as 0.01s).
   */
  static Span seconds(String printed) {
    if (printed.equals("under 0.01s")) {
      return new Span(Double.MIN_VALUE, Durations.SHORTEST_PRINTED_SECONDS);
    }
    Matcher m = Pattern.compile("(?:(\\d+)h )?(?:(\\d+)m )?([\\d.]+)s").matcher(printed);
    assertThat(m.matches()).as("a duration: " + printed).isTrue();
    double whole = 0;
    if (m.group(1) != null) {
      whole += 3600 * Long.parseLong(m.group(1));
    }
    if (m.group(2) != null) {
      whole += 60 * Long.parseLong(m.group(2));
    }
    Span s = number(m.group(3), 1);
    return new Span(whole + s.lo, whole + s.hi);
  }

  static final String SIZE = "([\\d.]+) (B|kB|MB|GB|TB)";
  static final String TIME = "(under 0\\.01s|(?:\\d+h )?(?:\\d+m )?[\\d.]+s)";
  static final String RATE = "([\\d.]+) MB/s";

  /** Sentences of {@code text} that give a rate with its bytes and time, each checked. */
  private static final List<Pattern> SENTENCES =
      List.of(
          // Wrote 2.1 GB (2 GiB) in 2.42s: average 889 MB/s; Read ...; a group member's line
          Pattern.compile(SIZE + " (?:\\([^)]*\\) )?in " + TIME + ": average " + RATE),
          // average 889 MB/s over 2.1 GB in 2.42s
          Pattern.compile("average\\s+" + RATE + " over " + SIZE + " in " + TIME),
          // Pass 1: wrote 537 MB in 0.68s (795 MB/s, ...
          Pattern.compile("wrote " + SIZE + " in " + TIME + " \\(" + RATE),
          // No lasting drop in 2.40s of writing after the start (2.1 GB at 894 MB/s)
          Pattern.compile(
              "drop in " + TIME + " of writing after the start \\(" + SIZE + " at " + RATE));

  /**
   * Checks every such sentence in {@code text}; returns how many there were.
   *
   * @param passBytes the bytes a copy's pass read back (its "read back in Z (X)" has no Y)
   */
  static int sentencesAddUp(String text, long passBytes) {
    int checked = 0;
    for (int p = 0; p < SENTENCES.size(); p++) {
      Matcher m = SENTENCES.get(p).matcher(text);
      while (m.find()) {
        Span rate;
        Span bytes;
        Span time;
        switch (p) {
          case 0 -> {
            bytes = bytes(m.group(1), m.group(2));
            time = seconds(m.group(3));
            rate = number(m.group(4), 1e6);
          }
          case 1 -> {
            rate = number(m.group(1), 1e6);
            bytes = bytes(m.group(2), m.group(3));
            time = seconds(m.group(4));
          }
          case 2 -> {
            bytes = bytes(m.group(1), m.group(2));
            time = seconds(m.group(3));
            rate = number(m.group(4), 1e6);
          }
          default -> {
            time = seconds(m.group(1));
            bytes = bytes(m.group(2), m.group(3));
            rate = number(m.group(4), 1e6);
          }
        }
        assertThat(bytes.over(time).meets(rate))
            .as("'%s': %s / %s is not %s, in:%n%s", m.group(), bytes, time, rate, text)
            .isTrue();
        checked++;
      }
    }
    if (passBytes > 0) {
      Matcher m = Pattern.compile("read back in " + TIME + " \\(" + RATE).matcher(text);
      while (m.find()) {
        Span bytes = new Span(passBytes, passBytes);
        assertThat(bytes.over(seconds(m.group(1))).meets(number(m.group(2), 1e6)))
            .as("'%s' for %d bytes", m.group(), passBytes)
            .isTrue();
        checked++;
      }
    }
    return checked;
  }

  /**
   * Every row of a samples.csv: its rate columns ({@code write_MBps} over {@code bytes}, {@code
   * read_MBps} over {@code read_bytes} or {@code bytes}) equal their bytes over time_s less the
   * time before it, to the printed three decimals; the times increase. Returns the rows' count.
   */
  static int rowsAddUp(Path samplesCsv) throws IOException {
    List<String> failures = new ArrayList<>();
    int rows = 0;
    try (SamplesCsv.Reader r = SamplesCsv.Reader.open(samplesCsv)) {
      int time = r.column("time_s");
      int bytes = r.column("bytes");
      int write = r.column("write_MBps");
      int read = r.column("read_MBps");
      int readBytes = r.column("read_bytes") >= 0 ? r.column("read_bytes") : bytes;
      BigDecimal previous = BigDecimal.ZERO;
      SamplesCsv.Row row;
      while ((row = r.next()) != null) {
        rows++;
        BigDecimal t = new BigDecimal(row.cell(time));
        BigDecimal length = t.subtract(previous);
        assertThat(length.signum()).as("line %d: time_s increases", row.lineNumber()).isPositive();
        previous = t;
        for (int[] pair : new int[][] {{write, bytes}, {read, readBytes}}) {
          if (pair[0] < 0) {
            continue;
          }
          BigDecimal printed = new BigDecimal(row.cell(pair[0]));
          BigDecimal exact =
              new BigDecimal(row.cell(pair[1]))
                  .divide(length, MathContext.DECIMAL64)
                  .movePointLeft(6);
          if (printed.subtract(exact).abs().doubleValue() > 0.0005 + 1e-12 * exact.doubleValue()) {
            failures.add("line " + row.lineNumber() + ": " + printed + " but " + exact);
          }
        }
      }
    }
    assertThat(failures)
        .as("rows of %s whose rate is not bytes / delta time_s", samplesCsv)
        .isEmpty();
    return rows;
  }
}
