package dev.sustain.testing;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Waiting on an event (a row recorded, a status written, a process ended) instead of sleeping a
 * fixed time: the condition is checked every few milliseconds until it holds or a generous deadline
 * passes, so a loaded machine only makes a test slower, never wrong.
 */
public final class Await {

  /** Long enough for any event of a test run on a machine that is busy with something else. */
  public static final Duration GENEROUS = Duration.ofSeconds(120);

  private static final long POLL_MILLIS = 20;

  private Await() {}

  /** A condition that may read files or processes. */
  @FunctionalInterface
  public interface Condition {
    boolean holds() throws Exception;
  }

  /** Waits up to {@link #GENEROUS} for {@code condition}; fails naming {@code what}. */
  public static void until(String what, Condition condition) throws Exception {
    until(what, GENEROUS, condition);
  }

  /** Waits up to {@code deadline} for {@code condition}; fails naming {@code what}. */
  public static void until(String what, Duration deadline, Condition condition) throws Exception {
    long end = System.nanoTime() + deadline.toNanos();
    while (!condition.holds()) {
      if (System.nanoTime() - end > 0) {
        throw new AssertionError("waited " + deadline.toSeconds() + " s for " + what + " in vain");
      }
      TimeUnit.MILLISECONDS.sleep(POLL_MILLIS);
    }
  }

  /** Waits up to {@link #GENEROUS} for {@code process} to end; fails naming {@code what}. */
  public static void ended(Process process, String what) throws InterruptedException {
    ended(process, what, GENEROUS);
  }

  /** Waits up to {@code deadline} for {@code process} to end; fails naming {@code what}. */
  public static void ended(Process process, String what, Duration deadline)
      throws InterruptedException {
    if (!process.waitFor(deadline.toMillis(), TimeUnit.MILLISECONDS)) {
      throw new AssertionError(
          what + " did not end within " + deadline.toSeconds() + " s (pid " + process.pid() + ")");
    }
  }
}
