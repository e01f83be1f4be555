package dev.sustain.sampling;

import dev.sustain.unit.Units;
import java.util.List;

/**
 * A second stream of completions in the same series: e.g. the read-back of a copy beside its
 * writes. Adds {@code <name>_MBps} and {@code <name>_bytes} columns; the bytes add up exactly like
 * the main {@code bytes} column. The counters are written by one job thread, read here by the
 * sampler's thread.
 */
public final class CountersProbe implements IntervalProbe {

  private final String name;
  private final RunCounters counters;
  private long lastNanos;
  private long lastBytes;

  public CountersProbe(String name, RunCounters counters) {
    this.name = name;
    this.counters = counters;
  }

  @Override
  public List<String> columnNames() {
    return List.of(name + "_MBps", name + "_bytes");
  }

  @Override
  public void begin(long nowNanos) {
    lastNanos = nowNanos;
    lastBytes = counters.bytes();
  }

  @Override
  public void endInterval(long nowNanos, List<String> cellsOut) {
    endInterval(nowNanos, Math.max(1, nowNanos - lastNanos) / 1e9, cellsOut);
  }

  /** The rate over the row's length as samples.csv shows it, as the row's own rate. */
  @Override
  public void endInterval(long nowNanos, double rowSeconds, List<String> cellsOut) {
    long bytes = counters.bytes();
    long interval = bytes - lastBytes;
    double seconds = rowSeconds > 0 ? rowSeconds : Math.max(1, nowNanos - lastNanos) / 1e9;
    cellsOut.add(Units.plain(interval / seconds / 1e6, 3));
    cellsOut.add(Long.toString(interval));
    lastNanos = nowNanos;
    lastBytes = bytes;
  }
}
