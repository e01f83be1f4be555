package dev.sustain.run;

import dev.sustain.engine.ErrnoException;
import dev.sustain.engine.IoEngine;
import dev.sustain.engine.IoSlot;
import dev.sustain.pattern.DataPattern;
import dev.sustain.sampling.NanoClock;
import dev.sustain.sampling.RunCounters;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.function.BooleanSupplier;

/**
 * Drives one engine over one file: keeps exactly {@code queueDepth} requests in flight (while there
 * is work), sequential offsets, wrapping around the extent when the job is bounded by time, and
 * counts every completion. The runner, not the engine, owns depth and time. One thread.
 */
public final class Runner {

  /** How long the runner waits in one reap before it looks at the clock and the stop flag. */
  private static final long POLL_NANOS = 50_000_000L;

  /** After a stop request, how long in-flight requests are waited for before they are abandoned. */
  private static final long DRAIN_NANOS = 1_500_000_000L;

  private final NanoClock clock;

  public Runner(NanoClock clock) {
    this.clock = clock;
  }

  /**
   * The job.
   *
   * @param startOffsetBytes where the first request goes (0 for a file or a whole device)
   * @param extentBytes the region written or read, from the start offset; requests wrap to its
   *     start when a time limit keeps the run going; -1 for a file that grows without bound
   * @param totalBytes stop after this many bytes; -1 to stop only on time
   * @param durationNanos stop submitting after this long; -1 for no time limit
   * @param blockBytes the request size
   * @param queueDepth requests kept in flight
   * @param alignBytes the last, shorter request of an extent is rounded to this (direct I/O)
   * @param pattern the data for writes; null for reads
   * @param ioTimeoutNanos a request that has not completed after this long fails the run
   */
  public record Job(
      long startOffsetBytes,
      long extentBytes,
      long totalBytes,
      long durationNanos,
      int blockBytes,
      int queueDepth,
      long alignBytes,
      DataPattern pattern,
      boolean write,
      long ioTimeoutNanos) {

    public Job {
      if (blockBytes <= 0 || queueDepth <= 0) {
        throw new IllegalArgumentException("block size and queue depth must be positive");
      }
      if (totalBytes < 0 && durationNanos < 0) {
        throw new IllegalArgumentException("a job needs a size or a time limit");
      }
    }
  }

  /** How the engine loop ended. */
  public enum End {
    COMPLETE,
    INTERRUPTED,
    FAILED
  }

  /**
   * What happened.
   *
   * @param bytes bytes completed (equals the sum of the counters' increments)
   * @param nanos from the first submission to the last completion
   * @param error one line for people, null when complete or interrupted
   * @param noSpace true when the failure is a full filesystem or device (ENOSPC)
   */
  public record Outcome(End end, long bytes, long nanos, String error, boolean noSpace) {}

  /**
   * Runs the job on an engine that is already open.
   *
   * @param stopRequested polled often; true ends the run as interrupted within about two seconds
   * @throws ErrnoException when the engine fails outside a request (submit, commit, reap); a failed
   *     request ends the run with an {@link Outcome} instead
   */
  public Outcome run(IoEngine engine, Job job, RunCounters counters, BooleanSupplier stopRequested)
      throws ErrnoException {
    return run(engine, job, counters, stopRequested, () -> false);
  }

  /**
   * Runs the job on an engine that is already open.
   *
   * @param interruptRequested polled often; true ends the run as interrupted within about two
   *     seconds (requests still in flight then are abandoned)
   * @param finishRequested polled often; true stops submitting and ends the run as complete once
   *     every request in flight has completed (e.g. the floor has held)
   */
  public Outcome run(
      IoEngine engine,
      Job job,
      RunCounters counters,
      BooleanSupplier interruptRequested,
      BooleanSupplier finishRequested)
      throws ErrnoException {
    // The buffers must outlive every request the kernel may still be reading from: when requests
    // are abandoned the arena is left open (the process is about to end) rather than freed under
    // them.
    Arena arena = Arena.ofShared();
    boolean[] abandoned = {false};
    try {
      return loop(engine, job, counters, interruptRequested, finishRequested, arena, abandoned);
    } finally {
      if (!abandoned[0]) {
        arena.close();
      }
    }
  }

