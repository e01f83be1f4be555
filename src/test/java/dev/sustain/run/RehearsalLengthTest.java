package dev.sustain.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.engine.ErrnoException;
import dev.sustain.engine.IoEngine;
import dev.sustain.engine.IoSlot;
import dev.sustain.engine.NullEngine;
import dev.sustain.sampling.NanoClock;
import dev.sustain.sampling.RunCounters;
import dev.sustain.testing.TestJobs;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The rehearsal before a run's clock never sends more requests than the job itself will: a 4 KiB
 * write sent about 17,000 NOPs for its one request. A job that only time ends is still rehearsed in
 * full, and the run after a capped rehearsal still does all of its own requests.
 */
class RehearsalLengthTest {

  /** The null engine, counting the requests sent while in rehearsal and after it apart. */
  private static final class CountingEngine implements IoEngine {
    private final NullEngine inner = new NullEngine();
    boolean rehearsing;
    long rehearsed;
    long real;
    long registeredBytes;

    @Override
    public boolean registerBuffers(MemorySegment... buffers) {
      for (MemorySegment b : buffers) {
        registeredBytes += b.byteSize();
      }
      return false;
    }

    @Override
    public String name() {
      return "counting";
    }

    @Override
    public void open(Path path, OpenOptions options, int queueDepth) {
      inner.open(path, options, queueDepth);
    }

    @Override
    public boolean rehearse(boolean on) {
      rehearsing = on;
      return true;
    }

    @Override
    public void submit(IoSlot slot) throws ErrnoException {
      inner.submit(slot);
      if (rehearsing) {
        rehearsed++;
      } else {
        real++;
      }
    }

    @Override
    public void commit() {}

    @Override
    public int reap(int minCompletions, long timeoutNanos, CompletionSink sink) {
      return inner.reap(minCompletions, timeoutNanos, sink);
    }

    @Override
    public void sync() {}

    @Override
    public void close() {
      inner.close();
    }
  }

  private static Runner.Job sized(long totalBytes, int blockBytes, int queueDepth) {
    return TestJobs.writeOf(totalBytes, blockBytes, queueDepth, 1);
  }

  @ParameterizedTest(name = "{0} B in {1} B requests at QD {2}: {3} requests")
  @CsvSource({"4096, 4096, 1, 1", "4096, 4096, 32, 1", "12288, 4096, 2, 3", "10000, 4096, 4, 3"})
  void aSizedJobIsRehearsedForItsOwnRequestsAtMost(
      long totalBytes, int blockBytes, int queueDepth, long requests) throws Exception {
    Runner.Job job = sized(totalBytes, blockBytes, queueDepth);
    assertThat(Runner.requestCount(job)).isEqualTo(requests);
    CountingEngine engine = new CountingEngine();
    engine.open(Path.of("unused"), null, queueDepth);
    Runner runner = new Runner(NanoClock.SYSTEM);
    try (Runner.Prepared prepared = runner.prepare(engine, job)) {
      prepared.rehearse(NanoClock.SYSTEM);
      assertThat(engine.rehearsed).as("requests rehearsed").isEqualTo(requests);
      Runner.Outcome outcome = runner.run(prepared, new RunCounters(), () -> false, () -> false);
      assertThat(outcome.end()).isEqualTo(RunStatus.COMPLETE);
      assertThat(outcome.bytes()).as("the run after it").isEqualTo(totalBytes);
      assertThat(engine.real).isEqualTo(requests);
    }
  }

  @Test
  void aJobThatTimeEndsIsRehearsedInFull() throws Exception {
    // 64 KiB (16 requests) wrapped over for a minute: not capped at the extent, which it wraps.
    Runner.Job job =
        new Runner.Job(
            0,
            64 << 10,
            -1,
            60_000_000_000L,
            4096,
            4,
            512,
            TestJobs.AS_IS,
            true,
            TestJobs.IO_TIMEOUT_NANOS);
    assertThat(Runner.requestCount(job)).isEqualTo(Long.MAX_VALUE);
    CountingEngine engine = new CountingEngine();
    engine.open(Path.of("unused"), null, 4);
    try (Runner.Prepared prepared = new Runner(NanoClock.SYSTEM).prepare(engine, job)) {
      prepared.rehearse(NanoClock.SYSTEM);
    }
    assertThat(engine.rehearsed).as("requests rehearsed").isGreaterThan(16);
  }

  @ParameterizedTest(name = "{0} B in {1} B requests at QD {2}: {3} B of buffers")
  @CsvSource({
    "4096, 1048576, 32, 4096",
    "12288, 4096, 32, 12288",
    "1048576, 4096, 4, 16384",
    "10000, 1048576, 32, 12288"
  })
  void aSmallJobGetsOnlyTheBuffersItUses(
      long totalBytes, int blockBytes, int queueDepth, long bufferBytes) throws Exception {
    // A 4 KiB write made 32 buffers of 1 MiB, and filled all 32 MiB with its pattern.
    Runner.Job job = sized(totalBytes, blockBytes, queueDepth);
    CountingEngine engine = new CountingEngine();
    engine.open(Path.of("unused"), null, queueDepth);
    Runner runner = new Runner(NanoClock.SYSTEM);
    try (Runner.Prepared prepared = runner.prepare(engine, job)) {
      assertThat(engine.registeredBytes).as("buffer bytes").isEqualTo(bufferBytes);
      Runner.Outcome outcome = runner.run(prepared, new RunCounters(), () -> false, () -> false);
      assertThat(outcome.end()).isEqualTo(RunStatus.COMPLETE);
      assertThat(outcome.bytes()).isEqualTo(totalBytes);
    }
  }
}
