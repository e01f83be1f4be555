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

  /**
   * A rehearsal's length: at least enough requests for the JIT's second tier, and at most a second.
   */
  private static final int REHEARSAL_REQUESTS = 20_000;

  private static final long REHEARSAL_NANOS = 1_000_000_000L;

  /** The compilers are taken to have caught up when their total time holds this long. */
  private static final long JIT_IDLE_NANOS = 50_000_000L;

  /** The most buffer memory offered for registration: the kernel's limit for one buffer. */
  private static final long MAX_REGISTERED_BYTES = 1L << 30;

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

  /**
   * What happened.
   *
   * @param bytes bytes completed (equals the sum of the counters' increments)
   * @param nanos from the first submission to the last completion
   * @param error one line for people, null when complete or interrupted
   * @param noSpace true when the failure is a full filesystem or device (ENOSPC)
   */
  public record Outcome(RunStatus end, long bytes, long nanos, String error, boolean noSpace) {}

  /**
   * Runs the job on an engine that is already open.
   *
   * @param stopRequested polled often; true ends the run as interrupted within about two seconds
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
    try (Prepared prepared = prepare(engine, job)) {
      return run(prepared, counters, interruptRequested, finishRequested);
    }
  }

  /**
   * A job made ready on its engine: the slots' buffers allocated, offered to the engine for
   * registration and filled with the pattern's data. Preparing takes tens of milliseconds (32 MiB
   * for the default job), which a caller keeps outside its clock by preparing before it starts
   * timing. Closing frees the buffers unless requests that may still read them were abandoned (the
   * process is then about to end). One thread.
   */
  public static final class Prepared implements AutoCloseable {
    private final IoEngine engine;
    private final Job job;
    private final Arena arena = Arena.ofShared();
    private final Requests requests;
    private final IoLoop loop;
    private boolean abandoned;
    private boolean ran;

    private Prepared(IoEngine engine, Job job, NanoClock clock) throws ErrnoException {
      this.engine = engine;
      this.job = job;
      try {
        this.requests = new Requests(job, arena, engine);
        this.loop = new IoLoop(clock, requests.slots);
      } catch (ErrnoException | RuntimeException e) {
        arena.close();
        throw e;
      }
    }

    /**
     * Runs the job's loop against the engine in rehearsal (no I/O, see {@link IoEngine#rehearse})
     * for at least {@link #REHEARSAL_REQUESTS} requests and until the compilers are idle, at most
     * {@link #REHEARSAL_NANOS}, so that the JIT compiles the path every request takes before the
     * caller starts its clock: without it the first second of a short run is partly interpreted,
     * and the compilations' CPU lands in it. Never more requests than the job itself makes ({@link
     * #requestCount}): a 4 KiB write made 17,000 NOPs for its one request, and compiled code cannot
     * save a job more time than running the job takes. The buffers' headers are rewritten as the
     * real requests will rewrite them again. Nothing is counted. Does nothing where the engine
     * cannot rehearse.
     */
    public void rehearse(NanoClock clock) throws ErrnoException {
      if (ran || !engine.rehearse(true)) {
        return;
      }
      try {
        Completions sink = new Completions(new RunCounters(), clock);
        long now = clock.nanoTime();
        long end = now + REHEARSAL_NANOS;
        int done = 0;
        // Until enough requests went through and the compilers have caught up (their total time
        // held still for a while), or the time is up: on a busy machine they lag behind.
        java.lang.management.CompilationMXBean jit =
            java.lang.management.ManagementFactory.getCompilationMXBean();
        long compiled = -1;
        long stillSince = now;
        long most = requestCount(job);
        while (now < end && done < most) {
          loop.submitAll(engine, requests);
          if (loop.inFlight() == 0) {
            requests.restart(); // a small job: again from its start
            continue;
          }
          done += loop.reap(engine, IoLoop.POLL_NANOS, sink);
          now = clock.nanoTime();
          long total = jit.getTotalCompilationTime();
          if (total != compiled) {
            compiled = total;
            stillSince = now;
          } else if (done >= REHEARSAL_REQUESTS && now - stillSince > JIT_IDLE_NANOS) {
            break;
          }
        }
        while (loop.inFlight() > 0 && clock.nanoTime() < end + IoLoop.DRAIN_NANOS) {
          loop.reap(engine, IoLoop.POLL_NANOS, sink);
        }
      } finally {
        if (loop.inFlight() == 0) {
          engine.rehearse(false);
          requests.restart();
        } else {
          abandoned = true; // a NOP that never completed: the real run must not start
          throw new ErrnoException("the engine's rehearsal did not complete", 0);
        }
      }
    }

    @Override
    public void close() {
      if (!abandoned && arena.scope().isAlive()) {
        arena.close();
      }
    }
  }

  /** Makes the job ready on an engine that is already open; run it once with {@link #run}. */
  public Prepared prepare(IoEngine engine, Job job) throws ErrnoException {
    return new Prepared(engine, job, clock);
  }

  /**
   * Runs a prepared job; its clock starts with the first request.
   *
   * @param stop polled often; true ends the run as interrupted within about two seconds
   * @param finish polled often; true stops submitting and ends the run as complete once every
   *     request in flight has completed
   */
  public Outcome run(
      Prepared prepared, RunCounters counters, BooleanSupplier stop, BooleanSupplier finish)
      throws ErrnoException {
    if (prepared.ran) {
      throw new IllegalStateException("a prepared job runs once");
    }
    prepared.ran = true;
    Job job = prepared.job;
    long start = clock.nanoTime();
    long deadline = job.durationNanos() < 0 ? Long.MAX_VALUE : start + job.durationNanos();
    Completions sink = new Completions(counters, clock);
    IoLoop loop = prepared.loop;
    IoLoop.Ended ended =
        loop.run(
            prepared.engine,
            prepared.requests,
            sink,
            new IoLoop.Bounds(stop, finish, deadline, job.ioTimeoutNanos(), true));
    if (ended == IoLoop.Ended.TIMED_OUT) {
      sink.fail(
          "no request completed for "
              + (job.ioTimeoutNanos() / 1_000_000_000L)
              + " s ("
              + loop.inFlight()
              + " in flight): the device stopped answering",
          false);
    }
    prepared.abandoned |= loop.abandoned();
    long nanos = Math.max(0, sink.lastCompletionNanos() - start);
    if (sink.failed()) {
      return new Outcome(RunStatus.FAILED, sink.bytes, nanos, sink.error(), sink.noSpace);
    }
    if (ended == IoLoop.Ended.STOPPED) {
      return new Outcome(RunStatus.INTERRUPTED, sink.bytes, nanos, null, false);
    }
    return new Outcome(RunStatus.COMPLETE, sink.bytes, nanos, null, false);
  }

  /**
   * The requests a job makes when it runs to its end: its size (and, without a time limit, its
   * extent) in requests; {@link Long#MAX_VALUE} when only time ends it.
   */
  static long requestCount(Job job) {
    long bytes = boundBytes(job);
    return bytes < 0 ? Long.MAX_VALUE : Math.ceilDiv(bytes, job.blockBytes());
  }

  /** The bytes a job covers when it runs to its end, or -1 when only time ends it. */
  private static long boundBytes(Job job) {
    if (job.extentBytes() == 0) {
      return 0; // nothing to write or read, however long it may go
    }
    long bytes = job.totalBytes();
    if (job.durationNanos() < 0 && job.extentBytes() >= 0) {
      bytes = bytes < 0 ? job.extentBytes() : Math.min(bytes, job.extentBytes());
    }
    return bytes;
  }

  /**
   * The size of each slot's buffer: the request size, or less for a job smaller than one request
   * (its one request, rounded up as {@link Requests} rounds it and to whole 4 KiB blocks of data).
   */
  static int bufferBytes(Job job) {
    long bytes = boundBytes(job);
    if (bytes < 0 || bytes >= job.blockBytes()) {
      return job.blockBytes();
    }
    return (int)
        Math.min(job.blockBytes(), roundUp(roundUp(Math.max(1, bytes), job.alignBytes()), 4096));
  }

  private static long roundUp(long value, long align) {
    if (align <= 1) {
      return value;
    }
    long rem = value % align;
    return rem == 0 ? value : value + (align - rem);
  }

  /**
   * The requests of a job, the loop's {@link IoLoop.Source}: the slots and their buffers, and where
   * the next request goes. Sequential offsets from the start offset, wrapping around the extent
   * when a time limit keeps the run going.
   */
  private static final class Requests implements IoLoop.Source {
    private final Job job;
    final IoSlot[] slots;

    /**
     * Each slot's own buffer, kept apart from slot.buffer: a pattern may hand back a slice of it,
     * or memory of its own, and the next request must still get the whole buffer.
     */
    private final MemorySegment[] own;

    private long relative; // the next offset, relative to the start offset
    private long submittedBytes;

    Requests(Job job, Arena arena, IoEngine engine) throws ErrnoException {
      this.job = job;
      // No more slots than the job has requests, each no larger than its largest request: a 4 KiB
      // write made 32 buffers of 1 MiB and filled all 32 MiB with the pattern before its one
      // request.
      int qd = (int) Math.max(1, Math.min(job.queueDepth(), requestCount(job)));
      int bufferBytes = bufferBytes(job);
      slots = new IoSlot[qd];
      own = new MemorySegment[qd];
      // All buffers in one piece of memory, which the engine may register with the kernel once
      // (fio's fixedbufs).
      long allBytes = (long) qd * bufferBytes;
      MemorySegment all = arena.allocate(allBytes, 4096);
      if (allBytes <= MAX_REGISTERED_BYTES) {
        engine.registerBuffers(all); // refused (RLIMIT_MEMLOCK): requests go the plain way
      }
      for (int i = 0; i < qd; i++) {
        slots[i] = new IoSlot(i);
        own[i] = all.asSlice((long) i * bufferBytes, bufferBytes);
        slots[i].buffer = own[i];
        slots[i].write = job.write();
        if (job.write()) {
          job.pattern().prepare(own[i]); // before the clock: verifiable blocks are made here once
        }
      }
    }

    @Override
    public boolean next(IoSlot slot) {
      long length = nextLength();
      if (length <= 0) {
        return false;
      }
      long offset = job.startOffsetBytes() + relative;
      slot.offsetBytes = offset;
      slot.lengthBytes = (int) length;
      if (job.write()) {
        slot.buffer = job.pattern().bytesFor(offset, (int) length, own[slot.index]);
      }
      relative += length;
      submittedBytes += length;
      return true;
    }

    /** The length of the next request (wrapping around first where due), or 0 when done. */
    private long nextLength() {
      if (job.totalBytes() >= 0 && submittedBytes >= job.totalBytes()) {
        return 0;
      }
      if (job.extentBytes() >= 0 && relative >= job.extentBytes()) {
        if (job.durationNanos() < 0 || job.extentBytes() == 0) {
          return 0; // a sized job that has covered its extent
        }
        relative = 0; // a long run in little space: wrap around
      }
      long length = job.blockBytes();
      long limit = job.extentBytes() >= 0 ? job.extentBytes() - relative : Long.MAX_VALUE;
      if (job.totalBytes() >= 0) {
        limit = Math.min(limit, job.totalBytes() - submittedBytes);
      }
      return length > limit ? roundUp(limit, job.alignBytes()) : length;
    }

    /** Back to the job's first request (after a rehearsal). */
    void restart() {
      relative = 0;
      submittedBytes = 0;
    }
  }

  /** Counts completions and remembers the first failure; reused for every reap. */
  private static final class Completions extends IoLoop.Recorder {
    private final RunCounters counters;
    long bytes;
    boolean noSpace;

    Completions(RunCounters counters, NanoClock clock) {
      super(clock);
      this.counters = counters;
    }

    @Override
    public void completed(IoSlot slot) {
      long now = completedNow();
      if (slot.succeeded()) {
        bytes += slot.lengthBytes;
        counters.completed(slot.lengthBytes, now - slot.submittedNanos, now);
        return;
      }
      if (slot.result > 0) {
        // Partial transfers still reached the device: count them so the totals stay exact.
        bytes += slot.result;
        counters.completed(slot.result, now - slot.submittedNanos, now);
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
