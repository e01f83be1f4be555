package dev.sustain.workload;

import dev.sustain.run.IntervalRates;
import dev.sustain.run.RunStatus;
import java.nio.file.Path;
import java.util.List;

/**
 * How a fill ended.
 *
 * @param bytes bytes written in all files (this session and, when resumed, the earlier ones)
 * @param sessionBytes bytes written by this session (they add up in samples.csv)
 * @param seconds this session's time from the first write to the last file's flush
 * @param end why it stopped
 * @param status complete for a full file system or a reached limit
 * @param zeroIntervals intervals in which nothing completed (stalls)
 * @param zeroSeconds their total length in seconds
 * @param files every file written, in order
 */
public record FillResult(
    String runId,
    Path runFolder,
    Path dir,
    long bytes,
    long sessionBytes,
    double seconds,
    End end,
    RunStatus status,
    String error,
    IntervalRates stats,
    int zeroIntervals,
    double zeroSeconds,
    List<FileDone> files,
    boolean filesKept) {

  /** Why a fill stopped. */
  public enum End {
    /** The file system said ENOSPC: the expected end. */
    FULL,
    /** The --limit was reached. */
    LIMIT,
    INTERRUPTED,
    FAILED;

    public String word() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /**
   * One file of the fill.
   *
   * @param seconds writing plus its flush
   * @param complete false for the last file cut short by ENOSPC, the limit or an interruption
   */
  public record FileDone(String name, long bytes, double seconds, boolean complete) {
    public double averageMegabytesPerSecond() {
      return seconds > 0 ? bytes / seconds / 1e6 : 0;
    }
  }

  /** This session's bytes over its time, in MB/s. */
  public double averageMegabytesPerSecond() {
    return seconds > 0 ? sessionBytes / seconds / 1e6 : 0;
  }
}
