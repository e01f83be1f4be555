package dev.sustain.sampling;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * Turns the run's cumulative counters into one row per interval. The rows are due on absolute time
 * ({@code start + k * interval}), so they do not drift however late a wake-up is; each row's time
 * is when it was really made (a late wake-up shows in it), and its rate is its bytes over its
 * length as samples.csv shows it. An interval in which nothing completed is a row of zeros, never
 * skipped. Every row carries the run's phase ({@link #phase(String)}); a change of phase ends the
 * interval there, so that no row mixes two phases (the last writes and the first of the flush),
 * however short the old phase was. A row's time is what samples.csv shows ({@link
 * SamplesCsv#timeAfter}): the millisecond, more decimals only for a row closer than that to the one
 * before, so the times always increase. The methods that make rows hold the sampler's lock, so the
 * sampler's thread and the job's thread may both call them.
 */
public final class Sampler {

  private final NanoClock clock;

  private final CpuClock cpu;
  private final RunCounters counters;
  private final TemperatureSensor temperature;
  private final List<IntervalProbe> probes;
  private final long intervalNanos;
  private final List<SampleListener> listeners = new ArrayList<>();

  private long startNanos;
  private long lastNanos;
  private long lastBytes;
  private long lastOperations;
  private long lastCpuNanos;
  private long rows;
  private Histogram histogram;

  /** The time the last row shows in samples.csv (0 before the first). */
  private double lastTimeSeconds;

  /**
   * Per phase, the seconds and bytes of its rows as samples.csv shows them (lengths in time_s), so
   * that a figure over a phase (a write's flush, a copy's writes) is the record's, to its digits.
   */
  private final java.util.Map<String, Double> phaseSeconds = new java.util.HashMap<>();

  private final java.util.Map<String, Long> phaseBytes = new java.util.HashMap<>();

  /**
   * A phase change this close before a boundary lets the boundary's row end the interval, and an
   * empty sliver this short joins the new phase: the rows stay on the CSV's millisecond where they
   * can.
   */
  private static final long MIN_ROW_NANOS = 1_000_000L;

  private String phase = SamplesCsv.WRITE;

  /** Where the phase in force began in samples.csv (the last row's time before it). */
  private double phaseBeganSeconds;

  private boolean begun;

  public Sampler(
      NanoClock clock,
      CpuClock cpu,
      RunCounters counters,
      TemperatureSensor temperature,
      List<IntervalProbe> probes,
      long intervalNanos) {
    if (intervalNanos <= 0) {
      throw new IllegalArgumentException("interval must be positive");
    }
    this.clock = clock;
    this.cpu = cpu;
    this.counters = counters;
    this.temperature = temperature;
    this.probes = List.copyOf(probes);
    this.intervalNanos = intervalNanos;
  }

  public void addListener(SampleListener listener) {
    listeners.add(listener);
  }

  /** The names of the probes' columns, in the order of {@link SampleRow#extraCells}. */
  public List<String> extraColumns() {
    List<String> names = new ArrayList<>();
    for (IntervalProbe p : probes) {
      names.addAll(p.columnNames());
    }
    return names;
  }

  /**
   * Sets what the run does from now on ({@link SamplesCsv#WRITE}, {@link SamplesCsv#FLUSH}, ...).
   * After {@link #begin} a change first ends the interval in progress with a row of the old phase:
   * always when anything completed in it, however short it was (a write of microseconds still has
   * its row, its bytes are not the flush's); when nothing did, unless it is an empty sliver (under
   * a millisecond, or under a tenth of an interval), which then belongs to the new phase. The
   * regular rows stay on their absolute boundaries.
   *
   * @return where the phase now in force began in samples.csv: after a change, the time of the last
   *     row of the old one (the record's end of the old phase); without one, where this phase began
   *     (0 for the phase the run began in)
   */
  public synchronized double phase(String next) {
    if (begun && !next.equals(phase)) {
      long now = clock.nanoTime();
      if (now >= nextDueNanos() - MIN_ROW_NANOS) {
        // A boundary is due (or nearly): its regular row ends the interval, rather than a row a
        // sliver before it.
        sample(true, false);
      } else if (completedSinceLastRow() || now - lastNanos >= MIN_ROW_NANOS) {
        sample(false, true);
      }
    }
    if (!next.equals(phase)) {
      phaseBeganSeconds = lastTimeSeconds;
    }
    phase = next;
    return phaseBeganSeconds;
  }

  /** The time the last row shows in samples.csv: the record's end so far (0 before any row). */
  public synchronized double recordedSeconds() {
    return lastTimeSeconds;
  }

  /** The seconds of the rows of {@code phase} so far, their lengths as samples.csv shows them. */
  public synchronized double phaseSeconds(String phase) {
    return phaseSeconds.getOrDefault(phase, 0.0);
  }

  /** The bytes of the rows of {@code phase} so far. */
  public synchronized long phaseBytes(String phase) {
    return phaseBytes.getOrDefault(phase, 0L);
  }

  private boolean completedSinceLastRow() {
    return counters.bytes() != lastBytes || counters.operations() != lastOperations;
  }

  /** The phase rows are made with now. */
  public synchronized String phase() {
    return phase;
  }

