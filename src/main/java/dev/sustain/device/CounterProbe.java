package dev.sustain.device;

import dev.sustain.sampling.IntervalProbe;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A probe that reads a text of the kernel's counters ({@code /proc/stat}, {@code /proc/diskstats})
 * at the start and at each interval's end, and turns the change into cells. A reading that failed
 * (no text, unparsable, an exception) leaves the interval's cells empty, never made up. Used from
 * the sampler thread only.
 *
 * @param <T> the parsed counters
 */
abstract class CounterProbe<T> implements IntervalProbe {

  private final List<String> columns;
  private final Supplier<String> source;
  private final Function<String, T> parse;
  private T previous;
  private long previousNanos;

  /**
   * @param source the text now; null or an exception when unreadable
   */
  CounterProbe(List<String> columns, Supplier<String> source, Function<String, T> parse) {
    this.columns = List.copyOf(columns);
    this.source = source;
    this.parse = parse;
  }

  @Override
  public final List<String> columnNames() {
    return columns;
  }

  @Override
  public final void begin(long nowNanos) {
    previous = read();
    previousNanos = nowNanos;
  }

  @Override
  public final void endInterval(long nowNanos, List<String> cellsOut) {
    T now = read();
    T before = previous;
    long elapsedNanos = nowNanos - previousNanos;
    previous = now;
    previousNanos = nowNanos;
    if (now == null || before == null || !cells(before, now, elapsedNanos, cellsOut)) {
      columns.forEach(c -> cellsOut.add(""));
    }
  }

  /**
   * Adds one cell per column for the change from {@code before} to {@code now}.
   *
   * @return false, having added nothing, when the change cannot be told (the cells stay empty)
   */
  abstract boolean cells(T before, T now, long elapsedNanos, List<String> cellsOut);

  private T read() {
    try {
      String text = source.get();
      return text == null ? null : parse.apply(text);
    } catch (RuntimeException e) {
      return null;
    }
  }
}
