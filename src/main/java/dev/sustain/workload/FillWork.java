package dev.sustain.workload;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.document.FillJsonWriter;
import dev.sustain.engine.Engines;
import dev.sustain.engine.Errno;
import dev.sustain.engine.ErrnoException;
import dev.sustain.engine.IoEngine;
import dev.sustain.pattern.DataPattern;
import dev.sustain.run.RunFolder;
import dev.sustain.run.RunLifecycle;
import dev.sustain.run.RunStatus;
import dev.sustain.run.Runner;
import dev.sustain.run.SamplingSession;
import dev.sustain.sampling.NanoClock;
import dev.sustain.sampling.StateProbe;
import dev.sustain.target.FileLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * A fill's requests inside its {@link RunLifecycle}: files of one size, each written and flushed
 * with the {@link Runner} one after another, until the file system says ENOSPC (the expected end:
 * complete) or the limit is reached. run.json lists the files as they finish, so a killed fill can
 * be resumed from its run folder. It keeps the files and how the fill ended, which its result
 * needs.
 */
final class FillWork implements RunLifecycle.Work {

  /** A file's requests and whether its flush put them on the drive. */
  private record Written(Runner.Outcome outcome, boolean flushed) {}

  private final FillParams params;
  private final String runId;
  private final Path dir;
  private final RunFolder folder;
  private final ObjectNode json;
  private final DataPattern pattern;
  private final long fileBytes;
  private final long alignBytes;
  private final boolean resumed;
  private final BooleanSupplier stop;
  private final StateProbe fileColumn = new StateProbe(FillRun.FILE_COLUMN);
  private final FillLayout layouts;
  private final Runner runner = new Runner(NanoClock.SYSTEM);
  private final List<FillResult.FileDone> files = new ArrayList<>();
  private long previousBytes;
  private FillResult.End end;
  private String error;

  /**
   * The files of the session before, when resumed, go into run.json's list first.
   *
   * @param json run.json as the fill starts, with its empty list of files
   * @param previous the interrupted fill this one resumes, or null
   */
  FillWork(
      FillParams params,
      String runId,
      Path dir,
      RunFolder folder,
      ObjectNode json,
      DataPattern pattern,
      long fileBytes,
      long alignBytes,
      FillResume previous,
      BooleanSupplier stop) {
    this.params = params;
    this.runId = runId;
    this.dir = dir;
    this.folder = folder;
    this.json = json;
    this.pattern = pattern;
    this.fileBytes = fileBytes;
    this.alignBytes = alignBytes;
    this.resumed = previous != null;
    this.stop = stop;
    this.layouts = new FillLayout(params.preallocate(), !params.engine().equals("null"));
    if (previous != null) {
      files.addAll(previous.files());
      previousBytes = previous.bytes();
      for (FillResult.FileDone f : previous.files()) {
        FillJson.addFile(json, f);
      }
    }
    fileColumn.set(FillRun.FILE_COLUMN, Math.max(1, files.size()));
  }

