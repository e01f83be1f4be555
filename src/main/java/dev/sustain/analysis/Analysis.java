package dev.sustain.analysis;

import java.util.List;

/**
 * Everything read off one write curve: the figures of "Analysis JSON" in DESIGN.md. Rates are MB/s
 * (10^6 B/s), sizes GB (10^9 B), times seconds from the run's start. Boxed fields are {@code null}
 * where the figure does not apply (no cliff, no temperature, no job size). Immutable.
 *
 * @param shape the named shape
 * @param burstMBps the rate at the start (the first plateau's mean)
 * @param cacheGB bytes written before the cliff, null without a lasting drop
 * @param cliffSeconds when the first lasting drop began, null without one
 * @param floorMBps the lowest lasting plateau; the whole run's mean when flat
 * @param afterCacheMBps the mean from the cliff to the end, null without a cliff
 * @param averageMBps all bytes over all time (a run's own average with its flush when known)
 * @param minMBps smallest sample
 * @param medianMBps median sample
 * @param maxMBps largest sample
 * @param stdevMBps standard deviation of the samples
 * @param stallSeconds seconds of intervals in which nothing completed
 * @param recovered the rate climbed back while still writing
 * @param throttleTempC the temperature at the throttling drop, null unless a temperature series
 *     shows it
 * @param segments the change-point segments (stalls and short dips kept), in time order
 * @param plateaus the lasting levels: segments with short excursions folded in, in time order
 * @param evidence sentences naming the numbers that decided the shape and the flags
 * @param advice what to do, one sentence each (may be empty)
 * @param projection the time for a job size, null when none was asked
 * @param linkCapped the burst is within 10% of the link's practical ceiling
 * @param cpuBound the CPU, not the drive, limited the rate
 * @param noiseMBps the estimated sample noise σ in MB/s
 * @param durationSeconds the measured time (without a flush)
 * @param totalGB the bytes in the samples
 * @param media the media the shape rules assumed
 */
public record Analysis(
    Shape shape,
    double burstMBps,
    Double cacheGB,
    Double cliffSeconds,
    double floorMBps,
    Double afterCacheMBps,
    double averageMBps,
    double minMBps,
    double medianMBps,
    double maxMBps,
    double stdevMBps,
    double stallSeconds,
    boolean recovered,
    Double throttleTempC,
    List<Segment> segments,
    List<Segment> plateaus,
    List<String> evidence,
    List<String> advice,
    Projection projection,
    boolean linkCapped,
    boolean cpuBound,
    double noiseMBps,
    double durationSeconds,
    double totalGB,
    Media media) {

  public Analysis {
    segments = List.copyOf(segments);
    plateaus = List.copyOf(plateaus);
    evidence = List.copyOf(evidence);
    advice = List.copyOf(advice);
  }

  /** True when a lasting drop (a cliff) was found. */
  public boolean hasCliff() {
    return cliffSeconds != null;
  }
}
