package dev.sustain.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Splits a rate curve into segments of constant mean: greedy binary segmentation over prefix sums
 * (a split is taken while the squared-error it removes exceeds a BIC-like penalty of {@value
 * #PENALTY}·σ²·ln n), then each change point is moved to its best place between its neighbours, and
 * neighbours whose means differ by less than the penalty or by less than {@value
 * #MIN_RELATIVE_STEP} of their level are merged. σ is the scaled MAD of first differences, so steps
 * hardly move it and noise is not taken for a step, while a single zero second still stands out as
 * its own segment. When the request size is known, the noise is at least one request per interval
 * at every level ({@link #quantumScaled}). O(n · depth); 100,000 samples take a few tens of
 * milliseconds. Stateless and thread-safe.
 */
public final class Segmenter {

  /** Penalty per change point, in units of σ² ln n. */
  static final double PENALTY = 3.0;

  /** Neighbours closer than this fraction of the higher level are one plateau. */
  static final double MIN_RELATIVE_STEP = 0.03;

  private static final double LOG_MIN_STEP = Math.log1p(MIN_RELATIVE_STEP);

  /** At most this many segments: a swinging curve gives many, a report needs a bounded list. */
  public static final int MAX_SEGMENTS = 500;

  private Segmenter() {}

  /** The noise σ of a rate series in MB/s: MAD of first differences, floored at 0.1% of p90. */
  public static double noiseSigmaMBps(double[] rates) {
    double sigma = Stats.diffNoiseSigma(rates, 0, rates.length);
    double p90 = Stats.quantile(rates, 0.9);
    double floor = Math.max(1e-3 * (Double.isNaN(p90) ? 0 : p90), 1e-6);
    return Math.max(sigma, floor);
  }

  /**
   * The relative noise of a rate series: σ of log(rate + 1% of p90) from the MAD of first
   * differences, at least 0.001 (0.1%).
   */
  public static double relativeNoise(double[] rates) {
    return Math.max(Stats.diffNoiseSigma(logRates(rates), 0, rates.length), 1e-3);
  }

  /**
   * The relative noise of a series that may swing every few intervals: like {@link #relativeNoise},
   * from the lower quartile of the differences (see {@link Stats#quietNoiseSigma}), at least 0.001.
   */
  static double quietRelativeNoise(double[] rates) {
    return Math.max(Stats.quietNoiseSigma(logRates(rates), 0, rates.length), 1e-3);
  }

  private static double[] logRates(double[] rates) {
    double p90 = Stats.quantile(rates, 0.9);
    double epsilon = Math.max(0.01 * (Double.isNaN(p90) ? 0 : p90), 1e-6);
    double[] x = new double[rates.length];
    for (int i = 0; i < x.length; i++) {
      x[i] = Math.log(rates[i] + epsilon);
    }
    return x;
  }

  /** The segments of {@code series}, in time order, covering every sample. */
  public static List<Segment> segment(SampleSeries series) {
    return segment(series, 0);
  }

  /** The segments of {@code series} from sample {@code from} on, covering every one of them. */
  static List<Segment> segment(SampleSeries series, int from) {
    return segment(series, from, 0);
  }

  /**
   * The segments of {@code series} from sample {@code from} on, with the noise of a level at least
   * {@code quantumMBps} (one request per interval, see {@link Thresholds#QUANTUM_SIGMA_REQUESTS}; 0
   * when unknown).
   */
  static List<Segment> segment(SampleSeries series, int from, double quantumMBps) {
    double[] all = series.writeMBpsArray();
    double[] rates = Arrays.copyOfRange(all, from, all.length);
    double[] x = logRates(rates);
    // In logs the 0.1% floor of σ is an absolute 0.001. The quieter of the two estimates: a curve
    // that swings every few intervals makes the median difference a step, and would then be read
    // as one noisy level.
    double sigma = Math.max(quieterSigma(x), 1e-3);
    int[] starts;
    if (quantumMBps > 0) {
      double[] y = quantumScaled(rates, sigma, quantumMBps);
      starts = changePoints(y, Math.max(1, quieterSigma(y)), MAX_SEGMENTS, x);
    } else {
      starts = changePoints(x, sigma, MAX_SEGMENTS, x);
    }
    List<Segment> out = new ArrayList<>(starts.length);
    for (int i = 0; i < starts.length; i++) {
      int to = i + 1 < starts.length ? starts[i + 1] : x.length;
      out.add(Segment.of(series, from + starts[i], from + to));
    }
    return out;
  }

  private static double quieterSigma(double[] x) {
    return Math.min(Stats.diffNoiseSigma(x, 0, x.length), Stats.quietNoiseSigma(x, 0, x.length));
  }

  /**
   * Rates in units of their noise, where the noise is the larger of the relative noise {@code
   * relNoise} x rate and the quantum {@code quantumMBps}: linear (rate / quantum) below the rate at
   * which the two meet, logarithmic (log rate / relNoise) above it, continuous with a continuous
   * slope there. Where the quantum is negligible the segmenting is that of the log rates; at low
   * rates a difference of one request weighs one unit, however quiet the rest of the run is.
   */
  static double[] quantumScaled(double[] rates, double relNoise, double quantumMBps) {
    double meet = quantumMBps / relNoise;
    double[] y = new double[rates.length];
    for (int i = 0; i < y.length; i++) {
      double v = rates[i];
      y[i] = v <= meet ? v / quantumMBps : (1 + Math.log(v / meet)) / relNoise;
    }
    return y;
  }

  /**
   * The start indices of the segments of {@code x} (the first is always 0); neighbours whose {@code
   * logX} means differ by less than {@link #MIN_RELATIVE_STEP} are merged.
   *
   * @param sigma the noise standard deviation of {@code x}
   * @param maxSegments an upper bound on the number of segments
   * @param logX the log rates of the same samples ({@code x} itself when that is what it is)
   */
  private static int[] changePoints(double[] x, double sigma, int maxSegments, double[] logX) {
    int n = x.length;
    if (n == 0) {
      return new int[0];
    }
    double[] s = prefixSums(x);
    double[] sl = logX == x ? s : prefixSums(logX);
    double beta = PENALTY * sigma * sigma * Math.log(Math.max(n, 3));
    boolean[] isStart = new boolean[n + 1];
    isStart[0] = true;
    PriorityQueue<double[]> queue = new PriorityQueue<>((a, b) -> Double.compare(b[3], a[3]));
    offer(queue, s, 0, n);
    int count = 1;
    while (!queue.isEmpty() && count < maxSegments) {
      double[] c = queue.poll();
      if (c[3] <= beta) {
        break;
      }
      int a = (int) c[0];
      int k = (int) c[1];
      int b = (int) c[2];
      isStart[k] = true;
      count++;
      offer(queue, s, a, k);
      offer(queue, s, k, b);
    }
    int[] starts = new int[count];
    int j = 0;
    for (int i = 0; i < n; i++) {
      if (isStart[i]) {
        starts[j++] = i;
      }
    }
    starts = Arrays.copyOf(starts, j);
    refine(s, starts, n);
    starts = merge(s, sl, starts, n, beta);
    refine(s, starts, n);
    return starts;
  }

  private static double[] prefixSums(double[] x) {
    double[] s = new double[x.length + 1];
    for (int i = 0; i < x.length; i++) {
      s[i + 1] = s[i] + x[i];
    }
    return s;
  }

  private static void offer(PriorityQueue<double[]> queue, double[] s, int a, int b) {
    if (b - a < 2) {
      return;
    }
    double total = s[b] - s[a];
    double base = total * total / (b - a);
    double best = -1;
    int bestK = -1;
    for (int k = a + 1; k < b; k++) {
      double left = s[k] - s[a];
      double right = total - left;
      double g = left * left / (k - a) + right * right / (b - k) - base;
      if (g > best) {
        best = g;
        bestK = k;
      }
    }
    if (bestK > 0) {
      queue.add(new double[] {a, bestK, b, best});
    }
  }

  /** The squared error removed by splitting {@code [a, b)} at {@code k}. */
  private static double gain(double[] s, int a, int k, int b) {
    double left = s[k] - s[a];
    double right = s[b] - s[k];
    double total = left + right;
    return left * left / (k - a) + right * right / (b - k) - total * total / (b - a);
  }

  /** Moves each change point to the best place between its neighbours (greedy splits drift). */
  private static void refine(double[] s, int[] starts, int n) {
    for (int i = 1; i < starts.length; i++) {
      int a = starts[i - 1];
      int b = i + 1 < starts.length ? starts[i + 1] : n;
      double best = -1;
      int bestK = starts[i];
      for (int k = a + 1; k < b; k++) {
        double g = gain(s, a, k, b);
        if (g > best + 1e-9) {
          best = g;
          bestK = k;
        }
      }
      starts[i] = bestK;
    }
  }

  /** Merges neighbours that are not worth a change point, weakest first. */
  private static int[] merge(double[] s, double[] sl, int[] startsIn, int n, double beta) {
    List<Integer> starts = new ArrayList<>(startsIn.length);
    for (int v : startsIn) {
      starts.add(v);
    }
    while (starts.size() > 1) {
      int weakest = -1;
      double weakestGain = Double.MAX_VALUE;
      for (int i = 1; i < starts.size(); i++) {
        int a = starts.get(i - 1);
        int k = starts.get(i);
        int b = i + 1 < starts.size() ? starts.get(i + 1) : n;
        double g = gain(s, a, k, b);
        double m1 = (sl[k] - sl[a]) / (k - a);
        double m2 = (sl[b] - sl[k]) / (b - k);
        boolean small = Math.abs(m1 - m2) < LOG_MIN_STEP;
        if ((g <= beta || small) && g < weakestGain) {
          weakestGain = g;
          weakest = i;
        }
      }
      if (weakest < 0) {
        break;
      }
      starts.remove(weakest);
    }
    int[] out = new int[starts.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = starts.get(i);
    }
    return out;
  }
}
