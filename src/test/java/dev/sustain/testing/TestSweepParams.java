package dev.sustain.testing;

import dev.sustain.pattern.Patterns;
import dev.sustain.sweep.SweepRun;
import java.nio.file.Path;
import java.util.List;

/**
 * The one place a test builds a {@link SweepRun.Params}: a sweep by threads of random data,
 * preallocated, with a 10 s I/O timeout and no least time a point (so a test's points are as short
 * as their bytes make them).
 */
public final class TestSweepParams {

  private TestSweepParams() {}

  /** A sweep of every block size at every depth, {@code sizePerPointBytes} a point, into out. */
  public static SweepRun.Params of(
      String target,
      List<Integer> blockSizes,
      List<Integer> queueDepths,
      long sizePerPointBytes,
      boolean read,
      Path out) {
    return new SweepRun.Params(
        target,
        blockSizes,
        queueDepths,
        sizePerPointBytes,
        read,
        "threads",
        Patterns.parse("random"),
        out,
        10_000_000_000L,
        true,
        0);
  }
}
