package dev.sustain.analysis;

import java.util.SplittableRandom;
import java.util.function.DoubleUnaryOperator;

/**
 * The shapes of the field reports at the figures a test names (the Kingston's cliff, the Orico's
 * throttle that climbs back, the Mushkin's step at 45 °C, the curve that ran backwards, a shingled
 * disk, a zoned disk), with known truth. They are {@link DriveCurves}' curves: each maker gives its
 * profile to {@link DriveCurves#sample} with a plain plan (whole intervals of the given length,
 * relative noise of the given size, nothing else: no outliers, timing jitter, start-up latency,
 * whole requests or flush), so a test that names its figures reads the same sampler and the same
 * seeded {@code SplittableRandom} as the tests that draw them over a class's range.
 */
public final class ShapeCurves {

  private ShapeCurves() {}

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

  /**
   * {@code profile} (MB/s at a time from the run's start) sampled every {@code interval} s for
   * {@code seconds} (a whole number of intervals, the nearest), with relative noise {@code noise}.
   */
  public static SampleSeries sample(
      DoubleUnaryOperator profile,
      double interval,
      double seconds,
      double noise,
      Media media,
      SplittableRandom random) {
    return DriveCurves.sample(profile, plainPlan(interval, seconds, noise, media), random);
  }

  /**
   * The plain plan: whole intervals of {@code interval} for {@code seconds} (the nearest whole
   * number of them), relative noise {@code noise}, nothing else.
   */
  private static DriveCurves.Plan plainPlan(
      double interval, double seconds, double noise, Media media) {
    DriveCurves.Plan plan = new DriveCurves.Plan();
    plan.interval = interval;
    // The sampler's last interval ends a whole interval after the last start within its seconds.
    long intervals = Math.max(1, Math.round(seconds / interval));
    plan.seconds = (intervals - 0.5) * interval;
    plan.noise = noise;
    plan.media = media;
    plan.tempNoise = 0;
    return plan;
  }

  private static SampleSeries sample(
      DoubleUnaryOperator profile, double interval, double seconds, double noise, long seed) {
    return sample(profile, interval, seconds, noise, Media.SSD, new SplittableRandom(seed));
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
    SampleSeries s =
        sample(t -> t < cliff ? burst : floor, interval, cliff + afterSeconds, noise, seed);
    return new Curve(s, new Truth(Shape.CACHE_CLIFF, burst, cliff, cacheGB, floor, 0, 0));
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
    SampleSeries s =
        sample(
            t -> t < cliffSeconds ? burst : t < c2 ? mid : floor,
            interval,
            c2 + floorSeconds,
            noise,
            seed);
    return new Curve(
        s,
        new Truth(
            Shape.CACHE_CLIFF, burst, cliffSeconds, burst * cliffSeconds / 1000, floor, 0, 0));
  }

  /** Flat noise around {@code level}. */
  public static Curve flat(long seed, double interval, double level, double seconds, double noise) {
    SampleSeries s = sample(t -> level, interval, seconds, noise, seed);
    return new Curve(s, new Truth(Shape.FLAT, level, Double.NaN, Double.NaN, level, 0, 0));
  }

