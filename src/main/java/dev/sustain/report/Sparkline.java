package dev.sustain.report;

import dev.sustain.analysis.Analysis;
import dev.sustain.analysis.SampleSeries;
import dev.sustain.unit.Durations;
import dev.sustain.unit.Units;

/**
 * A curve in a few terminal lines: one Unicode block character per column (the mean rate of that
 * stretch of time, from zero at the bottom to the maximum at the top), with the maximum and minimum
 * labelled, the cliff marked {@code ^} and columns holding a stall marked {@code !}. Stateless and
 * thread-safe.
 */
public final class Sparkline {

  /** Columns of a sparkline in a terminal report. */
  public static final int DEFAULT_COLUMNS = 60;

  private static final char[] BLOCKS = {'▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'};

  private Sparkline() {}

  /** The block characters alone: one per column, at most {@code columns}. */
  public static String blocks(SampleSeries s, int columns) {
    double[] means = columnMeans(s, columns);
    double max = 0;
    for (int i = 0; i < s.size(); i++) {
      max = Math.max(max, s.writeMBps(i));
    }
    StringBuilder b = new StringBuilder(means.length);
    for (double v : means) {
      if (v <= 0 || max <= 0) {
        b.append(' ');
      } else {
        int level = (int) Math.round(v / max * (BLOCKS.length - 1));
        b.append(BLOCKS[Math.max(0, Math.min(BLOCKS.length - 1, level))]);
      }
    }
    return b.toString();
  }

  /**
   * The sparkline with its labels, lines ending in {@code \n}, each starting with {@code indent}.
   */
  public static String render(SampleSeries s, Analysis a, int columns, String indent) {
    if (s.size() == 0) {
      return "";
    }
    String spark = blocks(s, columns);
    int cols = spark.length();
    char[] marks = new char[cols];
    java.util.Arrays.fill(marks, ' ');
    boolean anyStall = false;
    double t0 = s.startSeconds(0);
    double span = Math.max(1e-9, s.durationSeconds());
    for (int i = 0; i < s.size(); i++) {
      if (s.writeMBps(i) == 0) {
        marks[column(s.timeSeconds(i) - t0, span, cols)] = '!';
        anyStall = true;
      }
    }
    if (a.cliffSeconds() != null) {
      marks[column(a.cliffSeconds() - t0, span, cols)] = '^';
    }
    StringBuilder b = new StringBuilder();
    b.append(indent).append("max ").append(Units.rate(a.maxMBps())).append('\n');
    b.append(indent).append(spark).append('\n');
    String markLine = new String(marks).stripTrailing();
    if (!markLine.isEmpty()) {
      b.append(indent).append(markLine).append('\n');
    }
    String start = "0s";
    String end = Durations.format(s.durationSeconds());
    int gap = Math.max(1, cols - start.length() - end.length());
    b.append(indent).append(start).append(" ".repeat(gap)).append(end).append('\n');
    b.append(indent).append("min ").append(Units.rate(a.minMBps()));
    if (a.cliffSeconds() != null) {
      b.append("   ^ cliff at ")
          .append(Durations.format(a.cliffSeconds()))
          .append(" (")
          .append(Units.fixed(a.cacheGB(), a.cacheGB() >= 100 ? 0 : 1))
          .append(" GB)");
    }
    if (anyStall) {
      b.append("   ! stalls");
    }
    b.append('\n');
    return b.toString();
  }

  private static int column(double seconds, double span, int cols) {
    return Math.max(0, Math.min(cols - 1, (int) (seconds / span * cols)));
  }

  /**
   * The time-weighted mean rate in each of at most {@code columns} equal stretches of time: each
   * interval's bytes are shared among the columns it overlaps, so no column is left empty when the
   * intervals are longer than a column or uneven.
   */
  static double[] columnMeans(SampleSeries s, int columns) {
    int n = s.size();
    int cols = Math.max(1, Math.min(columns, n));
    double[] bytes = new double[cols];
    double[] seconds = new double[cols];
    double t0 = s.startSeconds(0);
    double width = Math.max(1e-9, s.durationSeconds()) / cols;
    for (int i = 0; i < n; i++) {
      double from = s.startSeconds(i) - t0;
      double to = s.timeSeconds(i) - t0;
      double length = to - from;
      if (length <= 0) {
        continue;
      }
      int first = Math.max(0, Math.min(cols - 1, (int) (from / width)));
      int last = Math.max(0, Math.min(cols - 1, (int) (to / width)));
      for (int c = first; c <= last; c++) {
        double overlap = Math.min(to, (c + 1) * width) - Math.max(from, c * width);
        if (c == cols - 1) {
          overlap = to - Math.max(from, c * width);
        }
        if (overlap > 0) {
          bytes[c] += s.bytes(i) * (overlap / length);
          seconds[c] += overlap;
        }
      }
    }
    double[] means = new double[cols];
    for (int c = 0; c < cols; c++) {
      means[c] = seconds[c] > 0 ? bytes[c] / 1e6 / seconds[c] : 0;
    }
    return means;
  }
}
