package dev.sustain.workload;

/**
 * One pass of a copy: the copy, its flush, the read-back and its check. Times are seconds on the
 * run's sample series (time zero of samples.csv).
 *
 * @param bytes bytes copied (the source's total)
 * @param writeSeconds from the first write to the end of the flush
 * @param flushSeconds the fsync of every file at the end, part of {@code writeSeconds}
 * @param readSeconds the read-back and its checksums
 * @param readCache how the read-back avoided the page cache: {@code direct} (O_DIRECT), {@code
 *     dropped} (posix_fadvise DONTNEED after the flush) or {@code cached} (neither worked: the read
 *     rate is the cache's)
 * @param verified every file is there, of the right size, and every 1 MiB chunk's CRC32C matches
 *     the source's
 * @param problems files missing, extra, of the wrong size or with different content
 * @param firstProblem one line naming the first problem, or null
 */
public record PassResult(
    int pass,
    int files,
    long bytes,
    double writeStartSeconds,
    double writeSeconds,
    double flushSeconds,
    double readStartSeconds,
    double readSeconds,
    String readCache,
    boolean verified,
    int problems,
    String firstProblem) {

  /** Bytes over the write time, flush included, MB/s. */
  public double writeMegabytesPerSecond() {
    return writeSeconds > 0 ? bytes / writeSeconds / 1e6 : 0;
  }

  /** Bytes over the read-back time, MB/s. */
  public double readMegabytesPerSecond() {
    return readSeconds > 0 ? bytes / readSeconds / 1e6 : 0;
  }
}
