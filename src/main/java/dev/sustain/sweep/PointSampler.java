package dev.sustain.sweep;

import dev.sustain.sampling.RunCounters;
import java.util.Arrays;
import java.util.concurrent.locks.LockSupport;

/**
 * Reads a point's completed bytes every {@link #SUB_INTERVAL_NANOS} on a thread of its own, so the
 * point has sub-interval rates whose spread says how much its rate wanders: two points that differ
 * by less than that cannot be told apart. One point per sampler.
 */
final class PointSampler implements AutoCloseable {

  /**
   * 100 ms: at the minimum time of a point (2 s) twenty sub-intervals, enough for a spread; long
   * against one request (4 MiB at QD1 takes 2 ms at 2 GB/s, 13 ms at 300 MB/s).
   */
  static final long SUB_INTERVAL_NANOS = 100_000_000L;

  private final RunCounters counters;
  private final Thread thread;
  private volatile boolean stopped;
  private long[] bytesAt = new long[64];
  private long[] nanosAt = new long[64];
  private int samples;

  PointSampler(RunCounters counters) {
    this.counters = counters;
    this.thread = Thread.ofPlatform().daemon().name("sweep-point-sampler").unstarted(this::loop);
    this.thread.start();
  }

  private void loop() {
    long start = System.nanoTime();
    record(start, counters.bytes());
    for (long k = 1; !stopped; k++) {
      long due = start + k * SUB_INTERVAL_NANOS;
      for (long now = System.nanoTime(); now < due && !stopped; now = System.nanoTime()) {
        LockSupport.parkNanos(due - now);
      }
      if (!stopped) {
        record(System.nanoTime(), counters.bytes());
      }
    }
  }

  private synchronized void record(long nanos, long bytes) {
    if (samples == bytesAt.length) {
      bytesAt = Arrays.copyOf(bytesAt, samples * 2);
      nanosAt = Arrays.copyOf(nanosAt, samples * 2);
    }
    nanosAt[samples] = nanos;
    bytesAt[samples++] = bytes;
  }

  /** Stops sampling; the last, partial sub-interval is left out. */
  @Override
  public void close() {
    stopped = true;
    LockSupport.unpark(thread);
    try {
      thread.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * MB/s of each whole sub-interval, after {@link #close}: over its real length (the thread may
   * wake late), not the nominal one.
   */
  synchronized double[] rates() {
    double[] rates = new double[Math.max(0, samples - 1)];
    for (int i = 0; i < rates.length; i++) {
      long nanos = Math.max(1, nanosAt[i + 1] - nanosAt[i]);
      rates[i] = (bytesAt[i + 1] - bytesAt[i]) / (nanos / 1e9) / 1e6;
    }
    return rates;
  }

  /** The point's rate, time and spread from its bytes and nanoseconds and these sub-intervals. */
  SweepPoint.Rate rate(long bytes, long nanos) {
    double[] r = rates();
    return new SweepPoint.Rate(
        nanos > 0 ? bytes / (nanos / 1e9) / 1e6 : Double.NaN, nanos / 1e9, stdev(r), r.length);
  }

  /** The sample standard deviation; NaN for fewer than two values. */
  static double stdev(double[] values) {
    if (values.length < 2) {
      return Double.NaN;
    }
    double mean = 0;
    for (double v : values) {
      mean += v;
    }
    mean /= values.length;
    double sq = 0;
    for (double v : values) {
      sq += (v - mean) * (v - mean);
    }
    return Math.sqrt(sq / (values.length - 1));
  }
}
