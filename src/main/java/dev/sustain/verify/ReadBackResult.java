package dev.sustain.verify;

import dev.sustain.run.RunStatus;
import java.nio.file.Path;
import java.util.List;

/**
 * How a {@code read} or {@code verify} ended: the rate and its stability, and for verify what was
 * checked and what is bad. Immutable once made (the extent set is not changed after the run).
 *
 * @param command {@code read} or {@code verify}
 * @param runId this read-back's own run id
 * @param runFolder this read-back's own run folder (run.json, samples.csv with read_MBps)
 * @param source what was read
 * @param patternName the pattern checked against, or null (read, or unknown)
 * @param patternId the run id found in the block headers, or null
 * @param expectedBytes bytes that should be there
 * @param bytesRead bytes the reads returned
 * @param seconds the record's time: from the start of sampling to samples.csv's last time_s
 * @param stability per-interval read rates
 * @param checkedBytes bytes read and checked block by block (0 for read)
 * @param bad what is wrong inside the checked extent: corrupted, blank, overwritten, misplaced,
 *     unreadable, missing
 * @param extentFrom where the checked extent comes from: {@code run}, {@code size}, {@code headers}
 *     or {@code file} (see {@link ReadBackRun.Scope})
 * @param beyond the target after the checked extent: not checked, sampled (verify)
 * @param status how it ended
 * @param error one line for people when it failed, else null
 * @param notes limits of the check, for people
 */
public record ReadBackResult(
    String command,
    String runId,
    Path runFolder,
    ReadSource source,
    String engine,
    boolean direct,
    int blockBytes,
    int queueDepth,
    String patternName,
    Long patternId,
    long expectedBytes,
    long bytesRead,
    double seconds,
    RateStability stability,
    long checkedBytes,
    BadExtentSet bad,
    String extentFrom,
    RunExtent.Beyond beyond,
    RunStatus status,
    String error,
    List<String> notes) {

  /** All bytes over all time, MB/s (10^6 B/s). */
  public double averageMegabytesPerSecond() {
    return seconds > 0 ? bytesRead / seconds / 1e6 : 0;
  }

  /** Checked bytes that were right. */
  public long okBytes() {
    long wrong = 0;
    for (BadKind k : BadKind.values()) {
      if (k.foundByCheck()) {
        wrong += bad.bytes(k);
      }
    }
    return Math.max(0, checkedBytes - wrong);
  }
}
