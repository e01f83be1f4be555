package dev.sustain.analysis;

import static dev.sustain.analysis.DriveCurves.f;
import static dev.sustain.analysis.DriveCurves.logUniform;

import dev.sustain.analysis.DriveCurves.Made;
import dev.sustain.analysis.DriveCurves.Truth;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.DoubleUnaryOperator;

/**
 * Curves counted in whole requests, as an emulated drive or a throttled link writes them: requests
 * of 128 KiB to 4 MiB complete at a steady pace, and an interval of 0.5-2 s holds however many
 * completed in it. A steady level of a whole number of requests an interval is then exactly the
 * same every interval (no noise at all), one of a fractional number alternates between the two
 * counts either side, and a completion just either side of a boundary moves one request to the
 * neighbour. The series carries its request size, as a samples.csv with bytes and iops does.
 */
final class WholeRequestCurves {

  private WholeRequestCurves() {}

  private static final double[] INTERVALS = {0.5, 0.75, 1, 1, 1.5, 2};

  /** How a level's count varies from interval to interval. */
  private enum Counting {
    /** Completions at a steady pace: a fractional count alternates between its neighbours. */
    REGULAR,
    /** A steady pace, each boundary read a little early or late (bytes conserved). */
    BOUNDARY_JITTER,
    /** The count's whole part, plus one with the fraction's chance (a binomial of one trial). */
    BERNOULLI
  }

  /**
   * A burst of the same whole number of requests every interval, then a floor of 1-60% of it at
   * 3-60 requests an interval, counted one of the {@link Counting} ways: a cache cliff.
   */
  static Made cliff(SplittableRandom r) {
    long request = 1L << (17 + r.nextInt(6));
    double dt = INTERVALS[r.nextInt(INTERVALS.length)];
    double floorCount = logUniform(r, 3, 60);
    // The burst at most 7000 MB/s, the floor 1-60% of it.
    double lowest = Math.max(0.01, floorCount * request / (7000e6 * dt));
    int burstCount = (int) Math.round(floorCount / logUniform(r, lowest, 0.6));
    Counting counting = Counting.values()[r.nextInt(Counting.values().length)];
    double jitter = r.nextDouble(0.1, 0.5);
    double cacheSeconds = r.nextDouble(Math.max(12, 8 * dt), 300);
    double floorSeconds = r.nextDouble(Math.max(60, 30 * dt), 600);
    int n = (int) Math.ceil((cacheSeconds + floorSeconds) / dt);
    double cliffIntervals = cacheSeconds / dt;
    double phase = r.nextDouble(0.05, 0.95);
    // Requests completed by boundary i (whole in the burst, so its counts are exact).
    double[] done = new double[n + 1];
    for (int i = 0; i <= n; i++) {
      done[i] =
          i <= cliffIntervals
              ? (double) burstCount * i
              : burstCount * cliffIntervals + floorCount * (i - cliffIntervals);
      if (counting == Counting.BOUNDARY_JITTER && i > cliffIntervals) {
        done[i] += jitter * r.nextGaussian();
      }
    }
    SampleSeries.Builder b = SampleSeries.builder(n).media(Media.SSD).requestBytes(request);
    long previous = 0;
    for (int i = 0; i < n; i++) {
      long through = Math.max(previous, (long) Math.floor(done[i + 1] + phase));
      long count = through - previous;
      previous = through;
      if (counting == Counting.BERNOULLI && i >= cliffIntervals) {
        double whole = Math.floor(floorCount);
        count = (long) whole + (r.nextDouble() < floorCount - whole ? 1 : 0);
      }
      long bytes = count * request;
      b.add(Math.round((i + 1) * dt * 1e9) / 1e9, bytes / 1e6 / dt, bytes, Double.NaN, Double.NaN);
    }
    SampleSeries s = b.build();
    double burst = burstCount * request / 1e6 / dt;
    double floor = floorCount * request / 1e6 / dt;
    DoubleUnaryOperator profile =
        DriveCurves.steps(new double[] {0, cacheSeconds}, new double[] {burst, floor});
    double job = DriveCurves.job(r, burst * cacheSeconds / 1000, s.totalBytes() / 1e9);
    return new Made(
        s,
        new Truth(
            Shape.CACHE_CLIFF,
            burst,
            cacheSeconds,
            burst * cacheSeconds / 1000,
            floor,
            null,
            false,
            1,
            0,
            job,
            DriveCurves.timeFor(profile, 0, job)),
        f(
            "whole requests of %d B, dt %.2f: %d an interval for %.1f s, then %.2f (%s)",
            request, dt, burstCount, cacheSeconds, floorCount, counting),
        0);
  }

  /**
   * A steady high and a steady low (3-60 requests an interval, 1-60% of the high), alternating at
   * irregular times, as an emulated drive's throttle slices do: gc-erratic. Each a whole number of
   * requests an interval, so every interval of a level is the same, or (when {@code fractional})
   * any number, so that a level alternates between the whole counts either side.
   */
  static Made swings(SplittableRandom r, boolean fractional) {
    long request = 1L << (17 + r.nextInt(6));
    double dt = INTERVALS[r.nextInt(INTERVALS.length)];
    double lowCount = logUniform(r, 3, 60);
    double lowest = Math.max(0.01, lowCount * request / (3000e6 * dt));
    double highCount = lowCount / logUniform(r, lowest, 0.6);
    if (!fractional) {
      lowCount = Math.round(lowCount);
      highCount = Math.round(highCount);
    }
    double seconds = r.nextDouble(300, 1500);
    List<Double> switches = new ArrayList<>();
    double t = r.nextDouble(10, 40);
    boolean down = true;
    while (t < seconds) {
      switches.add(t);
      t += down ? r.nextDouble(3, 30) : r.nextDouble(3, 40);
      down = !down;
    }
    int n = (int) Math.ceil(seconds / dt);
    double phase = r.nextDouble(0.05, 0.95);
    SampleSeries.Builder b = SampleSeries.builder(n).media(Media.SSD).requestBytes(request);
    double done = 0;
    long previous = 0;
    int next = 0;
    boolean high = true;
    for (int i = 0; i < n; i++) {
      // The requests of this interval: at the high pace, then the low, as the switches fall.
      double from = i * dt;
      double to = from + dt;
      while (next < switches.size() && switches.get(next) < to) {
        done += (switches.get(next) - from) / dt * (high ? highCount : lowCount);
        from = switches.get(next);
        high = !high;
        next++;
      }
      done += (to - from) / dt * (high ? highCount : lowCount);
      long through = (long) Math.floor(done + phase);
      long bytes = (through - previous) * request;
      previous = through;
      b.add(Math.round(to * 1e9) / 1e9, bytes / 1e6 / dt, bytes, Double.NaN, Double.NaN);
    }
    SampleSeries s = b.build();
    double highMBps = highCount * request / 1e6 / dt;
    double lowMBps = lowCount * request / 1e6 / dt;
    return new Made(
        s,
        Truth.ofLevels(Shape.GC_ERRATIC, highMBps, lowMBps, false, 0),
        f(
            "whole requests of %d B, dt %.2f: swings between %.2f and %.2f an interval",
            request, dt, highCount, lowCount),
        0);
  }
}
