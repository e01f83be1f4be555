package dev.sustain.workload;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.device.DriveSensors;
import dev.sustain.device.RunSensors;
import dev.sustain.document.CopyJsonWriter;
import dev.sustain.run.DefaultsAndLimits;
import dev.sustain.run.RunFolder;
import dev.sustain.run.RunHeader;
import dev.sustain.run.RunLifecycle;
import dev.sustain.run.RunObserver;
import dev.sustain.run.SamplingSession;
import dev.sustain.sampling.CountersProbe;
import dev.sustain.sampling.RunCounters;
import dev.sustain.sampling.SampleListener;
import dev.sustain.sampling.SampleRow;
import dev.sustain.sampling.SamplesCsv;
import dev.sustain.sampling.StateProbe;
import dev.sustain.target.MadeFolder;
import dev.sustain.target.RunMark;
import dev.sustain.target.WritableFolder;
import dev.sustain.unit.Units;
import dev.sustain.unit.UsageException;
import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
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
 * it. Its checks, folder and run.json's start are here; the run itself goes through the {@link
 * RunLifecycle} with {@link CopyWork} (its passes) as its requests, and its keys are written by
 * {@link CopyJsonWriter}. A record of the job and what it reports to: it keeps no other state.
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

  /**
   * What a person watching a copy sees: a run's events (its start, every row, its end), with the
   * copy's plan before the start and each pass as it ends. A row's pass is its last cell and its
   * phase {@link SampleRow#phase}.
   */
  public interface Observer extends RunObserver {
    Observer SILENT = new Observer() {};

    /** Told just before {@link #started}: the bytes and files of one pass. */
    default void plan(long bytesPerPass, int files) {}

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
    if (params.intervalNanos() < DefaultsAndLimits.MIN_INTERVAL_NANOS) {
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
    WritableFolder.require(dst, "the copy into");
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
    RunFolder folder = RunLifecycle.newFolder(params.out(), runId, "copy");
    CopyWork.Paths paths = new CopyWork.Paths(src, dst, files);
    return folder.filledBy(() -> copyInto(runId, folder, paths, bytes));
  }

  /**
   * The copy into its destination, made when missing. A copy removes its passes' copies (a failed
   * one, with no room halfway; a verified one without --keep), and a destination it made for them
   * and left empty is taken away again, as the user had no folder there; kept passes keep it.
   */
  private CopyResult copyInto(String runId, RunFolder folder, CopyWork.Paths paths, long bytes)
      throws IOException {
    MadeFolder made = MadeFolder.make(paths.destination());
    // The run's mark beside its pass folders, before the first is made: clean removes only pass
    // folders with their run's mark (a run.json can name any folder), and kept ones keep it.
    try (RunMark mark = RunLifecycle.mark(paths.destination(), runId, folder)) {
      CopyResult r = runPasses(runId, folder, paths, bytes);
      if (params.keep()) {
        mark.keep();
      }
      return r;
    } finally {
      made.removeIfEmpty();
    }
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

  private CopyResult runPasses(String runId, RunFolder folder, CopyWork.Paths paths, long bytes)
      throws IOException {
    ObjectNode json = RunHeader.begin("copy", runId);
    CopyJsonWriter.start(json, asked(paths, bytes), Instant.now());
    folder.writeRunJson(json);
    RunCounters writes = new RunCounters();
    RunCounters reads = new RunCounters();
    StateProbe state = new StateProbe(PASS_COLUMN);
    state.set(PASS_COLUMN, 1);
    observer.plan(bytes, paths.files().size());
    RunLifecycle life = new RunLifecycle(runId, "copy", folder, observer, null);
    // A copy has no engine: its files go through file channels, as a user's copy does.
    life.started(
        paths.destination(), "file channels", Math.multiplyExact(bytes, params.repeat()), -1);
    // The destination drive's temperature, system CPU and device counters, as a write records.
    RunSensors sensors = DriveSensors.forTarget(paths.destination().toString());
    life.describe(json, sensors, paths.destination(), false);
    folder.writeRunJson(json);
    // The row itself says what it was (..., read_MBps, read_bytes, pass; its phase): the listener
    // runs on the sampler's thread and needs nothing else.
    SampleListener rows = row -> observer.sample(row, writes.bytes(), row.timeSeconds());
    SamplingSession session =
        SamplingSession.startOnDrive(
            folder,
            params.intervalNanos(),
            writes,
            sensors,
            List.of(new CountersProbe("read", reads), state),
            rows,
            () -> {});
    CopyWork work =
        new CopyWork(params, paths, folder, json, observer, stop, hook, writes, reads, state);
    RunLifecycle.Sampled sampled;
    try {
      sampled = life.sample(session, () -> {}, work);
    } finally {
      sensors.close();
    }
    List<PassResult> passes = work.passes();
    CopyResult result =
        new CopyResult(
            runId,
            folder.dir(),
            passes,
            comparison(life, passes),
            passes.stream().allMatch(PassResult::verified),
            sampled.end().status(),
            sampled.end().error(),
            sampled.seconds());
    CopyJsonWriter.End end = CopyWork.end(result);
    CopyJsonWriter.finish(json, end, Instant.now());
    life.endUnanalysed(
        json,
        new RunObserver.Ended(end.bytes(), result.seconds(), result.status(), result.error()));
    return result;
  }

  private CopyJsonWriter.Asked asked(CopyWork.Paths paths, long bytes) {
    return new CopyJsonWriter.Asked(
        paths.source().toString(),
        paths.destination().toString(),
        params.repeat(),
        params.cooldown().toNanos() / 1e9,
        params.bufferBytes(),
        params.intervalNanos(),
        params.keep(),
        paths.files().size(),
        bytes);
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

  /**
   * Sentences comparing the passes, from run.json's figures and the per-interval rates, which the
   * run's end reads from samples.csv once ({@link RunLifecycle#finishedSamples}: each pass's write
   * and read-back rows, and the rows kept for the analysis after the run and for the history).
   */
  private static List<String> comparison(RunLifecycle life, List<PassResult> passes)
      throws IOException {
    List<IntervalFigures.Selection> writes = new ArrayList<>();
    List<IntervalFigures.Selection> reads = new ArrayList<>();
    for (PassResult p : passes) {
      String pass = Integer.toString(p.pass());
      writes.add(
          new IntervalFigures.Selection(
              "write_MBps", new IntervalFigures.Rows(SamplesCsv.WRITE, pass)));
      reads.add(
          new IntervalFigures.Selection(
              "read_MBps", new IntervalFigures.Rows(SamplesCsv.READ, pass)));
    }
    try {
      life.finishedSamples(
          (reader, row) -> {
            writes.forEach(w -> w.row(reader, row));
            reads.forEach(r -> r.row(reader, row));
          });
    } catch (IOException e) {
      if (passes.size() >= 2) {
        throw e; // as the comparison's own read of the file failed
      }
      return List.of(); // one pass: nothing to compare, and the analysis reads the file itself
    }
    if (passes.size() < 2) {
      return List.of();
    }
    List<PassComparison.Pass> w = new ArrayList<>();
    List<PassComparison.Pass> r = new ArrayList<>();
    for (int i = 0; i < passes.size(); i++) {
      PassResult p = passes.get(i);
      w.add(
          new PassComparison.Pass(
              p.pass(), p.writeMegabytesPerSecond(), writes.get(i).rates(), p.writeSeconds()));
      r.add(
          new PassComparison.Pass(
              p.pass(), p.readMegabytesPerSecond(), reads.get(i).rates(), p.readSeconds()));
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

  /** One pass as JSON: the shape {@code copy --json} prints, as run.json's passes have it. */
  public static ObjectNode passJson(PassResult r) {
    return CopyJsonWriter.pass(passRecord(r));
  }

  /** One pass as run.json's writer takes it. */
  static CopyJsonWriter.Pass passRecord(PassResult r) {
    return new CopyJsonWriter.Pass(
        r.pass(),
        r.files(),
        r.bytes(),
        r.writeMegabytesPerSecond(),
        r.writeSeconds(),
        r.flushSeconds(),
        r.readMegabytesPerSecond(),
        r.readSeconds(),
        r.readCache(),
        r.verified(),
        r.problems(),
        Optional.ofNullable(r.firstProblem()),
        r.writeStartSeconds(),
        r.readStartSeconds());
  }
}
