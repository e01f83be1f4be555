package dev.sustain.group;

import dev.sustain.run.RunStatus;
import dev.sustain.run.WriteResult;
import java.nio.file.Path;

/**
 * How one target's run ended, as group.json records it.
 *
 * @param runFolder the target's run folder (it may be missing when the run failed before it began)
 * @param status complete, interrupted or failed
 * @param error one line for people, or null
 * @param bytes bytes written
 * @param seconds the run's time, flush included
 */
public record MemberResult(
    Path runFolder, RunStatus status, String error, long bytes, double seconds) {

  /** From a write run's result. */
  public static MemberResult of(WriteResult r) {
    return new MemberResult(r.runFolder(), r.status(), r.error(), r.bytes(), r.seconds());
  }

  /** A run that could not begin (its error is why). */
  public static MemberResult failedToStart(Path runFolder, String error) {
    return new MemberResult(runFolder, RunStatus.FAILED, error, 0, 0);
  }

  /** All bytes over all time, MB/s. */
  public double averageMegabytesPerSecond() {
    return seconds > 0 ? bytes / seconds / 1e6 : 0;
  }
}
