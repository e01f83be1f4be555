package dev.sustain.analysis;

import static dev.sustain.analysis.DriveCurves.f;
import static dev.sustain.analysis.DriveCurves.logUniform;
import static dev.sustain.analysis.DriveCurves.meanOver;
import static dev.sustain.analysis.DriveCurves.plan;
import static dev.sustain.analysis.DriveCurves.sample;
import static dev.sustain.analysis.DriveCurves.steps;
import static dev.sustain.analysis.DriveCurves.timeFor;

import dev.sustain.analysis.DriveCurves.Made;
import dev.sustain.analysis.DriveCurves.Plan;
import dev.sustain.analysis.DriveCurves.Truth;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.DoubleUnaryOperator;

/**
 * One maker per class of drive behaviour, each drawing its parameters over the class's whole range
 * (see {@link DriveCurves}). The ranges follow the physics: caches of 12-300 s at 200-7000 MB/s,
 * floors 1-60% of the burst (never below 10 MB/s), folding stages between; throttle steps to 45-78%
 * that come back; sawtooth dips to 1-60% for 6-10 s every 45-60 s, early or minutes in; temperature
 * steps of 20-55% at 6-30 °C above a start of 20-40 °C; SMR and zoned disks.
 */
public final class DriveClasses {

  private DriveClasses() {}

  /** A cache cliff with {@code between} folding stages (0, 1 or 2) before the floor. */
  public static Made cliff(SplittableRandom r, int between) {
    Plan p = plan(r);
    double burst = logUniform(r, 200, 7000);
    double top = 0.6 / Math.pow(1.35, between);
    double ratio = logUniform(r, Math.max(0.01, 10 / burst), top);
    List<Double> levels = DriveCurves.staircase(r, burst, ratio * burst, between);
    double[] starts = new double[levels.size()];
    double t = p.latency;
    double cacheSeconds = r.nextDouble(Math.max(12, 8 * p.interval), 300);
    starts[0] = 0;
    t += cacheSeconds;
    for (int i = 1; i < levels.size(); i++) {
      starts[i] = t;
      boolean last = i == levels.size() - 1;
      t +=
          last
              ? r.nextDouble(Math.max(40, 12 * p.interval), 600)
              : r.nextDouble(Math.max(25, 10 * p.interval), 250);
    }
    p.seconds = t;
    double[] lv = levels.stream().mapToDouble(Double::doubleValue).toArray();
    DoubleUnaryOperator profile = steps(starts, lv);
    SampleSeries s = sample(profile, p, r);
    double floor = lv[lv.length - 1];
    double job = DriveCurves.job(r, burst * cacheSeconds / 1000, s.totalBytes() / 1e9);
    return new Made(
        s,
        new Truth(
            Shape.CACHE_CLIFF,
            burst,
            p.latency + cacheSeconds,
            burst * cacheSeconds / 1000,
            floor,
            null,
            false,
            lv.length - 1,
            s.flushSeconds(),
            job,
            timeFor(profile, p.latency, job)),
        f("cliff %s at %.1f s, dt %.2f, noise %.3f", levels, cacheSeconds, p.interval, p.noise),
        p.noise);
  }

