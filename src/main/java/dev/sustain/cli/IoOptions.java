package dev.sustain.cli;

import dev.sustain.run.DefaultsAndLimits;
import dev.sustain.unit.ByteSize;
import dev.sustain.unit.UsageException;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The options of every command that drives an engine over a file (write, fill): request size, queue
 * depth, sampling interval, engine and I/O timeout, with Sustain's defaults. A picocli mixin:
 * {@code @Mixin IoOptions io;}. Not thread-safe; one per command instance.
 */
public final class IoOptions extends EngineOptions {

  @Option(
      names = "--bs",
      paramLabel = "SIZE",
      converter = Converters.BlockSize.class,
      defaultValue = DefaultsAndLimits.BLOCK_SIZE)
  ByteSize blockSize;

  @Option(names = "--qd", paramLabel = "N", defaultValue = "" + DefaultsAndLimits.QUEUE_DEPTH)
  int queueDepth;

  @Mixin SamplingOptions sampling = new SamplingOptions();

  @Option(names = "--no-preallocate")
  boolean noPreallocate;

  /** The request size in bytes; one that does not fit a request is bad input. */
  int blockBytes() {
    if (blockSize.bytes() > Integer.MAX_VALUE) {
      throw new UsageException("--bs is too large: " + blockSize);
    }
    return (int) blockSize.bytes();
  }
}
