package dev.sustain.group;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongConsumer;

/**
 * Holds every target at its start line, its setup done (file made, engine open, drive probed),
 * until all have reached it or ended, then lets them write together, or {@code stagger} apart in
 * their order. Setup takes from milliseconds to seconds (the first run in a process loads its
 * classes; a drive behind a bridge answers slowly): without the line, "together" would begin with
 * some targets writing alone. Thread-safe: every target's thread calls it.
 */
final class StartLine {

  /** How long a waiting target sleeps before it looks at the stop flag again. */
  private static final long POLL_NANOS = 50_000_000L;

  private final long staggerNanos;
  private final AtomicBoolean stop;
  private final LongConsumer onOpen;
  private final boolean[] settled;
  private int waitingFor;
  private long zeroNanos = Long.MIN_VALUE;

  /**
   * @param onOpen told the moment the line opens (the group's time zero, nanoTime), once
   */
  StartLine(int targets, long staggerNanos, AtomicBoolean stop, LongConsumer onOpen) {
    this.staggerNanos = staggerNanos;
    this.stop = stop;
    this.onOpen = onOpen;
    this.settled = new boolean[targets];
    this.waitingFor = targets;
  }

  /** When target {@code i} may start, nanoTime, once the line is open. */
  long turnNanos(long zero, int i) {
    return zero + i * staggerNanos;
  }

  /**
   * Target {@code i} is ready to write: waits until every target is (or has ended), then for its
   * turn. Returns at once when stopped (the run then ends as interrupted).
   */
  void arrive(int i) {
    long zero;
    synchronized (this) {
      settle(i);
      while (zeroNanos == Long.MIN_VALUE && !stop.get()) {
        try {
          wait(POLL_NANOS / 1_000_000L);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
      zero = zeroNanos;
    }
    while (!stop.get() && zero != Long.MIN_VALUE) {
      long wait = turnNanos(zero, i) - System.nanoTime();
      if (wait <= 0) {
        return;
      }
      java.util.concurrent.locks.LockSupport.parkNanos(Math.min(wait, POLL_NANOS));
    }
  }

  /** Target {@code i} has ended (perhaps before it reached the line: the others need not wait). */
  synchronized void leave(int i) {
    settle(i);
  }

  private void settle(int i) {
    if (settled[i]) {
      return;
    }
    settled[i] = true;
    if (--waitingFor == 0 && zeroNanos == Long.MIN_VALUE) {
      zeroNanos = System.nanoTime();
      onOpen.accept(zeroNanos);
      notifyAll();
    }
  }
}
