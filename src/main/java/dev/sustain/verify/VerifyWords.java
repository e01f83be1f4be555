package dev.sustain.verify;

import dev.sustain.unit.Units;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Bad extents in words for people. Stateless. */
public final class VerifyWords {

  /** Misplaced data from one distance covering this share of the run means wrapped capacity. */
  static final double WRAP_SHARE = 0.01;

  private VerifyWords() {}

  /** One extent: {@code 1 MiB (1048576) +4 KiB corrupted}. */
  public static String extent(BadExtent e) {
    StringBuilder b = new StringBuilder(100);
    b.append("at ")
        .append(Units.binaryBytes(e.offsetBytes()))
        .append(" (")
        .append(e.offsetBytes())
        .append("), ")
        .append(Units.binaryBytes(e.lengthBytes()))
        .append(": ")
        .append(e.kind().word());
    if (e.kind() == BadKind.MISPLACED) {
      b.append(", holds the data written at ")
          .append(Units.binaryBytes(e.actualOffsetBytes()))
          .append(" (")
          .append(e.actualOffsetBytes())
          .append(")");
    }
    return b.toString();
  }

  /**
   * What follows the checked extent, in one sentence, or null when nothing does. Never bad: the run
   * did not write there.
   */
  public static String beyond(RunExtent.Beyond b) {
    if (b.lengthBytes() <= 0) {
      return null;
    }
    String what =
        b.allBlank()
            ? "blank (all "
                + b.sampledBlocks()
                + " blocks sampled read as never written): space this run did not write"
            : (b.sampledBlocks() - b.blankBlocks())
                + " of "
                + b.sampledBlocks()
                + " blocks sampled hold other data (an earlier run, a file system): this run did"
                + " not write there";
    return "Beyond the checked extent, "
        + Units.binaryBytes(b.lengthBytes())
        + " from "
        + Units.binaryBytes(b.offsetBytes())
        + " to the end: "
        + what
        + "; not checked, not counted as bad.";
  }

  /**
   * Where the drive wraps its addresses: the smallest distance from which a large share of the run
   * read back; {@link Long#MAX_VALUE} when none does. Fake capacity shows as a large share of the
   * run read back from one fixed distance further on (a multiple of the real size); a few stray
   * blocks are a mapping fault, not a wrap.
   */
  private static long wrapBytes(BadExtentSet bad, long expectedBytes) {
    Map<Long, Long> bytesByShift = new HashMap<>();
    for (BadExtent e : bad.extents()) {
      if (e.kind() == BadKind.MISPLACED) {
        bytesByShift.merge(e.shiftBytes(), e.lengthBytes(), Long::sum);
      }
    }
    long wrap = Long.MAX_VALUE;
    for (Map.Entry<Long, Long> e : bytesByShift.entrySet()) {
      if (e.getKey() > 0 && e.getValue() >= expectedBytes * WRAP_SHARE) {
        wrap = Math.min(wrap, e.getKey());
      }
    }
    return wrap;
  }

  /** What the bad extents mean, one sentence per kind found. */
  public static List<String> explain(BadExtentSet bad, long expectedBytes) {
    List<String> out = new ArrayList<>();
    long wrap = wrapBytes(bad, expectedBytes);
    if (wrap != Long.MAX_VALUE) {
      out.add(
          "Reads returned data written "
              + Units.binaryBytes(wrap)
              + " further on: the drive wraps its addresses, the mark of fake capacity. It"
              + " really holds about "
              + Units.binaryBytes(wrap)
              + " ("
              + Units.decimalBytes(wrap)
              + "); anything written beyond that overwrote earlier data.");
    } else if (bad.bytes(BadKind.MISPLACED) > 0) {
      out.add(
          "Reads returned "
              + Units.binaryBytes(bad.bytes(BadKind.MISPLACED))
              + " of this run's data at the wrong offsets: the drive maps some addresses wrongly.");
    }
    if (bad.bytes(BadKind.CORRUPTED) > 0) {
      out.add(
          "Corrupted blocks came back without any I/O error: the drive (or its bridge) returns"
              + " wrong data silently; do not trust it with data you cannot check.");
    }
    if (bad.bytes(BadKind.BLANK) > 0) {
      out.add(
          "Blank blocks (all 0x00 or all 0xFF, no header) lie inside what the run wrote: that data"
              + " is lost. The drive dropped or discarded the writes (a TRIM since the run, or"
              + " fake capacity that keeps nothing past its real size), or the run never got"
              + " there.");
    }
    if (bad.bytes(BadKind.OVERWRITTEN) > 0) {
      out.add(
          "Overwritten blocks hold intact data of another Sustain run (another pattern id or"
              + " layout): something wrote over this run's data since, or the drive returned old"
              + " blocks it should have replaced.");
    }
    if (bad.bytes(BadKind.UNREADABLE) > 0) {
      out.add(
          "Unreadable blocks failed with I/O errors even read 4 KiB at a time: failing media or"
              + " a failing connection.");
    }
    if (bad.bytes(BadKind.MISSING) > 0) {
      out.add(
          "The file ends "
              + Units.binaryBytes(bad.bytes(BadKind.MISSING))
              + " before the "
              + Units.decimalBytes(expectedBytes)
              + " the run wrote: it was truncated (a file system repair, or a partial copy).");
    }
    return out;
  }
}
