package dev.sustain.workload;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.engine.Errno;
import dev.sustain.engine.ErrnoException;
import dev.sustain.run.RunFolder;
import dev.sustain.run.RunHeader;
import dev.sustain.run.RunStatus;
import dev.sustain.run.SamplingSession;
import dev.sustain.sampling.CountersProbe;
import dev.sustain.sampling.RunCounters;
import dev.sustain.sampling.SampleListener;
import dev.sustain.sampling.SamplesCsv;
import dev.sustain.sampling.StateProbe;
import dev.sustain.unit.Units;
import dev.sustain.unit.UsageException;
import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;

/**
 * The instrumented folder copy: N passes, each copying the source into {@code DST/pass-N} file by
 * file, flushing it, reading it back and checking it, with a cooldown between passes; all of it in
 * one sample series whose {@code pass} and {@code phase} columns say what each interval was doing:
 * {@code write} (copy writes, counted in {@code write_MBps}), {@code flush}, {@code read} (the
 * read-back, in {@code read_MBps}), {@code remove} (the pass's copy deleted), {@code cooldown} (the
 * time between passes). A change of phase ends an interval, so no row mixes two phases; an interval
 * in which the pass changed carries the later pass. One thread drives it; the sampler runs beside
 * it. A record of the job and what it reports to: it keeps no other state.
 *
 * @param params the job
 * @param observer told of the passes and the rows
 * @param stop polled: true stops the copy cleanly
 * @param hook called before each read-back
 */
public record CopyRun(CopyParams params, Observer observer, BooleanSupplier stop, Hook hook) {

  /** Called between the copy of a pass and its read-back (tests damage the copy here). */
  @FunctionalInterface
  public interface Hook {
    Hook NONE = (pass, dir) -> {};

    void beforeReadBack(int pass, Path passDir) throws IOException;
  }

  /** Told of each pass as it ends, and of every row. */
  public interface Observer {
    Observer SILENT = new Observer() {};

    default void started(String runId, Path runFolder, long bytesPerPass, int files) {}

    default void row(dev.sustain.sampling.SampleRow row, int pass, String phase) {}

    default void passDone(PassResult pass) {}
  }

  public static final String PASS_COLUMN = "pass";
  public static final String PHASE_COLUMN = SamplesCsv.PHASE_COLUMN;

  /** Deleting a pass's copy: neither writing data nor idle. */
  static final String REMOVE = "remove";

  /** The folder of pass {@code n} below the destination. */
  public static Path passDir(Path destination, int n) {
    return destination.resolve("pass-" + n);
  }

  public CopyResult run() throws IOException {
    if (params.repeat() < 1) {
      throw new UsageException("--repeat must be 1 or more, not " + params.repeat());
    }
    if (params.intervalNanos() < dev.sustain.run.DefaultsAndLimits.MIN_INTERVAL_NANOS) {
      throw new UsageException("--interval must be at least 100ms");
    }
    Path src = params.source().toAbsolutePath().normalize();
    Path dst = params.destination().toAbsolutePath().normalize();
    if (!Files.isDirectory(src)) {
      throw new UsageException(
          Files.exists(src)
              ? src + " is not a folder"
              : "source folder " + src + " does not exist");
    }
    if (Files.exists(dst) && !Files.isDirectory(dst)) {
      throw new UsageException(dst + " is a file, not a folder");
    }
    if (!Files.exists(dst) && (dst.getParent() == null || !Files.isDirectory(dst.getParent()))) {
      throw new UsageException("folder " + dst.getParent() + " does not exist");
    }
    dev.sustain.target.WritableFolder.require(dst, "the copy into");
    Path realSrc = src.toRealPath();
    Path realDst = realPathOfNearest(dst);
    if (realDst.startsWith(realSrc)) {
      throw new UsageException(
          "the destination "
              + dst
              + " is inside the source "
              + src
              + ": the copy would copy itself");
    }
    for (int n = 1; n <= params.repeat(); n++) {
      if (Files.exists(passDir(dst, n))) {
        throw new UsageException(
            passDir(dst, n)
                + " already exists: Sustain never overwrites; give another destination");
      }
    }
    if (params.out() != null && params.out().toAbsolutePath().normalize().startsWith(dst)) {
      throw new UsageException("the run folder must not be inside the destination " + dst);
    }
    List<TreeCopier.SourceFile> files = TreeCopier.scan(src);
    if (files.isEmpty()) {
      throw new UsageException("the source " + src + " holds no files to copy");
    }
    long bytes = files.stream().mapToLong(TreeCopier.SourceFile::bytes).sum();
    checkSpace(dst, files, bytes);

    String runId = RunFolder.newRunId();
    RunFolder folder = RunFolder.create(params.out(), runId, "copy");
    Files.createDirectories(dst);
    return runPasses(runId, folder, src, dst, files, bytes);
  }

