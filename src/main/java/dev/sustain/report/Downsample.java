package dev.sustain.report;

import java.util.Arrays;

/**
 * Thins a long curve for drawing: per bucket of the x range it keeps the lowest and the highest
 * point (in their order), so a 100,000-sample run draws fast and a single zero-second stall still
 * shows as a dip to zero. Stateless and thread-safe.
 */
public final class Downsample {

  private Downsample() {}

  /** Points {@code x[k], y[k]}; both arrays the same length. */
  public record Points(double[] x, double[] y) {
    public int size() {
      return x.length;
    }
  }

  /**
   * The min and max of {@code y} per bucket of equal width over {@code x} (which must not
   * decrease), at most {@code 2 * buckets} points, first and last point kept. A series no longer
   * than that is returned whole.
   */
  public static Points minMax(double[] x, double[] y, int buckets) {
    int[] idx = minMaxIndexes(x, y, buckets);
    double[] ox = new double[idx.length];
    double[] oy = new double[idx.length];
    for (int k = 0; k < idx.length; k++) {
      ox[k] = x[idx[k]];
      oy[k] = y[idx[k]];
    }
    return new Points(ox, oy);
  }

  /**
   * The indexes {@link #minMax} keeps, ascending: per bucket the lowest and the highest sample (one
   * index when they coincide); every index when there are at most {@code 2 * buckets}.
   */
  public static int[] minMaxIndexes(double[] x, double[] y, int buckets) {
    int n = x.length;
    if (n <= 2 * buckets || buckets < 1) {
      int[] all = new int[n];
      for (int i = 0; i < n; i++) {
        all[i] = i;
      }
      return all;
    }
    double x0 = x[0];
    double width = (x[n - 1] - x0) / buckets;
    int[] out = new int[2 * buckets + 2];
    int m = 0;
    int i = 0;
    while (i < n) {
      int bucket = bucketOf(x[i], x0, width, buckets);
      int lo = i;
      int hi = i;
      int j = i;
      while (j < n && bucketOf(x[j], x0, width, buckets) == bucket) {
        if (y[j] < y[lo]) {
          lo = j;
        }
        if (y[j] > y[hi]) {
          hi = j;
        }
        j++;
      }
      if (m + 2 > out.length) {
        out = Arrays.copyOf(out, out.length * 2);
      }
      out[m++] = Math.min(lo, hi);
      if (hi != lo) {
        out[m++] = Math.max(lo, hi);
      }
      i = j;
    }
    return Arrays.copyOf(out, m);
  }

  /**
   * The mean of {@code y} (NaN skipped) per bucket of equal width over {@code x}, placed at the
   * bucket's mean x; buckets without a value are left out.
   */
  public static Points mean(double[] x, double[] y, int buckets) {
    int n = x.length;
    if (n == 0) {
      return new Points(new double[0], new double[0]);
    }
    int count = Math.max(1, Math.min(buckets, n));
    double x0 = x[0];
    double width = (x[n - 1] - x0) / count;
    double[] sx = new double[count];
    double[] sy = new double[count];
    int[] k = new int[count];
    for (int i = 0; i < n; i++) {
      if (Double.isNaN(y[i])) {
        continue;
      }
      int b = bucketOf(x[i], x0, width, count);
      sx[b] += x[i];
      sy[b] += y[i];
      k[b]++;
    }
    double[] ox = new double[count];
    double[] oy = new double[count];
    int m = 0;
    for (int b = 0; b < count; b++) {
      if (k[b] > 0) {
        ox[m] = sx[b] / k[b];
        oy[m++] = sy[b] / k[b];
      }
    }
    return new Points(Arrays.copyOf(ox, m), Arrays.copyOf(oy, m));
  }

  private static int bucketOf(double x, double x0, double width, int buckets) {
    if (width <= 0) {
      return 0;
    }
    int b = (int) ((x - x0) / width);
    return Math.min(buckets - 1, Math.max(0, b));
  }
}
