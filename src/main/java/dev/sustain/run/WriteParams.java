package dev.sustain.run;

import java.nio.file.Path;
import java.time.Duration;

/**
 * What the user asked of a write run, already parsed. Defaults and limits live in {@link
 * DefaultsAndLimits}.
 *
 * @param target a folder or a new file
 * @param sizeBytes the file size, or -1 when only a time limit is given
 * @param duration the time limit, or null
 * @param blockBytes the request size
 * @param queueDepth requests in flight
 * @param intervalNanos sampling interval
 * @param out the run folder, or null for a new one under the default parent
 * @param keep keep the test file after the run
 * @param buffered go through the page cache (the final fsync is timed and counted)
 * @param engine engine name
 * @param pattern pattern name
 * @param ioTimeoutNanos a request that does not complete in this time fails the run
 * @param destroyData the user's consent to write a raw block device, destroying its data
 * @param until null, {@code full} (a device's whole capacity) or {@code floor} (stop once the floor
 *     after a cliff has held)
 * @param preallocate allocate a test file's space before the timed run where its size is known, as
 *     fio does ({@code --no-preallocate}: false)
 */
public record WriteParams(
    String target,
    long sizeBytes,
    Duration duration,
    int blockBytes,
    int queueDepth,
    long intervalNanos,
    Path out,
    boolean keep,
    boolean buffered,
    String engine,
    String pattern,
    long ioTimeoutNanos,
    boolean destroyData,
    String until,
    double floorHoldSeconds,
    boolean preallocate) {

  /** The same job on {@code target}, into the run folder {@code out} (a group member, a pass). */
  public WriteParams withTarget(String target, Path out) {
    return new WriteParams(
        target,
        sizeBytes,
        duration,
        blockBytes,
        queueDepth,
        intervalNanos,
        out,
        keep,
        buffered,
        engine,
        pattern,
        ioTimeoutNanos,
        destroyData,
        until,
        floorHoldSeconds,
        preallocate);
  }
}
