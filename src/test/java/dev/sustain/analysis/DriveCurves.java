package dev.sustain.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.DoubleUnaryOperator;

/**
 * Write curves made from what drives physically do, with known truth, drawn from a seeded {@code
 * SplittableRandom} over each class's whole range (see the brief of issue 13 and the field figures
 * in docs/ANALYSIS.md). The rate of a noise-free profile is averaged over each interval (a step
 * inside an interval gives it a mixed rate, as a real sampler does), then made real: relative noise
 * of 1-8%, now and then a single-interval outlier, sometimes whole requests (the bytes of an
 * interval come in requests), a start-up latency before the first completion, a last interval that
 * is a short remainder, and a flush of 0-3 intervals after it. Temperatures get sensor noise and,
 * half the time, whole degrees. {@link DriveClasses} draws each class over its range; {@link
 * ShapeCurves} makes the field reports' shapes at a test's figures through the same {@link
 * #sample}.
 */
public final class DriveCurves {

  private DriveCurves() {}

  /**
   * What a curve was made of. Null where a figure does not apply.
   *
   * @param projectionSeconds the true time for {@code jobGB} along the noise-free profile (NaN when
   *     the class has no single answer past its end)
   */
  public record Truth(
      Shape shape,
      double burstMBps,
      Double cliffSeconds,
      Double cacheGB,
      Double floorMBps,
      Double throttleC,
      boolean recovered,
      int stages,
      double flushSeconds,
      double jobGB,
      double projectionSeconds) {

    /**
     * A curve of levels without a cache to size, a throttle temperature or a job to time: its
     * {@code shape}, the rate it started at, the rate it settled to and whether it climbed back.
     */
    public static Truth ofLevels(
        Shape shape, double burstMBps, Double floorMBps, boolean recovered, double flushSeconds) {
      return new Truth(
          shape,
          burstMBps,
          null,
          null,
          floorMBps,
          null,
          recovered,
          0,
          flushSeconds,
          Double.NaN,
          Double.NaN);
    }
  }

  /**
   * A made curve: its series, its truth, a line saying what it is (for messages) and the relative
   * noise it was made with.
   */
  public record Made(SampleSeries series, Truth truth, String what, double noise) {}

  /** How a profile is made real. */
  public static final class Plan {
    double interval = 1;
    double seconds;
    double latency;
    double noise = 0.03;
    double outlierRate;
    double quantumBytes;
    double lastFraction = 1;
    Media media = Media.SSD;
    DoubleUnaryOperator temperature;
    double tempNoise = 0.15;
    boolean wholeDegrees;
    int flushIntervals;

    /** Noise as completion timing (bytes conserved) rather than each interval on its own. */
    boolean jitter;

    /** Zero intervals to place (after the start-up), for flat runs with stalls. */
    int stalls;
  }

  /**
   * A typical plan with no sampling noise and no jitter: the curve's noise is all the wander its
   * test draws for it.
   */
  static Plan quietPlan(SplittableRandom r) {
    Plan p = plan(r);
    p.noise = 0;
    p.jitter = false;
    return p;
  }

  /** A typical plan: interval, noise, outliers, latency, quantum and flush drawn from r. */
  static Plan plan(SplittableRandom r) {
    Plan p = new Plan();
    double[] intervals = {0.25, 0.5, 1, 1, 1, 2, 5};
    p.interval = intervals[r.nextInt(intervals.length)];
    // 1-8% at 1 s; a longer interval averages it down as a real sampler's does (iostat at 5 s
    // shows a flat drive within a percent), a shorter one keeps it.
    p.noise = r.nextDouble(0.01, 0.08) / Math.sqrt(Math.max(1, p.interval));
    p.outlierRate = r.nextBoolean() ? 0 : r.nextDouble(0, 0.01);
    // Either the first requests complete at once, or a clear start-up: at short intervals an
    // empty first interval and/or a partial one (its covered fraction away from the 85% that
    // tells a ramp); the first completion never later than 1.5 s.
    if (r.nextBoolean() && p.interval <= 1) {
      double cover;
      do {
        cover = r.nextDouble(0, 1);
      } while (cover > 0.6 && cover < 0.995);
      int empty = p.interval <= 0.5 && r.nextBoolean() ? 1 : 0;
      p.latency = (empty + 1 - cover) * p.interval;
    }
    p.quantumBytes = r.nextBoolean() ? 1 << 20 : 0;
    p.jitter = r.nextBoolean();
    p.lastFraction = r.nextDouble(0.05, 1);
    p.flushIntervals = r.nextInt(4);
    p.wholeDegrees = r.nextBoolean();
    return p;
  }

