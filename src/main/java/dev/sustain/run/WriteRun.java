package dev.sustain.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.analysis.LivePhase;
import dev.sustain.analysis.Thresholds;
import dev.sustain.device.DriveSensors;
import dev.sustain.device.RunSensors;
import dev.sustain.document.RunDocumentCodec;
import dev.sustain.engine.Engines;
import dev.sustain.engine.ErrnoException;
import dev.sustain.engine.ExclusiveOpen;
import dev.sustain.engine.IoEngine;
import dev.sustain.pattern.DataPattern;
import dev.sustain.pattern.PatternSpec;
import dev.sustain.pattern.Patterns;
import dev.sustain.pattern.VerifiablePattern;
import dev.sustain.sampling.NanoClock;
import dev.sustain.sampling.RunCounters;
import dev.sustain.sampling.SamplesCsv;
import dev.sustain.target.BlockGeometry;
import dev.sustain.target.FileLayout;
import dev.sustain.target.RawDevice;
import dev.sustain.target.RunMark;
import dev.sustain.target.TestFile;
import dev.sustain.unit.ByteSize;
import dev.sustain.unit.Units;
import dev.sustain.unit.UsageException;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The sustained write run from start to end: checks the job before anything is written, creates the
 * run folder and the test file, drives the engine while the sampler writes a row every interval,
 * flushes and times the flush, records the result and removes the test file.
 */
public final class WriteRun {

  private final WriteParams params;
  private final RunObserver observer;
  private final AtomicBoolean stop;
  private final AnalysisForms forms;

  /** The target file system's free bytes before the test file was made; null for a device. */
  private Long freeBytesBefore;

  /** The raw device's exclusive hold for the whole run; null for a test file. */
  private ExclusiveOpen held;

  /** How the test file was laid out before the clock started; none for a device. */
  private FileLayout layout = FileLayout.none();

  // Asked at the start for before.idle_s; none unless the command gives the run its history.
  private IdleHistory idleHistory = IdleHistory.NONE;

  /**
   * @param stop set (e.g. by a signal handler) to end the run early as interrupted
   * @param forms how the run's analysis is kept (analysis.json) and shown (its text)
   */
  public WriteRun(
      WriteParams params, RunObserver observer, AtomicBoolean stop, AnalysisForms forms) {
    this.params = params;
    this.observer = observer;
    this.stop = stop;
    this.forms = forms;
  }

  /** This run, asking {@code history} at its start how long its drive was idle. */
  public WriteRun idleFrom(IdleHistory history) {
    this.idleHistory = history;
    return this;
  }

  /** Verifiable data is made of 4 KiB blocks: sizes and requests come in whole blocks. */
  static final int VERIFIABLE_BLOCK_BYTES = 4096;

