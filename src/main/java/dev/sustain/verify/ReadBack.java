package dev.sustain.verify;

import dev.sustain.engine.IoEngine;
import dev.sustain.engine.IoSlot;
import dev.sustain.pattern.BlockFormat;
import dev.sustain.pattern.VerifiablePattern;
import dev.sustain.run.IoLoop;
import dev.sustain.run.RunStatus;
import dev.sustain.sampling.NanoClock;
import dev.sustain.sampling.RunCounters;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Reads a target back sequentially through an {@link IoEngine} at a queue depth, counting every
 * completion for the sampler and, when given a checker, checking every 4 KiB block. A request that
 * fails is read again 4 KiB at a time after the main pass, so an I/O error is pinned to the blocks
 * that really fail. Owns depth and time like the write runner. One thread.
 */
public final class ReadBack {

  private static final int BLOCK = BlockFormat.BLOCK_BYTES;

  private final NanoClock clock;

  public ReadBack(NanoClock clock) {
    this.clock = clock;
  }

  /**
   * The job.
   *
   * @param expectedBytes what the run wrote (or the file's size): every byte of it is accounted
   *     for, as read, bad or missing
   * @param availableBytes what the target holds now (its size); bytes from here to {@code
   *     expectedBytes} are reported missing without a read
   * @param blockBytes the request size, a multiple of 4 KiB
   * @param queueDepth requests kept in flight
   * @param checker checks each block; null to measure the read rate only
   * @param ioTimeoutNanos no completion for this long fails the read (a device that stopped)
   */
  public record Job(
      long expectedBytes,
      long availableBytes,
      int blockBytes,
      int queueDepth,
      VerifiablePattern checker,
      long ioTimeoutNanos) {

    public Job {
      if (blockBytes <= 0 || blockBytes % BLOCK != 0) {
        throw new IllegalArgumentException("the request size must be a multiple of 4 KiB");
      }
      if (queueDepth <= 0) {
        throw new IllegalArgumentException("the queue depth must be positive");
      }
    }
  }

  /**
   * What happened.
   *
   * @param bytesRead bytes that came back from reads (the rate's numerator)
   * @param nanos from the first submission to the last completion
   * @param checkedBytes bytes read and checked (0 without a checker)
   * @param bad what is wrong, merged into extents (I/O errors and missing bytes even without a
   *     checker)
   * @param error one line for people when the read failed as a whole; null otherwise
   */
  public record Outcome(
      RunStatus end,
      long bytesRead,
      long nanos,
      long checkedBytes,
      BadExtentSet bad,
      String error) {}

  /** Runs the job on an engine already opened for reading. */
  public Outcome run(IoEngine engine, Job job, RunCounters counters, BooleanSupplier stop)
      throws IOException {
    BadExtentSet bad = new BadExtentSet();
    long expected = job.expectedBytes();
    long available = Math.min(job.availableBytes(), expected);
    // Only whole blocks are read; a block the file ends inside is missing too.
    long readable = available - available % BLOCK;
    if (readable < expected) {
      bad.add(readable, expected - readable, BadKind.MISSING, -1);
    }
    // Automatic (shared, freed by the GC): engines may fill the buffers from threads of their
    // own, and a request abandoned on a stop may still hold its buffer when this returns.
    Arena arena = Arena.ofAuto();
    State state = new State(job, counters, bad, arena);
    if (state.buffers.byteSize() <= 1L << 30) {
      engine.registerBuffers(state.buffers); // refused: plain reads, nothing lost
    }
    long start = clock.nanoTime();
    state.pass(engine, List.of(new long[] {0, readable}), job.blockBytes(), stop);
    if (state.end == RunStatus.COMPLETE && !state.failed() && !state.retry.isEmpty()) {
      List<long[]> again = new ArrayList<>(state.retry);
      state.retry.clear();
      state.retrying = true;
      state.pass(engine, again, BLOCK, stop);
    }
    long nanos = Math.max(0, state.lastCompletionNanos() - start);
    return new Outcome(state.end, state.bytesRead, nanos, state.checkedBytes, bad, state.error());
  }

  /** The requests of one pass: the ranges in order, in requests of at most {@code requestBytes}. */
  private static final class Ranges implements IoLoop.Source {
    private final List<long[]> ranges;
    private final int requestBytes;
    private int range;
    private long next;

