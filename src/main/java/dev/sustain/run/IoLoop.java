package dev.sustain.run;

import dev.sustain.engine.ErrnoException;
import dev.sustain.engine.IoEngine;
import dev.sustain.engine.IoSlot;
import dev.sustain.sampling.NanoClock;
import java.util.function.BooleanSupplier;

/**
 * The one submit/reap loop of every command that does I/O: writes (write, fill, copy's files,
 * sweep) through {@link Runner} and reads (read, verify, sweep) through the read-back. It keeps
 * every free slot filled from a {@link Source} while there is work, reaps at least one completion
 * at a time into a {@link Handler}, and owns what every run must do alike: polling the stop and
 * finish flags, the time limit, the I/O timeout (no completion for that long fails the run) and the
 * drain window after a stop (requests still in flight then are abandoned). One thread; a loop may
 * run several times over the same slots (a read's retry pass).
 */
public final class IoLoop implements IoEngine.CompletionSink {

  /** How long one reap waits before the loop looks at the clock and the flags again. */
  static final long POLL_NANOS = 50_000_000L;

  /** After a stop request, how long in-flight requests are waited for before they are abandoned. */
  static final long DRAIN_NANOS = 1_500_000_000L;

  /** Where requests come from. */
  public interface Source {
    /**
     * Puts the next request into {@code slot}: its offset, length and (for a write) its buffer.
     *
     * @return false when there is no more work, leaving the slot untouched
     */
    boolean next(IoSlot slot);
  }

  /** What is done with each completed request. */
  public interface Handler {
    void completed(IoSlot slot);

    /** True once a completion has failed the run: submitting stops. */
    boolean failed();
  }

  /**
   * What every command's handler keeps alike: the first failure, which stops submitting, and when
   * the last request completed (the end of the timed I/O). A subclass sets {@link #error} and
   * starts each completion with {@link #completedNow}.
   */
  public abstract static class Recorder implements Handler {
    private final NanoClock clock;
    private long lastCompletionNanos;

    /** Why the run failed, or null while it has not. */
    protected String error;

    protected Recorder(NanoClock clock) {
      this.clock = clock;
      this.lastCompletionNanos = clock.nanoTime();
    }

    @Override
    public final boolean failed() {
      return error != null;
    }

    /** Why the run failed, or null. */
    public final String error() {
      return error;
    }

    /** When the last request completed; when the recorder was made if none has. */
    public final long lastCompletionNanos() {
      return lastCompletionNanos;
    }

    /** The time now, kept as the last completion's. */
    protected final long completedNow() {
      long now = clock.nanoTime();
      lastCompletionNanos = now;
      return now;
    }
  }

  /** How a loop ended. */
  public enum Ended {
    /** No more work and nothing in flight (or a finish request, drained). */
    DONE,
    /** A stop request. */
    STOPPED,
    /** The handler failed the run. */
    FAILED,
    /** No completion for the I/O timeout: the device stopped answering. */
    TIMED_OUT
  }

  private final NanoClock clock;
  private final IoSlot[] slots;
  private final int[] free;
  private int freeCount;
  private int inFlight;
  private Handler handler;
  private boolean abandoned;

  /** Over {@code slots}, all free. */
  public IoLoop(NanoClock clock, IoSlot[] slots) {
    this.clock = clock;
    this.slots = slots;
    this.free = new int[slots.length];
    for (int i = 0; i < slots.length; i++) {
      free[i] = slots[i].index;
    }
    this.freeCount = slots.length;
  }

  /**
   * What ends a loop besides running out of work.
   *
   * @param stop polled every turn; true stops submitting and ends the loop as {@link Ended#STOPPED}
   *     once in-flight requests completed, or after {@link #DRAIN_NANOS}
   * @param finish polled every turn; true stops submitting and ends the loop as {@link Ended#DONE}
   *     once every request in flight has completed
   * @param deadlineNanos no request is submitted from then on; {@link Long#MAX_VALUE} for none
   * @param ioTimeoutNanos no completion for this long ends the loop as {@link Ended#TIMED_OUT}
   * @param drainOnFailure after a failure, wait for the requests in flight (briefly) rather than
   *     return at once abandoning them
   */
  public record Bounds(
      BooleanSupplier stop,
      BooleanSupplier finish,
      long deadlineNanos,
      long ioTimeoutNanos,
      boolean drainOnFailure) {}

