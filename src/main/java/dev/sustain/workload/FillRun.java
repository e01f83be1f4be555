package dev.sustain.workload;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.device.DriveSensors;
import dev.sustain.device.RunSensors;
import dev.sustain.engine.Engines;
import dev.sustain.engine.Errno;
import dev.sustain.engine.ErrnoException;
import dev.sustain.engine.IoEngine;
import dev.sustain.pattern.DataPattern;
import dev.sustain.pattern.RandomPool;
import dev.sustain.run.RunFolder;
import dev.sustain.run.RunLifecycle;
import dev.sustain.run.RunObserver;
import dev.sustain.run.Runner;
import dev.sustain.run.SamplingSession;
import dev.sustain.run.WriteChecks;
import dev.sustain.sampling.RunCounters;
import dev.sustain.target.BlockGeometry;
import dev.sustain.target.RunMark;
import dev.sustain.target.TestFile;
import dev.sustain.unit.Units;
import dev.sustain.unit.UsageException;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * The whole-drive fill: files of one size written one after another with the {@link Runner} until
 * the file system says ENOSPC (the expected end: status complete) or a limit is reached, all into
 * one sample series. run.json lists the files as they finish, so a killed fill can be resumed from
 * its run folder when its files were kept. Its checks, folder and mark are here; the run itself
 * goes through the {@link RunLifecycle} with {@link FillWork} as its requests. A record of the job
 * and what it reports to: it keeps no other state.
 *
 * @param params the job
 * @param observer told of the rows and the end
 * @param stop polled: true stops the fill cleanly
 */
public record FillRun(FillParams params, RunObserver observer, BooleanSupplier stop) {

  /** The column of samples.csv that says which file an interval was writing (1-based). */
  public static final String FILE_COLUMN = "file";

  /** The name of file {@code index} (1-based) of run {@code runId}: {@code clean} finds it. */
  static String fileName(String runId, int index) {
    return TestFile.PREFIX
        + runId
        + "-fill-"
        + String.format(java.util.Locale.ROOT, "%05d", index)
        + ".dat";
  }

  public FillResult run() throws IOException {
    FillChecks.preflight(params);
    Path dir = params.dir().toAbsolutePath().normalize();
    FillResume previous = params.resume() == null ? null : FillResume.read(params.resume(), dir);
    String runId = previous != null ? previous.runId() : RunFolder.newRunId();
    Path out =
        params.out() != null
            ? params.out()
            : RunFolder.defaultParent().resolve(RunFolder.newRunId() + "-fill");
    long free = Files.getFileStore(dir).getUsableSpace();
    if (params.limitBytes() < 0 || params.limitBytes() + (64L << 20) > free) {
      refuseRunFolderOnFilledFileSystem(dir, out);
    }

    boolean direct = !params.buffered();
    long align;
    try (IoEngine probe = Engines.create(params.engine())) {
      int logical = BlockGeometry.logicalBlockSize(dir);
      align = direct ? probe.directAlignmentBytes(dir, logical) : 1;
      WriteChecks.requireAligned(params.blockBytes(), align, "", " here");
    }
    long fileBytes = roundUp(params.fileBytes(), align);
    if (previous != null && previous.fileBytes() != fileBytes) {
      throw new UsageException(
          "--file-size differs from the interrupted fill's ("
              + Units.decimalBytes(previous.fileBytes())
              + "): give the same size to resume");
    }
    if (direct) {
      checkDirectIo(dir, runId);
    }
    RunFolder folder = RunLifecycle.newFolder(out, runId, "fill");
    try (Arena arena = Arena.ofShared();
        RunMark mark = RunLifecycle.mark(dir, runId, folder)) {
      DataPattern pattern = new RandomPool(arena, params.blockBytes(), runId.hashCode());
      FillResult result = fill(runId, dir, folder, pattern, fileBytes, align, previous);
      if (params.keep()) {
        mark.keep();
      }
      return result;
    } catch (IOException | RuntimeException e) {
      folder.discardIfUnfilled(); // refused before the fill began: no empty folder left behind
      throw e;
    }
  }

