package dev.sustain.document;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * The parts of {@code run.json} that one command writes beside the common result: a read-back's
 * verdict and bad extents, a copy's passes, a sweep's points (docs/FORMATS.md, "run.json"). Read
 * only by {@link RunDocumentCodec}; a field the file lacks is empty, so a page that shows it says
 * "–" and a test that asserts on it fails.
 */
public final class RunResults {

  private RunResults() {}

  /**
   * What read or verify found, from run.json's {@code result}.
   *
   * @param verdict verify's {@code good}, {@code bad} or {@code incomplete} (read writes none)
   * @param checkedBytes verify's bytes compared against the pattern
   * @param bytes the bytes read
   * @param badByKind the bad bytes of each kind, in the file's order; empty when there is no object
   * @param bad the bad extents listed (the file lists at most a bounded number)
   * @param badExtentsDropped the bad extents found but not listed
   * @param notes what the read-back says of itself, a sentence each
   */
  public record ReadBack(
      OptionalLong badBytes,
      Optional<String> verdict,
      OptionalLong checkedBytes,
      OptionalLong bytes,
      Optional<Map<String, Long>> badByKind,
      List<BadExtent> bad,
      OptionalLong badExtentsDropped,
      List<String> notes) {

    public ReadBack {
      badByKind = badByKind.map(m -> Collections.unmodifiableMap(new LinkedHashMap<>(m)));
      bad = List.copyOf(bad);
      notes = List.copyOf(notes);
    }
  }

  /**
   * One bad extent of a read-back.
   *
   * @param actualOffset where the data found there belongs (misplaced data only)
   */
  public record BadExtent(
      OptionalLong offset, OptionalLong length, Optional<String> kind, OptionalLong actualOffset) {}

  /**
   * A copy's passes, from run.json's {@code passes}, {@code comparison} and {@code
   * result.verified}.
   *
   * @param verified every pass read back as written; empty when the copy did not read back
   * @param comparison the passes compared, a sentence each
   */
  public record Copy(Optional<Boolean> verified, List<Pass> passes, List<String> comparison) {

    public Copy {
      passes = List.copyOf(passes);
      comparison = List.copyOf(comparison);
    }
  }

  /**
   * One pass of a copy: written, flushed, read back and checked.
   *
   * @param readCache where the read-back read from (the page cache, the drive)
   * @param firstProblem the first file that did not read back as written
   */
  public record Pass(
      OptionalInt pass,
      OptionalLong files,
      OptionalLong bytes,
      OptionalDouble writeMBps,
      OptionalDouble writeSeconds,
      OptionalDouble flushSeconds,
      OptionalDouble readMBps,
      OptionalDouble readSeconds,
      Optional<String> readCache,
      Optional<Boolean> verified,
      OptionalLong problems,
      Optional<String> firstProblem) {}

  /**
   * A sweep's points, from run.json's {@code result}.
   *
   * @param sizePerPointBytes the bytes written at each point
   * @param verdict the sweep's finding in words
   */
  public record Sweep(
      List<SweepPoint> points, OptionalLong sizePerPointBytes, Optional<String> verdict) {

    public Sweep {
      points = List.copyOf(points);
    }
  }

  /** One point of a sweep: a request size and a depth, and the rates measured there, in MB/s. */
  public record SweepPoint(
      OptionalLong blockBytes,
      OptionalLong queueDepth,
      OptionalDouble writeMBps,
      OptionalDouble readMBps) {}
}
