package dev.sustain.analysis;

import java.util.Arrays;

/**
 * Reads a write curve: finds its start-up ramp, its levels and what each detector sees in them,
 * names the shape by the rules below and reads its figures. Stateless and thread-safe; pure (no
 * clock, no files). The thresholds and why they have their values are in {@link Thresholds}; how
 * the analysis reads a curve, step by step, is in docs/ANALYSIS.md.
 *
 * <p>The shape rules, in the order they are tried:
 *
 * <ol>
 *   <li>undetermined ({@link UndeterminedDetector}): no lasting drop, and fewer than {@link
 *       UndeterminedDetector.Limits#seconds} of writing after the start-up ramp: too short to tell
 *       (the cache is at least what was written); or, when no rule below names a shape, a run that
 *       did not hold the level it started at (flat would say it did);
 *   <li>smr-stalls (spinning disk, or media not known and a disk's rate with empty stalls): zero
 *       and slow intervals set in after it held ({@link SpinningDiskDetector#smr});
 *   <li>hdd-zoned (spinning disk, or media not known and a disk's rate and pace): a gradual decline
 *       along a line with time, without a cliff and without stalls ({@link
 *       SpinningDiskDetector#zoned});
 *   <li>thermal-throttle: dips that come back at a regular spacing ({@link SawtoothDetector}, over
 *       {@link ThrottleDetector#sawtooth}), or any alternation at a steady period with time back at
 *       the high level ({@link CycleDetector}), tried before the erratic rule because a steady
 *       period is the more specific evidence (a starved translation layer swings at irregular
 *       times);
 *   <li>gc-erratic (not a spinning disk): irregular swings with much time low (near full speed, or
 *       deep: nearly stopped and back at half speed or more), or a slow start, or a start that
 *       swings and then speeds up ({@link ErraticDetector}), tried before a recovery because a
 *       recovery is one climb back to a level held, and a starved drive climbs back again and
 *       again;
 *   <li>thermal-throttle: a lasting drop and a lasting climb back ({@link RecoveryDetector}), or a
 *       drop at the temperature's bend ({@link TemperatureBend}), where a step too small for a
 *       cache's end counts as the drop ({@link CliffDetector#step});
 *   <li>cache-cliff: a sharp lasting drop that never recovers ({@link CliffDetector});
 *   <li>thermal-throttle: where no rule above read a shape, shallow cycles at a steady period whose
 *       low halves lie well outside the noise of the halves beside them ({@link CycleFold});
 *   <li>flat: anything else.
 * </ol>
 */
public final class Analyzer {

  private Analyzer() {}

  /** Analyses {@code series} without a job size. */
  public static Analysis analyze(SampleSeries series) {
    return analyze(series, -1);
  }

  /**
   * Analyses {@code series}.
   *
   * @param jobBytes a job size to project in bytes, or a negative number for none
   * @throws IllegalArgumentException when the series is empty
   */
  public static Analysis analyze(SampleSeries series, long jobBytes) {
    Curve c = new Curve(series);
    Findings f = detect(c);
    Shape shape = shape(c.s.media(), f);
    Findings.Sawtooth folded = shape == Shape.FLAT ? Detectors.SAWTEETH.folded(c) : null;
    if (folded != null) {
      // Cycles too shallow for a midline only where no other rule read a shape: the fold is the
      // weakest evidence of heat, and no more specific reading loses to it.
      f = f.with(folded);
      shape = Shape.THERMAL_THROTTLE;
    }
    Findings.Undetermined none =
        Detectors.UNDETERMINED.find(new Reading(c, f.stalls().intervals(), shape));
    if (none != null) {
      f = f.with(none);
      shape = Shape.UNDETERMINED;
    }
    return Figures.of(c, f, shape, jobBytes);
  }

  /** The shape, by the rules of the class comment, in their order. */
  static Shape shape(Media media, Findings f) {
    boolean disk = media == Media.HDD;
    boolean flash = media == Media.SSD;
    if (f.undetermined() != null) {
      return Shape.UNDETERMINED;
    } else if (!flash && f.smr() != null) {
      return Shape.SMR_STALLS;
    } else if (!flash && f.zoned() != null) {
      return Shape.HDD_ZONED;
    } else if (f.sawtooth() != null) {
      return Shape.THERMAL_THROTTLE;
    } else if (!disk && f.erratic() != null) {
      return Shape.GC_ERRATIC;
    } else if (f.recovery() != null || (f.bend() != null && f.bend().thermal())) {
      return Shape.THERMAL_THROTTLE;
    } else if (f.cliff() != null) {
      return Shape.CACHE_CLIFF;
    }
    return Shape.FLAT;
  }

