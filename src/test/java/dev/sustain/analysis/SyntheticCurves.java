package dev.sustain.analysis;

import java.util.Random;

/**
 * A seeded generator of write curves with known truth for every shape: the rate is integrated
 * exactly over each interval (a cliff inside an interval gives that interval a mixed rate, as a
 * real sampler would), then multiplied by Gaussian noise of a given relative size.
 */
public final class SyntheticCurves {

  private SyntheticCurves() {}

  /** What the curve was made of. NaN where a figure does not apply. */
  public record Truth(
      Shape shape,
      double burstMBps,
      double cliffSeconds,
      double cacheGB,
      double floorMBps,
      int stallCount,
      double stallSeconds) {}

  public record Curve(SampleSeries series, Truth truth) {}

  /** A rate as a function of time (s) and bytes written so far. */
  public interface Profile {
    double rate(double seconds);
  }

  /** Samples {@code profile} every {@code interval} s for {@code seconds}, with relative noise. */
  public static double[][] sample(
      Profile profile, double interval, double seconds, double noise, Random random) {
    int n = (int) Math.round(seconds / interval);
    double[] t = new double[n];
    double[] r = new double[n];
    int sub = 20;
    for (int i = 0; i < n; i++) {
      double start = i * interval;
      t[i] = round9((i + 1) * interval);
      double sum = 0;
      for (int k = 0; k < sub; k++) {
        sum += profile.rate(start + (k + 0.5) * interval / sub);
      }
      double level = sum / sub;
      double v = level * (1 + noise * random.nextGaussian());
      r[i] = Math.max(v, 0.02 * level);
    }
    return new double[][] {t, r};
  }

  private static double round9(double v) {
    return Math.round(v * 1e9) / 1e9;
  }

  public static SampleSeries series(double[][] tr, Media media) {
    SampleSeries.Builder b = SampleSeries.builder(tr[0].length).media(media);
    for (int i = 0; i < tr[0].length; i++) {
      b.add(tr[0][i], tr[1][i]);
    }
    return b.build();
  }

  /** A cache cliff: {@code burst} for {@code cacheGB}, then {@code floor} to the end. */
  public static Curve cacheCliff(
      long seed,
      double interval,
      double burst,
      double cacheGB,
      double floor,
      double afterSeconds,
      double noise) {
    double cliff = cacheGB * 1e9 / (burst * 1e6);
    double[][] tr =
        sample(
            t -> t < cliff ? burst : floor,
            interval,
            cliff + afterSeconds,
            noise,
            new Random(seed));
    return new Curve(
        series(tr, Media.SSD), new Truth(Shape.CACHE_CLIFF, burst, cliff, cacheGB, floor, 0, 0));
  }

  /** A staircase: burst, then a middle level for {@code midSeconds}, then the floor. */
  public static Curve staircase(
      long seed,
      double interval,
      double burst,
      double cliffSeconds,
      double mid,
      double midSeconds,
      double floor,
      double floorSeconds,
      double noise) {
    double c2 = cliffSeconds + midSeconds;
    double[][] tr =
        sample(
            t -> t < cliffSeconds ? burst : t < c2 ? mid : floor,
            interval,
            c2 + floorSeconds,
            noise,
            new Random(seed));
    return new Curve(
        series(tr, Media.SSD),
        new Truth(
            Shape.CACHE_CLIFF, burst, cliffSeconds, burst * cliffSeconds / 1000, floor, 0, 0));
  }

  /** Flat noise around {@code level}. */
  public static Curve flat(long seed, double interval, double level, double seconds, double noise) {
    double[][] tr = sample(t -> level, interval, seconds, noise, new Random(seed));
    return new Curve(
        series(tr, Media.SSD), new Truth(Shape.FLAT, level, Double.NaN, Double.NaN, level, 0, 0));
  }

  /** Thermal: stepped down through levels, then climbs back while writing (the Orico). */
  public static Curve thermalRecovering(long seed, double interval, double scale, double noise) {
    double[] levels = {863, 700, 445, 195, 695};
    double[] ends = {55, 85, 115, 160, 240};
    double[][] tr =
        sample(
            t -> {
              for (int i = 0; i < ends.length; i++) {
                if (t < ends[i] * scale) {
                  return levels[i];
                }
              }
              return levels[levels.length - 1];
            },
            interval,
            ends[ends.length - 1] * scale,
            noise,
            new Random(seed));
    return new Curve(
        series(tr, Media.SSD),
        new Truth(Shape.THERMAL_THROTTLE, 863, 55 * scale, Double.NaN, 195, 0, 0));
  }

  /** Thermal: brief dips to half speed from a stable level, each coming back. */
  public static Curve thermalDips(
      long seed, double interval, double level, double seconds, int dips, double noise) {
    double period = seconds / (dips + 1);
    double dipLength = Math.max(5 * interval, 0.15 * period);
    double[][] tr =
        sample(
            t -> {
              double phase = t % period;
              boolean dipping =
                  t > period / 2 && phase >= period / 2 && phase < period / 2 + dipLength;
              return dipping && t < dips * period + period / 2 + dipLength ? 0.5 * level : level;
            },
            interval,
            seconds,
            noise,
            new Random(seed));
    return new Curve(
        series(tr, Media.SSD),
        new Truth(Shape.THERMAL_THROTTLE, level, Double.NaN, Double.NaN, 0.5 * level, 0, 0));
  }