  private static Path realPathOfNearest(Path p) throws IOException {
    Path existing = p;
    Path rest = p.getFileSystem().getPath("");
    while (existing != null && !Files.exists(existing)) {
      rest = existing.getFileName().resolve(rest);
      existing = existing.getParent();
    }
    return existing == null ? p : existing.toRealPath().resolve(rest).normalize();
  }

  /** One pass must fit (each file rounded up to the block, plus a margin); with --keep, all. */
  private void checkSpace(Path dst, List<TreeCopier.SourceFile> files, long bytes)
      throws IOException {
    FileStore store = Files.getFileStore(Files.exists(dst) ? dst : dst.getParent());
    long block = Math.max(512, store.getBlockSize());
    long onDisk = 0;
    for (TreeCopier.SourceFile f : files) {
      onDisk += (f.bytes() + block - 1) / block * block;
    }
    long passes = params.keep() ? params.repeat() : 1;
    long need = Math.multiplyExact(onDisk, passes);
    long margin = Math.min(4L << 30, Math.max(64L << 20, store.getTotalSpace() / 100));
    if (need + margin > store.getUsableSpace()) {
      throw new UsageException(
          "not enough space in "
              + dst
              + " for "
              + (passes == 1 ? "one pass" : passes + " kept passes")
              + ": it "
              + Units.needsAndFree(need, margin, store.getUsableSpace()));
    }
  }

