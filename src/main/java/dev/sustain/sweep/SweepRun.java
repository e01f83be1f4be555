package dev.sustain.sweep;

import dev.sustain.engine.Engines;
import dev.sustain.engine.Errno;
import dev.sustain.engine.ErrnoException;
import dev.sustain.engine.IoEngine;
import dev.sustain.pattern.DataPattern;
import dev.sustain.pattern.PatternSpec;
import dev.sustain.pattern.Patterns;
import dev.sustain.run.RunFolder;
import dev.sustain.run.RunJson;
import dev.sustain.run.RunStatus;
import dev.sustain.run.Runner;
import dev.sustain.sampling.NanoClock;
import dev.sustain.sampling.RunCounters;
import dev.sustain.target.BlockGeometry;
import dev.sustain.target.FileLayout;
import dev.sustain.target.TestFile;
import dev.sustain.unit.Units;
import dev.sustain.unit.UsageException;
import dev.sustain.verify.ReadBack;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * The request-size sweep: for every request size and queue depth, writes the same test file from
 * its start ({@code sizePerPoint} bytes, direct I/O, through the write runner, flush included) and
 * reads it back at the same size and depth; then removes the file. A point that would finish sooner
 * than {@code minPointNanos} goes on over the same file (writes wrap to its start, reads read it
 * again) until that time has passed, so a fast target is not judged on a tenth of a second; a
 * {@link PointSampler} gives each point its spread. One thread.
 */
public final class SweepRun {

  /**
   * What the user asked.
   *
   * @param target a folder or a new file
   * @param blockSizes request sizes, bytes
   * @param queueDepths depths
   * @param sizePerPointBytes bytes written (and read) per point
   * @param read also measure reads
   * @param engine engine name
   * @param pattern the data written
   * @param out the sweep's run folder, or null for a new one
   * @param ioTimeoutNanos a request that does not complete in this time fails the sweep
   * @param preallocate allocate the test file before the first point, as fio does, so every point
   *     overwrites allocated space ({@code --no-preallocate}: false)
   * @param minPointNanos the least time a point (each direction) lasts; 0 for one pass of the size
   */
  public record Params(
      String target,
      List<Integer> blockSizes,
      List<Integer> queueDepths,
      long sizePerPointBytes,
      boolean read,
      String engine,
      PatternSpec pattern,
      java.nio.file.Path out,
      long ioTimeoutNanos,
      boolean preallocate,
      long minPointNanos) {

    /** 2 s: see {@code --min-time-per-point} in the README for why. */
    public static final long DEFAULT_MIN_POINT_NANOS = 2_000_000_000L;
  }

  /**
   * How it ended.
   *
   * @param points measured points, in the order measured
   * @param complete false when interrupted or failed before the last point
   * @param error one line for people, or null
   * @param layout how the test file was laid out before the first point
   */
  public record Result(
      String runId,
      java.nio.file.Path runFolder,
      java.nio.file.Path testFile,
      long sizePerPointBytes,
      long minPointNanos,
      List<SweepPoint> points,
      SweepVerdict writeVerdict,
      SweepVerdict readVerdict,
      boolean complete,
      boolean interrupted,
      String error,
      FileLayout layout) {}

  private final Params params;
  private final AtomicBoolean stop;
  private final Consumer<SweepPoint> onPoint;
  private final Consumer<String> onNote;

  public SweepRun(Params params, AtomicBoolean stop, Consumer<SweepPoint> onPoint) {
    this(params, stop, onPoint, note -> {});
  }

  /**
   * @param onNote told what the user should know about the job as it will run (a size rounded)
   */
  public SweepRun(
      Params params, AtomicBoolean stop, Consumer<SweepPoint> onPoint, Consumer<String> onNote) {
    this.params = params;
    this.stop = stop;
    this.onPoint = onPoint;
    this.onNote = onNote;
  }

