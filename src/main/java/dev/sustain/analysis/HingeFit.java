package dev.sustain.analysis;

import java.util.Arrays;

/**
 * The fits the temperature's bend is read from ({@link TemperatureBend}): two straight lines that
 * meet at a reading (a hinge), at every reading in one pass with prefix sums (O(n)), and a parabola
 * before the bend with a line after it, for a rise that flattens as it nears its equilibrium; with
 * the range of bends whose fit the data cannot tell from the best. Pure arithmetic on scaled times
 * and temperatures. Stateless.
 */
final class HingeFit {

  private HingeFit() {}

  /** Prefix sums of scaled time and temperature, for a hinge fit at any bend in O(1). */
  record Sums(int m, double[] u, double[] su, double[] suu, double[] sy, double[] suy, double syy) {

    static Sums of(double[] u, double[] y) {
      int m = u.length;
      double[] su = new double[m + 1];
      double[] suu = new double[m + 1];
      double[] sy = new double[m + 1];
      double[] suy = new double[m + 1];
      double syy = 0;
      for (int i = 0; i < m; i++) {
        su[i + 1] = su[i] + u[i];
        suu[i + 1] = suu[i] + u[i] * u[i];
        sy[i + 1] = sy[i] + y[i];
        suy[i + 1] = suy[i] + u[i] * y[i];
        syy += y[i] * y[i];
      }
      return new Sums(m, u, su, suu, sy, suy, syy);
    }

    /** The squared error of one straight line through every reading. */
    double lineRss() {
      double[] line = fitLine(m, su[m], suu[m], sy[m], suy[m]);
      return Math.max(0, syy - line[0] * sy[m] - line[1] * suy[m]);
    }

    /**
     * The reading the best hinge bends at, at least {@code minReadings} from either end; -1 when
     * every fit is singular.
     */
    int bestHinge(int minReadings) {
      double bestRss = Double.POSITIVE_INFINITY;
      int bestK = -1;
      for (int k = minReadings - 1; k < m - minReadings; k++) {
        double[] fit = hinge(k);
        if (fit != null && fit[3] < bestRss) {
          bestRss = fit[3];
          bestK = k;
        }
      }
      return bestK;
    }

    /**
     * The least-squares hinge bending at reading k: {value at the bend, slope before, change of
     * slope, squared error}, slopes per unit of scaled time; null when singular.
     */
    double[] hinge(int k) {
      double tau = u[k];
      // Basis 1, (u - tau), max(0, u - tau); the last is non-zero for i > k.
      double a1 = su[m] - m * tau;
      double a2 = suu[m] - 2 * tau * su[m] + m * tau * tau;
      int after = m - k - 1;
      double sa = su[m] - su[k + 1];
      double h1 = sa - after * tau;
      double h2 = (suu[m] - suu[k + 1]) - 2 * tau * sa + after * tau * tau;
      double b0 = sy[m];
      double b1 = suy[m] - tau * sy[m];
      double b2 = (suy[m] - suy[k + 1]) - tau * (sy[m] - sy[k + 1]);
      double[] coef = solve3(m, a1, h1, a2, h2, h2, b0, b1, b2);
      if (coef == null) {
        return null;
      }
      double rss = syy - coef[0] * b0 - coef[1] * b1 - coef[2] * b2;
      return new double[] {coef[0], coef[1], coef[2], Math.max(0, rss)};
    }
  }

