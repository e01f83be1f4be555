package dev.sustain.sampling;

import java.util.concurrent.locks.LockSupport;

/**
 * Wakes on each interval boundary and asks the {@link Sampler} for a row. Stopping it does not make
 * the final row; the runner does that once the last completion is counted.
 */
public final class SamplerThread implements AutoCloseable {

  private final Sampler sampler;
  private final Thread thread;
  private volatile boolean running = true;
  private volatile Throwable failure;

  public SamplerThread(Sampler sampler) {
    this.sampler = sampler;
    this.thread = new Thread(this::loop, "sustain-sampler");
    this.thread.setDaemon(true);
  }

  public void start() {
    thread.start();
  }

  private void loop() {
    try {
      while (running) {
        long wait = sampler.nextDueNanos() - System.nanoTime();
        if (wait > 0) {
          LockSupport.parkNanos(this, wait);
          continue;
        }
        synchronized (sampler) {
          // A phase change may have taken this boundary's row meanwhile (it holds the lock too):
          // the next boundary is then not due yet.
          if (running && System.nanoTime() >= sampler.nextDueNanos()) {
            sampler.sample(true);
          }
        }
      }
    } catch (RuntimeException | Error e) {
      failure = e;
    }
  }

  /** A failure in a listener (e.g. the CSV file could not be written), or null. */
  public Throwable failure() {
    return failure;
  }

  /** Stops the thread and waits for it; then makes the final row (null when none was due). */
  public SampleRow finish() {
    running = false;
    LockSupport.unpark(thread);
    try {
      thread.join(5_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    synchronized (sampler) {
      return sampler.sampleFinal();
    }
  }

  @Override
  public void close() {
    running = false;
    LockSupport.unpark(thread);
  }
}
