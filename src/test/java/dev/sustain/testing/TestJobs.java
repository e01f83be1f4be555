package dev.sustain.testing;

import dev.sustain.pattern.DataPattern;
import dev.sustain.run.Runner;
import java.lang.foreign.MemorySegment;

/**
 * Runner jobs for tests of the loop, the counting and the sampling, where the bytes do not matter.
 */
public final class TestJobs {

  /** Writes each request's buffer as it stands: no pattern's cost, nothing to verify. */
  public static final DataPattern AS_IS =
      new DataPattern() {
        @Override
        public String name() {
          return "zeros";
        }

        @Override
        public MemorySegment bytesFor(long offset, int length, MemorySegment slot) {
          return slot;
        }
      };

  /** The I/O timeout of these jobs: far beyond any request of a test. */
  public static final long IO_TIMEOUT_NANOS = 10_000_000_000L;

  private TestJobs() {}

  /**
   * A write of {@code totalBytes} from offset 0 in requests of {@code blockBytes}, {@code
   * queueDepth} at a time, the last rounded up to {@code alignBytes}, with no time limit.
   */
  public static Runner.Job writeOf(
      long totalBytes, int blockBytes, int queueDepth, long alignBytes) {
    return new Runner.Job(
        0,
        totalBytes,
        totalBytes,
        -1,
        blockBytes,
        queueDepth,
        alignBytes,
        AS_IS,
        true,
        IO_TIMEOUT_NANOS);
  }
}