  /**
   * The bends the data cannot tell from the best, when the rise before the bend may flatten: {first
   * second, last second, the fit's temperature at reading {@code stepK}}, null when no fit. A
   * heating body approaches its equilibrium along a curve that flattens, and two straight lines put
   * the bend early on it (more the nearer the equilibrium), so this fit has a parabola before the
   * bend and a line after. The bends within noise of the best are those whose squared error exceeds
   * the best's by at most {@code rangeNoise} times the noise: the best fit's residual variance,
   * times the readings per sign change of its residuals (a sensor that holds its reading for
   * seconds, and the curve's own shape, make neighbouring readings alike: they are worth fewer
   * independent ones).
   */
  static double[] curvedRange(
      double[] u, double[] temps, double[] t, int stepK, int minReadings, double rangeNoise) {
    int m = u.length;
    double mean = 0;
    for (double v : temps) {
      mean += v / m;
    }
    double[] y = new double[m];
    for (int i = 0; i < m; i++) {
      y[i] = temps[i] - mean;
    }
    Curved sums = Curved.of(u, y);
    double[] rss = new double[m];
    Arrays.fill(rss, Double.POSITIVE_INFINITY);
    double bestRss = Double.POSITIVE_INFINITY;
    int bestK = -1;
    for (int k = minReadings - 1; k < m - minReadings; k++) {
      double[] fit = sums.bend(k);
      if (fit != null) {
        rss[k] = fit[4];
        if (fit[4] < bestRss) {
          bestRss = fit[4];
          bestK = k;
        }
      }
    }
    if (bestK < 0) {
      return null;
    }
    double[] range = range(sums, rss, bestK, bestRss, t, rangeNoise);
    double[] atStep = sums.bend(stepK);
    return new double[] {range[0], range[1], atStep == null ? Double.NaN : atStep[0] + mean};
  }

  private static double[] range(
      Curved sums, double[] rss, int bestK, double bestRss, double[] t, double rangeNoise) {
    int m = t.length;
    double[] fit = sums.bend(bestK);
    double tau = sums.u[bestK];
    int runs = 1;
    boolean previous = false;
    for (int i = 0; i < m; i++) {
      double d = sums.u[i] - tau;
      double value =
          fit[0] + fit[1] * d + (i <= bestK ? fit[2] * d * d : 0) + (i > bestK ? fit[3] * d : 0);
      boolean above = sums.y[i] > value;
      if (i > 0 && above != previous) {
        runs++;
      }
      previous = above;
    }
    double inflation = Math.max(1, m / (2.0 * runs));
    double allowed = bestRss + rangeNoise * bestRss / Math.max(1, m - 5) * inflation;
    int lo = bestK;
    while (lo - 1 >= 0 && rss[lo - 1] <= allowed) {
      lo--;
    }
    int hi = bestK;
    while (hi + 1 < m && rss[hi + 1] <= allowed) {
      hi++;
    }
    return new double[] {t[lo], t[hi]};
  }

  /**
   * Prefix sums of powers of scaled time, and of them times the (centred) temperature, for the fit
   * that bends at any reading in O(1).
   */
  private record Curved(double[] u, double[] y, double[][] p, double[][] q, double syy) {

    static Curved of(double[] u, double[] y) {
      int m = u.length;
      double[][] p = new double[5][m + 1];
      double[][] q = new double[3][m + 1];
      double syy = 0;
      for (int i = 0; i < m; i++) {
        double power = 1;
        for (int j = 0; j < 5; j++) {
          p[j][i + 1] = p[j][i] + power;
          if (j < 3) {
            q[j][i + 1] = q[j][i] + power * y[i];
          }
          power *= u[i];
        }
        syy += y[i] * y[i];
      }
      return new Curved(u, y, p, q, syy);
    }

    /** Σ (u - tau)^power over readings [from, to). */
    private double centred(int power, int from, int to, double tau) {
      double sum = 0;
      double binom = 1;
      for (int j = 0; j <= power; j++) {
        // C(power, j) u^j (-tau)^(power - j)
        sum += binom * (p[j][to] - p[j][from]) * Math.pow(-tau, power - j);
        binom = binom * (power - j) / (j + 1);
      }
      return sum;
    }

    /** Σ (u - tau)^power y over readings [from, to), power at most 2. */
    private double centredY(int power, int from, int to, double tau) {
      double sum = 0;
      double binom = 1;
      for (int j = 0; j <= power; j++) {
        sum += binom * (q[j][to] - q[j][from]) * Math.pow(-tau, power - j);
        binom = binom * (power - j) / (j + 1);
      }
      return sum;
    }

