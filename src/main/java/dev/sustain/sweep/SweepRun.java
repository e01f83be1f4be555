package dev.sustain.sweep;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.document.SweepJsonWriter;
import dev.sustain.engine.Engines;
import dev.sustain.engine.IoEngine;
import dev.sustain.pattern.DataPattern;
import dev.sustain.pattern.PatternSpec;
import dev.sustain.pattern.Patterns;
import dev.sustain.run.RunFolder;
import dev.sustain.run.RunHeader;
import dev.sustain.run.RunJson;
import dev.sustain.run.RunLifecycle;
import dev.sustain.run.RunObserver;
import dev.sustain.run.RunStatus;
import dev.sustain.target.BlockGeometry;
import dev.sustain.target.FileLayout;
import dev.sustain.target.RunMark;
import dev.sustain.target.TestFile;
import dev.sustain.unit.ByteSize;
import dev.sustain.unit.Units;
import dev.sustain.unit.UsageException;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * The request-size sweep: for every request size and queue depth, writes the same test file from
 * its start ({@code sizePerPoint} bytes, direct I/O, through the write runner, flush included) and
 * reads it back at the same size and depth; then removes the file. A point that would finish sooner
 * than {@code minPointNanos} goes on over the same file (writes wrap to its start, reads read it
 * again) until that time has passed, so a fast target is not judged on a tenth of a second; a
 * {@link PointSampler} gives each point its spread. One thread. Its checks, folder and mark are
 * here; the points go through the {@link RunLifecycle} as its work ({@link SweepWork}), without
 * samples.csv, and run.json, written once at the end, has its keys from {@link SweepJsonWriter}.
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
      Path out,
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
      Path runFolder,
      Path testFile,
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
  // Hears of the sweep's end as written (run.json's text), for its history.
  private final RunObserver observer;

  public SweepRun(Params params, AtomicBoolean stop, Consumer<SweepPoint> onPoint) {
    this(params, stop, onPoint, note -> {});
  }

  /**
   * @param onNote told what the user should know about the job as it will run (a size rounded)
   */
  public SweepRun(
      Params params, AtomicBoolean stop, Consumer<SweepPoint> onPoint, Consumer<String> onNote) {
    this(params, stop, onPoint, onNote, RunObserver.SILENT);
  }

  /**
   * @param observer told of the sweep's folder as written ({@link RunObserver#kept}) and its end
   */
  public SweepRun(
      Params params,
      AtomicBoolean stop,
      Consumer<SweepPoint> onPoint,
      Consumer<String> onNote,
      RunObserver observer) {
    this.params = params;
    this.stop = stop;
    this.onPoint = onPoint;
    this.onNote = onNote;
    this.observer = observer;
  }

  /** Runs the sweep; usage problems are thrown before anything is written. */
  public Result run() throws IOException {
    Instant started = Instant.now();
    checkParams();
    int maxBs = params.blockSizes().stream().mapToInt(Integer::intValue).max().orElseThrow();
    int maxQd = params.queueDepths().stream().mapToInt(Integer::intValue).max().orElseThrow();
    String runId = RunFolder.newRunId();
    TestFile file = TestFile.resolve(params.target(), runId);
    long align = alignment(file);
    long size = sizePerPoint(align);
    file.checkFreeSpace(size);
    RunFolder folder = RunLifecycle.newFolder(params.out(), runId, "sweep");
    RunLifecycle life = new RunLifecycle(runId, "sweep", folder, observer, null);
    FileLayout layout =
        params.engine().equals("null")
            ? FileLayout.none()
            : params.preallocate()
                ? FileLayout.preallocate(file.path(), size)
                : FileLayout.sparse("--no-preallocate: the first point times the allocator");
    RunLifecycle.End end;
    SweepWork work;
    try (Arena arena = Arena.ofShared();
        RunMark mark = RunLifecycle.mark(file.folder(), runId, folder)) {
      DataPattern pattern = params.pattern().create(arena, maxBs, Patterns.idFor(runId));
      SweepWork.File points =
          new SweepWork.File(file, pattern, size, align, maxBs, maxQd, layout.preallocated());
      work = new SweepWork(params, points, stop, onPoint);
      end = life.unsampled(work);
    } catch (IOException | RuntimeException e) {
      folder.discardIfUnfilled(); // its run.json is written at the end: a failure leaves nothing
      throw e;
    } finally {
      file.remove();
    }
    List<SweepPoint> measured = work.points();
    Result result =
        new Result(
            runId,
            folder.dir(),
            file.path(),
            size,
            params.minPointNanos(),
            measured,
            SweepVerdict.of(measured, SweepPoint.Direction.WRITE),
            params.read() ? SweepVerdict.of(measured, SweepPoint.Direction.READ) : null,
            end.status() == RunStatus.COMPLETE,
            end.status() == RunStatus.INTERRUPTED,
            end.error(),
            layout);
    ObjectNode runJson = RunHeader.begin("sweep", runId);
    SweepJsonWriter.whole(
        runJson, SweepJson.asked(result, params), SweepJson.found(result), started, Instant.now());
    RunJson.putLayout(runJson, layout);
    life.describeWhere(runJson, file.folder());
    // Its points went to onPoint as they ended; the lifecycle's observer hears only how it ended
    // (a sweep's bytes and time are its points', not one run's).
    life.endWhole(runJson, new RunObserver.Ended(0, 0, end.status(), end.error()));
    return result;
  }

  /** The request sizes and depths, refused before anything is made when they cannot be run. */
  private void checkParams() {
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
  }

  /** What direct I/O needs here of every request size; a size that is not a multiple is refused. */
  private long alignment(TestFile file) throws IOException {
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
    return align;
  }

  /** The size per point rounded up to whole blocks, with a note when it was. */
  private long sizePerPoint(long align) {
    long block = Math.max(align, params.pattern().verifiable() ? 4096 : 1);
    long size = new ByteSize(params.sizePerPointBytes()).roundUpTo(block).bytes();
    if (size != params.sizePerPointBytes()) {
      onNote.accept(
          Units.roundedUp(
              "--size-per-point",
              params.sizePerPointBytes(),
              size,
              block,
              params.pattern().verifiable() ? "verifiable data" : "direct I/O"));
    }
    return size;
  }
}
