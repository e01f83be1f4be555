package dev.sustain.verify;

import dev.sustain.unit.Units;
import java.util.ArrayList;
import java.util.List;

/** Bad extents in words for people. Stateless. */
public final class VerifyWords {

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

  /** What the bad extents mean, one sentence per kind found. */
  public static List<String> explain(BadExtentSet bad, long expectedBytes) {
    List<String> out = new ArrayList<>();
    long smallestWrap = Long.MAX_VALUE;
    boolean backwards = false;
    for (BadExtent e : bad.extents()) {
      if (e.kind() == BadKind.MISPLACED) {
        if (e.shiftBytes() > 0) {
          smallestWrap = Math.min(smallestWrap, e.shiftBytes());
        } else {
          backwards = true;
        }
      }
    }
    if (smallestWrap != Long.MAX_VALUE) {
      out.add(
          "Reads returned data written "
              + Units.binaryBytes(smallestWrap)
              + " further on: the drive wraps its addresses, the mark of fake capacity. It"
              + " really holds about "
              + Units.binaryBytes(smallestWrap)
              + " ("
              + Units.decimalBytes(smallestWrap)
              + "); anything written beyond that overwrote earlier data.");
    } else if (backwards) {
      out.add(
          "Reads returned this run's data from other offsets: the drive maps addresses wrongly.");
    }
    if (bad.bytes(BadKind.CORRUPTED) > 0) {
      out.add(
          "Corrupted blocks came back without any I/O error: the drive (or its bridge) returns"
              + " wrong data silently; do not trust it with data you cannot check.");
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