  private FillResult fill(
      String runId,
      Path dir,
      RunFolder folder,
      DataPattern pattern,
      long fileBytes,
      long align,
      FillResume previous)
      throws IOException {
    Instant started = Instant.now();
    String engineName;
    try (IoEngine e = Engines.create(params.engine())) {
      engineName = e.name();
    }
    ObjectNode json = FillJson.start(params, runId, dir, engineName, fileBytes, started, previous);
    FillWork work =
        new FillWork(params, runId, dir, folder, json, pattern, fileBytes, align, previous, stop);
    folder.writeRunJson(json);

    long free = Files.getFileStore(dir).getUsableSpace();
    long goal =
        params.limitBytes() > 0 ? Math.min(params.limitBytes() - work.previousBytes(), free) : free;
    RunCounters counters = new RunCounters();
    RunLifecycle life = new RunLifecycle(runId, "fill", folder, observer, null);
    life.started(dir, engineName, Math.max(1, goal), -1);
    // The drive's temperature, system CPU and device counters, as a write run records them.
    RunSensors sensors = DriveSensors.forTarget(dir.toString());
    life.describe(json, sensors, dir, false);
    folder.writeRunJson(json);
    SamplingSession session =
        SamplingSession.startOnDrive(
            folder,
            params.intervalNanos(),
            counters,
            sensors,
            List.of(work.fileColumn()),
            row -> observer.sample(row, counters.bytes(), row.timeSeconds()),
            observer::ready);
    RunLifecycle.Sampled sampled;
    try {
      sampled = life.sample(session, () -> {}, work);
    } finally {
      sensors.close();
    }
    // samples.csv read once at the end: the interval figures for run.json, and the rows as text,
    // which the history and the command's analysis after its summary take (RunObserver.Kept).
    IntervalFigures.Tally figures = new IntervalFigures.Tally("write_MBps");
    life.finishedSamples(figures);
    FillResult r = work.result(sampled, session.counters().bytes(), figures.figures());
    if (work.layoutNote() != null) {
      observer.note(work.layoutNote());
    }
    life.endUnanalysed(
        json, new RunObserver.Ended(r.sessionBytes(), r.seconds(), r.status(), r.error()));
    return r;
  }

  static long roundUp(long value, long align) {
    long rem = value % align;
    return rem == 0 ? value : value + (align - rem);
  }

  /** Refuses, before anything is recorded, a file system that does not take O_DIRECT. */
  private void checkDirectIo(Path dir, String runId) throws IOException {
    Path probe = dir.resolve(TestFile.PREFIX + runId + "-probe.dat");
    try (IoEngine engine = Engines.create(params.engine())) {
      engine.open(probe, new IoEngine.OpenOptions(true, true, true), 1);
    } catch (ErrnoException e) {
      if (e.errno() == Errno.EINVAL) {
        throw new UsageException(
            "the file system at "
                + dir
                + " does not support direct I/O (O_DIRECT); use --buffered");
      }
      throw new UsageException("cannot create a file in " + dir + ": " + e.getMessage());
    } finally {
      Files.deleteIfExists(probe);
    }
  }

  /**
   * A fill ends with a full file system: a run folder on it could not take the last rows and
   * run.json, and would itself take space from the fill.
   */
  static void refuseRunFolderOnFilledFileSystem(Path dir, Path out) throws IOException {
    Path existing = out.toAbsolutePath();
    while (existing != null && !Files.exists(existing)) {
      existing = existing.getParent();
    }
    if (existing == null) {
      return;
    }
    Object a = Files.getAttribute(dir, "unix:dev");
    Object b = Files.getAttribute(existing, "unix:dev");
    if (a.equals(b)) {
      throw new UsageException(
          "the run folder "
              + out
              + " is on the file system being filled: it could not record the end of the fill;"
              + " give --out on another drive");
    }
  }
}
