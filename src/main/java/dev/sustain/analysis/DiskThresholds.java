package dev.sustain.analysis;

/**
 * The numbers the analysis reads a spinning disk by, with why they have their values (the part of
 * {@link Thresholds} for {@link SpinningDiskDetector}): a shingled disk's stalls, a zoned disk's
 * decline, and, told nothing of the media, what makes a curve a disk's.
 */
public final class DiskThresholds {

  private DiskThresholds() {}

  /** SMR: at least this many zero intervals ... */
  public static final int SMR_MIN_ZEROS = 10;

  /** ... at least this fraction of the intervals from the onset on ... */
  public static final double SMR_MIN_ZERO_FRACTION = 0.01;

  /** ... this many times as dense as before the onset ... */
  public static final double SMR_DENSER = 4;

  /** ... and the onset after this fraction of the run (a drive that stalls at once is not SMR). */
  public static final double SMR_ONSET_RUN_FRACTION = 0.05;

  /**
   * The onset's CUSUM reference lies this fraction of the way from the old density of low intervals
   * to the new: it drifts up through the sparse start of the new regime (a rewrite, then half a
   * minute at full speed), while an isolated early stall dies away.
   */
  public static final double SMR_CUSUM_REFERENCE = 0.1;

  /** The onset is a low interval another follows within this many: a rewrite lasts seconds. */
  public static final int SMR_FOLLOW_INTERVALS = 2;

  /** An interval of a shingled disk's rewrites: a zero, or below this fraction of the held rate. */
  public static final double SMR_SLOW_FRACTION = 0.5;

  /**
   * Told nothing of the media: an interval from the onset on is near zero below this fraction of
   * the held rate. A starved SSD's garbage collection leaves the host a trickle of a few percent of
   * its full speed; an interval a disk's rewrite covers all but 15% of is near zero too.
   */
  public static final double SMR_NEAR_ZERO_FRACTION = 0.15;

  /**
   * ... and the stalls are a disk's when at least this share of the intervals near zero wrote
   * nothing at all: a shingled disk rewriting a band accepts no writes until it is done (the host
   * sees empty seconds), where a starved SSD mostly trickles (a quarter of its low seconds empty).
   */
  public static final double SMR_EMPTY_SHARE = 0.5;

  /**
   * ... after the disk held its rate this long at least: a drive-managed shingled disk takes the
   * first tens of GB (its media cache, or whole bands written in sequence) at full speed, two
   * minutes and more at a disk's rate; an SSD whose free blocks run out sooner is starved.
   */
  public static final double SMR_MIN_HELD_SECONDS = 120;

  /**
   * Zoned: the last tenth at most {@link Thresholds#DROP_FRACTION} of the first, with at most this
   * many stalls per interval.
   */
  public static final double ZONED_MAX_STALL_FRACTION = 0.01;

  /**
   * Zoned from the line (any media but SSD): the run is cut into this many blocks of equal length
   * and each is read by its median rate, so the line a disk's rate falls along (at constant turns a
   * track takes the same time, so the rate falls linearly with time) is judged on the blocks, not
   * on single intervals: a median of tens of intervals holds still where one interval swings.
   */
  public static final int ZONED_BLOCKS = 20;

  /**
   * ... every block's median within this fraction of the decline of the line through them (plus
   * three of its own standard errors): a disk has tens of zones, so its staircase keeps within a
   * fortieth of the decline of its line; a single step (a cache cliff, a throttle's step at a
   * temperature) lies a quarter of its height off the best line through it, and three equal stages
   * a sixth. 12% rejects every staircase of three steps or fewer.
   */
  public static final double ZONED_LINE_FRACTION = 0.12;

  /**
   * ... and the blocks' bend away from the line (their parabola and cubic, orthogonal to it) at
   * most this fraction of the fall, unless it is within noise ({@link #ZONED_BEND_CHI2}): at
   * constant turns the rate falls at a constant pace, so a disk's line does not bend, while heat
   * approaching an equilibrium (hold, fall, level off) bends it a quarter of its fall or more.
   */
  public static final double ZONED_BEND_FRACTION = 0.06;

  /**
   * A bend is within noise below this many squared standard errors of the blocks: three standard
   * errors of its two terms together (noise alone exceeds it about once in a hundred runs, and then
   * must also bend {@link #ZONED_BEND_FRACTION} of the fall to count).
   */
  public static final double ZONED_BEND_CHI2 = 9;

  /**
   * ... the line falling at least this fraction of its start: a third of a disk written from its
   * outer tracks loses 8% or more (an inner radius of 70% of the outer, the least steep disk),
   * while a flat drive's slow drift over a run stays within a few percent.
   */
  public static final double ZONED_MIN_DROP = 0.08;

  /**
   * ... and at most this fraction: the rate follows the radius, and no platter's innermost track
   * lies inside 35% of its outermost (3.5-inch platters span about 0.4 to 1 of their outer radius),
   * so a rate falling below 35% of its start is not zones.
   */
  public static final double ZONED_MAX_DROP = 0.65;

  /**
   * Told nothing of the media, the curve is a disk's only at rates a disk reaches: the fastest
   * single-actuator disks write about 300 MB/s on their outer tracks; 320 leaves room for the
   * line's error. (A dual-actuator disk, at twice that, is missed rather than an SSD taken for a
   * disk.)
   */
  public static final double HDD_MAX_MBPS = 320;

  /**
   * ... and losing no more than this fraction of its start per minute: the line falls at (1 -
   * inner^2) / (2 T) of its start per second, where T is the time to fill the disk at its outer
   * rate (its capacity over that rate); no disk since 80 GB ones fills in under about 1300 s, so
   * the steepest a disk can fall is about 2% a minute. A drive that loses its rate faster over
   * minutes is heating or folding, not moving inwards.
   */
  public static final double ZONED_MAX_LOSS_PER_MINUTE = 0.02;
}