    /**
     * The least-squares curve bending at reading k: a parabola up to it (a heating body's rise
     * flattens as it nears its equilibrium) and a line after, meeting there. {value at the bend,
     * slope just before, curvature before, change of slope, squared error}, per unit of scaled
     * time; null when singular.
     */
    double[] bend(int k) {
      int m = u.length;
      double tau = u[k];
      int b = k + 1;
      // Basis 1, (u - tau), (u - tau)^2 up to k, (u - tau) after k.
      double g00 = m;
      double g01 = centred(1, 0, m, tau);
      double g02 = centred(2, 0, b, tau);
      double g03 = centred(1, b, m, tau);
      double g11 = centred(2, 0, m, tau);
      double g12 = centred(3, 0, b, tau);
      double g13 = centred(2, b, m, tau);
      double g22 = centred(4, 0, b, tau);
      double g33 = g13;
      double[][] a = {
        {g00, g01, g02, g03}, {g01, g11, g12, g13}, {g02, g12, g22, 0}, {g03, g13, 0, g33}
      };
      double[] r = {
        centredY(0, 0, m, tau),
        centredY(1, 0, m, tau),
        centredY(2, 0, b, tau),
        centredY(1, b, m, tau)
      };
      double[] x = solve(a, r.clone());
      if (x == null) {
        return null;
      }
      double rss = syy;
      for (int i = 0; i < 4; i++) {
        rss -= x[i] * r[i];
      }
      return new double[] {x[0], x[1], x[2], x[3], Math.max(0, rss)};
    }
  }

  /** Gaussian elimination with partial pivoting; null when singular. */
  private static double[] solve(double[][] a, double[] r) {
    int n = r.length;
    double scale = 0;
    for (double[] row : a) {
      for (double v : row) {
        scale = Math.max(scale, Math.abs(v));
      }
    }
    for (int col = 0; col < n; col++) {
      int pivot = col;
      for (int row = col + 1; row < n; row++) {
        if (Math.abs(a[row][col]) > Math.abs(a[pivot][col])) {
          pivot = row;
        }
      }
      if (Math.abs(a[pivot][col]) < 1e-13 * scale) {
        return null;
      }
      double[] tmp = a[col];
      a[col] = a[pivot];
      a[pivot] = tmp;
      double tr = r[col];
      r[col] = r[pivot];
      r[pivot] = tr;
      for (int row = col + 1; row < n; row++) {
        double factor = a[row][col] / a[col][col];
        for (int j = col; j < n; j++) {
          a[row][j] -= factor * a[col][j];
        }
        r[row] -= factor * r[col];
      }
    }
    double[] x = new double[n];
    for (int row = n - 1; row >= 0; row--) {
      double sum = r[row];
      for (int j = row + 1; j < n; j++) {
        sum -= a[row][j] * x[j];
      }
      x[row] = sum / a[row][row];
    }
    return x;
  }

  private static double[] fitLine(int m, double su, double suu, double sy, double suy) {
    double det = m * suu - su * su;
    if (Math.abs(det) < 1e-12) {
      return new double[] {sy / m, 0};
    }
    double b = (m * suy - su * sy) / det;
    double a = (sy - b * su) / m;
    return new double[] {a, b};
  }

  /**
   * Solves the symmetric 3x3 system [[a00,a01,a02],[a01,a11,a12],[a02,a12,a22]] x = b by Cramer's
   * rule; null when it is singular.
   */
  private static double[] solve3(
      double a00,
      double a01,
      double a02,
      double a11,
      double a12,
      double a22,
      double b0,
      double b1,
      double b2) {
    double det =
        a00 * (a11 * a22 - a12 * a12)
            - a01 * (a01 * a22 - a12 * a02)
            + a02 * (a01 * a12 - a11 * a02);
    if (Math.abs(det) < 1e-12 * Math.max(1, Math.abs(a00 * a11 * a22))) {
      return null;
    }
    double x0 =
        (b0 * (a11 * a22 - a12 * a12) - a01 * (b1 * a22 - a12 * b2) + a02 * (b1 * a12 - a11 * b2))
            / det;
    double x1 =
        (a00 * (b1 * a22 - a12 * b2) - b0 * (a01 * a22 - a12 * a02) + a02 * (a01 * b2 - b1 * a02))
            / det;
    double x2 =
        (a00 * (a11 * b2 - b1 * a12) - a01 * (a01 * b2 - b1 * a02) + b0 * (a01 * a12 - a11 * a02))
            / det;
    return new double[] {x0, x1, x2};
  }
}