  private Outcome loop(
      IoEngine engine,
      Job job,
      RunCounters counters,
      BooleanSupplier stop,
      BooleanSupplier finish,
      Arena arena,
      boolean[] abandoned)
      throws ErrnoException {
    int qd = job.queueDepth();
    IoSlot[] slots = new IoSlot[qd];
    int[] free = new int[qd];
    // Each slot's own buffer, kept apart from slot.buffer: a pattern may hand back a slice of it,
    // or memory of its own, and the next request must still get the whole buffer.
    MemorySegment[] own = new MemorySegment[qd];
    for (int i = 0; i < qd; i++) {
      slots[i] = new IoSlot(i);
      own[i] = arena.allocate(job.blockBytes(), 4096);
      slots[i].buffer = own[i];
      slots[i].write = job.write();
      free[i] = i;
    }
    int freeCount = qd;
    int inFlight = 0;

    long start = clock.nanoTime();
    long deadline = job.durationNanos() < 0 ? Long.MAX_VALUE : start + job.durationNanos();
    long relative = 0; // next offset, relative to the start offset
    long submittedBytes = 0;
    long lastCompletion = start;
    long stopAt = -1;
    boolean finishing = false;
    Completions sink = new Completions(counters, clock, qd);

    while (true) {
      long now = clock.nanoTime();
      if (stopAt < 0 && stop.getAsBoolean()) {
        stopAt = now;
      }
      if (!finishing && finish.getAsBoolean()) {
        finishing = true;
      }
      boolean submitting = stopAt < 0 && !finishing && sink.error == null && now < deadline;
      if (submitting) {
        int submittedNow = 0;
        while (freeCount > 0) {
          if (job.totalBytes() >= 0 && submittedBytes >= job.totalBytes()) {
            break;
          }
          if (job.extentBytes() >= 0 && relative >= job.extentBytes()) {
            if (job.durationNanos() < 0 || job.extentBytes() == 0) {
              break; // a sized job that has covered its extent
            }
            relative = 0; // a long run in little space: wrap around
          }
          long length = job.blockBytes();
          long limit = job.extentBytes() >= 0 ? job.extentBytes() - relative : Long.MAX_VALUE;
          if (job.totalBytes() >= 0) {
            limit = Math.min(limit, job.totalBytes() - submittedBytes);
          }
          if (length > limit) {
            length = roundUp(limit, job.alignBytes());
          }
          IoSlot slot = slots[free[--freeCount]];
          long offset = job.startOffsetBytes() + relative;
          slot.offsetBytes = offset;
          slot.lengthBytes = (int) length;
          slot.result = 0;
          slot.failure = null;
          if (job.write()) {
            slot.buffer = job.pattern().bytesFor(offset, (int) length, own[slot.index]);
          }
          slot.submittedNanos = clock.nanoTime();
          engine.submit(slot);
          relative += length;
          submittedBytes += length;
          inFlight++;
          submittedNow++;
        }
        if (submittedNow > 0) {
          engine.commit();
        }
      }
      if (inFlight == 0) {
        break;
      }
      sink.reset();
      long wait = POLL_NANOS;
      if (submitting && deadline != Long.MAX_VALUE) {
        wait = Math.max(0, Math.min(wait, deadline - now));
      }
      int n = engine.reap(1, wait, sink);
      for (int i = 0; i < sink.count; i++) {
        free[freeCount++] = sink.done[i];
      }
      inFlight -= n;
      now = clock.nanoTime();
      if (n > 0) {
        lastCompletion = now;
      } else if (now - lastCompletion > job.ioTimeoutNanos()) {
        sink.fail(
            "no request completed for "
                + (job.ioTimeoutNanos() / 1_000_000_000L)
                + " s ("
                + inFlight
                + " in flight): the device stopped answering",
            false);
        abandoned[0] = true;
        break;
      }
      if (stopAt >= 0 && now - stopAt > DRAIN_NANOS) {
        abandoned[0] = true;
        break; // abandon what is still in flight: stopping promptly matters more
      }
      if (sink.error != null && stopAt < 0) {
        stopAt = now; // drain what is in flight, briefly, then end
      }
    }
    long nanos = Math.max(0, sink.lastNanos - start);
    if (sink.error != null) {
      return new Outcome(End.FAILED, sink.bytes, nanos, sink.error, sink.noSpace);
    }
    if (stopAt >= 0) {
      return new Outcome(End.INTERRUPTED, sink.bytes, nanos, null, false);
    }
    return new Outcome(End.COMPLETE, sink.bytes, nanos, null, false);
  }

  private static long roundUp(long value, long align) {
    if (align <= 1) {
      return value;
    }
    long rem = value % align;
    return rem == 0 ? value : value + (align - rem);
  }

  /** Counts completions and remembers the first failure; reused for every reap. */
  private static final class Completions implements IoEngine.CompletionSink {
    private final RunCounters counters;
    private final NanoClock clock;
    final int[] done;
    int count;
    long bytes;
    long lastNanos;
    String error;
    boolean noSpace;

    Completions(RunCounters counters, NanoClock clock, int queueDepth) {
      this.done = new int[queueDepth];
      this.counters = counters;
      this.clock = clock;
      this.lastNanos = clock.nanoTime();
    }

    void reset() {
      count = 0;
    }

    @Override
    public void completed(IoSlot slot) {
      long now = clock.nanoTime();
      done[count++] = slot.index;
      lastNanos = now;
      if (slot.succeeded()) {
        bytes += slot.lengthBytes;
        counters.completed(slot.lengthBytes, now - slot.submittedNanos);
        return;
      }
      if (slot.result > 0) {
        // Partial transfers still reached the device: count them so the totals stay exact.
        bytes += slot.result;
        counters.completed(slot.result, now - slot.submittedNanos);
      }
      if (error == null) {
        IoErrors.Described d = IoErrors.describe(slot);
        fail(d.message(), d.noSpace());
      }
    }

    void fail(String message, boolean isNoSpace) {
      if (error == null) {
        error = message;
        noSpace = isNoSpace;
      }
    }
  }
}