  /** Runs every detector over the prepared curve. */
  static Findings detect(Curve c) {
    // The stalls are read from the curve alone; the detectors after them read their count.
    Findings.Stalls stalls = Detectors.STALLS.find(new Reading(c, 0, null));
    Reading r = new Reading(c, stalls.intervals(), null);
    Findings.Cliff cliff = Detectors.CLIFF.find(r);
    Findings.TemperatureBend bend =
        Detectors.BEND.find(new Reading(c, stalls.intervals(), null, cliff, null));
    if (cliff == null) {
      // A step too small for a cache's end is a throttle's when the temperature stopped rising at
      // it: then it is the drop, read as a cliff is.
      Findings.Cliff step = Detectors.CLIFFS.step(c);
      Findings.TemperatureBend atStep =
          step == null ? null : Detectors.TEMPERATURE.modest(c, step.seconds());
      if (atStep != null && atStep.thermal()) {
        cliff = step;
        bend = atStep;
      }
    }
    Findings.Fall fall = Detectors.FALL.find(new Reading(c, stalls.intervals(), null, cliff, null));
    Findings.Undetermined undetermined =
        Detectors.UNDETERMINED.find(new Reading(c, stalls.intervals(), null, cliff, fall));
    Findings.Smr smr = null;
    Findings.Zoned zoned = null;
    if (c.s.media() != Media.SSD) {
      // Told nothing of the media, the detectors ask also for a disk's rate and pace.
      smr = Detectors.SMR.find(r);
      zoned = smr == null && cliff == null ? Detectors.ZONED.find(r) : null;
    }
    // The CPU-bound flag is read once the shape is named (Figures.withCpuBound).
    return Findings.of(
        c.lasting,
        Detectors.RAMP.find(r),
        stalls,
        undetermined,
        cliff,
        Detectors.RECOVERY.find(r),
        Detectors.SAWTOOTH.find(r),
        bend,
        Detectors.ERRATIC.find(r),
        smr,
        zoned,
        Detectors.LINK_CAP.find(r),
        Detectors.SPIKES.find(r),
        fall);
  }

  /**
   * How long a level must hold to count as lasting, in seconds: 1% of the run, at least 5
   * intervals, at most 30 s (a 13 GB cache fills in a few seconds even in a 28-hour run).
   */
  public static double lastingSeconds(SampleSeries series) {
    return Curve.lastingSeconds(series);
  }

  /**
   * The seconds a job of {@code jobBytes} takes: along the measured curve while it lasts, then at
   * {@code rateMBps}. Infinite when the job outruns the curve and the rate is zero.
   */
  public static double projectSeconds(SampleSeries series, long jobBytes, double rateMBps) {
    long done = 0;
    double origin = series.size() == 0 ? 0 : series.startSeconds(0);
    for (int i = 0; i < series.size(); i++) {
      long b = series.bytes(i);
      if (b > 0 && done + b >= jobBytes) {
        double fraction = (jobBytes - done) / (double) b;
        return series.startSeconds(i) + fraction * series.intervalSeconds(i) - origin;
      }
      done += b;
    }
    double measured = series.durationSeconds();
    if (jobBytes <= done) {
      return measured;
    }
    if (!(rateMBps > 0)) {
      return Double.POSITIVE_INFINITY;
    }
    return measured + (jobBytes - done) / (rateMBps * 1e6);
  }

  /** The figures of a shape, read from the curve and the findings. */
  static final class Figures {

    private Figures() {}

