package dev.sustain.run;

import dev.sustain.analysis.Analysis;
import java.nio.file.Path;

/**
 * How a write run ended, as it goes into run.json's {@code result}.
 *
 * @param bytes bytes written (and flushed, when complete)
 * @param seconds from the first write to the end of the final flush
 * @param flushSeconds the final fsync's share of {@code seconds}
 * @param status complete, interrupted or failed
 * @param error one line for people, or null
 * @param stats per-interval rate statistics
 * @param analysis the run's analysis (also in analysis.json), or null when there was nothing to
 *     analyse
 */
public record WriteResult(
    String runId,
    Path runFolder,
    Path testFile,
    boolean testFileKept,
    long bytes,
    double seconds,
    double flushSeconds,
    RunStatus status,
    String error,
    IntervalRates stats,
    Analysis analysis) {

  /** The same result with its analysis. */
  public WriteResult withAnalysis(Analysis a) {
    return new WriteResult(
        runId,
        runFolder,
        testFile,
        testFileKept,
        bytes,
        seconds,
        flushSeconds,
        status,
        error,
        stats,
        a);
  }

  /** What the run's observer is told of its end. */
  public RunObserver.Ended ended() {
    return new RunObserver.Ended(bytes, seconds, status, error);
  }

  /** All bytes over all time, flush included, in MB/s (10^6 B/s). */
  public double averageMegabytesPerSecond() {
    return seconds > 0 ? bytes / seconds / 1e6 : 0;
  }
}