  /** Stepped plateaus down, then a climb back while writing (the Orico). */
  public static Made recoveringThrottle(SplittableRandom r) {
    Plan p = plan(r);
    double top = logUniform(r, 100, 3000);
    int downs = 1 + r.nextInt(3);
    double[] lv = new double[downs + 2];
    lv[0] = top;
    for (int i = 1; i <= downs; i++) {
      lv[i] = Math.max(0.05 * top, lv[i - 1] * r.nextDouble(0.45, 0.78));
    }
    double lowest = lv[downs];
    boolean full = r.nextBoolean();
    lv[downs + 1] =
        full
            ? top * r.nextDouble(0.9, 1.0)
            : r.nextDouble(
                Math.max(1.3 * lowest, lowest + 0.1 * top),
                Math.max(1.31 * lowest + 0.1 * top, 0.78 * top));
    double[] starts = new double[lv.length];
    double t = p.latency + r.nextDouble(Math.max(30, 8 * p.interval), 120);
    for (int i = 1; i < lv.length; i++) {
      starts[i] = t;
      t +=
          i == lv.length - 1
              ? r.nextDouble(Math.max(40, 10 * p.interval), 200)
              : r.nextDouble(Math.max(25, 8 * p.interval), 90);
    }
    p.seconds = t;
    SampleSeries s = sample(steps(starts, lv), p, r);
    boolean cliff = lv[downs + 1] < 0.85 * top;
    return new Made(
        s,
        new Truth(
            Shape.THERMAL_THROTTLE,
            top,
            cliff ? starts[1] : null,
            null,
            lowest,
            null,
            true,
            0,
            s.flushSeconds(),
            Double.NaN,
            Double.NaN),
        f("recovering %s, dt %.2f, noise %.3f", java.util.Arrays.toString(lv), p.interval, p.noise),
        p.noise);
  }

  /**
   * A sawtooth: short dips at a regular period (jittered a few percent), early or minutes into the
   * run, on to its end.
   */
  public static Made sawtooth(SplittableRandom r, boolean early) {
    Plan p = plan(r);
    double level = logUniform(r, 50, 3000);
    double dip = level * logUniform(r, Math.max(0.01, 2 / level), 0.6);
    double period = r.nextDouble(45, 60);
    double dipSeconds = r.nextDouble(6, 10);
    double onset = p.latency + (early ? r.nextDouble(10, 40) : r.nextDouble(120, 600));
    int dips = 3 + r.nextInt(8);
    double[] at = DriveCurves.starts(r, onset, dips, period, 0.95, 1.05);
    double end = at[dips - 1] + dipSeconds + r.nextDouble(0.3, 0.8) * period;
    DoubleUnaryOperator profile =
        x -> {
          for (double a : at) {
            if (x >= a && x < a + dipSeconds) {
              return dip;
            }
          }
          return level;
        };
    p.seconds = end;
    SampleSeries s = sample(profile, p, r);
    double floor = meanOver(profile, at[0], at[dips - 1]);
    return new Made(
        s,
        Truth.ofLevels(Shape.THERMAL_THROTTLE, level, floor, true, s.flushSeconds()),
        f(
            "sawtooth %d dips %.1f->%.1f for %.1f s every %.1f s from %.0f s, dt %.2f, noise %.3f",
            dips, level, dip, dipSeconds, period, onset, p.interval, p.noise),
        p.noise);
  }

  /** Irregular swings with much time low (no TRIM), at any depth: gc-erratic. */
  public static Made irregular(SplittableRandom r) {
    Plan p = plan(r);
    double high = logUniform(r, 100, 3000);
    double low = high * logUniform(r, Math.max(0.01, 5 / high), 0.6);
    double seconds = r.nextDouble(300, 1500);
    java.util.List<Double> starts = new java.util.ArrayList<>();
    java.util.List<Double> levels = new java.util.ArrayList<>();
    starts.add(0.0);
    levels.add(high);
    double t = p.latency + r.nextDouble(10, 40);
    boolean down = true;
    while (t < seconds) {
      starts.add(t);
      levels.add(down ? low : high);
      t += down ? r.nextDouble(3, 30) : r.nextDouble(3, 40);
      down = !down;
    }
    p.seconds = seconds;
    DoubleUnaryOperator profile =
        steps(
            starts.stream().mapToDouble(Double::doubleValue).toArray(),
            levels.stream().mapToDouble(Double::doubleValue).toArray());
    SampleSeries s = sample(profile, p, r);
    return new Made(
        s,
        Truth.ofLevels(Shape.GC_ERRATIC, high, low, false, s.flushSeconds()),
        f("irregular %.1f/%.1f, dt %.2f, noise %.3f", high, low, p.interval, p.noise),
        p.noise);
  }

