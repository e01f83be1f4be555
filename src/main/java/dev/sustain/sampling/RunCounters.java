package dev.sustain.sampling;

import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * What the runner has completed so far: cumulative bytes and operations, and latencies in an
 * HdrHistogram recorder whose interval snapshots never block the writer. Written by one thread (the
 * runner), read by the sampler thread.
 */
public final class RunCounters {

  private final AtomicLong bytes = new AtomicLong();
  private final AtomicLong operations = new AtomicLong();
  private final SingleWriterRecorder latencyMicros = new SingleWriterRecorder(3);
  private final AtomicLong firstCompletionNanos = new AtomicLong(-1);

  /** Records one completed request. Runner thread only. */
  public void completed(long bytesDone, long latencyNanos) {
    // Plain read + release store: one writer, so no read-modify-write is needed.
    bytes.setRelease(bytes.getPlain() + bytesDone);
    operations.setRelease(operations.getPlain() + 1);
    latencyMicros.recordValue(Math.max(0, latencyNanos / 1_000));
  }

  /**
   * Records one completed request that completed at {@code nowNanos} ({@link System#nanoTime}),
   * keeping the first completion's time: the start-up ends there. Runner thread only.
   */
  public void completed(long bytesDone, long latencyNanos, long nowNanos) {
    if (firstCompletionNanos.getPlain() < 0) {
      firstCompletionNanos.setRelease(nowNanos);
    }
    completed(bytesDone, latencyNanos);
  }

  /** When the first request completed ({@link System#nanoTime}), -1 before any has. */
  public long firstCompletionNanos() {
    return firstCompletionNanos.getAcquire();
  }

  /** Cumulative bytes completed since the start. */
  public long bytes() {
    return bytes.getAcquire();
  }

  /** Cumulative requests completed since the start. */
  public long operations() {
    return operations.getAcquire();
  }

  /** Latencies (in microseconds) recorded since the previous call; reuses {@code recycle}. */
  public Histogram intervalLatencyMicros(Histogram recycle) {
    return latencyMicros.getIntervalHistogram(recycle);
  }
}
