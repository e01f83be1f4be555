package dev.sustain.analysis;

import static dev.sustain.analysis.DriveCurves.f;
import static dev.sustain.analysis.DriveCurves.logUniform;
import static dev.sustain.analysis.DriveCurves.plan;
import static dev.sustain.analysis.DriveCurves.sample;

import dev.sustain.analysis.DriveCurves.Plan;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.DoubleUnaryOperator;

/**
 * Spinning disks and the SSD shapes nearest them, made from the physics and sampled as {@link
 * DriveCurves} samples every class (noise, outliers, whole requests, flush). A disk's rate follows
 * the radius of the track under the heads: filled from the outside, the radius at a share x of the
 * bytes is sqrt(1 - x (1 - k^2)) of the outer one (k the inner radius over the outer, 0.4-0.7), in
 * 12-40 zones of equal bytes at one rate each; no disk fills in under 1300 s at its outer rate. A
 * drive-managed shingled disk writes so at first, then rewrites bands: stalls of 1-30 s in which
 * nothing completes, between writes at 40-100% of its rate.
 */
final class DiskCurves {

  /** The longest curve made, in intervals: a day at 5 s, two hours at 0.25 s. */
  static final int MAX_INTERVALS = 30_000;

  private DiskCurves() {}

  /**
   * A made disk curve.
   *
   * @param burstMBps the outer zone's rate
   * @param endMBps the rate of the last zone written
   * @param onsetSeconds when the first stall began (NaN for a zoned fill)
   * @param settledSeconds when the second stall began (an isolated first one may be stepped over)
   */
  record Disk(
      SampleSeries series,
      double burstMBps,
      double endMBps,
      double onsetSeconds,
      double settledSeconds,
      double noise,
      String what) {}

  /** The plan of a disk curve: an interval of 0.25-5 s, noise 0.5-10%, no stalls of its own. */
  static Plan diskPlan(SplittableRandom r, Media media) {
    Plan p = plan(r);
    p.interval = new double[] {0.25, 0.5, 1, 2, 3, 5}[r.nextInt(6)];
    p.noise = logUniform(r, 0.005, 0.10);
    p.media = media;
    p.stalls = 0;
    return p;
  }

  /** A sequential fill of 40-100% of a disk from its outer tracks in. */
  static Disk zoned(SplittableRandom r, Media media) {
    Plan p = diskPlan(r, media);
    double outer = r.nextDouble(100, 280);
    double k = r.nextDouble(0.4, 0.7);
    double written = r.nextDouble(0.4, 1.0);
    int zones = 12 + r.nextInt(29);
    // The disk's capacity, as seconds at its outer rate: at least 1300 s (the smallest disks),
    // and no more than the longest curve holds.
    double fill = p.interval * MAX_INTERVALS * 0.9;
    double outerSeconds = r.nextDouble(1300, Math.max(1400, fill * k / written));
    Zones z = new Zones(outer, k, zones, outerSeconds, written);
    p.seconds = z.end;
    SampleSeries s = sample(z::rate, p, r);
    return new Disk(
        s,
        z.rates[0],
        z.rates[z.rates.length - 1],
        Double.NaN,
        Double.NaN,
        p.noise,
        f(
            "zoned %.0f MB/s, inner %.2f, %d zones, %.0f%% of %.0f s, dt %.2f, noise %.3f, %s",
            outer, k, zones, 100 * written, outerSeconds, p.interval, p.noise, media));
  }

  /**
   * A shingled disk: its zones for a while (20-60% of the run), then writes of 3-60 s at 40-100% of
   * its rate between stalls of 1-30 s (at least one and a half intervals, or a stall would hide in
   * an interval), spaced at random.
   */
  static Disk smr(SplittableRandom r, Media media) {
    Plan p = diskPlan(r, media);
    double outer = r.nextDouble(100, 280);
    double fill = p.interval * MAX_INTERVALS * 0.9;
    double seconds = r.nextDouble(Math.min(1800, fill), Math.min(20000, fill));
    double hold = seconds * r.nextDouble(0.2, 0.6);
    // Part of a larger disk: its rate declines a little before the onset.
    Zones z = new Zones(outer, 0.5, 30, seconds * r.nextDouble(2, 5), 1.0);
    double stallMean = r.nextDouble(Math.max(1, 1.5 * p.interval), 30);
    double writeMean = r.nextDouble(3, 60);
    double between = r.nextDouble(0.4, 1.0);
    int max = (int) (seconds / 0.5) + 4;
    double[] at = new double[max];
    double[] level = new double[max];
    int m = 0;
    double t = hold;
    boolean stall = true;
    while (t < seconds && m < max) {
      at[m] = t;
      level[m] = stall ? 0 : between * z.rate(t) * r.nextDouble(0.9, 1.1);
      double mean = stall ? stallMean : writeMean;
      t += Math.max(0.5, mean * Math.exp(0.5 * r.nextGaussian() - 0.125));
      stall = !stall;
      m++;
    }
    double[] starts = Arrays.copyOf(at, m);
    double[] levels = Arrays.copyOf(level, m);
    DoubleUnaryOperator after = DriveCurves.steps(starts, levels);
    p.seconds = seconds;
    SampleSeries s = sample(x -> x < hold ? z.rate(x) : after.applyAsDouble(x), p, r);
    return new Disk(
        s,
        z.rates[0],
        Double.NaN,
        hold,
        m > 2 ? at[2] : seconds,
        p.noise,
        f(
            "smr %.0f MB/s for %.0f of %.0f s, stalls %.1f s, writes %.1f s at %.0f%%, dt %.2f,"
                + " noise %.3f, %s",
            outer, hold, seconds, stallMean, writeMean, 100 * between, p.interval, p.noise, media));
  }

