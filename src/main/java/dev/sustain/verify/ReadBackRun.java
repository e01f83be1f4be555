package dev.sustain.verify;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.document.RunJsonWriter;
import dev.sustain.engine.Engines;
import dev.sustain.engine.Errno;
import dev.sustain.engine.ErrnoException;
import dev.sustain.engine.IoEngine;
import dev.sustain.engine.PageCache;
import dev.sustain.pattern.BlockFormat;
import dev.sustain.pattern.Patterns;
import dev.sustain.pattern.VerifiablePattern;
import dev.sustain.run.RunFolder;
import dev.sustain.run.RunLifecycle;
import dev.sustain.run.RunObserver;
import dev.sustain.run.RunStatus;
import dev.sustain.run.SamplingSession;
import dev.sustain.sampling.RunCounters;
import dev.sustain.sampling.SampleListener;
import dev.sustain.sampling.SampleRow;
import dev.sustain.sampling.SamplesCsv;
import dev.sustain.sampling.TemperatureSensor;
import dev.sustain.target.TestFile;
import dev.sustain.unit.Units;
import dev.sustain.unit.UsageException;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A whole {@code read} or {@code verify}: resolves what to read, refuses what cannot be done before
 * anything is read, makes its own run folder (run.json, samples.csv with {@code read_MBps}), reads
 * through the engine at depth while the sampler writes a row every interval, and records the rate,
 * its stability and (verify) the bad extents. Its checks, folder and run.json's start are here; the
 * reads go through the {@link RunLifecycle} with {@link ReadBackWork} as its requests.
 */
public final class ReadBackRun {

  /** 1 MiB requests, 32 in flight, when neither the user nor the write run says otherwise. */
  public static final int DEFAULT_BLOCK_BYTES = 1 << 20;

  public static final int DEFAULT_QUEUE_DEPTH = 32;

  /**
   * What the user asked.
   *
   * @param source RUN|FILE as given
   * @param verify check every block (verify) or only measure (read)
   * @param blockBytes request size; 0 for the write run's, else 1 MiB
   * @param queueDepth requests in flight; 0 for the write run's, else 32
   * @param intervalNanos sampling interval
   * @param out this read-back's run folder, or null for a new one under the default parent
   * @param engine engine name
   * @param buffered read through the page cache (after dropping the file's cached pages)
   * @param ioTimeoutNanos no completion for this long fails the read
   * @param sizeBytes how much of the target to read and check ({@code --size}), a multiple of 4
   *     KiB; 0 for what the run wrote (its run.json, or for a device named directly where its data
   *     ends) or else the file's size
   */
  public record Params(
      String source,
      boolean verify,
      int blockBytes,
      int queueDepth,
      long intervalNanos,
      java.nio.file.Path out,
      String engine,
      boolean buffered,
      long ioTimeoutNanos,
      long sizeBytes) {}

  private final Params params;
  private final RunObserver observer;
  private final AtomicBoolean stop;

  /**
   * @param observer told of the read as of any run: its start ({@link RunObserver.RunInfo} names
   *     the command, {@code read} or {@code verify}, and the file read), every row, what its folder
   *     holds at the end and the end; the verdict is in what {@link #run} returns
   */
  public ReadBackRun(Params params, RunObserver observer, AtomicBoolean stop) {
    this.params = params;
    this.observer = observer;
    this.stop = stop;
  }

  private String command() {
    return params.verify() ? "verify" : "read";
  }

  /** Runs it. Usage problems are thrown (as {@link UsageException}) before anything is read. */
  public ReadBackResult run() throws IOException {
    if (params.queueDepth() < 0 || params.queueDepth() > 1024) {
      throw new UsageException("--qd must be between 1 and 1024, not " + params.queueDepth());
    }
    if (params.intervalNanos() < 100_000_000L) {
      throw new UsageException("--interval must be at least 100ms");
    }
    ReadSource resolved = ReadSource.resolve(params.source());
    List<String> notes = new ArrayList<>(resolved.notes());
    Scope scope = scope(resolved, notes);
    ReadSource source = scope.source();
    int bs =
        params.blockBytes() > 0
            ? params.blockBytes()
            : source.blockBytes() > 0 && source.blockBytes() % BlockFormat.BLOCK_BYTES == 0
                ? source.blockBytes()
                : DEFAULT_BLOCK_BYTES;
    if (bs % BlockFormat.BLOCK_BYTES != 0 || bs > 64 << 20) {
      throw new UsageException(
          "--bs must be a multiple of 4 KiB and at most 64 MiB, not " + bs + " B");
    }
    int qd =
        params.queueDepth() > 0
            ? params.queueDepth()
            : source.queueDepth() > 0 ? source.queueDepth() : DEFAULT_QUEUE_DEPTH;

    VerifiablePattern checker = scope.checker();

    IoEngine engine = Engines.create(params.engine());
    boolean direct = !params.buffered();
    try {
      engine.open(source.file(), new IoEngine.OpenOptions(direct, false, false), qd);
    } catch (ErrnoException e) {
      engine.close();
      throw new UsageException(
          direct && e.errno() == Errno.EINVAL
              ? "the file system holding "
                  + source.file()
                  + " does not support direct I/O (O_DIRECT); use --buffered"
              : "cannot open " + source.file() + ": " + e.getMessage());
    }
    if (!direct && !PageCache.drop(source.file())) {
      notes.add(
          "the page cache could not be dropped for the file: some reads may come from memory");
    }
    String runId = RunFolder.newRunId();
    RunFolder folder;
    try {
      folder = RunLifecycle.newFolder(params.out(), runId, command());
    } catch (IOException | RuntimeException e) {
      engine.close();
      throw e;
    }
    try {
      Reading reading = new Reading(runId, folder, scope, engine, direct, bs, qd);
      return folder.filledBy(() -> runOpen(reading, notes));
    } finally {
      engine.close();
    }
  }

