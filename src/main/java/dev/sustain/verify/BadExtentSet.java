package dev.sustain.verify;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Collects bad blocks in any order (reads complete out of order) and merges neighbours of one kind
 * into one extent; misplaced blocks merge only when they moved by the same distance, so each extent
 * says where its data belongs. Keeps at most {@code maxExtents} extents (a drive that fails in a
 * checkerboard must not exhaust memory) but always counts every bad byte. Not thread-safe: fed from
 * the reading thread.
 */
public final class BadExtentSet {

  /** Enough for any report a person reads; a million would take about 100 MB. */
  public static final int DEFAULT_MAX_EXTENTS = 100_000;

  private final TreeMap<Long, BadExtent> byOffset = new TreeMap<>();
  private final Map<BadKind, Long> bytesByKind = new EnumMap<>(BadKind.class);
  private final int maxExtents;
  private long droppedExtents;

  public BadExtentSet() {
    this(DEFAULT_MAX_EXTENTS);
  }

  public BadExtentSet(int maxExtents) {
    this.maxExtents = maxExtents;
  }

  /**
   * Adds a bad stretch; it must not overlap one already added.
   *
   * @param actualOffsetBytes for misplaced data, where the first byte belongs; else ignored
   */
  public void add(long offsetBytes, long lengthBytes, BadKind kind, long actualOffsetBytes) {
    if (lengthBytes <= 0) {
      return;
    }
    bytesByKind.merge(kind, lengthBytes, Long::sum);
    long actual = kind == BadKind.MISPLACED ? actualOffsetBytes : -1;
    BadExtent merged = new BadExtent(offsetBytes, lengthBytes, kind, actual);
    boolean joined = false;
    Map.Entry<Long, BadExtent> before = byOffset.floorEntry(offsetBytes);
    if (before != null && joins(before.getValue(), merged)) {
      byOffset.remove(before.getKey());
      joined = true;
      BadExtent b = before.getValue();
      merged =
          new BadExtent(
              b.offsetBytes(), b.lengthBytes() + lengthBytes, kind, b.actualOffsetBytes());
    }
    BadExtent after = byOffset.get(merged.endBytes());
    if (after != null && joins(merged, after)) {
      byOffset.remove(after.offsetBytes());
      joined = true;
      merged =
          new BadExtent(
              merged.offsetBytes(),
              merged.lengthBytes() + after.lengthBytes(),
              kind,
              merged.actualOffsetBytes());
    }
    if (!joined && byOffset.size() >= maxExtents) {
      droppedExtents++;
      return;
    }
    byOffset.put(merged.offsetBytes(), merged);
  }

  private static boolean joins(BadExtent first, BadExtent second) {
    return first.endBytes() == second.offsetBytes()
        && first.kind() == second.kind()
        && first.shiftBytes() == second.shiftBytes();
  }

  /** The extents in offset order. */
  public List<BadExtent> extents() {
    return new ArrayList<>(byOffset.values());
  }

  public boolean isEmpty() {
    return bytesByKind.isEmpty();
  }

  /** Bad bytes of one kind, whether or not their extents were kept. */
  public long bytes(BadKind kind) {
    return bytesByKind.getOrDefault(kind, 0L);
  }

  /** Bad bytes of every kind. */
  public long totalBytes() {
    long sum = 0;
    for (long b : bytesByKind.values()) {
      sum += b;
    }
    return sum;
  }

  /** Extents not kept because {@code maxExtents} was reached (their bytes are still counted). */
  public long droppedExtents() {
    return droppedExtents;
  }
}
