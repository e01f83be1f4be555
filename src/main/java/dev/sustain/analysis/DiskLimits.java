package dev.sustain.analysis;

/**
 * The numbers the analysis reads a spinning disk by ({@link SpinningDiskDetector}, through {@link
 * Detectors#SMR} and {@link Detectors#ZONED}), with why they have their values: a shingled disk's
 * stalls, a zoned disk's decline, and, told nothing of the media, what makes a curve a disk's. A
 * test varies one by making the detectors with other limits ({@link Detectors#smr}, {@link
 * Detectors#zoned}); the analysis uses {@link #DEFAULT}.
 *
 * @param smrMinZeros SMR: at least this many zero intervals ...
 * @param smrMinZeroFraction ... at least this fraction of the intervals from the onset on ...
 * @param smrDenser ... this many times as dense as before the onset ...
 * @param smrOnsetRunFraction ... and the onset after this fraction of the run (a drive that stalls
 *     at once is not SMR).
 * @param smrCusumReference The onset's CUSUM reference lies this fraction of the way from the old
 *     density of low intervals to the new: it drifts up through the sparse start of the new regime
 *     (a rewrite, then half a minute at full speed), while an isolated early stall dies away.
 * @param smrFollowIntervals The onset is a low interval another follows within this many: a rewrite
 *     lasts seconds.
 * @param smrSlowFraction An interval of a shingled disk's rewrites: a zero, or below this fraction
 *     of the held rate.
 * @param smrNearZeroFraction Told nothing of the media: an interval from the onset on is near zero
 *     below this fraction of the held rate. A starved SSD's garbage collection leaves the host a
 *     trickle of a few percent of its full speed; an interval a disk's rewrite covers all but 15%
 *     of is near zero too.
 * @param smrEmptyShare ... and the stalls are a disk's when at least this share of the intervals
 *     near zero wrote nothing at all: a shingled disk rewriting a band accepts no writes until it
 *     is done (the host sees empty seconds), where a starved SSD mostly trickles (a quarter of its
 *     low seconds empty).
 * @param smrMinHeldSeconds ... after the disk held its rate this long at least: a drive-managed
 *     shingled disk takes the first tens of GB (its media cache, or whole bands written in
 *     sequence) at full speed, two minutes and more at a disk's rate; an SSD whose free blocks run
 *     out sooner is starved.
 * @param zonedMaxStallFraction Zoned: the last tenth at most {@link Thresholds#DROP_FRACTION} of
 *     the first, with at most this many stalls per interval.
 * @param zonedBlocks Zoned from the line (any media but SSD): the run is cut into this many blocks
 *     of equal length and each is read by its median rate, so the line a disk's rate falls along
 *     (at constant turns a track takes the same time, so the rate falls linearly with time) is
 *     judged on the blocks, not on single intervals: a median of tens of intervals holds still
 *     where one interval swings.
 * @param zonedLineFraction ... every block's median within this fraction of the decline of the line
 *     through them (plus three of its own standard errors): a disk has tens of zones, so its
 *     staircase keeps within a fortieth of the decline of its line; a single step (a cache cliff, a
 *     throttle's step at a temperature) lies a quarter of its height off the best line through it,
 *     and three equal stages a sixth. 12% rejects every staircase of three steps or fewer.
 * @param zonedBendFraction ... and the blocks' bend away from the line (their parabola and cubic,
 *     orthogonal to it) at most this fraction of the fall, unless it is within noise ({@code
 *     zonedBendChi2}): at constant turns the rate falls at a constant pace, so a disk's line does
 *     not bend, while heat approaching an equilibrium (hold, fall, level off) bends it a quarter of
 *     its fall or more.
 * @param zonedBendChi2 A bend is within noise below this many squared standard errors of the
 *     blocks: three standard errors of its two terms together (noise alone exceeds it about once in
 *     a hundred runs, and then must also bend {@code zonedBendFraction} of the fall to count).
 * @param zonedMinDrop ... the line falling at least this fraction of its start: a third of a disk
 *     written from its outer tracks loses 8% or more (an inner radius of 70% of the outer, the
 *     least steep disk), while a flat drive's slow drift over a run stays within a few percent.
 * @param zonedMaxDrop ... and at most this fraction: the rate follows the radius, and no platter's
 *     innermost track lies inside 35% of its outermost (3.5-inch platters span about 0.4 to 1 of
 *     their outer radius), so a rate falling below 35% of its start is not zones.
 * @param hddMaxMBps Told nothing of the media, the curve is a disk's only at rates a disk reaches:
 *     the fastest single-actuator disks write about 300 MB/s on their outer tracks; 320 leaves room
 *     for the line's error. (A dual-actuator disk, at twice that, is missed rather than an SSD
 *     taken for a disk.)
 * @param zonedMaxLossPerMinute ... and losing no more than this fraction of its start per minute:
 *     the line falls at (1 - inner^2) / (2 T) of its start per second, where T is the time to fill
 *     the disk at its outer rate (its capacity over that rate); no disk since 80 GB ones fills in
 *     under about 1300 s, so the steepest a disk can fall is about 2% a minute. A drive that loses
 *     its rate faster over minutes is heating or folding, not moving inwards.
 */
public record DiskLimits(
    int smrMinZeros,
    double smrMinZeroFraction,
    double smrDenser,
    double smrOnsetRunFraction,
    double smrCusumReference,
    int smrFollowIntervals,
    double smrSlowFraction,
    double smrNearZeroFraction,
    double smrEmptyShare,
    double smrMinHeldSeconds,
    double zonedMaxStallFraction,
    int zonedBlocks,
    double zonedLineFraction,
    double zonedBendFraction,
    double zonedBendChi2,
    double zonedMinDrop,
    double zonedMaxDrop,
    double hddMaxMBps,
    double zonedMaxLossPerMinute) {

  /** The limits the analysis reads every curve by. */
  public static final DiskLimits DEFAULT =
      new DiskLimits(
          10, // smrMinZeros
          0.01, // smrMinZeroFraction
          4, // smrDenser
          0.05, // smrOnsetRunFraction
          0.1, // smrCusumReference
          2, // smrFollowIntervals
          0.5, // smrSlowFraction
          0.15, // smrNearZeroFraction
          0.5, // smrEmptyShare
          120, // smrMinHeldSeconds
          0.01, // zonedMaxStallFraction
          20, // zonedBlocks
          0.12, // zonedLineFraction
          0.06, // zonedBendFraction
          9, // zonedBendChi2
          0.08, // zonedMinDrop
          0.65, // zonedMaxDrop
          320, // hddMaxMBps
          0.02); // zonedMaxLossPerMinute
}
