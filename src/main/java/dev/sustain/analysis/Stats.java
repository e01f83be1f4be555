package dev.sustain.analysis;

import java.util.Arrays;

/** Small robust statistics over primitive arrays. Stateless and thread-safe. */
final class Stats {

  private Stats() {}

  /** The median of {@code values} (NaN when empty); the array is not changed. */
  static double median(double[] values) {
    return quantile(values, 0.5);
  }

  /**
   * The Hodges-Lehmann estimate of {@code values}' centre: the median of the means of every pair
   * (each value with itself included); NaN when empty. As robust as a median to a few outliers (a
   * quarter of the values may be wild), but a rate that alternates between two values, as whole
   * throttle slices or requests in short intervals do, has its centre between them, where the
   * median of an odd count is one of the two.
   */
  static double pairMedian(double[] values) {
    int n = values.length;
    double[] means = new double[n * (n + 1) / 2];
    int m = 0;
    for (int i = 0; i < n; i++) {
      for (int j = i; j < n; j++) {
        means[m++] = 0.5 * (values[i] + values[j]);
      }
    }
    return median(means);
  }

  /** The {@code q} quantile (0..1) with linear interpolation; NaN when empty. */
  static double quantile(double[] values, double q) {
    if (values.length == 0) {
      return Double.NaN;
    }
    return selectQuantile(values.clone(), q);
  }

  /**
   * The {@code q} quantile of {@code work} as {@link #sortedQuantile} reads it from the sorted
   * values, found by selection in linear time; {@code work} is reordered. The analysis asks for a
   * median of every level it weighs, and the merge of a long run's plateaus weighs thousands: a
   * sort each made sorting most of the time of reading a run of 50,000 intervals. The two order
   * statistics are the sorted array's own, so the value is the same to the bit.
   */
  static double selectQuantile(double[] work, double q) {
    if (work.length == 0) {
      return Double.NaN;
    }
    Rank at = Rank.of(work.length, q);
    double low = select(work, at.lo());
    // Selection leaves every value after index lo at or above it: the next order statistic is
    // their least. The sum is sortedQuantile's own, even where hi is lo (-0.0 + 0.0 is 0.0).
    double high = work[at.hi()];
    for (int i = at.hi() + 1; i < work.length; i++) {
      if (Double.compare(work[i], high) < 0) {
        high = work[i];
      }
    }
    return at.between(low, high);
  }

  /**
   * Where the {@code q} quantile of n sorted values lies: between order statistics lo and hi (the
   * next, or lo itself at the top), a fraction f of the way; the one rule of both quantiles.
   */
  private record Rank(int lo, int hi, double f) {

    static Rank of(int n, double q) {
      double pos = q * (n - 1);
      int lo = (int) Math.floor(pos);
      return new Rank(lo, Math.min(n - 1, lo + 1), pos - lo);
    }

    double between(double low, double high) {
      return low + (high - low) * f;
    }
  }

  /**
   * The {@code k}-th smallest of {@code a} (by {@link Double#compare}, the order {@link
   * Arrays#sort} gives), with {@code a} reordered so that none before k is above it and none after
   * is below. Quickselect on the median of three, falling back to a sort of what is left after 2
   * log2(n) rounds, so a hostile order costs no more than sorting.
   */
  static double select(double[] a, int k) {
    int left = 0;
    int right = a.length - 1;
    int rounds = 2 * (32 - Integer.numberOfLeadingZeros(a.length));
    while (right > left) {
      if (rounds-- == 0) {
        Arrays.sort(a, left, right + 1);
        return a[k];
      }
      int mid = (left + right) >>> 1;
      if (Double.compare(a[mid], a[left]) < 0) {
        swap(a, mid, left);
      }
      if (Double.compare(a[right], a[left]) < 0) {
        swap(a, right, left);
      }
      if (Double.compare(a[right], a[mid]) < 0) {
        swap(a, right, mid);
      }
      double pivot = a[mid];
      int i = left;
      int j = right;
      while (i <= j) {
        while (Double.compare(a[i], pivot) < 0) {
          i++;
        }
        while (Double.compare(a[j], pivot) > 0) {
          j--;
        }
        if (i <= j) {
          swap(a, i++, j--);
        }
      }
      if (k <= j) {
        right = j;
      } else if (k >= i) {
        left = i;
      } else {
        return a[k];
      }
    }
    return a[k];
  }