  /** Slow first, then full speed, sometimes slow again (the curve that ran backwards). */
  public static Made slowStart(SplittableRandom r) {
    Plan p = plan(r);
    double fast = logUniform(r, 100, 3000);
    double slow = fast * r.nextDouble(0.1, 0.5);
    double t1 = p.latency + r.nextDouble(Math.max(60, 15 * p.interval), 400);
    double t2 = t1 + r.nextDouble(Math.max(60, 15 * p.interval), 400);
    boolean again = r.nextBoolean();
    double end = again ? t2 + r.nextDouble(60, 400) : t2;
    p.seconds = end;
    DoubleUnaryOperator profile =
        steps(new double[] {0, t1, t2}, new double[] {slow, fast, again ? slow * 1.05 : fast});
    SampleSeries s = sample(profile, p, r);
    return new Made(
        s,
        Truth.ofLevels(Shape.GC_ERRATIC, slow, slow, false, s.flushSeconds()),
        f("slow start %.1f then %.1f, dt %.2f, noise %.3f", slow, fast, p.interval, p.noise),
        p.noise);
  }

  /** How the temperature goes on after a thermal step. */
  public enum After {
    CREEP,
    WANDER,
    FALL
  }

  /**
   * A modest step as the temperature reaches a threshold (100 to 80 MB/s at 45 °C), the temperature
   * then creeping, wandering or falling; from any start temperature.
   */
  public static Made temperatureStep(SplittableRandom r, After after) {
    Plan p = plan(r);
    double rate = logUniform(r, 50, 2000);
    double ratio = r.nextDouble(0.45, 0.8);
    double step = p.latency + r.nextDouble(Math.max(60, 15 * p.interval), 600);
    double startC = r.nextDouble(20, 40);
    double throttleC = startC + r.nextDouble(6, 30);
    double curve = r.nextDouble(0, 1);
    double rise = throttleC - startC;
    double slope = rise / step;
    double creep = r.nextDouble(0, 0.2) * slope;
    double fall = r.nextDouble(0.05, 0.4) * slope;
    double fallTo = r.nextDouble(2, 8);
    double afterSeconds = Math.max(60, step * r.nextDouble(0.5, 3));
    // Hovering: within a few degrees, for at least a cycle and a half of its wander.
    double wanderPeriod = r.nextDouble(30, Math.min(300, afterSeconds / 1.5));
    double wanderC = r.nextDouble(0.5, 2);
    p.temperature =
        t -> {
          if (t < step) {
            double x = t / step;
            double g = curve < 1e-6 ? x : (1 - Math.exp(-curve * x)) / (1 - Math.exp(-curve));
            return startC + rise * g;
          }
          double u = t - step;
          return switch (after) {
            case CREEP -> throttleC + creep * u;
            case WANDER -> throttleC + wanderC * Math.sin(2 * Math.PI * u / wanderPeriod);
            case FALL -> throttleC - fallTo * (1 - Math.exp(-fall * u / fallTo));
          };
        };
    p.seconds = step + afterSeconds;
    DoubleUnaryOperator profile = steps(new double[] {0, step}, new double[] {rate, ratio * rate});
    SampleSeries s = sample(profile, p, r);
    double job = DriveCurves.job(r, rate * (step - p.latency) / 1000, s.totalBytes() / 1e9);
    return new Made(
        s,
        new Truth(
            Shape.THERMAL_THROTTLE,
            rate,
            step,
            rate * (step - p.latency) / 1000,
            ratio * rate,
            throttleC,
            false,
            1,
            s.flushSeconds(),
            job,
            timeFor(profile, p.latency, job)),
        f(
            "temperature step %.1f->%.1f at %.0f s, %.1f->%.1f C then %s, dt %.2f, noise %.3f",
            rate, ratio * rate, step, startC, throttleC, after, p.interval, p.noise),
        p.noise);
  }