  /** Marks the start of the run: time zero and the counters' baseline. */
  public synchronized void begin() {
    begun = true;
    startNanos = clock.nanoTime();
    lastNanos = startNanos;
    lastTimeSeconds = 0;
    phaseBeganSeconds = 0;
    lastBytes = counters.bytes();
    lastOperations = counters.operations();
    lastCpuNanos = cpu.cpuNanos();
    histogram = counters.intervalLatencyMicros(null); // discard anything before the start
    histogram.reset();
    for (IntervalProbe p : probes) {
      p.begin(startNanos);
    }
  }

  public long startNanos() {
    return startNanos;
  }

  public long intervalNanos() {
    return intervalNanos;
  }

  /** When the next regular row is due, on absolute time. */
  public synchronized long nextDueNanos() {
    return startNanos + (rows + 1) * intervalNanos;
  }

  /**
   * Makes the row for the interval ending now and hands it to the listeners.
   *
   * @param regular true for a scheduled row (it counts as the boundary's, so the next one is due on
   *     the next boundary), false for the final, usually shorter row at the end of the run; either
   *     way its time is when it was made
   */
  public synchronized SampleRow sample(boolean regular) {
    return sample(regular, false);
  }

  /**
   * Makes the final row at the end of the run, unless the last interval is a sliver in which
   * nothing completed: under a tenth of an interval of writing or reading (such a row would read as
   * a stall that never was), under a millisecond of another phase (a flush's time is part of the
   * run's figures, so the record keeps it).
   *
   * @return the row, or null when there was nothing left to report
   */
  public synchronized SampleRow sampleFinal() {
    boolean curve = SamplesCsv.WRITE.equals(phase) || SamplesCsv.READ.equals(phase);
    return sample(false, curve ? intervalNanos / 10 : MIN_ROW_NANOS);
  }

  private SampleRow sample(boolean regular, boolean skipEmptySliver) {
    return sample(regular, skipEmptySliver ? intervalNanos / 10 : 0);
  }

  /** A row, unless nothing completed since the last one and it is shorter than {@code sliver}. */
  private SampleRow sample(boolean regular, long sliverNanos) {
    long now = clock.nanoTime();
    if (!completedSinceLastRow() && now - lastNanos < sliverNanos) {
      return null;
    }
    long bytes = counters.bytes();
    long operations = counters.operations();
    long cpuNanos = cpu.cpuNanos();
    histogram = counters.intervalLatencyMicros(histogram);

    // The row ends now, when the sampler really read the counters: a late wake-up shows in its
    // time, not only in its rate. Its rate is over its length as samples.csv shows it (the time_s
    // before it to its own), so that bytes / delta time_s gives the printed rate back; that length
    // is the true one to the shown digits (the millisecond), never drifting, since every time is
    // the clock's own reading.
    long elapsed = Math.max(1, now - lastNanos);
    long intervalBytes = bytes - lastBytes;
    long intervalOps = operations - lastOperations;
    double timeSeconds = SamplesCsv.timeAfter(lastTimeSeconds, now - startNanos);
    // In decimal: two close times of a long run (62.000000001 after 62) lose digits as doubles.
    double seconds =
        java.math.BigDecimal.valueOf(timeSeconds)
            .subtract(java.math.BigDecimal.valueOf(lastTimeSeconds))
            .doubleValue();
    double cpuPercent =
        cpuNanos >= 0 && lastCpuNanos >= 0 && elapsed >= CpuClock.MIN_READ_NANOS
            ? 100.0 * (cpuNanos - lastCpuNanos) / elapsed
            : Double.NaN;
    double temp = temperature.read().orElse(Double.NaN);
    List<String> cells = new ArrayList<>();
    for (IntervalProbe p : probes) {
      p.endInterval(now, seconds, cells);
    }
    SampleRow row = row(timeSeconds, seconds, intervalBytes, intervalOps, cpuPercent, temp, cells);
    lastNanos = now;
    lastTimeSeconds = timeSeconds;
    phaseSeconds.merge(phase, seconds, Double::sum);
    phaseBytes.merge(phase, intervalBytes, Long::sum);
    lastBytes = bytes;
    lastOperations = operations;
    lastCpuNanos = cpuNanos;
    if (regular) {
      rows++;
    }
    for (SampleListener l : listeners) {
      l.onSample(row);
    }
    return row;
  }

  /** The row of an interval, with its latency percentiles from the interval's histogram. */
  private SampleRow row(
      double timeSeconds,
      double seconds,
      long intervalBytes,
      long intervalOps,
      double cpuPercent,
      double temperatureC,
      List<String> cells) {
    boolean any = histogram.getTotalCount() > 0;
    return new SampleRow(
        timeSeconds,
        seconds,
        intervalBytes / seconds / 1e6,
        intervalBytes,
        intervalOps,
        any ? histogram.getValueAtPercentile(50) / 1000.0 : Double.NaN,
        any ? histogram.getValueAtPercentile(99) / 1000.0 : Double.NaN,
        any ? histogram.getMaxValue() / 1000.0 : Double.NaN,
        cpuPercent,
        temperatureC,
        List.copyOf(cells),
        phase);
  }
}
