package dev.sustain.verify;

import dev.sustain.pattern.BlockFormat;
import dev.sustain.pattern.BlockVerdict;
import dev.sustain.pattern.VerifiablePattern;
import java.lang.foreign.MemorySegment;

/**
 * Checks every 4 KiB block of one completed read and hands the bad ones to a {@link BadExtentSet},
 * already merged within the request so a wholly bad drive costs one set operation per request, not
 * per block. Stateless.
 */
final class BlockChecks {

  private BlockChecks() {}

  /**
   * @param offsetBytes where {@code data} was read from, a multiple of 4 KiB
   * @param lengthBytes bytes read, a multiple of 4 KiB
   */
  static void check(
      VerifiablePattern checker,
      long offsetBytes,
      MemorySegment data,
      long lengthBytes,
      BadExtentSet bad) {
    final int block = BlockFormat.BLOCK_BYTES;
    long runStart = -1; // start of the pending bad run, relative to offsetBytes
    BadKind runKind = null;
    long runActual = -1; // misplaced: where the run's first block belongs
    for (long at = 0; at + block <= lengthBytes; at += block) {
      BlockVerdict v = checker.check(offsetBytes + at, data, at);
      BadKind kind =
          switch (v.kind()) {
            case OK -> null;
            case CORRUPTED -> BadKind.CORRUPTED;
            case BLANK -> BadKind.BLANK;
            case OVERWRITTEN -> BadKind.OVERWRITTEN;
            case MISPLACED -> BadKind.MISPLACED;
          };
      boolean continues =
          kind != null
              && kind == runKind
              && (kind != BadKind.MISPLACED
                  || v.actualOffsetBytes() == runActual + (at - runStart));
      if (continues) {
        continue;
      }
      if (runKind != null) {
        bad.add(offsetBytes + runStart, at - runStart, runKind, runActual);
      }
      runKind = kind;
      runStart = at;
      runActual = v.actualOffsetBytes();
    }
    if (runKind != null) {
      long end = lengthBytes - lengthBytes % block;
      bad.add(offsetBytes + runStart, end - runStart, runKind, runActual);
    }
  }
}