    Ranges(List<long[]> ranges, int requestBytes) {
      this.ranges = ranges;
      this.requestBytes = requestBytes;
      this.next = ranges.isEmpty() ? 0 : ranges.get(0)[0];
    }

    @Override
    public boolean next(IoSlot slot) {
      while (range < ranges.size()) {
        long[] r = ranges.get(range);
        if (next < r[1]) {
          slot.offsetBytes = next;
          slot.lengthBytes = (int) Math.min(requestBytes, r[1] - next);
          next += slot.lengthBytes;
          return true;
        }
        range++;
        if (range < ranges.size()) {
          next = ranges.get(range)[0];
        }
      }
      return false;
    }
  }

  /** The loop's state across the main pass and the 4 KiB retry pass. */
  private final class State extends IoLoop.Recorder {
    final Job job;
    final RunCounters counters;
    final BadExtentSet bad;
    final IoSlot[] slots;
    final java.lang.foreign.MemorySegment buffers;
    final IoLoop loop;
    final List<long[]> retry = new ArrayList<>();
    boolean retrying;
    long bytesRead;
    long checkedBytes;
    RunStatus end = RunStatus.COMPLETE;

    State(Job job, RunCounters counters, BadExtentSet bad, Arena arena) {
      super(clock);
      this.job = job;
      this.counters = counters;
      this.bad = bad;
      this.slots = new IoSlot[job.queueDepth()];
      // One piece of memory for all slots, which the engine may register (READ_FIXED).
      this.buffers = arena.allocate((long) slots.length * job.blockBytes(), BLOCK);
      for (int i = 0; i < slots.length; i++) {
        slots[i] = new IoSlot(i);
        slots[i].buffer = buffers.asSlice((long) i * job.blockBytes(), job.blockBytes());
        slots[i].write = false;
      }
      this.loop = new IoLoop(clock, slots);
    }

    void pass(IoEngine engine, List<long[]> ranges, int requestBytes, BooleanSupplier stop)
        throws IOException {
      IoLoop.Ended ended =
          loop.run(
              engine,
              new Ranges(ranges, requestBytes),
              this,
              new IoLoop.Bounds(stop, () -> false, Long.MAX_VALUE, job.ioTimeoutNanos(), false));
      switch (ended) {
        case STOPPED -> end = RunStatus.INTERRUPTED;
        case TIMED_OUT -> {
          end = RunStatus.FAILED;
          error =
              "no read completed for "
                  + job.ioTimeoutNanos() / 1_000_000_000L
                  + " s ("
                  + loop.inFlight()
                  + " in flight): the device stopped answering";
        }
        case DONE, FAILED -> {
          // FAILED: completed() said why
        }
      }
    }

    @Override
    public void completed(IoSlot slot) {
      long now = completedNow();
      long got = slot.failure == null ? Math.max(0, slot.result) : 0;
      got = Math.min(got, slot.lengthBytes);
      if (got > 0) {
        bytesRead += got;
        counters.completed(got, now - slot.submittedNanos);
      }
      long whole = got - got % BLOCK;
      if (whole > 0 && job.checker() != null) {
        BlockChecks.check(job.checker(), slot.offsetBytes, slot.buffer, whole, bad);
        checkedBytes += whole;
      }
      if (whole == slot.lengthBytes) {
        return;
      }
      if (slot.failure != null && !(slot.failure instanceof IOException)) {
        // Not the device: a fault in the engine or in Sustain. Never report it as bad data.
        if (error == null) {
          end = RunStatus.FAILED;
          error = "read at offset " + slot.offsetBytes + " failed: " + slot.failure;
        }
        return;
      }
      long restStart = slot.offsetBytes + whole;
      long restLength = slot.lengthBytes - whole;
      boolean ioError = slot.failure != null || slot.result < 0;
      if (!ioError) {
        // A short read with no error is the end of the file: it shrank after we looked.
        bad.add(restStart, restLength, BadKind.MISSING, -1);
      } else if (!retrying && slot.lengthBytes > BLOCK) {
        retry.add(new long[] {restStart, restStart + restLength});
      } else {
        bad.add(restStart, restLength, BadKind.UNREADABLE, -1);
      }
    }
  }
}