  /**
   * An SSD slowing as it heats, told nothing of the media: the rate follows the temperature's
   * approach to its equilibrium (a time constant of 60-900 s, run for 3-6 of them) down to 40-90%
   * of a burst of 60-300 MB/s, the rates a disk has too.
   */
  static Disk heatingSsd(SplittableRandom r) {
    Plan p = diskPlan(r, Media.UNKNOWN);
    double burst = r.nextDouble(60, 300);
    double floor = burst * r.nextDouble(0.4, 0.9);
    double tau = r.nextDouble(60, 900);
    double delay = r.nextDouble(0, 2 * tau);
    p.seconds = Math.min(delay + tau * r.nextDouble(3, 6), p.interval * MAX_INTERVALS);
    p.seconds = Math.max(p.seconds, 120 * p.interval);
    DoubleUnaryOperator profile =
        t -> t < delay ? burst : floor + (burst - floor) * Math.exp(-(t - delay) / tau);
    return new Disk(
        sample(profile, p, r),
        burst,
        floor,
        Double.NaN,
        Double.NaN,
        p.noise,
        f(
            "heating ssd %.0f->%.0f, tau %.0f s after %.0f s, dt %.2f",
            burst, floor, tau, delay, p.interval));
  }

  /**
   * An SSD whose rate falls in a line, but faster than any disk can (5-60% of its start a minute
   * over 0.5-10 minutes, from 60-300 MB/s), or from above any disk's rate (400-3000 MB/s, 10-60%
   * over 10-120 minutes).
   */
  static Disk decliningSsd(SplittableRandom r) {
    Plan p = diskPlan(r, Media.UNKNOWN);
    boolean fast = r.nextBoolean();
    double start = fast ? r.nextDouble(60, 300) : r.nextDouble(400, 3000);
    double fall = r.nextDouble(0.1, 0.6);
    double seconds = fast ? r.nextDouble(30, 600) : r.nextDouble(600, 7200);
    if (fast) {
      fall = Math.min(0.6, Math.max(fall, 0.05 * seconds / 60));
    }
    p.seconds = Math.min(Math.max(seconds, 120 * p.interval), p.interval * MAX_INTERVALS);
    double length = p.seconds;
    double end = start * (1 - fall);
    return new Disk(
        sample(t -> start + (end - start) * Math.min(1, t / length), p, r),
        start,
        end,
        Double.NaN,
        Double.NaN,
        p.noise,
        f("declining ssd %.0f->%.0f over %.0f s, dt %.2f", start, end, length, p.interval));
  }

  /**
   * An SSD starved of free blocks at a disk's rate (60-300 MB/s), told nothing: full speed for a
   * while (5-40% of the run), then garbage collection: a trickle of 1-15% of full speed (a quarter
   * of the visits nothing at all) for 1-20 s between 1-20 s at 55-100%.
   */
  static Disk starvedSsd(SplittableRandom r) {
    Plan p = diskPlan(r, Media.UNKNOWN);
    double full = r.nextDouble(60, 300);
    p.seconds = Math.min(r.nextDouble(300, 7200), p.interval * MAX_INTERVALS);
    p.seconds = Math.max(p.seconds, 120 * p.interval);
    double free = p.seconds * r.nextDouble(0.05, 0.4);
    double lowMean = r.nextDouble(Math.max(1, 1.5 * p.interval), 20);
    double highMean = r.nextDouble(Math.max(1, 1.5 * p.interval), 20);
    int max = (int) (p.seconds / 0.5) + 4;
    double[] at = new double[max];
    double[] level = new double[max];
    int m = 0;
    double t = free;
    boolean low = true;
    while (t < p.seconds && m < max) {
      at[m] = t;
      level[m] =
          low
              ? (r.nextInt(4) == 0 ? 0 : full * r.nextDouble(0.01, 0.15))
              : full * r.nextDouble(0.55, 1);
      t += Math.max(0.5, (low ? lowMean : highMean) * Math.exp(0.6 * r.nextGaussian() - 0.18));
      low = !low;
      m++;
    }
    DoubleUnaryOperator after = DriveCurves.steps(Arrays.copyOf(at, m), Arrays.copyOf(level, m));
    return new Disk(
        sample(x -> x < free ? full : after.applyAsDouble(x), p, r),
        full,
        Double.NaN,
        free,
        Double.NaN,
        p.noise,
        f(
            "starved ssd %.0f for %.0f of %.0f s, low %.1f s, high %.1f s, dt %.2f",
            full, free, p.seconds, lowMean, highMean, p.interval));
  }

  /** A disk's zones as a profile: the rate at a time from the start of the fill. */
  private static final class Zones {
    final double[] starts;
    final double[] rates;
    final double end;

    Zones(double outer, double k, int zones, double outerSeconds, double written) {
      double capacityMB = outer * outerSeconds;
      int count = (int) Math.ceil(written * zones - 1e-9);
      starts = new double[count];
      rates = new double[count];
      double t = 0;
      for (int i = 0; i < count; i++) {
        double share = Math.min(1.0 / zones, written - i / (double) zones);
        double mid = (i + 0.5) / zones;
        rates[i] = outer * Math.sqrt(1 - mid * (1 - k * k));
        starts[i] = t;
        t += share * capacityMB / rates[i];
      }
      end = t;
    }

    double rate(double t) {
      int i = Arrays.binarySearch(starts, t);
      return rates[i >= 0 ? i : Math.max(0, -i - 2)];
    }
  }
}
