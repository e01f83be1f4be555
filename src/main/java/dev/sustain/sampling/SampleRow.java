package dev.sustain.sampling;

import java.util.List;

/**
 * One interval of a run, as written to {@code samples.csv}.
 *
 * @param timeSeconds end of the interval, seconds since the start of the run: when the sampler
 *     really made the row (a late wake-up shows), as samples.csv shows it ({@link
 *     SamplesCsv#timeAfter}: the sampler's rows increase, to the millisecond or finer)
 * @param intervalSeconds the interval's length as samples.csv shows it, its time_s less the one
 *     before (the true length to the shown digits; the last one is usually shorter, a phase of
 *     microseconds makes one of microseconds)
 * @param megabytesPerSecond bytes of the interval / its length / 10^6: bytes / delta time_s
 * @param bytes bytes completed in the interval; they add up exactly to the run's total
 * @param operations requests completed in the interval
 * @param latP50Millis median latency, ms; NaN when nothing completed
 * @param latP99Millis 99th percentile latency, ms; NaN when nothing completed
 * @param latMaxMillis the slowest request, ms; NaN when nothing completed
 * @param cpuPercent this process's CPU, 100 = one core fully busy
 * @param temperatureCelsius the drive's temperature, NaN where no sensor exists
 * @param extraCells the probes' cells, in the order of their column names
 * @param phase what the run was doing in the whole interval ({@link SamplesCsv#WRITE}, {@link
 *     SamplesCsv#FLUSH}, ...): a change of phase ends an interval, so no row mixes two
 */
public record SampleRow(
    double timeSeconds,
    double intervalSeconds,
    double megabytesPerSecond,
    long bytes,
    long operations,
    double latP50Millis,
    double latP99Millis,
    double latMaxMillis,
    double cpuPercent,
    double temperatureCelsius,
    List<String> extraCells,
    String phase) {

  /** Requests per second over the interval. */
  public double iops() {
    return intervalSeconds > 0 ? operations / intervalSeconds : 0;
  }
}
