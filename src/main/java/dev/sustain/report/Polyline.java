package dev.sustain.report;

import java.util.Arrays;

/**
 * Thins a monotone polyline (x never decreasing, y increasing) such as the cumulative curve, GB
 * written against seconds, so that reading y at any kept x by straight-line interpolation stays
 * within a tolerance of the full curve. A long steady stretch collapses to its two ends; a stall (x
 * flat while y grows) keeps its corners. Linear time (a slope cone per stretch). Stateless.
 */
final class Polyline {

  private Polyline() {}

  /**
   * The indexes to keep, ascending, first and last included: every dropped point {@code k} lies
   * within {@code tolerance} (in y) of the line through the kept points around it, read at {@code
   * x[k]}.
   */
  static int[] simplify(double[] x, double[] y, double tolerance) {
    int n = x.length;
    if (n <= 2) {
      int[] all = new int[n];
      for (int i = 0; i < n; i++) {
        all[i] = i;
      }
      return all;
    }
    Kept kept = new Kept();
    kept.add(0);
    Cone cone = new Cone();
    int k = 1;
    while (k < n) {
      if (!cone.reaches(x, y, k)) {
        // The stretch ends at the previous point; start a new one there and look at k again.
        kept.add(k - 1);
        cone.restart(k - 1);
        continue;
      }
      if (cone.narrowCloses(x, y, k, tolerance)) {
        kept.add(k);
        cone.restart(k);
      }
      k++;
    }
    if (kept.last() != n - 1) {
      kept.add(n - 1);
    }
    return kept.toArray();
  }

  /**
   * The slopes from a stretch's first point {@code a} through which a line passes within the
   * tolerance of every point of the stretch so far.
   */
  private static final class Cone {
    private int a;
    private double lo = Double.NEGATIVE_INFINITY;
    private double hi = Double.POSITIVE_INFINITY;

    void restart(int first) {
      a = first;
      lo = Double.NEGATIVE_INFINITY;
      hi = Double.POSITIVE_INFINITY;
    }

    /** Whether point {@code k} can end the stretch: its slope from {@code a} is in the cone. */
    boolean reaches(double[] x, double[] y, int k) {
      if (k == a + 1) {
        return true;
      }
      double dx = x[k] - x[a];
      if (dx <= 0) {
        return false;
      }
      double slope = (y[k] - y[a]) / dx;
      return slope >= lo && slope <= hi;
    }

    /** Narrows the cone to keep point {@code k} within tolerance; true when it closes. */
    boolean narrowCloses(double[] x, double[] y, int k, double tolerance) {
      double dx = x[k] - x[a];
      double dy = y[k] - y[a];
      if (dx <= 0) {
        return Math.abs(dy) > tolerance;
      }
      lo = Math.max(lo, (dy - tolerance) / dx);
      hi = Math.min(hi, (dy + tolerance) / dx);
      return lo > hi;
    }
  }

  /** The kept indexes, in a growing array. */
  private static final class Kept {
    private int[] keep = new int[16];
    private int m;

    void add(int index) {
      if (m == keep.length) {
        keep = Arrays.copyOf(keep, m * 2);
      }
      keep[m++] = index;
    }

    int last() {
      return keep[m - 1];
    }

    int[] toArray() {
      return Arrays.copyOf(keep, m);
    }
  }
}
