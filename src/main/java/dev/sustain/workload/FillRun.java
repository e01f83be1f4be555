package dev.sustain.workload;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.engine.Engines;
import dev.sustain.engine.Errno;
import dev.sustain.engine.ErrnoException;
import dev.sustain.engine.IoEngine;
import dev.sustain.pattern.DataPattern;
import dev.sustain.pattern.RandomPool;
import dev.sustain.run.RunFolder;
import dev.sustain.run.RunObserver;
import dev.sustain.run.RunStatus;
import dev.sustain.run.Runner;
import dev.sustain.run.SamplingSession;
import dev.sustain.run.WriteChecks;
import dev.sustain.sampling.NanoClock;
import dev.sustain.sampling.RunCounters;
import dev.sustain.sampling.SampleListener;
import dev.sustain.sampling.StateProbe;
import dev.sustain.target.BlockGeometry;
import dev.sustain.target.FileLayout;
import dev.sustain.target.TestFile;
import dev.sustain.unit.Units;
import dev.sustain.unit.UsageException;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * The whole-drive fill: files of one size written one after another with the {@link Runner} until
 * the file system says ENOSPC (the expected end: status complete) or a limit is reached, all into
 * one sample series. run.json lists the files as they finish, so a killed fill can be resumed from
 * its run folder when its files were kept. A record of the job and what it reports to: it keeps no
 * other state.
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
    RunFolder folder = RunFolder.create(out, runId, "fill");
    try (Arena arena = Arena.ofShared();
        dev.sustain.target.RunMark mark =
            dev.sustain.target.RunMark.take(dir, runId, folder.dir())) {
      DataPattern pattern = new RandomPool(arena, params.blockBytes(), runId.hashCode());
      FillResult result = fill(runId, dir, folder, pattern, fileBytes, align, previous);
      if (params.keep()) {
        mark.keep();
      }
      return result;
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
    ArrayNode filesJson = (ArrayNode) json.get("files");
    List<FillResult.FileDone> files = new ArrayList<>();
    long previousBytes = 0;
    if (previous != null) {
      files.addAll(previous.files());
      previousBytes = previous.bytes();
      for (FillResult.FileDone f : previous.files()) {
        filesJson.add(FillJson.file(f));
      }
    }
    folder.writeRunJson(json);

    long free = Files.getFileStore(dir).getUsableSpace();
    long goal =
        params.limitBytes() > 0 ? Math.min(params.limitBytes() - previousBytes, free) : free;
    StateProbe fileColumn = new StateProbe(FILE_COLUMN);
    fileColumn.set(FILE_COLUMN, Math.max(1, files.size()));
    RunCounters counters = new RunCounters();
    SampleListener progress = row -> observer.sample(row, counters.bytes(), row.timeSeconds());
    observer.started(
        new RunObserver.RunInfo(
            runId, "fill", folder.dir(), dir, engineName, Math.max(1, goal), -1));
    // The drive's temperature, system CPU and device counters, as a write run records them.
    dev.sustain.device.RunSensors sensors =
        dev.sustain.device.DriveSensors.forTarget(dir.toString());
    dev.sustain.run.RunJson.putDevice(json, sensors);
    dev.sustain.device.MountEntry fs = dev.sustain.run.RunJson.putFileSystem(json, dir);
    if (fs != null && fs.inMemory()) {
      observer.note(fs.memoryWords());
    }
    folder.writeRunJson(json);
    SamplingSession session =
        SamplingSession.startOnDrive(
            folder,
            params.intervalNanos(),
            counters,
            sensors,
            List.of(fileColumn),
            progress,
            observer::ready);
    FillResult.End end = null;
    String error = null;
    Runner runner = new Runner(NanoClock.SYSTEM);
    FillLayout layouts = new FillLayout(params.preallocate(), !params.engine().equals("null"));
    try {
      int index = files.size() + 1;
      // An incomplete last file of the previous session is continued where it stopped.
      long resumeOffset = 0;
      if (previous != null && !files.isEmpty() && !files.getLast().complete()) {
        FillResult.FileDone last = files.removeLast();
        filesJson.remove(filesJson.size() - 1);
        previousBytes -= last.bytes();
        index = files.size() + 1;
        resumeOffset = last.bytes() - last.bytes() % align;
        previousBytes += resumeOffset;
      }
      while (end == null) {
        if (stop.getAsBoolean()) {
          end = FillResult.End.INTERRUPTED;
          break;
        }
        long total = previousBytes + session.counters().bytes();
        long thisFile = fileBytes - resumeOffset;
        boolean limited = false;
        if (params.limitBytes() > 0) {
          long left = params.limitBytes() - total;
          if (left <= 0) {
            end = FillResult.End.LIMIT;
            break;
          }
          if (roundUp(left, align) < thisFile) {
            thisFile = roundUp(left, align);
            limited = true;
          }
        }
        String name = fileName(runId, index);
        Path path = dir.resolve(name);
        fileColumn.set(FILE_COLUMN, index);
        FileLayout layout = layouts.next(path, resumeOffset, thisFile);
        long before = session.counters().bytes();
        long t0 = System.nanoTime();
        IoEngine engine = Engines.create(params.engine());
        Runner.Outcome outcome;
        boolean flushed = false;
        try {
          try {
            engine.open(
                path,
                new IoEngine.OpenOptions(!params.buffered(), true, true),
                params.queueDepth());
          } catch (ErrnoException e) {
            if (e.errno() == Errno.ENOSPC) {
              end = FillResult.End.FULL;
              Files.deleteIfExists(path);
              break;
            }
            // Recorded as the end of the fill, so run.json and the files are dealt with.
            end = FillResult.End.FAILED;
            error = "cannot create " + path + ": " + e.getMessage();
            Files.deleteIfExists(path);
            break;
          }
          Runner.Job job =
              new Runner.Job(
                  resumeOffset,
                  thisFile,
                  thisFile,
                  -1,
                  params.blockBytes(),
                  params.queueDepth(),
                  align,
                  pattern,
                  true,
                  params.ioTimeoutNanos());
          try {
            outcome = runner.run(engine, job, session.counters(), stop);
          } catch (ErrnoException e) {
            String why = "write failed: " + e.getMessage();
            outcome = new Runner.Outcome(RunStatus.FAILED, 0, 0, why, e.errno() == Errno.ENOSPC);
          }
          if (outcome.end() == RunStatus.COMPLETE || outcome.noSpace()) {
            try {
              engine.sync();
              flushed = true;
            } catch (ErrnoException e) {
              if (outcome.end() == RunStatus.COMPLETE && e.errno() != Errno.ENOSPC) {
                outcome =
                    new Runner.Outcome(
                        RunStatus.FAILED,
                        outcome.bytes(),
                        outcome.nanos(),
                        "flush (fsync) failed: " + e.getMessage(),
                        false);
              } else {
                outcome =
                    new Runner.Outcome(
                        RunStatus.FAILED, outcome.bytes(), outcome.nanos(), e.getMessage(), true);
              }
            }
          }
        } finally {
          engine.close();
        }
        long written = session.counters().bytes() - before;
        double seconds = (System.nanoTime() - t0) / 1e9;
        boolean complete = outcome.end() == RunStatus.COMPLETE && flushed;
        FillResult.FileDone done =
            new FillResult.FileDone(name, resumeOffset + written, seconds, complete);
        if (layout.preallocated() && !complete && Files.exists(path)) {
          FileLayout.cutTo(path, done.bytes()); // its size says what it holds, for a resume
        }
        files.add(done);
        filesJson.add(FillJson.file(done));
        resumeOffset = 0;
        index++;
        switch (outcome.end()) {
          case COMPLETE -> {
            if (limited) {
              end = FillResult.End.LIMIT;
            }
          }
          case INTERRUPTED -> end = FillResult.End.INTERRUPTED;
          case FAILED -> {
            if (outcome.noSpace()) {
              end = FillResult.End.FULL;
            } else {
              end = FillResult.End.FAILED;
              error = outcome.error();
            }
          }
        }
        if (end == null || end == FillResult.End.FULL || end == FillResult.End.LIMIT) {
          ObjectNode result = (ObjectNode) json.get("result");
          result.put("bytes", previousBytes + session.counters().bytes());
          folder.writeRunJson(json);
        }
        if (session.failure() != null) {
          end = FillResult.End.FAILED;
          error = "could not record samples: " + session.failure().getMessage();
        }
      }
    } finally {
      Throwable failure = session.finish();
      sensors.close();
      if (failure != null && end != FillResult.End.FAILED) {
        end = FillResult.End.FAILED;
        error = "could not record samples: " + failure.getMessage();
      }
    }
    // The fill's time is its record's (samples.csv's last time_s): the allocations between files
    // are in it, as the curve shows them; layout_s says their share.
    double seconds = session.seconds();
    long sessionTotal = session.counters().bytes();
    long total = previousBytes + sessionTotal;
    IntervalFigures series = IntervalFigures.read(folder.samplesCsv(), "write_MBps");
    boolean kept = params.keep();
    if (!kept) {
      for (FillResult.FileDone f : files) {
        Files.deleteIfExists(dir.resolve(f.name()));
      }
    }
    RunStatus status =
        switch (end) {
          case FULL, LIMIT -> RunStatus.COMPLETE;
          case INTERRUPTED -> RunStatus.INTERRUPTED;
          case FAILED -> RunStatus.FAILED;
        };
    FillResult r =
        new FillResult(
            runId,
            folder.dir(),
            dir,
            total,
            sessionTotal,
            seconds,
            end,
            status,
            error,
            series.stats(),
            series.zeroIntervals(),
            series.zeroSeconds(),
            List.copyOf(files),
            kept);
    FillJson.finish(json, r);
    layouts.putInto((ObjectNode) json.get("result"));
    folder.writeRunJson(json);
    if (layouts.note() != null) {
      observer.note(layouts.note());
    }
    observer.finished(new RunObserver.Ended(sessionTotal, seconds, status, error));
    return r;
  }

  private static long roundUp(long value, long align) {
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