  /**
   * What is read and checked: the source with its extent settled, the checker (verify), and what
   * lies beyond the extent.
   *
   * @param extentFrom where the extent comes from: {@code run} (its run.json), {@code size} ({@code
   *     --size}), {@code headers} (a device named directly: where the run's data ends) or {@code
   *     file} (a file named directly: its size)
   */
  record Scope(
      ReadSource source, VerifiablePattern checker, String extentFrom, RunExtent.Beyond beyond) {}

  private Scope scope(ReadSource source, List<String> notes) throws IOException {
    String from = source.fromRun() ? "run" : "file";
    long size = params.sizeBytes();
    if (size > 0) {
      if (size % BlockFormat.BLOCK_BYTES != 0) {
        throw new UsageException("--size must be a whole number of 4 KiB blocks, not " + size);
      }
      if (size > source.availableBytes()) {
        throw new UsageException(
            "--size "
                + size
                + " B is more than "
                + source.file()
                + " holds ("
                + source.availableBytes()
                + " B)");
      }
      source = source.withExpected(size);
      from = "size";
    }
    if (!params.verify()) {
      return new Scope(source, null, from, RunExtent.Beyond.NONE);
    }
    HeaderProbe.Probes probes =
        HeaderProbe.read(source.file(), Math.min(source.expectedBytes(), source.availableBytes()));
    VerifiablePattern checker = checkerFor(source, probes.winner(), notes);
    if (from.equals("file") && TestFile.isBlockDevice(source.file())) {
      // A device holds the run's data and then whatever was there before: only the first part is
      // the run's, and blank space after it is not bad data.
      long end = RunExtent.end(source.file(), source.expectedBytes(), probes, probes.winner());
      source = source.withExpected(end);
      from = "headers";
      notes.add(
          "the run's data ends at "
              + Units.binaryBytes(end)
              + " ("
              + end
              + " B), found from the block headers: that much was checked; a device that lost"
              + " the end of what was written cannot be told from a shorter run (give the write"
              + " run's folder or --size)");
    }
    RunExtent.Beyond beyond =
        RunExtent.beyond(source.file(), source.expectedBytes(), source.availableBytes());
    return new Scope(source, checker, from, beyond);
  }

  /** The checker for the source's data, or a refusal in words when it has none. */
  private static VerifiablePattern checkerFor(
      ReadSource source, BlockFormat.Header found, List<String> notes) {
    if (source.pattern() != null && !source.pattern().verifiable()) {
      throw new UsageException(
          "the run wrote --pattern "
              + source.pattern().name()
              + ", whose blocks carry no header to check; use 'sustain read' for the read rate");
    }
    if (source.fromRun()) {
      VerifiablePattern checker = source.pattern().checker(source.patternId());
      if (found != null && found.runId() != source.patternId()) {
        notes.add(
            "most blocks sampled carry another run's id ("
                + Patterns.idToHex(found.runId())
                + ", not "
                + Patterns.idToHex(source.patternId())
                + "): the file holds other data than this run wrote");
      }
      return checker;
    }
    if (found == null) {
      if (source.expectedBytes() == 0) {
        throw new UsageException(source.file() + " is empty: there is nothing to verify");
      }
      throw new UsageException(
          "none of the blocks sampled in "
              + source.file()
              + " carries a Sustain header: it was not written by 'sustain write' (or with"
              + " --pattern zeros); give the write run's folder, or use 'sustain read'");
    }
    VerifiablePattern checker = VerifiablePattern.forHeader(found);
    notes.add(
        "no run folder given: checked against the run id most blocks carry ("
            + Patterns.idToHex(found.runId())
            + ", pattern "
            + checker.name()
            + "); a file cut short cannot be told from a smaller run");
    return checker;
  }

