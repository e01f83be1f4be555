package dev.sustain.verify;

import dev.sustain.run.RunObserver;
import dev.sustain.sampling.SampleRow;

/** What a person watching a read-back sees: the start, every row, the end. */
public interface ReadObserver {

  /** Nothing to show (tests, --json). */
  ReadObserver SILENT = new ReadObserver() {};

  /**
   * The read is about to start.
   *
   * @param goalBytes bytes to read
   */
  default void started(
      String runId,
      java.nio.file.Path runFolder,
      ReadSource source,
      long goalBytes,
      String engine,
      boolean verifying) {}

  /** A row was made; {@code totalBytes} read since the start. */
  default void sample(SampleRow row, long totalBytes, double elapsedSeconds) {}

  /** The finished read's folder as written (run.json's text), for its history to record. */
  default void kept(RunObserver.Kept kept) {}

  /** The read is over. */
  default void finished(ReadBackResult result) {}
}
