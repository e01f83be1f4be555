package dev.sustain.run;

import dev.sustain.unit.UsageException;

/**
 * What every run that drives requests checks before the file system is touched: its request size,
 * its depth and its sampling interval, whatever the command (write, fill) and its other params.
 *
 * @param blockBytes the request size
 * @param queueDepth requests in flight
 * @param intervalNanos the sampling interval
 */
public record RequestChecks(int blockBytes, int queueDepth, long intervalNanos) {

  /** Refuses, with a {@link UsageException} naming the option, a value out of its range. */
  public void check() {
    if (queueDepth < 1 || queueDepth > DefaultsAndLimits.MAX_QUEUE_DEPTH) {
      throw new UsageException(
          "--qd must be between 1 and "
              + DefaultsAndLimits.MAX_QUEUE_DEPTH
              + ", not "
              + queueDepth);
    }
    if (blockBytes < 1 || blockBytes > DefaultsAndLimits.MAX_BLOCK_BYTES) {
      throw new UsageException("--bs must be between 1 B and 64 MiB, not " + blockBytes + " B");
    }
    if (intervalNanos < DefaultsAndLimits.MIN_INTERVAL_NANOS) {
      throw new UsageException("--interval must be at least 100ms");
    }
  }
}
