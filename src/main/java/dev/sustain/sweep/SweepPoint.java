package dev.sustain.sweep;

import dev.sustain.unit.Worded;

/**
 * One measured point of a sweep. Immutable.
 *
 * @param blockBytes the request size
 * @param queueDepth requests in flight
 * @param writeMBps write rate, MB/s (10^6 B/s): all bytes over all time of the point
 * @param readMBps read rate of the same bytes at the same size and depth; NaN when not measured
 */
public record SweepPoint(int blockBytes, int queueDepth, double writeMBps, double readMBps) {

  /** The rate in the given direction. */
  public double rate(Direction direction) {
    return direction == Direction.WRITE ? writeMBps : readMBps;
  }

  /** Which rate a verdict is about; {@link Direction#word()} names it in text. */
  public enum Direction implements Worded {
    WRITE,
    READ
  }
}