  /** Samples {@code profile} (MB/s at a time from the run's start) by {@code plan}. */
  static SampleSeries sample(DoubleUnaryOperator profile, Plan plan, SplittableRandom r) {
    int full = (int) Math.floor(plan.seconds / plan.interval);
    int n = Math.max(1, full + 1);
    SampleSeries.Builder b = SampleSeries.builder(n).media(plan.media);
    double minRate = Double.POSITIVE_INFINITY;
    double[] rates = new double[n];
    double[] ends = new double[n];
    double[] jitter = new double[n + 1];
    for (int i = 1; i < n; i++) {
      jitter[i] = r.nextGaussian();
    }
    for (int i = 0; i < n; i++) {
      double start = i * plan.interval;
      double dt = i < n - 1 ? plan.interval : plan.interval * plan.lastFraction;
      ends[i] = start + dt;
      double sum = 0;
      int sub = 40;
      for (int k = 0; k < sub; k++) {
        double t = start + (k + 0.5) * dt / sub;
        sum += t < plan.latency ? 0 : profile.applyAsDouble(t);
      }
      double level = sum / sub;
      double v = level * (1 + plan.noise * r.nextGaussian());
      if (plan.jitter) {
        // Timing noise: completions land a little early or late, so an interval's bytes move to
        // its neighbour and the bytes written so far stay exact (as a real sampler counts them).
        v = level + level * plan.noise * (jitter[i + 1] - jitter[i]) / Math.sqrt(2);
      }
      if (plan.outlierRate > 0 && r.nextDouble() < plan.outlierRate && start >= 2) {
        v *= r.nextBoolean() ? r.nextDouble(0.4, 0.75) : r.nextDouble(1.15, 1.3);
      }
      rates[i] = Math.max(v, 0);
      if (level > 0) {
        minRate = Math.min(minRate, level);
      }
    }
    // Whole requests only where they are small against an interval's bytes, as on a real drive.
    boolean quantize =
        plan.quantumBytes > 0 && minRate * plan.interval * 1e6 >= 8 * plan.quantumBytes;
    boolean[] stall = new boolean[n];
    for (int placed = 0; placed < plan.stalls; ) {
      int i = r.nextInt(n);
      if (i * plan.interval >= StartUp.Limits.DEFAULT.waitMaxSeconds() + plan.interval
          && !stall[i]) {
        stall[i] = true;
        placed++;
      }
    }
    for (int i = 0; i < n; i++) {
      double dt = ends[i] - (i * plan.interval);
      long bytes = Math.round(rates[i] * dt * 1e6);
      if (quantize) {
        double q = plan.quantumBytes;
        bytes = (long) (Math.floor(bytes / q + r.nextDouble()) * q);
      }
      if (stall[i]) {
        bytes = 0;
      }
      double temp = Double.NaN;
      if (plan.temperature != null) {
        temp = plan.temperature.applyAsDouble(ends[i]) + plan.tempNoise * r.nextGaussian();
        if (plan.wholeDegrees) {
          temp = Math.round(temp);
        }
      }
      b.add(round9(ends[i]), bytes / 1e6 / dt, bytes, temp, Double.NaN);
    }
    b.flushSeconds(plan.flushIntervals * plan.interval * r.nextDouble(0.3, 1));
    return b.build();
  }

  /**
   * A job size to project: inside the cache or past the measured run (never just past a cliff,
   * where a cache size read to 0.5% moves the time by the floor's slowness).
   */
  static double job(SplittableRandom r, double cacheGB, double totalGB) {
    return r.nextBoolean() && cacheGB > 0
        ? cacheGB * r.nextDouble(0.3, 0.9)
        : totalGB * r.nextDouble(1.2, 4);
  }

  /** The seconds to write {@code jobGB} along {@code profile} (extended past any run's end). */
  static double timeFor(DoubleUnaryOperator profile, double latency, double jobGB) {
    double step = 0.01;
    double written = 0;
    double t = latency;
    while (written < jobGB * 1000) {
      double rate = profile.applyAsDouble(t + step / 2);
      if (written + rate * step >= jobGB * 1000) {
        return t + (jobGB * 1000 - written) / rate;
      }
      written += rate * step;
      t += step;
      if (t > 1e7) {
        return Double.POSITIVE_INFINITY;
      }
    }
    return t;
  }

  /** The mean rate of {@code profile} over [a, b). */
  static double meanOver(DoubleUnaryOperator profile, double a, double b) {
    int steps = (int) Math.max(100, (b - a) * 100);
    double sum = 0;
    for (int k = 0; k < steps; k++) {
      sum += profile.applyAsDouble(a + (k + 0.5) * (b - a) / steps);
    }
    return sum / steps;
  }