  /** Runs the sweep; usage problems are thrown before anything is written. */
  public Result run() throws IOException {
    java.time.Instant started = java.time.Instant.now();
    if (params.blockSizes().isEmpty() || params.queueDepths().isEmpty()) {
      throw new UsageException("give at least one --bs and one --qd");
    }
    for (int qd : params.queueDepths()) {
      if (qd < 1 || qd > 1024) {
        throw new UsageException("--qd must be between 1 and 1024, not " + qd);
      }
    }
    int maxBs = 0;
    int maxQd = 0;
    for (int qd : params.queueDepths()) {
      maxQd = Math.max(maxQd, qd);
    }
    for (int bs : params.blockSizes()) {
      maxBs = Math.max(maxBs, bs);
      if (params.pattern().verifiable() && bs % 4096 != 0) {
        throw new UsageException(
            "--bs "
                + bs
                + " B is not a whole number of 4 KiB blocks, which --pattern "
                + params.pattern().name()
                + " needs");
      }
    }
    if (params.sizePerPointBytes() < maxBs) {
      throw new UsageException(
          "--size-per-point must be at least the largest --bs (" + Units.binaryBytes(maxBs) + ")");
    }
    String runId = RunFolder.newRunId();
    TestFile file = TestFile.resolve(params.target(), runId);
    IoEngine probe = Engines.create(params.engine());
    long align =
        probe.directAlignmentBytes(file.folder(), BlockGeometry.logicalBlockSize(file.folder()));
    probe.close();
    for (int bs : params.blockSizes()) {
      if (bs % align != 0) {
        throw new UsageException(
            "--bs " + bs + " B is not a multiple of " + align + " B, which direct I/O needs here");
      }
    }
    long size = params.sizePerPointBytes();
    long block = Math.max(align, params.pattern().verifiable() ? 4096 : 1);
    size = new dev.sustain.unit.ByteSize(size).roundUpTo(block).bytes();
    if (size != params.sizePerPointBytes()) {
      onNote.accept(
          Units.roundedUp(
              "--size-per-point",
              params.sizePerPointBytes(),
              size,
              block,
              params.pattern().verifiable() ? "verifiable data" : "direct I/O"));
    }
    file.checkFreeSpace(size);
    RunFolder folder = RunFolder.create(params.out(), runId, "sweep");
    FileLayout layout =
        params.engine().equals("null")
            ? FileLayout.none()
            : params.preallocate()
                ? FileLayout.preallocate(file.path(), size)
                : FileLayout.sparse("--no-preallocate: the first point times the allocator");
    List<SweepPoint> points = new ArrayList<>();
    String error = null;
    boolean interrupted = false;
    try (Arena arena = Arena.ofShared();
        dev.sustain.target.RunMark mark =
            dev.sustain.target.RunMark.take(file.folder(), runId, folder.dir())) {
      DataPattern pattern = params.pattern().create(arena, maxBs, Patterns.idFor(runId));
      if (layout.preallocated()
          && writePoint(file, pattern, maxBs, maxQd, size, align, 0) == null) {
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
          SweepPoint.Rate write =
              writePoint(file, pattern, bs, qd, size, align, params.minPointNanos());
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
    } finally {
      file.remove();
    }
    Result result =
        new Result(
            runId,
            folder.dir(),
            file.path(),
            size,
            params.minPointNanos(),
            List.copyOf(points),
            SweepVerdict.of(points, SweepPoint.Direction.WRITE),
            params.read() ? SweepVerdict.of(points, SweepPoint.Direction.READ) : null,
            error == null && !interrupted,
            interrupted,
            error,
            layout);
    com.fasterxml.jackson.databind.node.ObjectNode runJson = SweepJson.runJson(result, params);
    // The history orders runs by their start: every run.json says when it started and ended.
    runJson.put("started", started.toString());
    runJson.put("ended", java.time.Instant.now().toString());
    RunJson.putLayout(runJson, layout);
    dev.sustain.run.RunJson.putWhere(runJson, file.folder());
    folder.writeJson(RunFolder.RUN_JSON, runJson);
    return result;
  }

  private String lastError;

  /**
   * One write point, flush included: at least the size, and at least the minimum time (the writes
   * wrap to the file's start); null when it did not complete.
   */
  private SweepPoint.Rate writePoint(
      TestFile file, DataPattern pattern, int bs, int qd, long size, long align, long minNanos)
      throws IOException {
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
              ? new Runner.Job(0, size, -1, 1L << 60, bs, qd, align, pattern, true, timeout())
              : new Runner.Job(0, size, size, -1, bs, qd, align, pattern, true, timeout());
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

  private long timeout() {
    return params.ioTimeoutNanos();
  }

  /**
   * Reading the point back at the same size and depth, the whole file again until the minimum time
   * has passed; null when it did not complete.
   */
  private SweepPoint.Rate readPoint(TestFile file, int bs, int qd, long size) throws IOException {
    try (IoEngine engine = Engines.create(params.engine())) {
      engine.open(file.path(), new IoEngine.OpenOptions(true, false, false), qd);
      RunCounters counters = new RunCounters();
      ReadBack.Job job = new ReadBack.Job(size, size, bs, qd, null, timeout());
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
