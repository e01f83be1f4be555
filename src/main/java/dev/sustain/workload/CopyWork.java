package dev.sustain.workload;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.document.CopyJsonWriter;
import dev.sustain.engine.Errno;
import dev.sustain.engine.ErrnoException;
import dev.sustain.run.RunFolder;
import dev.sustain.run.RunHeader;
import dev.sustain.run.RunLifecycle;
import dev.sustain.run.RunStatus;
import dev.sustain.run.SamplingSession;
import dev.sustain.sampling.RunCounters;
import dev.sustain.sampling.SamplesCsv;
import dev.sustain.sampling.StateProbe;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * A copy's requests inside its {@link RunLifecycle}: its passes, each copying the source into its
 * pass folder file by file, flushing it, reading it back and checking it, with a cooldown between
 * passes; run.json lists each pass as it ends. It keeps the passes, which the copy's result needs.
 */
final class CopyWork implements RunLifecycle.Work {

  /** Where a copy reads and writes, and what it copies. */
  record Paths(Path source, Path destination, List<TreeCopier.SourceFile> files) {}

  private final CopyParams params;
  private final Paths paths;
  private final RunFolder folder;
  private final ObjectNode json;
  private final CopyRun.Observer observer;
  private final BooleanSupplier stop;
  private final CopyRun.Hook hook;
  private final RunCounters writes;
  private final RunCounters reads;
  private final StateProbe state;
  private final TreeCopier copier;
  private final List<PassResult> passes = new ArrayList<>();

  /**
   * @param json run.json as the copy starts, with its empty list of passes
   * @param writes the copy's writes, which the session samples as write_MBps
   * @param reads its read-backs, sampled as read_MBps
   * @param state samples.csv's pass column
   */
  CopyWork(
      CopyParams params,
      Paths paths,
      RunFolder folder,
      ObjectNode json,
      CopyRun.Observer observer,
      BooleanSupplier stop,
      CopyRun.Hook hook,
      RunCounters writes,
      RunCounters reads,
      StateProbe state) {
    this.params = params;
    this.paths = paths;
    this.folder = folder;
    this.json = json;
    this.observer = observer;
    this.stop = stop;
    this.hook = hook;
    this.writes = writes;
    this.reads = reads;
    this.state = state;
    this.copier = new TreeCopier(params.bufferBytes(), stop);
  }

  @Override
  public RunLifecycle.End drive(SamplingSession session) throws IOException {
    for (int n = 1; n <= params.repeat(); n++) {
      if (n > 1 && !params.cooldown().isZero()) {
        session.phase(SamplesCsv.COOLDOWN);
        CopyRun.pause(params.cooldown().toNanos(), stop);
      }
      if (stop.getAsBoolean()) {
        return new RunLifecycle.End(RunStatus.INTERRUPTED, null);
      }
      state.set(CopyRun.PASS_COLUMN, n);
      Path passDir = CopyRun.passDir(paths.destination(), n);
      PassResult r;
      try {
        r = pass(n, passDir, session);
      } catch (IOException e) {
        String error =
            ErrnoException.from(e).errno() == Errno.ENOSPC
                ? "the destination "
                    + paths.destination()
                    + " is full (No space left on device) in pass "
                    + n
                : "pass " + n + " failed: " + e;
        removeUnlessKept(passDir);
        return new RunLifecycle.End(RunStatus.FAILED, error);
      }
      if (r == null) {
        removeUnlessKept(passDir);
        return new RunLifecycle.End(RunStatus.INTERRUPTED, null);
      }
      passes.add(r);
      observer.passDone(r);
      CopyJsonWriter.addPass(json, CopyRun.passRecord(r));
      folder.writeRunJson(json);
      if (!r.verified()) {
        // A copy that does not read back as written is kept for inspection, and the session
        // stops: more passes would only hide the first failure.
        break;
      }
      if (!params.keep()) {
        session.phase(CopyRun.REMOVE);
        CopyRun.deleteTree(passDir);
      }
      session.phase(SamplesCsv.COOLDOWN);
    }
    return new RunLifecycle.End(RunStatus.COMPLETE, null);
  }

  /** A failure to record the samples fails a copy that had not failed already. */
  @Override
  public RunLifecycle.End recorded(RunLifecycle.End end, Throwable samplingFailure) {
    return samplingFailure == null || end.status() == RunStatus.FAILED
        ? end
        : RunLifecycle.End.unrecorded(samplingFailure);
  }

  /** The passes that ended, in order. */
  List<PassResult> passes() {
    return List.copyOf(passes);
  }

  private void removeUnlessKept(Path passDir) throws IOException {
    if (!params.keep()) {
      CopyRun.deleteTree(passDir);
    }
  }

  /** One pass; null when stopped. */
  private PassResult pass(int n, Path passDir, SamplingSession session) throws IOException {
    // The pass's times are where its phases begin in samples.csv: its figures are the record's.
    double writeStart = session.phase(SamplesCsv.WRITE);
    Map<String, TreeCopier.Digest> digests = new HashMap<>();
    for (TreeCopier.SourceFile f : paths.files()) {
      TreeCopier.Digest d =
          copier.copyFile(
              paths.source().resolve(f.relative()), passDir.resolve(f.relative()), writes);
      if (d == null) {
        return null;
      }
      digests.put(f.relative(), d);
    }
    double flushStart = session.phase(SamplesCsv.FLUSH);
    TreeCopier.flush(passDir, paths.files());
    // The flush ends where the read-back begins (a test's hook before it is the read-back's).
    double writeEnd = session.phase(SamplesCsv.READ);
    double readStart = writeEnd;
    hook.beforeReadBack(n, passDir);
    if (stop.getAsBoolean()) {
      return null;
    }
    TreeCopier.Check check = copier.verify(passDir, paths.files(), digests, reads);
    double readEnd =
        session.phase(check.verified() && !params.keep() ? CopyRun.REMOVE : SamplesCsv.COOLDOWN);
    if (stop.getAsBoolean()) {
      return null;
    }
    long copied = digests.values().stream().mapToLong(TreeCopier.Digest::bytes).sum();
    return new PassResult(
        n,
        paths.files().size(),
        copied,
        RunHeader.round(writeStart),
        writeEnd - writeStart,
        writeEnd - flushStart,
        RunHeader.round(readStart),
        readEnd - readStart,
        check.readCache(),
        check.verified(),
        check.problems(),
        check.firstProblem());
  }

  /** What the finished copy's run.json says of its end. */
  static CopyJsonWriter.End end(CopyResult r) {
    long written = r.passes().stream().mapToLong(PassResult::bytes).sum();
    double writeSeconds = r.passes().stream().mapToDouble(PassResult::writeSeconds).sum();
    return new CopyJsonWriter.End(
        written,
        r.seconds(),
        writeSeconds,
        r.status().word(),
        Optional.ofNullable(r.error()),
        r.verified(),
        r.comparison());
  }
}
