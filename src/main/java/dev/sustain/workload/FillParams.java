package dev.sustain.workload;

import java.nio.file.Path;

/**
 * What the user asked of a fill, already parsed.
 *
 * @param dir the folder the files are written in (on the file system to fill)
 * @param fileBytes the size of each file, e.g. 50 GB
 * @param limitBytes stop after this many bytes in all; -1 to stop only when the file system is full
 * @param blockBytes the request size
 * @param queueDepth requests in flight
 * @param intervalNanos sampling interval
 * @param out the run folder, or null for a new one under the default parent
 * @param keep keep the files afterwards (and make an interrupted fill resumable)
 * @param buffered go through the page cache (each file's fsync is timed and counted)
 * @param engine engine name
 * @param ioTimeoutNanos a request that does not complete in this time fails the run
 * @param resume a run folder of an interrupted fill (kept files) to continue, or null
 * @param preallocate allocate each file before it is written while it fits, as fio does ({@code
 *     --no-preallocate}: false)
 */
public record FillParams(
    Path dir,
    long fileBytes,
    long limitBytes,
    int blockBytes,
    int queueDepth,
    long intervalNanos,
    Path out,
    boolean keep,
    boolean buffered,
    String engine,
    long ioTimeoutNanos,
    Path resume,
    boolean preallocate) {

  /**
   * The same fill of {@code dir}, into the run folder {@code out} (a group member), from the start:
   * a resume belongs to the one folder whose fill was interrupted, so it is not carried over.
   */
  public FillParams withDir(Path dir, Path out) {
    return new FillParams(
        dir,
        fileBytes,
        limitBytes,
        blockBytes,
        queueDepth,
        intervalNanos,
        out,
        keep,
        buffered,
        engine,
        ioTimeoutNanos,
        null,
        preallocate);
  }
}