  private static void swap(double[] a, int i, int j) {
    double t = a[i];
    a[i] = a[j];
    a[j] = t;
  }

  static double sortedQuantile(double[] sorted, double q) {
    if (sorted.length == 0) {
      return Double.NaN;
    }
    Rank at = Rank.of(sorted.length, q);
    return at.between(sorted[at.lo()], sorted[at.hi()]);
  }

  /**
   * The noise of a piecewise-constant signal: the scaled median absolute deviation of first
   * differences. Steps are rare among differences, so they hardly move it; dividing by sqrt(2)
   * because a difference carries the noise of two samples.
   */
  static double diffNoiseSigma(double[] x, int from, int to) {
    int n = to - from;
    if (n < 3) {
      return 0;
    }
    double[] d = new double[n - 1];
    for (int i = from + 1; i < to; i++) {
      d[i - from - 1] = x[i] - x[i - 1];
    }
    double med = selectQuantile(d, 0.5);
    for (int i = 0; i < d.length; i++) {
      d[i] = Math.abs(d[i] - med);
    }
    return 1.4826 * selectQuantile(d, 0.5) / Math.sqrt(2);
  }

  /**
   * The noise of a series whose levels change often (a drive swinging every few intervals): from
   * the lower quartile of |first differences| rather than their median, so that up to three in four
   * differences may be steps. For Gaussian noise P(|Z| < 0.3186) = 1/4; a difference carries the
   * noise of two samples.
   */
  static double quietNoiseSigma(double[] x, int from, int to) {
    int n = to - from;
    if (n < 3) {
      return diffNoiseSigma(x, from, to);
    }
    double[] d = new double[n - 1];
    int m = 0;
    for (int i = from + 1; i < to; i++) {
      double v = Math.abs(x[i] - x[i - 1]);
      // Equal neighbours are whole requests counted alike (a slow drive at short intervals), not
      // a quiet drive: they would make the quartile zero.
      if (v > 0) {
        d[m++] = v;
      }
    }
    if (m < 3) {
      return diffNoiseSigma(x, from, to);
    }
    double[] nonZero = Arrays.copyOf(d, m);
    Arrays.sort(nonZero);
    return sortedQuantile(nonZero, 0.25) / 0.3186 / Math.sqrt(2);
  }

  /** The sample variance (n - 1 below the line); 0 for fewer than two values. */
  static double variance(double[] x) {
    if (x.length < 2) {
      return 0;
    }
    double mean = mean(x, 0, x.length);
    double s = 0;
    for (double v : x) {
      s += (v - mean) * (v - mean);
    }
    return s / (x.length - 1);
  }

  static double mean(double[] x, int from, int to) {
    double s = 0;
    for (int i = from; i < to; i++) {
      s += x[i];
    }
    return to > from ? s / (to - from) : Double.NaN;
  }

  /**
   * The Theil-Sen line through (x, y): {intercept, slope}, the slope the median of the pairwise
   * slopes and the intercept the median of y - slope x, so an outlier or two among the points does
   * not tilt it; slope NaN when x does not vary.
   */
  static double[] robustLine(double[] x, double[] y) {
    double[] slopes = new double[x.length * (x.length - 1) / 2];
    int m = 0;
    for (int i = 0; i < x.length; i++) {
      for (int j = i + 1; j < x.length; j++) {
        if (x[j] != x[i]) {
          slopes[m++] = (y[j] - y[i]) / (x[j] - x[i]);
        }
      }
    }
    if (m == 0) {
      return new double[] {Double.NaN, Double.NaN};
    }
    double slope = median(Arrays.copyOf(slopes, m));
    double[] rest = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      rest[i] = y[i] - slope * x[i];
    }
    return new double[] {median(rest), slope};
  }
}
