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
 * reads it back at the same size and depth; then removes the file. One thread.
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
      boolean preallocate) {}

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
      outer:
      for (int bs : params.blockSizes()) {
        for (int qd : params.queueDepths()) {
          if (stop.get()) {
            interrupted = true;
            break outer;
          }
          double write = writePoint(file, pattern, bs, qd, size, align);
          if (Double.isNaN(write)) {
            interrupted = stop.get();
            error = interrupted ? null : lastError;
            break outer;
          }
          // Reads go in whole 4 KiB blocks; a smaller or odd request size is written only.
          boolean readable = params.read() && bs % 4096 == 0;
          double read = readable ? readPoint(file, bs, qd, size) : Double.NaN;
          if (readable && Double.isNaN(read)) {
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

  /** MB/s of one write point, flush included; NaN when it did not complete. */
  private double writePoint(
      TestFile file, DataPattern pattern, int bs, int qd, long size, long align)
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
      Runner.Job job =
          new Runner.Job(0, size, size, -1, bs, qd, align, pattern, true, params.ioTimeoutNanos());
      Runner runner = new Runner(NanoClock.SYSTEM);
      // The buffers are made (large at large sizes and depths) and the loop rehearsed before the
      // point's clock starts.
      try (Runner.Prepared prepared = runner.prepare(engine, job)) {
        prepared.rehearse(NanoClock.SYSTEM);
        long t0 = System.nanoTime();
        Runner.Outcome o = runner.run(prepared, new RunCounters(), stop::get, () -> false);
        if (o.end() != RunStatus.COMPLETE) {
          lastError = o.error();
          return Double.NaN;
        }
        engine.sync();
        long nanos = System.nanoTime() - t0;
        return o.bytes() / (nanos / 1e9) / 1e6;
      }
    }
  }

  /** MB/s of reading the point back at the same size and depth; NaN when it did not complete. */
  private double readPoint(TestFile file, int bs, int qd, long size) throws IOException {
    try (IoEngine engine = Engines.create(params.engine())) {
      engine.open(file.path(), new IoEngine.OpenOptions(true, false, false), qd);
      ReadBack.Outcome o =
          new ReadBack(NanoClock.SYSTEM)
              .run(
                  engine,
                  new ReadBack.Job(size, size, bs, qd, null, params.ioTimeoutNanos()),
                  new RunCounters(),
                  stop::get);
      if (o.end() != RunStatus.COMPLETE || !o.bad().isEmpty()) {
        lastError = o.error() != null ? o.error() : "read-back of the sweep's file failed";
        return Double.NaN;
      }
      return o.nanos() > 0 ? o.bytesRead() / (o.nanos() / 1e9) / 1e6 : Double.NaN;
    }
  }
}