    static Analysis of(Curve c, Findings found, Shape shape, long jobBytes) {
      double[] after = Arrays.copyOfRange(c.r, c.from, c.n);
      double[] sorted = after.clone();
      Arrays.sort(sorted);
      double mean = c.meanMBps(c.from, c.n);
      Findings.Cliff cliff = found.cliff();
      boolean sawtooth = shape == Shape.THERMAL_THROTTLE && found.sawtooth() != null;
      boolean stepped =
          (shape == Shape.CACHE_CLIFF || shape == Shape.THERMAL_THROTTLE) && !sawtooth;
      CacheFigures cache = CacheFigures.of(c, found, shape, stepped);
      Double floor = floor(c, found, shape, mean);
      double burst = burst(c, found, shape, sawtooth);
      double total = c.cumulative[c.n];
      boolean noCliffSeen = shape == Shape.FLAT || shape == Shape.UNDETERMINED;
      return new Analysis(
          shape,
          burst,
          cache.gigabytes(),
          noCliffSeen && !noShapeFits(found) ? noCliffGB(found, total) : null,
          cache.cliffSeconds(),
          cache.stages(),
          floor,
          stepped && cliff != null && cliff.floorMayBeLower(),
          cache.afterMBps(),
          averageMBps(c),
          sorted[0],
          Stats.sortedQuantile(sorted, 0.5),
          sorted[sorted.length - 1],
          Math.sqrt(Stats.variance(after)),
          found.stalls().seconds(),
          c.s.flushSeconds(),
          found.recovery() != null && shape == Shape.THERMAL_THROTTLE || sawtooth,
          throttleC(found, shape),
          c.segments,
          c.plateaus,
          withCpuBound(c, found, shape),
          projection(c, jobBytes, floor, burst, noCliffSeen),
          c.sigmaMBps,
          c.s.durationSeconds(),
          total / 1e9,
          c.s.media(),
          cache.cliffSeconds() == null ? null : stalledBefore(c, cache.cliffSeconds()));
    }

    /** The seconds of stall intervals after the start-up that began before {@code seconds}. */
    private static double stalledBefore(Curve c, double seconds) {
      double stalled = 0;
      for (int i = c.from; i < c.n && c.startOf(i) < seconds; i++) {
        if (c.stall(i)) {
          stalled += c.s.intervalSeconds(i);
        }
      }
      return stalled;
    }

    /** The findings with the CPU-bound flag, which is read once the shape is named. */
    private static Findings withCpuBound(Curve c, Findings found, Shape shape) {
      Findings.CpuBound cpu =
          Detectors.CPU_BOUND.find(new Reading(c, found.stalls().intervals(), shape));
      return cpu == null ? found : found.with(cpu);
    }

    /**
     * The burst of each shape (see {@link Analysis#burstMBps}): the first lasting level, but a
     * zoned disk's outer zone, a sawtooth's level before or between its dips, and an erratic
     * drive's full speed.
     */
    private static double burst(Curve c, Findings found, Shape shape, boolean sawtooth) {
      Findings.Sawtooth saw = found.sawtooth();
      if (shape == Shape.HDD_ZONED) {
        return found.zoned().startMBps();
      } else if (sawtooth && !levelBefore(c, saw.onsetSeconds())) {
        // The level it dips from, read between all the dips, unless a lasting level came before
        // them: the burst is the first lasting level, whatever comes after it (a throttle that
        // sets in late holds a lower level between its dips than the drive held cool).
        return levelBeforeOnset(c, saw);
      } else if (sawtooth) {
        // A throttle only lowers the rate: a first level below the level between the dips is a
        // low half of a cycle under way from the start, not a cooler level.
        return Math.max(c.burst, saw.levelMBps());
      } else if (shape == Shape.GC_ERRATIC && found.erratic().swinging()) {
        return fullSpeed(c, found.erratic());
      }
      return c.burst;
    }

    /** The average rate over the run and its flush, or the one the source reported. */
    private static double averageMBps(Curve c) {
      if (!Double.isNaN(c.s.reportedAverageMBps())) {
        return c.s.reportedAverageMBps();
      }
      double seconds = c.s.durationSeconds() + c.s.flushSeconds();
      return seconds > 0 ? c.cumulative[c.n] / 1e6 / seconds : 0;
    }

    /** The temperature a throttle set in at, to 0.1 °C, when the temperature's bend read it. */
    private static Double throttleC(Findings f, Shape shape) {
      if (shape == Shape.THERMAL_THROTTLE && f.bend() != null && f.bend().thermal()) {
        return Math.round(f.bend().bendC() * 10) / 10.0;
      }
      return null;
    }

    /**
     * How long a job of {@code jobBytes} takes (null for none): along the curve, then at the floor;
     * past what was measured with no cliff seen, it assumes the rate holds (see {@link
     * Projection}).
     */
    private static Projection projection(
        Curve c, long jobBytes, Double floor, double burst, boolean noCliffSeen) {
      if (jobBytes < 0) {
        return null;
      }
      // Too short for a floor: the level it held (an odd interval in a few is not the rate).
      double rate = floor != null ? floor : burst;
      return new Projection(
          jobBytes / 1e9,
          projectSeconds(c.s, jobBytes, rate),
          rate,
          noCliffSeen && jobBytes > c.cumulative[c.n]);
    }