  private CopyResult runPasses(
      String runId,
      RunFolder folder,
      Path src,
      Path dst,
      List<TreeCopier.SourceFile> files,
      long bytes)
      throws IOException {
    ObjectNode json = startJson(runId, src, dst, files.size(), bytes);
    folder.writeRunJson(json);
    RunCounters writes = new RunCounters();
    RunCounters reads = new RunCounters();
    StateProbe state = new StateProbe(PASS_COLUMN);
    state.set(PASS_COLUMN, 1);
    // The row itself says what it was (..., read_MBps, read_bytes, pass; its phase): the listener
    // runs on the sampler's thread and needs nothing else.
    SampleListener rows =
        row -> observer.row(row, Integer.parseInt(row.extraCells().getLast()), row.phase());
    observer.started(runId, folder.dir(), bytes, files.size());
    // The destination drive's temperature, system CPU and device counters, as a write records.
    dev.sustain.device.RunSensors sensors =
        dev.sustain.device.DriveSensors.forTarget(dst.toString());
    dev.sustain.run.RunJson.putDevice(json, sensors);
    dev.sustain.run.RunJson.putFileSystem(json, dst);
    folder.writeRunJson(json);
    SamplingSession session =
        SamplingSession.startOnDrive(
            folder,
            params.intervalNanos(),
            writes,
            sensors,
            List.of(new CountersProbe("read", reads), state),
            rows,
            () -> {});
    List<PassResult> passes = new ArrayList<>();
    RunStatus status = RunStatus.COMPLETE;
    String error = null;
    TreeCopier copier = new TreeCopier(params.bufferBytes(), stop);
    try {
      for (int n = 1; n <= params.repeat(); n++) {
        if (n > 1 && !params.cooldown().isZero()) {
          session.phase(SamplesCsv.COOLDOWN);
          pause(params.cooldown().toNanos(), stop);
        }
        if (stop.getAsBoolean()) {
          status = RunStatus.INTERRUPTED;
          break;
        }
        state.set(PASS_COLUMN, n);
        Path passDir = passDir(dst, n);
        PassResult r;
        try {
          r = pass(n, src, passDir, files, copier, session, writes, reads);
        } catch (IOException e) {
          status = RunStatus.FAILED;
          error =
              ErrnoException.from(e).errno() == Errno.ENOSPC
                  ? "the destination " + dst + " is full (No space left on device) in pass " + n
                  : "pass " + n + " failed: " + e;
          if (!params.keep()) {
            deleteTree(passDir);
          }
          break;
        }
        if (r == null) {
          status = RunStatus.INTERRUPTED;
          if (!params.keep()) {
            deleteTree(passDir);
          }
          break;
        }
        passes.add(r);
        observer.passDone(r);
        ((ArrayNode) json.get("passes")).add(passJson(r));
        folder.writeRunJson(json);
        if (!r.verified()) {
          // A copy that does not read back as written is kept for inspection, and the session
          // stops: more passes would only hide the first failure.
          break;
        }
        if (!params.keep()) {
          session.phase(REMOVE);
          deleteTree(passDir);
        }
        session.phase(SamplesCsv.COOLDOWN);
      }
    } finally {
      Throwable failure = session.finish();
      sensors.close();
      if (failure != null && status != RunStatus.FAILED) {
        status = RunStatus.FAILED;
        error = "could not record samples: " + failure.getMessage();
      }
    }
    List<String> comparison = comparison(folder, passes);
    boolean verified = passes.stream().allMatch(PassResult::verified);
    CopyResult result =
        new CopyResult(
            runId,
            folder.dir(),
            List.copyOf(passes),
            comparison,
            verified,
            status,
            error,
            session.seconds());
    finishJson(json, result, bytes);
    folder.writeRunJson(json);
    return result;
  }

  /** One pass; null when stopped. */
  private PassResult pass(
      int n,
      Path src,
      Path passDir,
      List<TreeCopier.SourceFile> files,
      TreeCopier copier,
      SamplingSession session,
      RunCounters writes,
      RunCounters reads)
      throws IOException {
    // The pass's times are where its phases begin in samples.csv: its figures are the record's.
    double writeStart = session.phase(SamplesCsv.WRITE);
    Map<String, TreeCopier.Digest> digests = new HashMap<>();
    for (TreeCopier.SourceFile f : files) {
      TreeCopier.Digest d =
          copier.copyFile(src.resolve(f.relative()), passDir.resolve(f.relative()), writes);
      if (d == null) {
        return null;
      }
      digests.put(f.relative(), d);
    }
    double flushStart = session.phase(SamplesCsv.FLUSH);
    TreeCopier.flush(passDir, files);
    // The flush ends where the read-back begins (a test's hook before it is the read-back's).
    double writeEnd = session.phase(SamplesCsv.READ);
    double readStart = writeEnd;
    hook.beforeReadBack(n, passDir);
    if (stop.getAsBoolean()) {
      return null;
    }
    TreeCopier.Check check = copier.verify(passDir, files, digests, reads);
    double readEnd =
        session.phase(check.verified() && !params.keep() ? REMOVE : SamplesCsv.COOLDOWN);
    if (stop.getAsBoolean()) {
      return null;
    }
    long copied = digests.values().stream().mapToLong(TreeCopier.Digest::bytes).sum();
    return new PassResult(
        n,
        files.size(),
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

  /** A cooldown between passes (copy's and a repeated write's): ends early on a stop. */
  static void pause(long nanos, BooleanSupplier stop) {
    long end = System.nanoTime() + nanos;
    while (!stop.getAsBoolean()) {
      long left = end - System.nanoTime();
      if (left <= 0) {
        return;
      }
      LockSupport.parkNanos(Math.min(left, 50_000_000L));
    }
  }

  /** Sentences comparing the passes, from run.json's figures and the per-interval rates. */
  private static List<String> comparison(RunFolder folder, List<PassResult> passes)
      throws IOException {
    if (passes.size() < 2) {
      return List.of();
    }
    List<PassComparison.Pass> w = new ArrayList<>();
    List<PassComparison.Pass> r = new ArrayList<>();
    for (PassResult p : passes) {
      String pass = Integer.toString(p.pass());
      double[] wr =
          IntervalFigures.rates(
              folder.samplesCsv(), "write_MBps", new IntervalFigures.Rows(SamplesCsv.WRITE, pass));
      double[] rr =
          IntervalFigures.rates(
              folder.samplesCsv(), "read_MBps", new IntervalFigures.Rows(SamplesCsv.READ, pass));
      w.add(new PassComparison.Pass(p.pass(), p.writeMegabytesPerSecond(), wr));
      r.add(new PassComparison.Pass(p.pass(), p.readMegabytesPerSecond(), rr));
    }
    List<String> words = new ArrayList<>(PassComparison.compare("wrote", w));
    words.addAll(PassComparison.compare("read back", r));
    return words;
  }

  static void deleteTree(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path p : (Iterable<Path>) walk.sorted(Comparator.reverseOrder())::iterator) {
        Files.deleteIfExists(p);
      }
    }
  }