  /**
   * A cache cliff while the temperature keeps rising at the same slope, or after it had levelled
   * off long before: not heat.
   */
  public static Made cliffWhileHeating(SplittableRandom r, boolean levelledBefore) {
    Made m = cliff(r, 0);
    double cliff = m.truth().cliffSeconds();
    double startC = r.nextDouble(20, 40);
    // A drive heats by a few °C a minute, and levels off long before (half a minute or more).
    double slope = r.nextDouble(0.5, 5) / 60;
    double flatFrom = Math.max(0, cliff - Math.max(30, cliff * r.nextDouble(0.4, 0.8)));
    DoubleUnaryOperator temp =
        levelledBefore ? t -> startC + slope * Math.min(t, flatFrom) : t -> startC + slope * t;
    SampleSeries s = m.series();
    SampleSeries.Builder b = SampleSeries.builder(s.size()).media(s.media());
    SplittableRandom noise = r.split();
    boolean whole = r.nextBoolean();
    for (int i = 0; i < s.size(); i++) {
      double c = temp.applyAsDouble(s.timeSeconds(i)) + 0.15 * noise.nextGaussian();
      b.add(s.timeSeconds(i), s.writeMBps(i), s.bytes(i), whole ? Math.round(c) : c, Double.NaN);
    }
    b.flushSeconds(s.flushSeconds());
    return new Made(
        b.build(),
        m.truth(),
        m.what() + (levelledBefore ? ", levelled before" : ", heating"),
        m.noise());
  }

  /** A shingled disk: holds, then zero and slow intervals. */
  public static Made smr(SplittableRandom r) {
    Plan p = plan(r);
    p.interval = new double[] {1, 1, 2, 5}[r.nextInt(4)];
    p.latency = 0;
    p.media = Media.HDD;
    p.noise = r.nextDouble(0.01, 0.05);
    double level = r.nextDouble(80, 250);
    double hold = r.nextDouble(300, 3000);
    p.seconds = hold * r.nextDouble(1.5, 3);
    SplittableRandom after = r.split();
    double zeroChance = r.nextDouble(0.2, 0.4);
    // After the hold, episodes of a few seconds (longer at longer intervals, as a band's rewrite
    // takes what it takes): rewriting (nothing completes), slow, or full. The first is a rewrite.
    p.seconds = Math.max(p.seconds, hold + 100 * p.interval);
    double[] perSecond = new double[(int) Math.ceil(p.seconds) + 10];
    int second = (int) Math.floor(hold);
    java.util.Arrays.fill(perSecond, 0, Math.min(perSecond.length, second + 1), level);
    boolean first = true;
    while (second < perSecond.length) {
      int length = (int) Math.round((1 + after.nextInt(8)) * Math.max(1, p.interval / 2));
      if (first) {
        length = (int) Math.ceil(3 * p.interval) + after.nextInt(4);
      }
      double u = first ? 0 : after.nextDouble();
      first = false;
      double v =
          u < zeroChance ? 0 : u < zeroChance + 0.3 ? level * after.nextDouble(0.2, 0.45) : level;
      for (int k = 0; k < length && second < perSecond.length; k++) {
        perSecond[second++] = v;
      }
    }
    DoubleUnaryOperator profile =
        t -> t < hold ? level : perSecond[Math.min(perSecond.length - 1, (int) Math.floor(t))];
    // The onset one can see: the first second after the hold that is not at full speed.
    double onset = hold;
    while (profile.applyAsDouble(onset + 1e-6) >= level && onset < p.seconds) {
      onset = Math.floor(onset) + 1;
    }
    SampleSeries s = sample(profile, p, after);
    double floor = meanOver(profile, hold, p.seconds);
    return new Made(
        s,
        new Truth(
            Shape.SMR_STALLS,
            level,
            onset,
            level * onset / 1000,
            floor,
            null,
            false,
            0,
            s.flushSeconds(),
            Double.NaN,
            Double.NaN),
        f("smr %.1f for %.0f s, dt %.2f", level, hold, p.interval),
        p.noise);
  }