    /**
     * Whether no shape fits a run long enough to have one: it claims nothing of a cache either,
     * since its rate did not hold the level it started at.
     */
    private static boolean noShapeFits(Findings f) {
      return f.undetermined() != null && !f.undetermined().tooShort();
    }

    /**
     * The GB a flat or undetermined run wrote without a cliff: all of it, or what came before a
     * fall at its end that was too recent to tell (the cache, if any, is at least that).
     */
    private static double noCliffGB(Findings f, double totalBytes) {
      return f.fall() != null ? f.fall().gigabytes() : totalBytes / 1e9;
    }

    /** The floor of each shape (see {@link Analysis#floorMBps}). */
    private static Double floor(Curve c, Findings f, Shape shape, double mean) {
      return switch (shape) {
        case UNDETERMINED -> null;
        // The run's mean, but never above the level it started at: a flat run that rose a little
        // lives with at least its start, and a floor above the burst says nothing true.
        case FLAT -> Math.min(mean, c.burst);
        case SMR_STALLS -> f.smr().afterMBps();
        case HDD_ZONED -> f.zoned().endMBps();
        case CACHE_CLIFF -> f.cliff().lowestMBps();
        case THERMAL_THROTTLE -> {
          if (f.sawtooth() != null) {
            yield f.sawtooth().meanMBps();
          } else if (f.recovery() != null) {
            yield f.recovery().lowMBps();
          }
          yield f.cliff().lowestMBps();
        }
        case GC_ERRATIC -> lowState(c, f.erratic(), mean);
      };
    }

    /**
     * The level an erratic drive falls to: the median of its intervals in the low state (below the
     * low line; with only a slow start, the slow level). A median, because the intervals a swing
     * fell in are half low and half high and would pull a mean up.
     */
    private static double lowState(Curve c, Findings.Erratic e, double mean) {
      if (e.slowStart() != null && !e.swinging()) {
        // The slow level is the one the run started at: read as the burst is (without its stalls
        // and transitions), it is never above it.
        return Math.min(e.slowStart().meanMBps(), c.burst);
      }
      double[] low = new double[c.n - c.from];
      int m = 0;
      for (int i = c.from; i < c.n; i++) {
        if (!c.stall(i) && c.r[i] < e.lowLineMBps()) {
          low[m++] = c.r[i];
        }
      }
      return m > 0 ? Stats.median(Arrays.copyOf(low, m)) : mean;
    }

    /**
     * The rate the run held before a sawtooth's onset when that time lasted (the first level,
     * merged in the plateaus with the slightly lower one between the dips): the median of its write
     * intervals, so a spike or a stall does not move it. Else the level between the dips.
     */
    private static double levelBeforeOnset(Curve c, Findings.Sawtooth saw) {
      double[] before = new double[c.n - c.from];
      int m = 0;
      for (int i = c.from; i < c.n && c.endOf(i) <= saw.onsetSeconds(); i++) {
        if (!c.stall(i)) {
          before[m++] = c.r[i];
        }
      }
      if (m < Thresholds.LASTING_MIN_SAMPLES || m * c.interval < c.lasting) {
        return saw.levelMBps();
      }
      // A throttle only lowers the rate: a start below the level between the dips holds a low
      // half the train did not count (a cycle under way from the start), not a cooler level.
      return Math.max(Stats.median(Arrays.copyOf(before, m)), saw.levelMBps());
    }

    /** Whether the first plateau lasted and ended by {@code seconds}: a level of its own before. */
    private static boolean levelBefore(Curve c, double seconds) {
      Segment first = c.plateaus.getFirst();
      return c.lastingLevel(first) && c.startOf(first.endIndex() - 1) <= seconds + c.interval;
    }

    /** An erratic drive's full speed: the median of its intervals above the high line. */
    private static double fullSpeed(Curve c, Findings.Erratic e) {
      double[] high = new double[c.n - c.from];
      int m = 0;
      for (int i = c.from; i < c.n; i++) {
        if (c.r[i] > e.highLineMBps()) {
          high[m++] = c.r[i];
        }
      }
      return m > 0 ? Stats.median(Arrays.copyOf(high, m)) : c.burst;
    }
  }
}