  /** The parsed --pattern; bad text is a usage error. */
  static PatternSpec pattern(WriteParams p) {
    try {
      return Patterns.parse(p.pattern() == null ? DefaultsAndLimits.PATTERN : p.pattern());
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }

  /** The alignment of sizes and of the last request: whole 4 KiB blocks for verifiable data. */
  private long dataAlign(long align) {
    return pattern(params).verifiable() ? Math.max(align, VERIFIABLE_BLOCK_BYTES) : align;
  }

  /** Checks what does not need the file system: depths, sizes, intervals. */
  public static void validate(WriteParams p) {
    if (p.sizeBytes() < 0 && p.duration() == null && p.until() == null) {
      throw new UsageException("give --size SIZE, --time DURATION, or both");
    }
    if (p.sizeBytes() == 0) {
      throw new UsageException("--size must be more than 0 bytes");
    }
    new RequestChecks(p.blockBytes(), p.queueDepth(), p.intervalNanos()).check();
    pattern(p);
  }

  /**
   * Where the run writes.
   *
   * @param path the test file or the device node
   * @param device the raw device, or null for a test file
   * @param folder the folder of the test file (for messages), or null
   * @param removeAfter remove the file at the end
   */
  record Target(Path path, RawDevice device, Path folder, boolean removeAfter) {}

  /** Runs the job. Usage problems are thrown before anything is written. */
  public WriteResult run() throws IOException {
    validate(params);
    String runId = RunFolder.newRunId();
    boolean direct = !params.buffered();
    IoEngine engine = Engines.create(params.engine());
    Path given = Path.of(params.target()).toAbsolutePath().normalize();
    if (TestFile.isBlockDevice(given)) {
      try {
        return runOnDevice(runId, given, engine, direct);
      } finally {
        if (held != null) {
          held.close(); // after the engine let go of the device: the run is over
        }
      }
    }
    if ("full".equals(params.until())) {
      throw new UsageException(
          "--until full writes a raw device's whole capacity; to fill a file system use"
              + " 'sustain fill'");
    }
    TestFile file = TestFile.resolve(params.target(), runId);
    TestFile.leftovers(file.folder()).forEach(observer::warning);
    int logical = BlockGeometry.logicalBlockSize(file.folder());
    long align = direct ? engine.directAlignmentBytes(file.folder(), logical) : 1;
    WriteChecks.blockSize(params, engine, logical, align);
    align = dataAlign(align);
    long sizeBytes = roundedSize(align, logical, direct);
    String whyLimit = "--size";
    if (sizeBytes < 0 && params.duration() == null) {
      // --until floor alone: at most what fits, keeping the margin; the floor usually ends it first
      sizeBytes = file.maxJobBytes() / align * align;
      whyLimit = "the free space in " + file.folder() + " less a safety margin";
    }
    if ("floor".equals(params.until())) {
      observer.note(WriteNotes.untilFloorPlan(params, sizeBytes, whyLimit));
    }
    if (sizeBytes > 0) {
      file.checkFreeSpace(sizeBytes);
    }
    freeBytesBefore = WriteChecks.freeBytes(file.folder()); // before the test file takes any
    RunFolder folder = RunLifecycle.newFolder(params.out(), runId, "write");
    try {
      // Before the test file takes the space: the run folder may be on the file system it fills.
      folder.reserveRoom();
      return writeFile(runId, file, folder, engine, sizeBytes, align);
    } catch (IOException | RuntimeException e) {
      // A run refused before it wrote anything there (no room for the run's files, a file that
      // cannot be opened) takes away the run folder it made: it leaves no empty folder behind.
      folder.discardIfUnfilled();
      throw e;
    }
  }

  /**
   * The test file's run, once its size is known and the run folder made: the mark taken before the
   * file exists, the file laid out and opened, the run, and the file removed or kept.
   */
  private WriteResult writeFile(
      String runId, TestFile file, RunFolder folder, IoEngine engine, long sizeBytes, long align)
      throws IOException {
    boolean direct = !params.buffered();
    // Before the file exists: another run never sees it without the mark that says it is live. A
    // file the user named is no sustain-test file that a later run could take for a leftover.
    try (RunMark mark =
        file.createdByName() ? null : RunLifecycle.mark(file.folder(), runId, folder)) {
      layout = WriteLayout.prepare(params, engine.name(), file.path(), sizeBytes);
      try {
        engine.open(file.path(), new IoEngine.OpenOptions(direct, true, true), params.queueDepth());
      } catch (ErrnoException e) {
        file.remove();
        throw new UsageException(WriteChecks.openProblem(file.path(), file.folder(), direct, e));
      }
      Target target = new Target(file.path(), null, file.folder(), !params.keep());
      try {
        long totalBytes = params.duration() == null ? sizeBytes : -1;
        WriteResult r =
            runOpen(new Open(runId, target, folder, engine, sizeBytes, totalBytes, align));
        if (!target.removeAfter() && layout.preallocated()) {
          FileLayout.cutTo(file.path(), Math.min(r.bytes(), sizeBytes));
        }
        return r;
      } finally {
        engine.close();
        if (target.removeAfter()) {
          file.remove();
        } else if (mark != null) {
          mark.keep();
        }
      }
    }
  }

  /** {@code --size} rounded up to whole blocks (-1 without --size), said when it changed. */
  private long roundedSize(long align, int logical, boolean direct) {
    long rounded =
        params.sizeBytes() < 0 ? -1 : new ByteSize(params.sizeBytes()).roundUpTo(align).bytes();
    if (rounded != params.sizeBytes()) {
      boolean byPattern = pattern(params).verifiable() && align == VERIFIABLE_BLOCK_BYTES;
      observer.note(
          WriteNotes.sizeRounded(
              params, rounded, align, byPattern, direct && align > logical, pattern(params)));
    }
    return rounded;
  }

  /**
   * A raw block device: only with --destroy-data, never when anything uses it; from offset 0, never
   * past its end.
   */
  private WriteResult runOnDevice(String runId, Path given, IoEngine engine, boolean direct)
      throws IOException {
    RawDevice device = TargetChecks.checkDevice(params, given);
    held = device.holdExclusively("write", given);
    long capacity = device.sizeBytes();
    long align =
        direct ? engine.directAlignmentBytes(given.getParent(), device.logicalBlockBytes()) : 1;
    align = Math.max(align, device.logicalBlockBytes());
    WriteChecks.blockSize(params, engine, device.logicalBlockBytes(), align);
    align = dataAlign(align);
    // Whole blocks only: a device whose size is not a multiple of them keeps its last sliver.
    capacity -= capacity % align;
    long sizeBytes;
    if ("full".equals(params.until())) {
      if (params.sizeBytes() >= 0) {
        throw new UsageException("give --size or --until full, not both");
      }
      sizeBytes = capacity;
    } else if (params.sizeBytes() >= 0) {
      sizeBytes = roundedSize(align, device.logicalBlockBytes(), direct);
      if (sizeBytes > capacity) {
        throw new UsageException(
            "--size "
                + Units.decimalBytes(sizeBytes)
                + " is more than the device holds ("
                + device.describe()
                + ")");
      }
    } else if (params.duration() == null) {
      sizeBytes = capacity; // --until floor alone: at most the whole device
    } else {
      sizeBytes = -1; // --time alone: wrap around the whole device
    }
    if ("floor".equals(params.until())) {
      String limit = params.sizeBytes() >= 0 ? "--size" : "the whole device, " + device.describe();
      observer.note(WriteNotes.untilFloorPlan(params, sizeBytes, limit));
    }
    observer.warning("destroying the data on " + device.describe() + ": writing from offset 0");
    RunFolder folder = RunLifecycle.newFolder(params.out(), runId, "write");
    try {
      engine.open(given, new IoEngine.OpenOptions(direct, true, false), params.queueDepth());
    } catch (ErrnoException e) {
      folder.discardIfUnfilled();
      throw new UsageException(WriteChecks.openProblem(given, null, direct, e));
    }
    Target target = new Target(given, device, null, false);
    try {
      long extent = sizeBytes >= 0 ? sizeBytes : capacity;
      boolean full = "full".equals(params.until());
      long totalBytes = full || params.duration() == null ? extent : -1;
      return runOpen(new Open(runId, target, folder, engine, extent, totalBytes, align));
    } finally {
      engine.close();
    }
  }

  /**
   * What a write run drives, once its target is open.
   *
   * @param extentBytes the region written (wrapped when a time limit keeps the run going), -1 for a
   *     file that grows
   * @param totalBytes the bytes to write, -1 when the time limit ends the run
   */
  private record Open(
      String runId,
      Target target,
      RunFolder folder,
      IoEngine engine,
      long extentBytes,
      long totalBytes,
      long alignBytes) {}

  private WriteResult runOpen(Open open) throws IOException {
    try (Arena arena = Arena.ofShared();
        RunSensors sensors = DriveSensors.forTarget(open.target().path().toString())) {
      DataPattern pattern =
          pattern(params)
              .create(arena, params.blockBytes(), Patterns.idFor(open.runId()), open.totalBytes());
      try {
        return runWith(open, pattern, sensors);
      } catch (IOException | RuntimeException e) {
        RunJson.failUnfinished(open.folder(), e);
        throw e;
      } finally {
        // The engine first: requests it still holds may read the pattern's memory, which the
        // arena frees when this block ends.
        open.engine().close();
      }
    }
  }

  private WriteResult runWith(Open o, DataPattern pattern, RunSensors sensors) throws IOException {
    RunLifecycle life = new RunLifecycle(o.runId(), "write", o.folder(), observer, forms);
    ObjectNode runJson = startJson(o, pattern, sensors, life);
    long durationNanos = params.duration() == null ? -1 : params.duration().toNanos();
    life.started(
        o.target().path(),
        o.engine().name(),
        o.totalBytes(),
        durationNanos < 0 ? -1 : durationNanos / 1e9);
    if (layout.note() != null) {
      observer.note(layout.note());
    }
    Runner.Job job = job(o, pattern, durationNanos);
    LivePhase live =
        new LivePhase(
            params.floorHoldSeconds(), Thresholds.FLAT_HOLD_SECONDS, Thresholds.HOLD_TOLERANCE);
    AtomicBoolean floorHeld = new AtomicBoolean();
    RunCounters counters = new RunCounters();
    Sampled sampled = sample(o, job, sensors, life, counters, live, floorHeld);
    RunEnd.testMomentBeforeEnd(stop::get);
    Instant ended = Instant.now();
    if (o.target().device() == null && o.target().removeAfter()) {
      RunEnd.removeTestFile(o.target().path(), o.engine());
    }
    // samples.csv read once: the interval rates for run.json, the curve for the analysis
    IntervalRates.Tally rates = new IntervalRates.Tally();
    life.finishedSamples(rates);
    WriteResult result =
        new WriteResult(
            o.runId(),
            o.folder().dir(),
            o.target().path(),
            o.target().device() == null && !o.target().removeAfter(),
            counters.bytes(),
            sampled.seconds(),
            sampled.flushSeconds(),
            sampled.status(),
            sampled.error(),
            rates.rates(),
            null);
    RunJson.finish(runJson, result, ended);
    RunJson.putRegistration(runJson, o.engine());
    long firstNanos = counters.firstCompletionNanos();
    if (firstNanos >= 0) {
      // The start-up is the time before the first completion (seconds on samples.csv's clock).
      RunJson.putFirstCompletion(runJson, (firstNanos - sampled.startNanos()) / 1e9);
    }
    if ("floor".equals(params.until())) {
      RunJson.putFloorReached(runJson, floorHeld.get());
    }
    result = result.withAnalysis(life.end(runJson, result.ended()));
    if ("floor".equals(params.until())) {
      observer.note(
          WriteNotes.untilFloorOutcome(params, result, floorHeld.get(), live.floorMBps()));
    }
    return result;
  }

  /** The job's requests: from offset 0 over the extent, until its bytes or its time. */
  private Runner.Job job(Open o, DataPattern pattern, long durationNanos) {
    return new Runner.Job(
        0,
        o.extentBytes(),
        o.totalBytes(),
        durationNanos,
        params.blockBytes(),
        params.queueDepth(),
        o.alignBytes(),
        pattern,
        true,
        params.ioTimeoutNanos());
  }

  /** run.json as the run starts, written: the job, the target, its drive and its state before. */
  private ObjectNode startJson(Open o, DataPattern pattern, RunSensors sensors, RunLifecycle life)
      throws IOException {
    ObjectNode runJson =
        RunJson.start(
            o.runId(),
            "write",
            o.target().path(),
            o.target().device(),
            params,
            o.engine().name(),
            pattern.name(),
            Instant.now());
    RawDevice device = o.target().device();
    life.describe(runJson, sensors, device == null ? o.target().path() : null, true);
    if (device != null) {
      RunJson.putTargetSize(runJson, device.sizeBytes());
    }
    if (pattern instanceof VerifiablePattern v) {
      // verify finds the run's blocks by this id (it is in every block header too).
      RunJson.putPatternId(runJson, Patterns.idToHex(v.runId()));
    }
    RunJson.putLayout(runJson, layout);
    // The history is asked once the drive and the start are in the tree, before it is written.
    RunJson.putBefore(
        runJson,
        freeBytesBefore,
        sensors.temperature().read(),
        idleHistory.idleSeconds(RunDocumentCodec.decode(runJson, RunFolder.RUN_JSON)));
    o.folder().writeRunJson(runJson);
    return runJson;
  }

  /**
   * The sampled part of the run, over: how it ended (a run out of room on its file system said so),
   * its time and its flush's, and the sampler's start.
   */
  private record Sampled(
      RunStatus status, String error, double seconds, double flushSeconds, long startNanos) {}

  private Sampled sample(
      Open o,
      Runner.Job job,
      RunSensors sensors,
      RunLifecycle life,
      RunCounters counters,
      LivePhase live,
      AtomicBoolean floorHeld)
      throws IOException {
    // The buffers are made and the loop rehearsed before the sampler starts: not the drive's time.
    Runner runner = new Runner(NanoClock.SYSTEM);
    try (Runner.Prepared prepared = runner.prepare(o.engine(), job);
        SamplingSession session =
            SamplingSession.open(
                o.folder(),
                "write_MBps",
                params.intervalNanos(),
                counters,
                sensors.temperature(),
                sensors.probes())) {
      prepared.rehearse(NanoClock.SYSTEM); // compiles the request path before the clock
      session.listen(
          row -> {
            if (SamplesCsv.WRITE.equals(row.phase())) {
              live.add(Math.max(row.intervalSeconds(), 1e-9), row.bytes());
            }
            observer.phase(live.describe());
            if ("floor".equals(params.until()) && live.floorReached()) {
              floorHeld.set(true);
            }
            observer.sample(row, counters.bytes(), session.elapsedSeconds());
          });
      session.begin(SamplesCsv.WRITE, observer::ready);
      WriteWork work =
          new WriteWork(runner, prepared, counters, o.engine(), stop::get, floorHeld::get);
      // The last row, run.json and analysis.json take the room set aside for them.
      RunLifecycle.Sampled sampled = life.sample(session, o.folder()::releaseRoom, work);
      // The run's time and its flush are the record's (samples.csv's last time_s, the flush rows'
      // lengths), so the summary, run.json and the analysis give one duration for each.
      double flushSeconds = session.phaseSeconds(SamplesCsv.FLUSH);
      String error = sampled.end().error();
      Runner.Outcome outcome = work.outcome();
      if (sampled.end().status() == RunStatus.FAILED
          && outcome.noSpace()
          && o.target().device() == null) {
        error =
            "the file system holding "
                + o.target().folder()
                + " is full (No space left on device) after "
                + Units.decimalBytes(outcome.bytes())
                + ": "
                + error;
      }
      return new Sampled(
          sampled.end().status(), error, sampled.seconds(), flushSeconds, session.startNanos());
    }
  }
}
