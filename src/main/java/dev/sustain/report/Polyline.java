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
    int[] keep = new int[16];
    int m = 0;
    keep[m++] = 0;
    int a = 0;
    double lo = Double.NEGATIVE_INFINITY;
    double hi = Double.POSITIVE_INFINITY;
    int k = 1;
    while (k < n) {
      double dx = x[k] - x[a];
      double dy = y[k] - y[a];
      boolean endpointOk;
      if (k == a + 1) {
        endpointOk = true;
      } else if (dx <= 0) {
        endpointOk = false;
      } else {
        double slope = dy / dx;
        endpointOk = slope >= lo && slope <= hi;
      }
      if (!endpointOk) {
        // The stretch ends at the previous point; start a new one there and look at k again.
        if (m == keep.length) {
          keep = Arrays.copyOf(keep, m * 2);
        }
        keep[m++] = k - 1;
        a = k - 1;
        lo = Double.NEGATIVE_INFINITY;
        hi = Double.POSITIVE_INFINITY;
        continue;
      }
      boolean close;
      if (dx <= 0) {
        close = Math.abs(dy) > tolerance;
      } else {
        lo = Math.max(lo, (dy - tolerance) / dx);
        hi = Math.min(hi, (dy + tolerance) / dx);
        close = lo > hi;
      }
      if (close) {
        if (m == keep.length) {
          keep = Arrays.copyOf(keep, m * 2);
        }
        keep[m++] = k;
        a = k;
        lo = Double.NEGATIVE_INFINITY;
        hi = Double.POSITIVE_INFINITY;
      }
      k++;
    }
    if (keep[m - 1] != n - 1) {
      if (m == keep.length) {
        keep = Arrays.copyOf(keep, m + 1);
      }
      keep[m++] = n - 1;
    }
    return Arrays.copyOf(keep, m);
  }
}
