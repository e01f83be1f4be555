package dev.sustain.sampling;

import java.util.List;

/**
 * Something read once per sampling interval beside the run's own counters (system CPU and iowait,
 * the kernel's device counters...). Each probe adds its columns after the fixed columns of {@code
 * samples.csv}. Called from the sampler's thread only.
 */
public interface IntervalProbe extends AutoCloseable {

  /** The CSV column names this probe fills, e.g. {@code sys_cpu_pct}, {@code dev_write_bytes}. */
  List<String> columnNames();

  /** Takes the baseline reading at the run's start. */
  void begin(long nowNanos);

  /**
   * Adds one cell per column for the interval that ends now: a plain locale-proof number, or an
   * empty string where the value is not known (never a made-up number).
   */
  void endInterval(long nowNanos, List<String> cellsOut);

  /**
   * As {@link #endInterval(long, List)}, told also the row's length as samples.csv shows it (its
   * time_s less the one before): a probe whose cell is a rate over the row divides by it, so that
   * the rate is its bytes over the file's times, as the row's own rate is.
   */
  default void endInterval(long nowNanos, double rowSeconds, List<String> cellsOut) {
    endInterval(nowNanos, cellsOut);
  }

  @Override
  default void close() {}
}