  /** A locale-proof description for messages. */
  static String f(String format, Object... args) {
    return String.format(java.util.Locale.ROOT, format, args);
  }

  /**
   * The starts of {@code count} events (dips, cycles) from {@code first} on, each {@code period}
   * after the last times a factor drawn between {@code lo} and {@code hi}: a controller's steady
   * beat with its jitter.
   */
  static double[] starts(
      SplittableRandom r, double first, int count, double period, double lo, double hi) {
    double[] at = new double[count];
    double t = first;
    for (int i = 0; i < count; i++) {
      at[i] = t;
      t += period * r.nextDouble(lo, hi);
    }
    return at;
  }

  static double logUniform(SplittableRandom r, double lo, double hi) {
    return Math.exp(r.nextDouble(Math.log(lo), Math.log(hi)));
  }

  private static double round9(double v) {
    return Math.round(v * 1e9) / 1e9;
  }

  /**
   * A piecewise-constant profile: level i from {@code starts[i]} on (times from the run's start).
   */
  static DoubleUnaryOperator steps(double[] starts, double[] levels) {
    return t -> {
      int k = 0;
      while (k + 1 < starts.length && t >= starts[k + 1]) {
        k++;
      }
      return levels[k];
    };
  }

  /** Levels that step down from the burst: the burst, {@code between} stages, then the floor. */
  static List<Double> staircase(SplittableRandom r, double burst, double floor, int between) {
    List<Double> levels = new ArrayList<>();
    levels.add(burst);
    double lo = Math.log(floor * 1.35);
    double hi = Math.log(0.75 * burst);
    double[] mids = new double[between];
    for (int attempt = 0; attempt < 1000; attempt++) {
      for (int i = 0; i < between; i++) {
        mids[i] = r.nextDouble(lo, hi);
      }
      java.util.Arrays.sort(mids);
      boolean spaced = true;
      for (int i = 1; i < between; i++) {
        spaced &= mids[i] - mids[i - 1] >= Math.log(1.35);
      }
      if (spaced) {
        break;
      }
    }
    for (int i = between - 1; i >= 0; i--) {
      levels.add(Math.exp(mids[i]));
    }
    levels.add(floor);
    return levels;
  }

  /** {@code before} until the first of {@code at}, then {@code low} for lowSeconds at each. */
  static DoubleUnaryOperator alternation(
      double[] at, double lowSeconds, double before, double low, double high) {
    return x -> {
      if (x < at[0]) {
        return before;
      }
      for (double a : at) {
        if (x >= a && x < a + lowSeconds) {
          return low;
        }
      }
      return high;
    };
  }

  /**
   * A burst, then a level of {@code between} with dips to {@code dip} for {@code dipSeconds} each:
   * the one way the dip-train tests (short, late, noisy) end their curves, so that each draws only
   * its own ranges.
   */
  record DipTrain(double burst, double between, double dip, double dipSeconds) {

    /**
     * Dips at a steady beat of {@code period} (within 3%) from {@code first}, the run ending
     * 0.3-0.8 of a period after the last: {@link #at}.
     */
    Made regular(SplittableRandom r, Plan p, double first, int count, double period, String what) {
      double[] at = starts(r, first, count, period, 0.97, 1.03);
      p.seconds = at[count - 1] + dipSeconds + r.nextDouble(0.3, 0.8) * period;
      return at(r, p, at, what);
    }

    /**
     * Dips from each of {@code at}, sampled by {@code p} (its length already set): a throttle whose
     * floor is the mean from the first dip to the last.
     */
    Made at(SplittableRandom r, Plan p, double[] at, String what) {
      DoubleUnaryOperator profile = alternation(at, dipSeconds, burst, dip, between);
      SampleSeries s = sample(profile, p, r);
      return thermal(s, burst, meanOver(profile, at[0], at[at.length - 1]), what, p.noise);
    }
  }

  /** A thermal throttle read from its levels: its burst, the floor its dips or cycles average. */
  static Made thermal(SampleSeries s, double burst, double floor, String what, double noise) {
    return new Made(
        s,
        Truth.ofLevels(Shape.THERMAL_THROTTLE, burst, floor, true, s.flushSeconds()),
        what,
        noise);
  }

  /**
   * AR(1) factors around 1 with this spread and correlation, one per interval: a level whose noise
   * wanders, as a controller's background work spans several intervals.
   */
  static double[] wander(SplittableRandom r, int count, double spread, double rho) {
    double[] draw = new double[count];
    double x = r.nextGaussian();
    for (int i = 0; i < count; i++) {
      x = rho * x + Math.sqrt(1 - rho * rho) * r.nextGaussian();
      draw[i] = Math.max(0.05, 1 + spread * x);
    }
    return draw;
  }
}
