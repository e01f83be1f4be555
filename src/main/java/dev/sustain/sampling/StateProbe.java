package dev.sustain.sampling;

import java.util.List;

/**
 * Columns that say what a multi-part run was doing when an interval ended: the file number of a
 * fill, the pass and phase of a copy. The job's thread sets the values, the sampler's thread reads
 * them; a change in the middle of an interval shows in the row that ends after it.
 */
public final class StateProbe implements IntervalProbe {

  private final List<String> names;
  private final String[] values;

  /** One column per name, each empty until set. */
  public StateProbe(String... columnNames) {
    this.names = List.of(columnNames);
    this.values = new String[columnNames.length];
    java.util.Arrays.fill(values, "");
  }

  /** Sets the value of a column for the rows from now on. Any thread. */
  public void set(String column, Object value) {
    int i = names.indexOf(column);
    if (i < 0) {
      throw new IllegalArgumentException("no column " + column);
    }
    synchronized (values) {
      values[i] = String.valueOf(value);
    }
  }

  @Override
  public List<String> columnNames() {
    return names;
  }

  @Override
  public void begin(long nowNanos) {}

  @Override
  public void endInterval(long nowNanos, List<String> cellsOut) {
    synchronized (values) {
      cellsOut.addAll(List.of(values));
    }
  }
}