  @Override
  public RunLifecycle.End drive(SamplingSession session) throws IOException {
    int index = files.size() + 1;
    // An incomplete last file of the previous session is continued where it stopped.
    long resumeOffset = 0;
    if (resumed && !files.isEmpty() && !files.getLast().complete()) {
      FillResult.FileDone last = files.removeLast();
      FillJsonWriter.removeLastFile(json);
      previousBytes -= last.bytes();
      index = files.size() + 1;
      resumeOffset = last.bytes() - last.bytes() % alignBytes;
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
        if (FillRun.roundUp(left, alignBytes) < thisFile) {
          thisFile = FillRun.roundUp(left, alignBytes);
          limited = true;
        }
      }
      if (!file(session, index, resumeOffset, thisFile, limited)) {
        break;
      }
      resumeOffset = 0;
      index++;
      if (session.failure() != null) {
        end = FillResult.End.FAILED;
        error = "could not record samples: " + session.failure().getMessage();
      }
    }
    return new RunLifecycle.End(status(), error);
  }

  /** A failure to record the samples fails a fill that had not failed already. */
  @Override
  public RunLifecycle.End recorded(RunLifecycle.End ended, Throwable samplingFailure) {
    if (samplingFailure != null && end != FillResult.End.FAILED) {
      end = FillResult.End.FAILED;
      error = RunLifecycle.End.unrecorded(samplingFailure).error();
    }
    return new RunLifecycle.End(status(), error);
  }

  /**
   * File {@code index}, written from {@code offset} to {@code offset + bytes} and flushed, then
   * listed in run.json.
   *
   * @param limited the file was cut short by the limit: complete, it ends the fill
   * @return false when it could not be made (the end then says why)
   */
  private boolean file(SamplingSession session, int index, long offset, long bytes, boolean limited)
      throws IOException {
    String name = FillRun.fileName(runId, index);
    Path path = dir.resolve(name);
    fileColumn.set(FillRun.FILE_COLUMN, index);
    FileLayout layout = layouts.next(path, offset, bytes);
    long before = session.counters().bytes();
    long t0 = System.nanoTime();
    Written w = write(session, path, offset, bytes);
    if (w == null) {
      return false;
    }
    Runner.Outcome outcome = w.outcome();
    long written = session.counters().bytes() - before;
    double seconds = (System.nanoTime() - t0) / 1e9;
    boolean complete = outcome.end() == RunStatus.COMPLETE && w.flushed();
    FillResult.FileDone done = new FillResult.FileDone(name, offset + written, seconds, complete);
    if (layout.preallocated() && !complete && Files.exists(path)) {
      FileLayout.cutTo(path, done.bytes()); // its size says what it holds, for a resume
    }
    files.add(done);
    FillJson.addFile(json, done);
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
      FillJsonWriter.putBytesSoFar(json, previousBytes + session.counters().bytes());
      folder.writeRunJson(json);
    }
    return true;
  }

  /** One file's requests and flush; null when the file could not be made (the end says why). */
  private Written write(SamplingSession session, Path path, long offset, long bytes)
      throws IOException {
    IoEngine engine = Engines.create(params.engine());
    try {
      try {
        engine.open(
            path, new IoEngine.OpenOptions(!params.buffered(), true, true), params.queueDepth());
      } catch (ErrnoException e) {
        if (e.errno() == Errno.ENOSPC) {
          end = FillResult.End.FULL;
        } else {
          // Recorded as the end of the fill, so run.json and the files are dealt with.
          end = FillResult.End.FAILED;
          error = "cannot create " + path + ": " + e.getMessage();
        }
        Files.deleteIfExists(path);
        return null;
      }
      Runner.Job job =
          new Runner.Job(
              offset,
              bytes,
              bytes,
              -1,
              params.blockBytes(),
              params.queueDepth(),
              alignBytes,
              pattern,
              true,
              params.ioTimeoutNanos());
      Runner.Outcome outcome;
      try {
        outcome = runner.run(engine, job, session.counters(), stop);
      } catch (ErrnoException e) {
        String why = "write failed: " + e.getMessage();
        outcome = new Runner.Outcome(RunStatus.FAILED, 0, 0, why, e.errno() == Errno.ENOSPC);
      }
      return flush(engine, outcome);
    } finally {
      engine.close();
    }
  }

  /** The file's data put on the drive: a file whose writes went, or that ran out of room. */
  private static Written flush(IoEngine engine, Runner.Outcome outcome) throws IOException {
    if (outcome.end() != RunStatus.COMPLETE && !outcome.noSpace()) {
      return new Written(outcome, false);
    }
    try {
      engine.sync();
      return new Written(outcome, true);
    } catch (ErrnoException e) {
      if (outcome.end() == RunStatus.COMPLETE && e.errno() != Errno.ENOSPC) {
        return new Written(
            new Runner.Outcome(
                RunStatus.FAILED,
                outcome.bytes(),
                outcome.nanos(),
                "flush (fsync) failed: " + e.getMessage(),
                false),
            false);
      }
      return new Written(
          new Runner.Outcome(
              RunStatus.FAILED, outcome.bytes(), outcome.nanos(), e.getMessage(), true),
          false);
    }
  }

  /** The fill's status: a full file system or a limit reached is its expected end. */
  private RunStatus status() {
    return end == null
        ? RunStatus.COMPLETE
        : switch (end) {
          case FULL, LIMIT -> RunStatus.COMPLETE;
          case INTERRUPTED -> RunStatus.INTERRUPTED;
          case FAILED -> RunStatus.FAILED;
        };
  }

  /** The bytes of the sessions before this one, when resumed. */
  long previousBytes() {
    return previousBytes;
  }

  /** samples.csv's column of the file being written, read every interval. */
  StateProbe fileColumn() {
    return fileColumn;
  }

  /** What the files' layout asks the user to know (a file system that preallocates nothing). */
  String layoutNote() {
    return layouts.note();
  }

  /**
   * The fill's result once its samples are closed: its files removed unless kept, and run.json's
   * end put (the lifecycle writes it).
   *
   * @param sessionBytes the bytes this session wrote (a resumed fill's earlier ones not counted)
   * @param series the per-interval figures of the finished samples.csv
   */
  FillResult result(RunLifecycle.Sampled sampled, long sessionBytes, IntervalFigures series)
      throws IOException {
    // The fill's time is its record's (samples.csv's last time_s): the allocations between files
    // are in it, as the curve shows them; layout_s says their share.
    if (!params.keep()) {
      for (FillResult.FileDone f : files) {
        Files.deleteIfExists(dir.resolve(f.name()));
      }
    }
    FillResult r =
        new FillResult(
            runId,
            folder.dir(),
            dir,
            previousBytes + sessionBytes,
            sessionBytes,
            sampled.seconds(),
            end,
            sampled.end().status(),
            sampled.end().error(),
            series.stats(),
            series.zeroIntervals(),
            series.zeroSeconds(),
            List.copyOf(files),
            params.keep());
    FillJson.finish(json, r, layouts.layout());
    return r;
  }
}
