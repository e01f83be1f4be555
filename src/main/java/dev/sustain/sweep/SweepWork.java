package dev.sustain.sweep;

import dev.sustain.engine.Engines;
import dev.sustain.engine.Errno;
import dev.sustain.engine.ErrnoException;
import dev.sustain.engine.IoEngine;
import dev.sustain.pattern.DataPattern;
import dev.sustain.run.RunLifecycle;
import dev.sustain.run.RunStatus;
import dev.sustain.run.Runner;
import dev.sustain.run.SamplingSession;
import dev.sustain.sampling.NanoClock;
import dev.sustain.sampling.RunCounters;
import dev.sustain.target.TestFile;
import dev.sustain.unit.UsageException;
import dev.sustain.verify.ReadBack;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * A sweep's requests inside its {@link RunLifecycle}: the points, every request size at every
 * depth, each written (flush included) and read back over the same test file, each timed and
 * sampled on its own ({@link PointSampler}), so the run keeps no samples.csv. A preallocated file
 * is written once, untimed, before the first point. It keeps the points, which the sweep's result
 * needs.
 */
final class SweepWork implements RunLifecycle.Work {

  /**
   * The test file and the sizes every point shares.
   *
   * @param sizeBytes bytes written (and read) per point, rounded to whole blocks
   * @param alignBytes what direct I/O needs of an offset and a size here
   * @param maxBlockBytes the largest request size, which the untimed first pass writes with
   * @param maxQueueDepth the deepest depth, likewise
   */
  record File(
      TestFile file,
      DataPattern pattern,
      long sizeBytes,
      long alignBytes,
      int maxBlockBytes,
      int maxQueueDepth,
      boolean preallocated) {}

  private final SweepRun.Params params;
  private final File f;
  private final AtomicBoolean stop;
  private final Consumer<SweepPoint> onPoint;
  private final List<SweepPoint> points = new ArrayList<>();
  private String lastError;

  SweepWork(SweepRun.Params params, File file, AtomicBoolean stop, Consumer<SweepPoint> onPoint) {
    this.params = params;
    this.f = file;
    this.stop = stop;
    this.onPoint = onPoint;
  }

  /** The points; the session is null (each point is sampled on its own). */
  @Override
  public RunLifecycle.End drive(SamplingSession session) throws IOException {
    TestFile file = f.file();
    long size = f.sizeBytes();
    String error = null;
    boolean interrupted = false;
    if (f.preallocated()
        && writePoint(file, f.pattern(), f.maxBlockBytes(), f.maxQueueDepth(), size, 0) == null) {
      // Before the first point, untimed: a preallocated file's extents are unwritten, and the
      // first write to each converts it, which only the first point would pay (seen on ext4
      // over a virtual disk: 128 KiB QD1 gave 32 MB/s as the first point, 261 MB/s after this).
      interrupted = stop.get();
      error = interrupted ? null : lastError;
    }
    outer:
    for (int bs : params.blockSizes()) {
      for (int qd : params.queueDepths()) {
        if (stop.get() || error != null) {
          interrupted = error == null;
          break outer;
        }
        SweepPoint.Rate write = writePoint(file, f.pattern(), bs, qd, size, params.minPointNanos());
        if (write == null) {
          interrupted = stop.get();
          error = interrupted ? null : lastError;
          break outer;
        }
        // Reads go in whole 4 KiB blocks; a smaller or odd request size is written only.
        boolean readable = params.read() && bs % 4096 == 0;
        SweepPoint.Rate read = readable ? readPoint(file, bs, qd, size) : SweepPoint.Rate.NONE;
        if (read == null) {
          interrupted = stop.get();
          error = interrupted ? null : lastError;
          break outer;
        }
        SweepPoint p = new SweepPoint(bs, qd, write, read);
        points.add(p);
        onPoint.accept(p);
      }
    }
    RunStatus status =
        error != null ? RunStatus.FAILED : interrupted ? RunStatus.INTERRUPTED : RunStatus.COMPLETE;
    return new RunLifecycle.End(status, error);
  }

  /** The points measured, in the order measured. */
  List<SweepPoint> points() {
    return List.copyOf(points);
  }

  /**
   * One write point, flush included: at least the size, and at least the minimum time (the writes
   * wrap to the file's start); null when it did not complete.
   */
  private SweepPoint.Rate writePoint(
      TestFile file, DataPattern pattern, int bs, int qd, long size, long minNanos)
      throws IOException {
    long align = f.alignBytes();
    try (IoEngine engine = Engines.create(params.engine())) {
      try {
        engine.open(file.path(), new IoEngine.OpenOptions(true, true, true), qd);
      } catch (ErrnoException e) {
        throw new UsageException(
            e.errno() == Errno.EINVAL
                ? "the file system at "
                    + file.folder()
                    + " does not support direct I/O (O_DIRECT), which a sweep needs"
                : "cannot create " + file.path() + ": " + e.getMessage());
      }
      // With a minimum time the job is bounded by finish below (a time limit far off lets its
      // requests wrap over the file); without, by the size as before.
      Runner.Job job =
          minNanos > 0
              ? new Runner.Job(
                  0, size, -1, 1L << 60, bs, qd, align, pattern, true, params.ioTimeoutNanos())
              : new Runner.Job(
                  0, size, size, -1, bs, qd, align, pattern, true, params.ioTimeoutNanos());
      Runner runner = new Runner(NanoClock.SYSTEM);
      RunCounters counters = new RunCounters();
      // The buffers are made (large at large sizes and depths) and the loop rehearsed before the
      // point's clock starts.
      try (Runner.Prepared prepared = runner.prepare(engine, job)) {
        prepared.rehearse(NanoClock.SYSTEM);
        PointSampler sampler = new PointSampler(counters);
        long t0 = System.nanoTime();
        long nanos;
        Runner.Outcome o;
        try {
          o =
              runner.run(
                  prepared,
                  counters,
                  stop::get,
                  () -> counters.bytes() >= size && System.nanoTime() - t0 >= minNanos);
          if (o.end() == RunStatus.COMPLETE) {
            engine.sync();
          }
          nanos = System.nanoTime() - t0;
        } finally {
          sampler.close();
        }
        if (o.end() != RunStatus.COMPLETE) {
          lastError = o.error();
          return null;
        }
        return sampler.rate(o.bytes(), nanos);
      }
    }
  }

  /**
   * Reading the point back at the same size and depth, the whole file again until the minimum time
   * has passed; null when it did not complete.
   */
  private SweepPoint.Rate readPoint(TestFile file, int bs, int qd, long size) throws IOException {
    try (IoEngine engine = Engines.create(params.engine())) {
      engine.open(file.path(), new IoEngine.OpenOptions(true, false, false), qd);
      RunCounters counters = new RunCounters();
      ReadBack.Job job = new ReadBack.Job(size, size, bs, qd, null, params.ioTimeoutNanos());
      PointSampler sampler = new PointSampler(counters);
      long t0 = System.nanoTime();
      long bytes = 0;
      long nanos;
      try {
        do {
          ReadBack.Outcome o = new ReadBack(NanoClock.SYSTEM).run(engine, job, counters, stop::get);
          if (o.end() != RunStatus.COMPLETE || !o.bad().isEmpty()) {
            lastError = o.error() != null ? o.error() : "read-back of the sweep's file failed";
            return null;
          }
          bytes += o.bytesRead();
        } while (System.nanoTime() - t0 < params.minPointNanos() && !stop.get());
        nanos = System.nanoTime() - t0;
      } finally {
        sampler.close();
      }
      return nanos > 0 ? sampler.rate(bytes, nanos) : null;
    }
  }
}
