package dev.sustain.analysis;

/**
 * A stretch of a curve at one level: samples {@code [startIndex, endIndex)}, from {@code
 * startSeconds} to {@code endSeconds}, at {@code meanMBps} (MB/s: its bytes over its time; for a
 * plateau, leaving out the short transition segments at its edges, such as the one interval in
 * which a cliff happened), having written {@code bytes}. Immutable.
 */
public record Segment(
    int startIndex,
    int endIndex,
    double startSeconds,
    double endSeconds,
    double meanMBps,
    long bytes) {

  /** Seconds this segment lasted. */
  public double durationSeconds() {
    return endSeconds - startSeconds;
  }

  /**
   * Its bytes over its whole time, MB/s: the same as {@link #meanMBps} but for a plateau with
   * transition intervals (a cliff's interval, a spike, a stall), whose level leaves them out. What
   * a printed span with its bytes must show, so that rate x time is the bytes.
   */
  public double averageMBps() {
    double seconds = durationSeconds();
    return seconds > 0 ? bytes / 1e6 / seconds : 0;
  }

  /** Decimal gigabytes (10^9 B) written in this segment. */
  public double gigabytes() {
    return bytes / 1e9;
  }

  public int sampleCount() {
    return endIndex - startIndex;
  }

  /** The segment over samples {@code [from, to)} whose level is read over {@code [lf, lt)}. */
  static Segment of(SampleSeries series, int from, int to, int lf, int lt) {
    Segment whole = of(series, from, to);
    if (lf == from && lt == to) {
      return whole;
    }
    Segment level = of(series, lf, lt);
    return new Segment(
        from, to, whole.startSeconds(), whole.endSeconds(), level.meanMBps(), whole.bytes());
  }

  /** The segment of {@code series} over samples {@code [from, to)}. */
  static Segment of(SampleSeries series, int from, int to) {
    long b = 0;
    for (int i = from; i < to; i++) {
      b += series.bytes(i);
    }
    double start = series.startSeconds(from);
    double end = series.timeSeconds(to - 1);
    double seconds = end - start;
    double mean = seconds > 0 ? b / 1e6 / seconds : 0;
    return new Segment(from, to, start, end, mean, b);
  }
}