  /** A spinning disk's decline from outer to inner tracks, in a line with time. */
  public static Made zoned(SplittableRandom r) {
    Plan p = plan(r);
    p.interval = new double[] {1, 1, 2, 5}[r.nextInt(4)];
    p.media = Media.HDD;
    p.outlierRate = 0;
    double outer = r.nextDouble(150, 280);
    double inner = outer * r.nextDouble(0.45, 0.8);
    double seconds = r.nextDouble(1000, 20000);
    p.seconds = seconds;
    SampleSeries s = sample(t -> outer + (inner - outer) * t / seconds, p, r);
    return new Made(
        s,
        Truth.ofLevels(Shape.HDD_ZONED, outer, inner, false, s.flushSeconds()),
        f(
            "zoned %.1f->%.1f over %.0f s, dt %.2f, noise %.3f",
            outer, inner, seconds, p.interval, p.noise),
        p.noise);
  }

  /** Flat from start to end, long enough to be judged, now and then a stall. */
  public static Made flat(SplittableRandom r) {
    Plan p = plan(r);
    double level = logUniform(r, 5, 7000);
    p.seconds =
        r.nextDouble(UndeterminedDetector.Limits.DEFAULT.seconds() + 3 * p.interval + 3, 1500);
    p.stalls = r.nextInt(3) == 0 ? r.nextInt(4) : 0;
    SampleSeries s = sample(t -> level, p, r);
    double job = DriveCurves.job(r, 0, s.totalBytes() / 1e9);
    double truthFloor = level * (1 - p.stalls * p.interval / (p.seconds - p.latency));
    double rate = truthFloor;
    return new Made(
        s,
        new Truth(
            Shape.FLAT,
            level,
            null,
            null,
            truthFloor,
            null,
            false,
            0,
            s.flushSeconds(),
            job,
            timeFor(t -> rate, p.latency, job)),
        f(
            "flat %.1f for %.0f s, %d stalls, dt %.2f, noise %.3f",
            level, p.seconds, p.stalls, p.interval, p.noise),
        p.noise);
  }

  /**
   * A run of {@code intervals} intervals (the last a remainder) at one rate: undetermined unless it
   * has {@link UndeterminedDetector.Limits#seconds} of intervals after its start-up.
   */
  public static Made shortRun(SplittableRandom r, int intervals) {
    Plan p = plan(r);
    p.interval = new double[] {0.5, 1, 1, 1, 5}[r.nextInt(5)];
    double level = logUniform(r, 20, 7000);
    p.seconds = (intervals - 1 + p.lastFraction) * p.interval - 1e-9;
    // At least one interval writes at its full rate.
    p.latency = Math.min(p.latency, Math.max(0, (intervals - 2) * p.interval));
    SampleSeries s = sample(t -> level, p, r);
    int ramp = 0;
    while (ramp < s.size() - 1
        && Math.min(1, Math.max(0, (ramp + 1) * p.interval - p.latency) / p.interval) < 0.85) {
      ramp++;
    }
    int needed = (int) Math.ceil(UndeterminedDetector.Limits.DEFAULT.seconds() / p.interval - 1e-9);
    boolean judged = s.size() - ramp >= needed;
    double job = s.totalBytes() / 1e9 * r.nextDouble(1.5, 4);
    return new Made(
        s,
        new Truth(
            judged ? Shape.FLAT : Shape.UNDETERMINED,
            level,
            null,
            null,
            judged ? level : null,
            null,
            false,
            0,
            s.flushSeconds(),
            job,
            timeFor(t -> level, p.latency, job)),
        f(
            "short %d intervals of %.2f s (ramp %d) at %.1f, noise %.3f",
            s.size(), p.interval, ramp, level, p.noise),
        p.noise);
  }
}
