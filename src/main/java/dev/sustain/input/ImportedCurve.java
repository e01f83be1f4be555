package dev.sustain.input;

import dev.sustain.analysis.SampleSeries;
import java.nio.file.Path;
import java.util.List;

/**
 * A curve read from a file: where from, in which format, the samples, and notes for the reader (a
 * killed run, a partial last line dropped, gaps restored as zeros). Immutable.
 */
public record ImportedCurve(Path path, Format format, SampleSeries series, List<String> notes) {

  /** The formats {@link CurveReader} understands. */
  public enum Format {
    /** A folder with samples.csv and run.json, as {@code sustain write --out} leaves it. */
    RUN_FOLDER,
    /** A CSV whose header has time_s and write_MBps. */
    CSV,
    /** A fio bandwidth log: msec, KiB/s, direction, bs, offset[, prio]. */
    FIO_BW_LOG
  }

  public ImportedCurve {
    notes = List.copyOf(notes);
  }
}
