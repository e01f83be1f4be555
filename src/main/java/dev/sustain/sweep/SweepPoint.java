package dev.sustain.sweep;

import dev.sustain.unit.Worded;

/**
 * One measured point of a sweep. Immutable.
 *
 * @param blockBytes the request size
 * @param queueDepth requests in flight
 * @param write the write measurement: all bytes over all time of the point, flush included
 * @param read the read-back of the same bytes at the same size and depth; {@link Rate#NONE} when
 *     not measured
 */
public record SweepPoint(int blockBytes, int queueDepth, Rate write, Rate read) {

  /** A point known only by its rates (no time, no spread): for tests and old records. */
  public SweepPoint(int blockBytes, int queueDepth, double writeMBps, double readMBps) {
    this(blockBytes, queueDepth, Rate.of(writeMBps), Rate.of(readMBps));
  }

  public double writeMBps() {
    return write.mbps();
  }

  public double readMBps() {
    return read.mbps();
  }

  /** The rate in the given direction. */
  public double rate(Direction direction) {
    return measured(direction).mbps();
  }

  /** The measurement in the given direction. */
  public Rate measured(Direction direction) {
    return direction == Direction.WRITE ? write : read;
  }

  /**
   * One direction of a point.
   *
   * @param mbps MB/s (10^6 B/s): bytes over the point's whole time; NaN when not measured
   * @param seconds the point's time, from its first request to the end of its flush; NaN when not
   *     known
   * @param spreadMBps the standard deviation of the point's sub-interval rates ({@link
   *     PointSampler#SUB_INTERVAL_NANOS} each): how far the rate wanders within the point; NaN with
   *     fewer than two sub-intervals
   * @param subIntervals how many whole sub-intervals the spread is over
   */
  public record Rate(double mbps, double seconds, double spreadMBps, int subIntervals) {

    public static final Rate NONE = new Rate(Double.NaN, Double.NaN, Double.NaN, 0);

    static Rate of(double mbps) {
      return new Rate(mbps, Double.NaN, Double.NaN, 0);
    }
  }

  /** Which rate a verdict is about; {@link Direction#word()} names it in text. */
  public enum Direction implements Worded {
    WRITE,
    READ
  }
}