  private ObjectNode startJson(String runId, Path src, Path dst, int files, long bytes) {
    ObjectNode root = RunHeader.begin("copy", runId);
    ObjectNode target = root.putObject("target");
    target.put("path", dst.toString());
    target.put("kind", "folder");
    target.put("source", src.toString());
    target.putNull("device");
    ObjectNode p = root.putObject("params");
    p.put("repeat", params.repeat());
    p.put("cooldown_s", params.cooldown().toNanos() / 1e9);
    p.put("buffer_bytes", params.bufferBytes());
    p.put("interval_s", params.intervalNanos() / 1e9);
    p.put("keep", params.keep());
    p.put("files", files);
    p.put("bytes_per_pass", bytes);
    RunHeader.running(root, Instant.now(), false);
    root.putArray("passes");
    return root;
  }

  /** One pass as JSON: the shape {@code copy --json} prints. */
  public static ObjectNode passJson(PassResult r) {
    ObjectNode n = JsonNodeFactory.instance.objectNode();
    n.put("pass", r.pass());
    n.put("files", r.files());
    n.put("bytes", r.bytes());
    n.put("write_MBps", RunHeader.round(r.writeMegabytesPerSecond()));
    n.put("write_s", RunHeader.round(r.writeSeconds()));
    n.put("flush_s", RunHeader.round(r.flushSeconds()));
    n.put("read_MBps", RunHeader.round(r.readMegabytesPerSecond()));
    n.put("read_s", RunHeader.round(r.readSeconds()));
    n.put("read_cache", r.readCache());
    n.put("verified", r.verified());
    n.put("problems", r.problems());
    RunHeader.putText(n, "first_problem", r.firstProblem());
    n.put("write_start_s", RunHeader.round(r.writeStartSeconds()));
    n.put("read_start_s", RunHeader.round(r.readStartSeconds()));
    return n;
  }

  private static void finishJson(ObjectNode root, CopyResult r, long bytesPerPass) {
    root.put("ended", Instant.now().toString());
    ObjectNode result = (ObjectNode) root.get("result");
    long written = r.passes().stream().mapToLong(PassResult::bytes).sum();
    result.put("bytes", written);
    result.put("seconds", RunHeader.round(r.seconds()));
    // The copy's write average is its write phases' bytes over their time (each pass's writes and
    // flush): the read-backs, removals and cooldowns are not writing.
    double writeSeconds = r.passes().stream().mapToDouble(PassResult::writeSeconds).sum();
    result.put("write_s", RunHeader.round(writeSeconds));
    result.put(
        "average_MBps", RunHeader.round(writeSeconds > 0 ? written / writeSeconds / 1e6 : 0));
    result.put("status", r.status().word());
    RunHeader.putText(result, "error", r.error());
    result.put("verified", r.verified());
    ArrayNode words = root.putArray("comparison");
    r.comparison().forEach(words::add);
  }
}