  /** Where one loop is: what it was told and when, kept across its turns. */
  private static final class Turns {
    long lastCompletionNanos;
    long stopAtNanos = -1;
    boolean stopped;
    boolean finishing;

    Turns(long nowNanos) {
      lastCompletionNanos = nowNanos;
    }

    /** Reads the stop and finish flags; a stop is remembered with its time. */
    void poll(Bounds bounds, long nowNanos) {
      if (!stopped && bounds.stop().getAsBoolean()) {
        stopped = true;
        if (stopAtNanos < 0) {
          stopAtNanos = nowNanos;
        }
      }
      if (!finishing && bounds.finish().getAsBoolean()) {
        finishing = true;
      }
    }

    boolean submitting(boolean failed, long nowNanos, long deadlineNanos) {
      return stopAtNanos < 0 && !finishing && !failed && nowNanos < deadlineNanos;
    }
  }

  /**
   * Runs until the source has no more work and nothing is in flight, or a stop, a failure, the time
   * limit or the I/O timeout ends it (see {@link Bounds}).
   */
  public Ended run(IoEngine engine, Source source, Handler handler, Bounds bounds)
      throws ErrnoException {
    this.handler = handler;
    Turns turns = new Turns(clock.nanoTime());
    // The loop itself does little per turn; the work per request is in small methods that the JIT
    // compiles whole and early (a rare branch taken late, such as the first wrap-around, then costs
    // the recompilation of one small method, not of the whole loop).
    while (true) {
      long now = clock.nanoTime();
      turns.poll(bounds, now);
      boolean failed = handler.failed();
      if (failed && !bounds.drainOnFailure()) {
        abandoned |= inFlight > 0; // the engine's close waits for them
        return Ended.FAILED;
      }
      boolean submitting = turns.submitting(failed, now, bounds.deadlineNanos());
      if (submitting) {
        submitAll(engine, source);
      }
      if (inFlight == 0) {
        break;
      }
      long wait = POLL_NANOS;
      if (submitting && bounds.deadlineNanos() != Long.MAX_VALUE) {
        wait = Math.max(0, Math.min(wait, bounds.deadlineNanos() - now));
      }
      int n = reap(engine, wait);
      now = clock.nanoTime();
      if (n > 0) {
        turns.lastCompletionNanos = now;
      } else if (now - turns.lastCompletionNanos > bounds.ioTimeoutNanos()) {
        abandoned = true;
        return Ended.TIMED_OUT;
      }
      if (turns.stopAtNanos >= 0 && now - turns.stopAtNanos > DRAIN_NANOS) {
        abandoned = true;
        break; // abandon what is still in flight: stopping promptly matters more
      }
      if (handler.failed() && turns.stopAtNanos < 0) {
        turns.stopAtNanos = now; // drain what is in flight, briefly, then end
      }
    }
    if (handler.failed()) {
      return Ended.FAILED;
    }
    return turns.stopped ? Ended.STOPPED : Ended.DONE;
  }

  /** Fills every free slot from {@code source} while it has work, then pushes them all. */
  void submitAll(IoEngine engine, Source source) throws ErrnoException {
    int submittedNow = 0;
    while (freeCount > 0) {
      IoSlot slot = slots[free[freeCount - 1]];
      if (!source.next(slot)) {
        break;
      }
      freeCount--;
      slot.result = 0;
      slot.failure = null;
      slot.submittedNanos = clock.nanoTime();
      engine.submit(slot);
      inFlight++;
      submittedNow++;
    }
    if (submittedNow > 0) {
      engine.commit();
    }
  }

  /** Waits up to {@code waitNanos} for completions, hands them over and frees their slots. */
  int reap(IoEngine engine, long waitNanos, Handler to) throws ErrnoException {
    this.handler = to;
    return reap(engine, waitNanos);
  }

  private int reap(IoEngine engine, long waitNanos) throws ErrnoException {
    int n = engine.reap(1, waitNanos, this);
    inFlight -= n;
    return n;
  }

  @Override
  public void completed(IoSlot slot) {
    free[freeCount++] = slot.index;
    handler.completed(slot);
  }

  /** Requests submitted and not yet completed. */
  public int inFlight() {
    return inFlight;
  }

  /** Whether a loop ended with requests in flight that may still use their buffers. */
  public boolean abandoned() {
    return abandoned;
  }
}
