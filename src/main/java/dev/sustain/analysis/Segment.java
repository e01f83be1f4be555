package dev.sustain.analysis;

/**
 * A stretch of a curve at one level: samples {@code [startIndex, endIndex)}, from {@code
 * startSeconds} to {@code endSeconds}, at {@code meanMBps} (its bytes over its time, MB/s), having
 * written {@code bytes}. Immutable.
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

  /** Decimal gigabytes (10^9 B) written in this segment. */
  public double gigabytes() {
    return bytes / 1e9;
  }

  public int sampleCount() {
    return endIndex - startIndex;
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