  private ReadBackResult runOpen(Reading reading, List<String> notes) throws IOException {
    String runId = reading.runId();
    RunFolder folder = reading.folder();
    Scope scope = reading.scope();
    IoEngine engine = reading.engine();
    int bs = reading.bs();
    int qd = reading.qd();
    ReadSource source = scope.source();
    VerifiablePattern checker = scope.checker();
    ObjectNode runJson = startJson(reading);
    RunLifecycle life = new RunLifecycle(runId, command(), folder, observer, null);
    // The history files the read under the drive the file is on, as the write that made it.
    life.describeWhere(runJson, source.file());
    folder.writeRunJson(runJson);

    RunCounters counters = new RunCounters();
    RateCollector rates = new RateCollector(params.intervalNanos());
    life.started(source.file(), engine.name(), source.expectedBytes(), -1);
    ReadBack.Job job =
        new ReadBack.Job(
            source.expectedBytes(), source.availableBytes(), bs, qd, checker, timeoutNanos());
    ReadBackWork work = new ReadBackWork(engine, job, stop::get);
    RunLifecycle.Sampled sampled;
    try (SamplingSession session =
        SamplingSession.open(
            folder,
            "read_MBps",
            params.intervalNanos(),
            counters,
            TemperatureSensor.NONE,
            List.of())) {
      session.listen(rates);
      session.listen(row -> observer.sample(row, counters.bytes(), session.elapsedSeconds()));
      session.begin(SamplesCsv.READ, () -> {});
      // The record's time (samples.csv's last time_s): the average is its rows' bytes over it.
      sampled = life.sample(session, () -> {}, work);
    }
    if (sampled.end().status() == RunStatus.INTERRUPTED) {
      notes.add("interrupted: only the part read so far was checked");
    }
    ReadBackResult result = result(reading, work.outcome(), sampled, rates, notes);
    ReadBackJson.finish(runJson, result, Instant.now());
    life.endUnanalysed(
        runJson,
        new RunObserver.Ended(
            result.bytesRead(), result.seconds(), result.status(), result.error()));
    return result;
  }

  private long timeoutNanos() {
    return params.ioTimeoutNanos();
  }

  /** What a read-back reads, with what, into which folder. */
  private record Reading(
      String runId,
      RunFolder folder,
      Scope scope,
      IoEngine engine,
      boolean direct,
      int bs,
      int qd) {}

  private ReadBackResult result(
      Reading r,
      ReadBack.Outcome outcome,
      RunLifecycle.Sampled sampled,
      RateCollector rates,
      List<String> notes) {
    Scope scope = r.scope();
    VerifiablePattern checker = scope.checker();
    return new ReadBackResult(
        command(),
        r.runId(),
        r.folder().dir(),
        scope.source(),
        r.engine().name(),
        r.direct(),
        r.bs(),
        r.qd(),
        checker != null ? checker.name() : null,
        checker != null ? checker.runId() : null,
        scope.source().expectedBytes(),
        outcome.bytesRead(),
        sampled.seconds(),
        rates.stability(),
        outcome.checkedBytes(),
        outcome.bad(),
        scope.extentFrom(),
        scope.beyond(),
        sampled.end().status(),
        sampled.end().error(),
        List.copyOf(notes));
  }

  /** run.json as the read-back starts: what it reads, with what, and the pattern it checks. */
  private ObjectNode startJson(Reading reading) {
    VerifiablePattern checker = reading.scope().checker();
    return ReadBackJson.start(
        command(),
        reading.runId(),
        reading.scope().source(),
        new RunJsonWriter.Io(
            reading.bs(),
            reading.qd(),
            params.intervalNanos(),
            !reading.direct(),
            reading.engine().name()),
        checker != null ? checker.name() : null,
        checker != null ? checker.runId() : null,
        Instant.now());
  }

  /** Keeps the per-interval rates for the stability figures; the final sliver does not count. */
  private static final class RateCollector implements SampleListener {
    private final double minSeconds;
    private double[] rates = new double[256];
    private int n;

    RateCollector(long intervalNanos) {
      this.minSeconds = intervalNanos / 2e9;
    }

    @Override
    public synchronized void onSample(SampleRow row) {
      // A final interval shorter than half the others measures the tail end, not the drive.
      if (row.intervalSeconds() < minSeconds) {
        return;
      }
      if (n == rates.length) {
        rates = Arrays.copyOf(rates, n * 2);
      }
      rates[n++] = row.megabytesPerSecond();
    }

    synchronized RateStability stability() {
      return RateStability.of(Arrays.copyOf(rates, n));
    }
  }
}
