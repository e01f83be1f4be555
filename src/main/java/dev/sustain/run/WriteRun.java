package dev.sustain.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.engine.Engines;
import dev.sustain.engine.IoEngine;
import dev.sustain.pattern.DataPattern;
import dev.sustain.pattern.RandomPool;
import dev.sustain.sampling.CpuClock;
import dev.sustain.sampling.NanoClock;
import dev.sustain.sampling.RunCounters;
import dev.sustain.sampling.Sampler;
import dev.sustain.sampling.SamplerThread;
import dev.sustain.sampling.SamplesCsv;
import dev.sustain.sampling.TemperatureSensor;
import dev.sustain.target.BlockGeometry;
import dev.sustain.target.TestFile;
import dev.sustain.unit.Units;
import dev.sustain.unit.UsageException;
import java.io.BufferedReader;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Instant;
import java.util.List;
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

  /**
   * @param stop set (e.g. by a signal handler) to end the run early as interrupted
   */
  public WriteRun(WriteParams params, RunObserver observer, AtomicBoolean stop) {
    this.params = params;
    this.observer = observer;
    this.stop = stop;
  }

  /** Checks what does not need the file system: depths, sizes, intervals. */
  static void validate(WriteParams p) {
    if (p.sizeBytes() < 0 && p.duration() == null) {
      throw new UsageException("give --size SIZE, --time DURATION, or both");
    }
    if (p.sizeBytes() == 0) {
      throw new UsageException("--size must be more than 0 bytes");
    }
    if (p.queueDepth() < 1 || p.queueDepth() > Defaults.MAX_QUEUE_DEPTH) {
      throw new UsageException(
          "--qd must be between 1 and " + Defaults.MAX_QUEUE_DEPTH + ", not " + p.queueDepth());
    }
    if (p.blockBytes() < 1 || p.blockBytes() > Defaults.MAX_BLOCK_BYTES) {
      throw new UsageException("--bs must be between 1 B and 64 MiB, not " + p.blockBytes() + " B");
    }
    if (p.intervalNanos() < Defaults.MIN_INTERVAL_NANOS) {
      throw new UsageException("--interval must be at least 100ms");
    }
  }

  /** Runs the job. Usage problems are thrown before anything is written. */
  public WriteResult run() throws IOException {
    validate(params);
    String runId = RunFolder.newRunId();
    TestFile file = TestFile.resolve(params.target(), runId);
    boolean direct = !params.buffered();
    IoEngine engine = Engines.create(params.engine());
    int logical = BlockGeometry.logicalBlockSize(file.folder());
    long align = direct ? engine.directAlignmentBytes(file.folder(), logical) : 1;
    if (params.blockBytes() % align != 0) {
      throw new UsageException(
          "--bs "
              + params.blockBytes()
              + " B is not a multiple of "
              + align
              + " B, the device's logical block"
              + (align > logical ? " as the " + engine.name() + " engine needs it" : "")
              + ", which direct I/O requires; use a multiple of it or --buffered");
    }
    long sizeBytes =
        params.sizeBytes() < 0
            ? -1
            : new dev.sustain.unit.ByteSize(params.sizeBytes()).roundUpTo(align).bytes();
    if (sizeBytes > 0) {
      file.checkFreeSpace(sizeBytes);
    }
    RunFolder folder = RunFolder.create(params.out(), runId, "write");
    try {
      engine.open(file.path(), new IoEngine.OpenOptions(direct, true, true), params.queueDepth());
    } catch (IOException e) {
      file.remove();
      throw new UsageException(openProblem(file, direct, e));
    }
    try (Arena arena = Arena.ofShared()) {
      DataPattern pattern = new RandomPool(arena, params.blockBytes(), runId.hashCode());
      return runOpen(runId, file, folder, engine, pattern, sizeBytes, align);
    } finally {
      engine.close();
      if (!params.keep()) {
        file.remove();
      }
    }
  }

  private static String openProblem(TestFile file, boolean direct, IOException e) {
    String msg = String.valueOf(e.getMessage());
    if (direct && msg.contains("Invalid argument")) {
      return "the file system at "
          + file.folder()
          + " does not support direct I/O (O_DIRECT); use --buffered";
    }
    return "cannot create " + file.path() + ": " + msg;
  }

  private WriteResult runOpen(
      String runId,
      TestFile file,
      RunFolder folder,
      IoEngine engine,
      DataPattern pattern,
      long sizeBytes,
      long alignBytes)
      throws IOException {
    Instant started = Instant.now();
    ObjectNode runJson =
        RunJson.start(runId, "write", file, params, engine.name(), pattern.name(), started);
    folder.writeRunJson(runJson);

    RunCounters counters = new RunCounters();
    Sampler sampler =
        new Sampler(
            NanoClock.SYSTEM,
            CpuClock.PROCESS,
            counters,
            TemperatureSensor.NONE,
            List.of(),
            params.intervalNanos());
    long durationNanos = params.duration() == null ? -1 : params.duration().toNanos();
    observer.started(
        new RunObserver.RunInfo(
            runId,
            folder.dir(),
            file.path(),
            engine.name(),
            durationNanos < 0 ? sizeBytes : -1,
            durationNanos < 0 ? -1 : durationNanos / 1e9,
            params));

    Runner.Job job =
        new Runner.Job(
            0,
            sizeBytes,
            durationNanos < 0 ? sizeBytes : -1,
            durationNanos,
            params.blockBytes(),
            params.queueDepth(),
            alignBytes,
            pattern,
            true,
            params.ioTimeoutNanos());

    Runner.Outcome outcome;
    double flushSeconds = 0;
    String error;
    WriteResult.Status status;
    try (SamplesCsv csv =
        new SamplesCsv(folder.samplesCsv(), "write_MBps", sampler.extraColumns())) {
      sampler.addListener(csv);
      sampler.addListener(
          row ->
              observer.sample(
                  row, counters.bytes(), (System.nanoTime() - sampler.startNanos()) / 1e9));
      sampler.begin();
      SamplerThread thread = new SamplerThread(sampler);
      thread.start();
      try {
        outcome = new Runner(NanoClock.SYSTEM).run(engine, job, counters, stop::get);
        error = outcome.error();
        status =
            switch (outcome.end()) {
              case COMPLETE -> WriteResult.Status.COMPLETE;
              case INTERRUPTED -> WriteResult.Status.INTERRUPTED;
              case FAILED -> WriteResult.Status.FAILED;
            };
        if (status == WriteResult.Status.COMPLETE) {
          // The data is not written until it is on the drive: the flush is part of the result.
          long f0 = System.nanoTime();
          try {
            engine.sync();
          } catch (IOException e) {
            status = WriteResult.Status.FAILED;
            error = "flush (fsync) failed: " + e.getMessage();
          }
          flushSeconds = (System.nanoTime() - f0) / 1e9;
        }
      } finally {
        thread.finish();
      }
      if (thread.failure() != null) {
        status = WriteResult.Status.FAILED;
        error = "could not record samples: " + thread.failure().getMessage();
      }
      if (status == WriteResult.Status.FAILED && outcome.noSpace()) {
        error =
            "the file system holding "
                + file.folder()
                + " is full (No space left on device) after "
                + Units.decimalBytes(outcome.bytes())
                + ": "
                + error;
      }
    }
    double seconds = (System.nanoTime() - sampler.startNanos()) / 1e9;
    Instant ended = Instant.now();
    WriteResult result =
        new WriteResult(
            runId,
            folder.dir(),
            file.path(),
            params.keep(),
            counters.bytes(),
            seconds,
            flushSeconds,
            status,
            error,
            rateStats(folder));
    RunJson.finish(runJson, result, ended);
    folder.writeRunJson(runJson);
    observer.finished(result);
    return result;
  }

  /**
   * The per-interval statistics, read back from samples.csv so that nothing in memory grows with
   * the length of the run.
   */
  static RateStats rateStats(RunFolder folder) throws IOException {
    double[] rates = new double[1024];
    int n = 0;
    try (BufferedReader r = Files.newBufferedReader(folder.samplesCsv(), StandardCharsets.UTF_8)) {
      r.readLine();
      String line;
      while ((line = r.readLine()) != null) {
        int a = line.indexOf(',');
        int b = line.indexOf(',', a + 1);
        if (a < 0 || b < 0) {
          continue;
        }
        if (n == rates.length) {
          rates = java.util.Arrays.copyOf(rates, n * 2);
        }
        rates[n++] = Double.parseDouble(line.substring(a + 1, b));
      }
    }
    return RateStats.of(rates, n);
  }
}