  /** Thermal: stepped down through levels, then climbs back while writing (the Orico). */
  public static Curve thermalRecovering(long seed, double interval, double scale, double noise) {
    double[] levels = {863, 700, 445, 195, 695};
    double[] ends = {55, 85, 115, 160, 240};
    SampleSeries s =
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
            seed);
    return new Curve(s, new Truth(Shape.THERMAL_THROTTLE, 863, 55 * scale, Double.NaN, 195, 0, 0));
  }

  /** Thermal: brief dips to half speed from a stable level, each coming back. */
  public static Curve thermalDips(
      long seed, double interval, double level, double seconds, int dips, double noise) {
    double period = seconds / (dips + 1);
    double dipLength = Math.max(5 * interval, 0.15 * period);
    SampleSeries s =
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
            seed);
    return new Curve(
        s, new Truth(Shape.THERMAL_THROTTLE, level, Double.NaN, Double.NaN, 0.5 * level, 0, 0));
  }

  /**
   * Thermal by temperature: one step down (100 to 80 MB/s, the Mushkin) just as a rising
   * temperature levels off at {@code throttleC}.
   */
  public static Curve thermalByTemperature(
      long seed, double interval, double noise, double throttleC) {
    double drop = 180;
    double seconds = 400;
    double startC = throttleC - 23;
    DriveCurves.Plan plan = plainPlan(interval, seconds, noise, Media.SSD);
    plan.wholeDegrees = true;
    plan.temperature =
        t ->
            t < drop
                ? startC + (throttleC - startC) * t / drop
                : throttleC + 2 * (1 - Math.exp(-(t - drop) / 60));
    SampleSeries s = DriveCurves.sample(t -> t < drop ? 100 : 80, plan, new SplittableRandom(seed));
    return new Curve(s, new Truth(Shape.THERMAL_THROTTLE, 100, drop, Double.NaN, 80, 0, 0));
  }

  /** gc-erratic: swings between about 120 and 940 MB/s every few seconds (no TRIM). */
  public static Curve gcSwings(long seed, double interval, double seconds, double noise) {
    SplittableRandom random = new SplittableRandom(seed);
    double[] switches = new double[(int) (seconds / 2) + 2];
    double t0 = 0;
    for (int i = 0; i < switches.length; i++) {
      t0 += 3 + random.nextDouble() * 12;
      switches[i] = t0;
    }
    SampleSeries s =
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
            Media.SSD,
            random);
    return new Curve(s, new Truth(Shape.GC_ERRATIC, 940, Double.NaN, Double.NaN, 120, 0, 0));
  }

  /** gc-erratic: slow for a while, then full speed, then slow (the curve that ran backwards). */
  public static Curve gcSlowStart(long seed, double interval, double slowSeconds, double noise) {
    SampleSeries s =
        sample(
            t -> t < slowSeconds ? 120 : t < 2 * slowSeconds ? 920 : 130,
            interval,
            3 * slowSeconds,
            noise,
            seed);
    return new Curve(s, new Truth(Shape.GC_ERRATIC, 120, Double.NaN, Double.NaN, 120, 0, 0));
  }

  /**
   * SMR: holds {@code level}, then after {@code holdSeconds} many zero seconds and a lower rate.
   */
  public static Curve smr(
      long seed, double interval, double level, double holdSeconds, double seconds) {
    SplittableRandom random = new SplittableRandom(seed);
    SampleSeries held = sample(t -> level, interval, seconds, 0.03, Media.HDD, random);
    SampleSeries.Builder b = SampleSeries.builder(held.size()).media(Media.HDD);
    int zeros = 0;
    double zeroSeconds = 0;
    for (int i = 0; i < held.size(); i++) {
      double rate = held.writeMBps(i);
      if (held.timeSeconds(i) > holdSeconds) {
        double u = random.nextDouble();
        if (u < 0.15) {
          rate = 0;
          zeros++;
          zeroSeconds += held.intervalSeconds(i);
        } else if (u < 0.5) {
          rate *= 0.2 + 0.5 * random.nextDouble();
        }
      }
      b.add(held.timeSeconds(i), rate);
    }
    return new Curve(
        b.build(),
        new Truth(
            Shape.SMR_STALLS, level, holdSeconds, Double.NaN, Double.NaN, zeros, zeroSeconds));
  }

  /** hdd-zoned: a linear decline from {@code outer} to {@code inner} MB/s. */
  public static Curve hddZoned(
      long seed, double interval, double outer, double inner, double seconds, double noise) {
    SampleSeries s =
        sample(
            t -> outer + (inner - outer) * t / seconds,
            interval,
            seconds,
            noise,
            Media.HDD,
            new SplittableRandom(seed));
    return new Curve(s, new Truth(Shape.HDD_ZONED, outer, Double.NaN, Double.NaN, inner, 0, 0));
  }

  /**
   * The same curve with {@code count} distinct intervals (chosen by the seed) set to zero; the
   * truth's stall figures count them. None falls in the first {@link
   * StartUp.Limits#waitMaxSeconds}: a zero there is the start-up ramp, not a stall.
   */
  public static Curve withStalls(Curve c, long seed, int count) {
    SampleSeries s = c.series();
    SplittableRandom random = new SplittableRandom(seed);
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