  /**
   * Thermal by temperature: one step down (100 to 80 MB/s, the Mushkin) just as a rising
   * temperature levels off at {@code throttleC}.
   */
  public static Curve thermalByTemperature(
      long seed, double interval, double noise, double throttleC) {
    double drop = 180;
    double seconds = 400;
    Random random = new Random(seed);
    double[][] tr = sample(t -> t < drop ? 100 : 80, interval, seconds, noise, random);
    SampleSeries.Builder b = SampleSeries.builder(tr[0].length).media(Media.SSD);
    double startC = throttleC - 23;
    for (int i = 0; i < tr[0].length; i++) {
      double t = tr[0][i];
      double temp =
          t < drop
              ? startC + (throttleC - startC) * t / drop
              : throttleC + 2 * (1 - Math.exp(-(t - drop) / 60));
      b.add(t, tr[1][i], -1, Math.round(temp), Double.NaN);
    }
    return new Curve(b.build(), new Truth(Shape.THERMAL_THROTTLE, 100, drop, Double.NaN, 80, 0, 0));
  }

  /** gc-erratic: swings between about 120 and 940 MB/s every few seconds (no TRIM). */
  public static Curve gcSwings(long seed, double interval, double seconds, double noise) {
    Random random = new Random(seed);
    double[] switches = new double[(int) (seconds / 2) + 2];
    double t0 = 0;
    for (int i = 0; i < switches.length; i++) {
      t0 += 3 + random.nextDouble() * 12;
      switches[i] = t0;
    }
    double[][] tr =
        sample(
            t -> {
              int k = 0;
              while (k < switches.length && switches[k] <= t) {
                k++;
              }
              return k % 2 == 0 ? 940 : 120;
            },
            interval,
            seconds,
            noise,
            random);
    return new Curve(
        series(tr, Media.SSD), new Truth(Shape.GC_ERRATIC, 940, Double.NaN, Double.NaN, 120, 0, 0));
  }

  /** gc-erratic: slow for a while, then full speed, then slow (the curve that ran backwards). */
  public static Curve gcSlowStart(long seed, double interval, double slowSeconds, double noise) {
    double[][] tr =
        sample(
            t -> t < slowSeconds ? 120 : t < 2 * slowSeconds ? 920 : 130,
            interval,
            3 * slowSeconds,
            noise,
            new Random(seed));
    return new Curve(
        series(tr, Media.SSD), new Truth(Shape.GC_ERRATIC, 120, Double.NaN, Double.NaN, 120, 0, 0));
  }

  /**
   * SMR: holds {@code level}, then after {@code holdSeconds} many zero seconds and a lower rate.
   */
  public static Curve smr(
      long seed, double interval, double level, double holdSeconds, double seconds) {
    Random random = new Random(seed);
    double[][] tr = sample(t -> level, interval, seconds, 0.03, random);
    int zeros = 0;
    double zeroSeconds = 0;
    for (int i = 0; i < tr[0].length; i++) {
      if (tr[0][i] > holdSeconds) {
        double u = random.nextDouble();
        if (u < 0.15) {
          tr[1][i] = 0;
          zeros++;
          zeroSeconds += interval;
        } else if (u < 0.5) {
          tr[1][i] *= 0.2 + 0.5 * random.nextDouble();
        }
      }
    }
    return new Curve(
        series(tr, Media.HDD),
        new Truth(
            Shape.SMR_STALLS, level, holdSeconds, Double.NaN, Double.NaN, zeros, zeroSeconds));
  }

  /** hdd-zoned: a linear decline from {@code outer} to {@code inner} MB/s. */
  public static Curve hddZoned(
      long seed, double interval, double outer, double inner, double seconds, double noise) {
    double[][] tr =
        sample(
            t -> outer + (inner - outer) * t / seconds, interval, seconds, noise, new Random(seed));
    return new Curve(
        series(tr, Media.HDD),
        new Truth(Shape.HDD_ZONED, outer, Double.NaN, Double.NaN, inner, 0, 0));
  }

  /**
   * The same curve with {@code count} distinct intervals (chosen by the seed) set to zero; the
   * truth's stall figures count them. None falls in the first {@link
   * StartUp.Limits#waitMaxSeconds}: a zero there is the start-up ramp, not a stall.
   */
  public static Curve withStalls(Curve c, long seed, int count) {
    SampleSeries s = c.series();
    Random random = new Random(seed);
    boolean[] zero = new boolean[s.size()];
    int placed = 0;
    int first = 0;
    while (first < s.size() && s.startSeconds(first) < StartUp.Limits.DEFAULT.waitMaxSeconds()) {
      first++;
    }
    while (placed < Math.min(count, s.size() - first)) {
      int i = first + random.nextInt(s.size() - first);
      if (!zero[i]) {
        zero[i] = true;
        placed++;
      }
    }
    SampleSeries.Builder b = SampleSeries.builder(s.size()).media(s.media());
    double stallSeconds = 0;
    for (int i = 0; i < s.size(); i++) {
      b.add(s.timeSeconds(i), zero[i] ? 0 : s.writeMBps(i), -1, s.tempC(i), s.cpuPct(i));
      if (zero[i]) {
        stallSeconds += s.intervalSeconds(i);
      }
    }
    Truth t = c.truth();
    return new Curve(
        b.build(),
        new Truth(
            t.shape(),
            t.burstMBps(),
            t.cliffSeconds(),
            t.cacheGB(),
            t.floorMBps(),
            placed,
            stallSeconds));
  }
}
