package dev.sustain.analysis;

import java.util.List;

/**
 * Everything read off one write curve: the figures of analysis.json in docs/FORMATS.md, and the
 * detectors' {@link Findings} they came from (the report package words both). Rates are MB/s (10^6
 * B/s), sizes GB (10^9 B), times seconds from the run's start. Boxed fields are {@code null} where
 * the figure does not apply (no cliff, no temperature, no job size, a run too short to judge).
 * Immutable.
 *
 * @param shape the named shape
 * @param burstMBps the rate at the start, after the start-up ramp (the first plateau's level)
 * @param cacheGB bytes written before the cliff, null without a lasting drop
 * @param cacheGBMin without a cliff on a flat or undetermined run: the GB written, which the cache
 *     (if any) is at least; null otherwise
 * @param cliffSeconds when the first lasting drop began, null without one
 * @param stages the lasting levels from the cliff on (SLC cache's end, folding, native), empty
 *     without a cliff
 * @param floorMBps the rate a long job lives with: the lowest lasting level (the last stage of a
 *     staircase, the lowest plateau of a recovering throttle, the mean over whole periods of a
 *     sawtooth, the run's mean when flat); null when undetermined
 * @param floorMayBeLower the run ended on a lower level that had not lasted yet
 * @param afterCacheMBps the mean from the cliff to the end, null without a cliff
 * @param averageMBps all bytes over all time, flush included (a run's own average when known)
 * @param minMBps smallest write interval after the ramp
 * @param medianMBps median write interval after the ramp
 * @param maxMBps largest write interval after the ramp
 * @param stdevMBps standard deviation of the write intervals after the ramp
 * @param stallSeconds seconds of write intervals in which nothing completed
 * @param flushSeconds seconds of the final flush (not write intervals, never stalls)
 * @param recovered the rate climbed back while still writing
 * @param throttleTempC the temperature at the bend where the rate stepped down, null unless the
 *     temperature series shows a throttle
 * @param segments the change-point segments (stalls and short dips kept), in time order
 * @param plateaus the levels: segments with short excursions folded in, in time order
 * @param findings what each detector found, for the words
 * @param projection the time for a job size, null when none was asked
 * @param noiseMBps the estimated sample noise σ in MB/s
 * @param durationSeconds the write intervals' time (the flush not included)
 * @param totalGB the bytes in the write intervals
 * @param media the media the shape rules assumed
 * @param burstStallSeconds seconds before the cliff in which nothing completed (the burst's rate is
 *     its rate while it wrote, so the cache's bytes took that much longer); null without a cliff
 */
public record Analysis(
    Shape shape,
    double burstMBps,
    Double cacheGB,
    Double cacheGBMin,
    Double cliffSeconds,
    List<Segment> stages,
    Double floorMBps,
    boolean floorMayBeLower,
    Double afterCacheMBps,
    double averageMBps,
    double minMBps,
    double medianMBps,
    double maxMBps,
    double stdevMBps,
    double stallSeconds,
    double flushSeconds,
    boolean recovered,
    Double throttleTempC,
    List<Segment> segments,
    List<Segment> plateaus,
    Findings findings,
    Projection projection,
    double noiseMBps,
    double durationSeconds,
    double totalGB,
    Media media,
    Double burstStallSeconds) {

  public Analysis {
    stages = List.copyOf(stages);
    segments = List.copyOf(segments);
    plateaus = List.copyOf(plateaus);
  }

  /** True when a lasting drop (a cliff) was found. */
  public boolean hasCliff() {
    return cliffSeconds != null;
  }

  /** True when the run was too short to tell a shape. */
  public boolean undetermined() {
    return shape == Shape.UNDETERMINED;
  }

  /** The burst is within 10% of the link's practical ceiling. */
  public boolean linkCapped() {
    return findings.linkCap() != null;
  }

  /** The CPU, not the drive, limited the rate. */
  public boolean cpuBound() {
    return findings.cpuBound() != null;
  }

  /**
   * The rate a job runs at past the measured curve: the floor, or the burst (the level the run
   * held) when it was too short to know one (then a projection says it assumes the rate holds).
   */
  public double projectionMBps() {
    return floorMBps != null ? floorMBps : burstMBps;
  }
}
