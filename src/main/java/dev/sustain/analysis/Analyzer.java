package dev.sustain.analysis;

import dev.sustain.unit.Durations;
import dev.sustain.unit.Units;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads a write curve: segments it, finds the burst, the first lasting drop (the cliff), the floor
 * and the stalls, names the shape by the rules of the field reports and says why, with the numbers.
 * Stateless and thread-safe; pure (no clock, no files).
 *
 * <p>The rules, in the order they are tried:
 *
 * <ol>
 *   <li>smr-stalls (spinning disk): at least 10 zero intervals, beginning after the first 5% of the
 *       run, and at least 1% of the intervals from then on are zero;
 *   <li>hdd-zoned (spinning disk): no sharp lasting step, the last tenth at most 85% of the first
 *       tenth, almost no stalls;
 *   <li>gc-erratic: at least 3 swings from below 30% to above 70% of the high level (p95), with 10%
 *       of the time or more on each side and swings in both halves of the run (zero seconds are
 *       stalls and do not count as swings); or a lasting slow start (at least 5% of the run) below
 *       60% of a later lasting plateau;
 *   <li>thermal-throttle: a lasting drop followed by a lasting climb back (+15% and +5% of the best
 *       level), or two or more dips of at least 20% from the full level that come back to it within
 *       10%, or a sharp lasting drop just as a temperature that rose 3 °C or more levels off;
 *   <li>cache-cliff: a sharp lasting drop below 85% of the burst that never recovers;
 *   <li>flat: anything else.
 * </ol>
 *
 * A drop is lasting when the lower level holds for at least {@link #lastingSeconds}; it is sharp
 * when the step between the two plateaus is at least half of the drop from the burst and 15% of the
 * level before it, and the medians of up to 20 samples either side of the change point differ by at
 * least half that step (a ramp has small local differences however large its total decline), and
 * the plateaus inside change less than a third of the step. Every drop, recovery and dip must also
 * differ from its neighbour by {@value #SIGNIFICANCE} standard errors, so noise does not become a
 * throttle.
 */
public final class Analyzer {

  /** A plateau below this fraction of the burst is a drop. */
  static final double DROP_FRACTION = 0.85;

  /** A plateau this much above the low point after a drop is a recovery. */
  static final double RECOVERY_FRACTION = 1.15;

  /** Neighbouring plateaus closer than this fraction are one level. */
  static final double PLATEAU_MERGE_FRACTION = 0.08;

  /** Standard errors by which two plateaus must differ to be different levels. */
  static final double SIGNIFICANCE = 5.0;

  /** A plateau must have at least this many samples; shorter segments fold into a neighbour. */
  static final int MIN_PLATEAU_SAMPLES = 3;

  /** The burst within this fraction of the link's ceiling means the link sets the peak. */
  static final double LINK_CAP_FRACTION = 0.10;

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
    return new Run(series).analyze(jobBytes);
  }

  /**
   * How long a level must hold to count as lasting, in seconds: 1% of the run, at least 5 samples,
   * at most 30 s (a 13 GB cache fills in a few seconds even in a 28-hour run).
   */
  public static double lastingSeconds(SampleSeries series) {
    double typical = series.size() == 0 ? 1 : series.intervalSeconds(series.size() - 1);
    if (series.size() > 2) {
      double[] dt = new double[series.size()];
      for (int i = 0; i < dt.length; i++) {
        dt[i] = series.intervalSeconds(i);
      }
      typical = Stats.median(dt);
    }
    return Math.max(5 * typical, Math.min(30.0, 0.01 * series.durationSeconds()));
  }

  /**
   * The seconds a job of {@code jobBytes} takes: along the measured curve while it lasts, then at
   * {@code floorMBps}. Infinite when the job outruns the curve and the floor is zero.
   */
  public static double projectSeconds(SampleSeries series, long jobBytes, double floorMBps) {
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
    if (floorMBps <= 0) {
      return Double.POSITIVE_INFINITY;
    }
    return measured + (jobBytes - done) / (floorMBps * 1e6);
  }

  /**
   * Groups segments into plateaus: short ones fold into the closer neighbour, then neighbours
   * closer than 8% or within 5 standard errors of each other merge.
   */
  static List<Segment> plateaus(SampleSeries s, List<Segment> segments) {
    long[] cumulative = new long[s.size() + 1];
    for (int i = 0; i < s.size(); i++) {
      cumulative[i + 1] = cumulative[i] + s.bytes(i);
    }
    // Short fine segments are transitions (the interval a cliff fell in, a run's first
    // intervals): they belong to a plateau's bytes but not to its level or its spread.
    boolean[] transition = new boolean[s.size()];
    for (Segment g : segments) {
      if (g.sampleCount() < MIN_PLATEAU_SAMPLES) {
        Arrays.fill(transition, g.startIndex(), g.endIndex(), true);
      }
    }
    List<int[]> r = new ArrayList<>();
    for (Segment g : segments) {
      r.add(new int[] {g.startIndex(), g.endIndex()});
    }
    // Short segments first: a stall or a spike is not a level of its own.
    while (r.size() > 1) {
      int shortest = -1;
      for (int i = 0; i < r.size(); i++) {
        int len = r.get(i)[1] - r.get(i)[0];
        if (len < MIN_PLATEAU_SAMPLES && (shortest < 0 || len < len(r.get(shortest)))) {
          shortest = i;
        }
      }
      if (shortest < 0) {
        break;
      }
      double m = mean(s, cumulative, r.get(shortest));
      int into;
      if (shortest == 0) {
        into = 1;
      } else if (shortest == r.size() - 1) {
        into = shortest - 1;
      } else {
        double dl = Math.abs(mean(s, cumulative, r.get(shortest - 1)) - m);
        double dr = Math.abs(mean(s, cumulative, r.get(shortest + 1)) - m);
        into = dl <= dr ? shortest - 1 : shortest + 1;
      }
      join(r, Math.min(shortest, into));
    }
    // Then neighbours at one level: closer than 8%, or not 5 standard errors apart.
    double relNoise = Segmenter.relativeNoise(s.writeMBpsArray());
    while (r.size() > 1) {
      int best = -1;
      double bestScore = 1;
      for (int i = 0; i + 1 < r.size(); i++) {
        double a = levelMean(s, transition, r.get(i));
        double b = levelMean(s, transition, r.get(i + 1));
        double level = Math.max(Math.max(a, b), 1e-12);
        double rel = Math.abs(a - b) / level;
        double sigma = relNoise * level;
        double inside =
            Math.max(spread(s, transition, r.get(i)), spread(s, transition, r.get(i + 1)));
        if (!Double.isNaN(inside)) {
          sigma = Math.min(sigma, inside);
        }
        double se = sigma * Math.sqrt(1.0 / len(r.get(i)) + 1.0 / len(r.get(i + 1)));
        double score =
            Math.min(rel / PLATEAU_MERGE_FRACTION, Math.abs(a - b) / (SIGNIFICANCE * se + 1e-12));
        if (score < bestScore) {
          bestScore = score;
          best = i;
        }
      }
      if (best < 0) {
        break;
      }
      join(r, best);
    }
    List<Segment> out = new ArrayList<>(r.size());
    for (int[] range : r) {
      int lf = range[0];
      int lt = range[1];
      while (lf < lt - 1 && transition[lf]) {
        lf++;
      }
      while (lt - 1 > lf && transition[lt - 1]) {
        lt--;
      }
      out.add(Segment.of(s, range[0], range[1], lf, lt));
    }
    return out;
  }

  /** The mean rate of a range without its transition samples (all of it if that is all). */
  private static double levelMean(SampleSeries s, boolean[] transition, int[] range) {
    double sum = 0;
    int m = 0;
    for (int i = range[0]; i < range[1]; i++) {
      if (!transition[i]) {
        sum += s.writeMBps(i);
        m++;
      }
    }
    if (m == 0) {
      for (int i = range[0]; i < range[1]; i++) {
        sum += s.writeMBps(i);
        m++;
      }
    }
    return sum / m;
  }

  /** The standard deviation of a range's non-zero, non-transition samples; NaN under 3. */
  private static double spread(SampleSeries s, boolean[] transition, int[] range) {
    double sum = 0;
    double sumSq = 0;
    int m = 0;
    for (int i = range[0]; i < range[1]; i++) {
      if (s.bytes(i) > 0 && !transition[i]) {
        double v = s.writeMBps(i);
        sum += v;
        sumSq += v * v;
        m++;
      }
    }
    if (m < 3) {
      return Double.NaN;
    }
    double mean = sum / m;
    return Math.sqrt(Math.max(0, (sumSq - m * mean * mean) / (m - 1)));
  }

  private static int len(int[] range) {
    return range[1] - range[0];
  }

  private static void join(List<int[]> r, int i) {
    r.get(i)[1] = r.get(i + 1)[1];
    r.remove(i + 1);
  }

  private static double mean(SampleSeries s, long[] cumulative, int[] range) {
    long b = cumulative[range[1]] - cumulative[range[0]];
    double sec = s.timeSeconds(range[1] - 1) - s.startSeconds(range[0]);
    return sec > 0 ? b / 1e6 / sec : 0;
  }

  /** One analysis in progress: the series and what has been found so far. */
  private static final class Run {
    private final SampleSeries s;
    private final int n;
    private final double[] r;
    private final List<String> evidence = new ArrayList<>();
    private final List<String> advice = new ArrayList<>();
    private boolean[] transition;
    private double relativeNoise;

    Run(SampleSeries s) {
      if (s.size() == 0) {
        throw new IllegalArgumentException("no samples to analyse");
      }
      this.s = s;
      this.n = s.size();
      this.r = s.writeMBpsArray();
    }

    Analysis analyze(long jobBytes) {
      double duration = s.durationSeconds();
      long totalBytes = s.totalBytes();
      double sampleMean = duration > 0 ? totalBytes / 1e6 / duration : 0;
      double average = Double.isNaN(s.reportedAverageMBps()) ? sampleMean : s.reportedAverageMBps();
      double[] sorted = r.clone();
      Arrays.sort(sorted);
      double min = sorted[0];
      double max = sorted[n - 1];
      double median = Stats.sortedQuantile(sorted, 0.5);
      double p95 = Stats.sortedQuantile(sorted, 0.95);
      double stdev = stdev(r);
      int stalls = 0;
      double stallSeconds = 0;
      for (int i = 0; i < n; i++) {
        if (isStall(i)) {
          stalls++;
          stallSeconds += s.intervalSeconds(i);
        }
      }
      double sigma = Segmenter.noiseSigmaMBps(r);
      relativeNoise = Segmenter.relativeNoise(r);
      List<Segment> segments = Segmenter.segment(s);
      transition = new boolean[n];
      for (Segment g : segments) {
        if (g.sampleCount() < MIN_PLATEAU_SAMPLES) {
          Arrays.fill(transition, g.startIndex(), g.endIndex(), true);
        }
      }
      List<Segment> plateaus = plateaus(s, segments);
      double lasting = lastingSeconds(s);
      double burst = plateaus.get(0).meanMBps();
      if (burst <= 0 && plateaus.size() > 1) {
        burst = plateaus.get(1).meanMBps();
      }
      List<Segment> lastingPlateaus = new ArrayList<>();
      for (Segment p : plateaus) {
        if (p.durationSeconds() >= lasting && p.meanMBps() > 0.02 * Math.max(burst, p95)) {
          lastingPlateaus.add(p);
        }
      }

      int drop = findSharpDrop(plateaus, burst, lasting);
      Recovery recovery = findRecovery(lastingPlateaus);
      int dips = countDips(plateaus, burst);
      Swings swings = swings(p95);
      Segment slowStart = slowStart(lastingPlateaus, lasting, duration);
      TempAtDrop temp = drop >= 0 ? tempAtDrop(plateaus.get(drop).startIndex()) : null;
      if (temp == null && !plateaus.isEmpty()) {
        int first = firstLowPlateau(plateaus, burst);
        temp = first >= 0 ? tempAtDrop(plateaus.get(first).startIndex()) : null;
      }
      boolean tempLevels = drop >= 0 && temp != null && temp.rose() && temp.levelled();

      Shape shape;
      int smrOnset = s.media() == Media.HDD ? smrOnset(stalls, plateaus) : -1;
      boolean zoned = false;
      double earlyMean = 0;
      double lateMean = 0;
      if (s.media() == Media.HDD && smrOnset < 0 && drop < 0) {
        int tenth = Math.max(1, n / 10);
        earlyMean = nonStallMean(0, tenth);
        lateMean = nonStallMean(n - tenth, n);
        zoned = lateMean <= DROP_FRACTION * earlyMean && stalls <= Math.max(2, n / 100);
      }
      if (smrOnset >= 0) {
        shape = Shape.SMR_STALLS;
      } else if (zoned) {
        shape = Shape.HDD_ZONED;
      } else if (s.media() != Media.HDD && (swings.erratic() || slowStart != null)) {
        shape = Shape.GC_ERRATIC;
      } else if (recovery != null || dips >= 2 || tempLevels) {
        shape = Shape.THERMAL_THROTTLE;
      } else if (drop >= 0) {
        shape = Shape.CACHE_CLIFF;
      } else {
        shape = Shape.FLAT;
      }

      Double cliffSeconds = null;
      Double cacheGB = null;
      Double afterCache = null;
      int cliffIndex = -1;
      if (shape == Shape.SMR_STALLS) {
        cliffIndex = smrOnset;
      } else if (drop >= 0 && shape != Shape.GC_ERRATIC) {
        cliffIndex = plateaus.get(drop).startIndex();
      }
      if (cliffIndex > 0) {
        long before = 0;
        for (int i = 0; i < cliffIndex; i++) {
          before += s.bytes(i);
        }
        cliffSeconds = s.startSeconds(cliffIndex) - s.startSeconds(0);
        cacheGB = before / 1e9;
        double afterSeconds = s.timeSeconds(n - 1) - s.startSeconds(cliffIndex);
        afterCache = afterSeconds > 0 ? (totalBytes - before) / 1e6 / afterSeconds : 0.0;
      }

      double floor;
      if (shape == Shape.FLAT) {
        floor = sampleMean;
      } else if (shape == Shape.SMR_STALLS) {
        floor = afterCache;
      } else {
        // The floor is a level the drive sustains: a plateau of a few seconds that noise made
        // is not one, so candidates must last 5% of the run (up to a minute) where any do.
        double floorLasting = Math.max(lasting, Math.min(60, 0.05 * duration));
        floor = lowestAfter(lastingPlateaus, cliffIndex, floorLasting);
        if (Double.isNaN(floor)) {
          floor = lowestAfter(lastingPlateaus, cliffIndex, lasting);
        }
        if (Double.isNaN(floor)) {
          floor = afterCache != null ? afterCache : sampleMean;
        }
      }

      Double throttleTemp = null;
      if (shape == Shape.THERMAL_THROTTLE && temp != null && temp.rose()) {
        throttleTemp = round1(temp.atDropC());
      }

      // Evidence: the decisive numbers first, then the context.
      String lastingText = Durations.format(lasting);
      switch (shape) {
        case SMR_STALLS -> {
          int zerosAfter = 0;
          for (int i = smrOnset; i < n; i++) {
            zerosAfter += isStall(i) ? 1 : 0;
          }
          evidence.add(
              "Held "
                  + Units.rate(nonStallMean(0, smrOnset))
                  + " for "
                  + Durations.format(cliffSeconds)
                  + ", then "
                  + zerosAfter
                  + " of the remaining "
                  + (n - smrOnset)
                  + " intervals ("
                  + pct(zerosAfter / (double) (n - smrOnset))
                  + ") wrote nothing and the rate fell to "
                  + Units.rate(afterCache)
                  + ": a shingled (SMR) disk rewriting its bands.");
          advice.add(
              "This is a shingled (SMR) disk: for large backups choose a CMR disk, or expect "
                  + Units.rate(afterCache)
                  + " once its fast zone is full.");
        }
        case HDD_ZONED -> {
          evidence.add(
              "Declined gradually from "
                  + Units.rate(earlyMean)
                  + " in the first tenth to "
                  + Units.rate(lateMean)
                  + " in the last, over "
                  + Durations.format(duration)
                  + ", with no sharp lasting step (largest step between plateaus "
                  + Units.rate(largestStep(plateaus))
                  + ") and "
                  + stalls
                  + " zero intervals: outer to inner tracks.");
          advice.add(
              "Nothing to fix: a spinning disk is slower on its inner tracks; plan by the floor.");
        }
        case GC_ERRATIC -> {
          if (swings.erratic()) {
            evidence.add(
                "Swung "
                    + swings.lowToHigh()
                    + " times between near zero (below "
                    + Units.rate(0.3 * p95)
                    + ") and full speed (above "
                    + Units.rate(0.7 * p95)
                    + "): low "
                    + pct(swings.lowFraction())
                    + " of the time, high "
                    + pct(swings.highFraction())
                    + "; min/median/max "
                    + Units.mbps(min)
                    + "/"
                    + Units.mbps(median)
                    + "/"
                    + Units.mbps(max)
                    + " MB/s.");
          }
          if (slowStart != null) {
            evidence.add(
                "Started slow at "
                    + Units.rate(slowStart.meanMBps())
                    + " for "
                    + Durations.format(slowStart.durationSeconds())
                    + ", then reached "
                    + Units.rate(maxMean(lastingPlateaus))
                    + ": neither a cache nor heat starts slow and speeds up.");
          }
          evidence.add(
              "A translation layer short of free blocks collects garbage while it writes.");
          advice.add(
              "Free the drive's blocks: TRIM it (fstrim, or a format that issues UNMAP/deallocate),"
                  + " then measure again.");
        }
        case THERMAL_THROTTLE -> {
          if (recovery != null) {
            evidence.add(
                "Fell from "
                    + Units.rate(recovery.fromMBps())
                    + " to "
                    + Units.rate(recovery.lowMBps())
                    + " and climbed back to "
                    + Units.rate(recovery.backMBps())
                    + " at "
                    + Durations.format(recovery.atSeconds())
                    + " while still writing: a full cache does not refill mid-write, a cooled"
                    + " controller speeds up.");
          }
          if (dips >= 2) {
            evidence.add(
                dips
                    + " dips of 20% or more from "
                    + Units.rate(burst)
                    + " that came back to the same level.");
          }
          if (tempLevels) {
            evidence.add(
                "The drop to "
                    + Units.rate(plateaus.get(drop).meanMBps())
                    + " at "
                    + Durations.format(s.startSeconds(plateaus.get(drop).startIndex()))
                    + " came as the temperature, having risen from "
                    + Units.fixed(temp.startC(), 0)
                    + " to "
                    + Units.fixed(temp.atDropC(), 0)
                    + " °C, levelled off (at most "
                    + Units.fixed(temp.maxAfterC(), 0)
                    + " °C after).");
          }
          advice.add(
              "Cool the drive: a fan or an enclosure with a heatsink; let a passive drive rest"
                  + " between long transfers.");
        }
        case CACHE_CLIFF -> {
          Segment p = plateaus.get(drop);
          int steps = 0;
          for (Segment q : plateaus) {
            if (q.startIndex() >= p.startIndex()
                && q.durationSeconds() >= lasting
                && q.meanMBps() > 0) {
              steps++;
            }
          }
          evidence.add(
              "Held "
                  + Units.rate(burst)
                  + " for "
                  + gb(cacheGB)
                  + " ("
                  + Durations.format(cliffSeconds)
                  + "), then dropped to "
                  + Units.rate(p.meanMBps())
                  + " at "
                  + Durations.format(cliffSeconds)
                  + (steps > 1 ? " and stepped down to " + Units.rate(floor) : "")
                  + ", and never came back in the remaining "
                  + Durations.format(duration - cliffSeconds)
                  + ": the fast cache was full.");
        }
        case FLAT -> {
          evidence.add(
              "Held "
                  + Units.rate(sampleMean)
                  + " from start to end: min "
                  + Units.mbps(min)
                  + ", median "
                  + Units.mbps(median)
                  + ", max "
                  + Units.mbps(max)
                  + " MB/s, stdev "
                  + Units.mbps(stdev)
                  + " MB/s; no lasting drop below "
                  + Units.rate(DROP_FRACTION * burst)
                  + " (85% of the burst).");
        }
      }
      if (shape != Shape.SMR_STALLS && stalls > 0) {
        evidence.add(
            stalls
                + (stalls == 1 ? " interval" : " intervals")
                + " ("
                + Units.fixed(stallSeconds, stallSeconds < 10 ? 1 : 0)
                + " s) in which nothing completed (stalls).");
      }

      boolean linkCapped = false;
      double ceiling = s.linkCeilingMBps();
      if (!Double.isNaN(ceiling) && Math.abs(burst - ceiling) <= LINK_CAP_FRACTION * ceiling) {
        linkCapped = true;
        evidence.add(
            "The burst of "
                + Units.rate(burst)
                + " is within 10% of the link's practical ceiling of "
                + Units.rate(ceiling)
                + ": the link, not the drive, sets the peak"
                + (shape == Shape.FLAT ? ", and it may hide a cliff." : "."));
        advice.add(
            "The link limits the peak: a faster port, cable or enclosure may show more"
                + (shape == Shape.FLAT ? " (and may reveal a cliff the link now hides)." : "."));
      }
      boolean cpuBound = cpuBound(shape, sampleMean, stdev);

      if (shape == Shape.CACHE_CLIFF) {
        advice.add(
            "Jobs up to about "
                + gb(cacheGB)
                + " run at "
                + Units.rate(burst)
                + "; beyond that plan with the floor of "
                + Units.rate(floor)
                + ".");
      }
      if (advice.isEmpty()) {
        advice.add("Nothing to do: the drive holds its rate.");
      }

      Projection projection = null;
      if (jobBytes >= 0) {
        projection = new Projection(jobBytes / 1e9, projectSeconds(s, jobBytes, floor));
      }
      return new Analysis(
          shape,
          burst,
          cacheGB,
          cliffSeconds,
          floor,
          afterCache,
          average,
          min,
          median,
          max,
          stdev,
          stallSeconds,
          recovery != null || (shape == Shape.THERMAL_THROTTLE && dips >= 2),
          throttleTemp,
          segments,
          plateaus,
          evidence,
          advice,
          projection,
          linkCapped,
          cpuBound,
          sigma,
          duration,
          totalBytes / 1e9,
          s.media());
    }

    /**
     * Whether two plateaus differ by more than noise: by at least {@value #SIGNIFICANCE} standard
     * errors of their means. The noise is the smaller of the run's relative noise at the higher
     * level (a drive's noise grows with its rate) and the larger spread inside the two plateaus (a
     * rate that alternates between two values, as 1 MiB requests in short intervals do, makes the
     * difference-based estimate too large).
     */
    private boolean differ(Segment a, Segment b) {
      double level = Math.max(a.meanMBps(), b.meanMBps());
      double sigma = relativeNoise * level;
      double inside = Math.max(spread(a), spread(b));
      if (!Double.isNaN(inside)) {
        sigma = Math.min(sigma, inside);
      }
      double se = sigma * Math.sqrt(1.0 / a.sampleCount() + 1.0 / b.sampleCount());
      return Math.abs(a.meanMBps() - b.meanMBps()) >= SIGNIFICANCE * se;
    }

    /** The sample standard deviation inside a plateau, without stalls and transitions. */
    private double spread(Segment p) {
      double sum = 0;
      double sumSq = 0;
      int m = 0;
      for (int i = p.startIndex(); i < p.endIndex(); i++) {
        if (!isStall(i) && !transition[i]) {
          sum += r[i];
          sumSq += r[i] * r[i];
          m++;
        }
      }
      if (m < 3) {
        return Double.NaN;
      }
      double mean = sum / m;
      return Math.sqrt(Math.max(0, (sumSq - m * mean * mean) / (m - 1)));
    }

    private boolean isStall(int i) {
      return s.bytes(i) == 0;
    }

    private boolean cpuBound(Shape shape, double mean, double stdev) {
      if (!s.hasCpu()) {
        return false;
      }
      double[] cpu = new double[n];
      int m = 0;
      for (int i = 0; i < n; i++) {
        if (!Double.isNaN(s.cpuPct(i))) {
          cpu[m++] = s.cpuPct(i);
        }
      }
      double med = Stats.median(Arrays.copyOf(cpu, m));
      int cores = s.cpuCores();
      if (cores > 1 && med >= 90.0 * cores) {
        evidence.add(
            "CPU-bound: all "
                + cores
                + " cores busy (median "
                + Units.fixed(med, 0)
                + "%) while writing.");
        advice.add("The CPU is the limit, not the drive: a faster CPU would write faster.");
        return true;
      }
      boolean flat = shape == Shape.FLAT && mean > 0 && stdev / mean < 0.10;
      if (flat && med >= 90 && med <= 110) {
        evidence.add(
            "CPU-bound: one core at "
                + Units.fixed(med, 0)
                + "% (median) while the rate held flat at "
                + Units.rate(mean)
                + ".");
        advice.add(
            "The CPU is the limit, not the drive: encryption or compression on one core;"
                + " a faster core or hardware acceleration would help, a faster drive would not.");
        return true;
      }
      return false;
    }

    /** The first plateau index of a sharp lasting drop below 85% of the burst, or -1. */
    private int findSharpDrop(List<Segment> p, double burst, double lasting) {
      for (int j = 1; j < p.size(); j++) {
        Segment q = p.get(j);
        if (q.meanMBps() > DROP_FRACTION * burst) {
          continue;
        }
        double low = 0;
        for (int k = j; k < p.size(); k++) {
          Segment z = p.get(k);
          if (z.meanMBps() <= DROP_FRACTION * burst) {
            low += z.durationSeconds();
          } else if (z.durationSeconds() >= lasting) {
            break;
          }
        }
        if (low < lasting || comesBack(p, j, burst, lasting)) {
          continue;
        }
        double step = p.get(j - 1).meanMBps() - q.meanMBps();
        double fromBurst = burst - q.meanMBps();
        // The step itself must be a drop (15% of the level before it): a ramp cut into plateaus
        // steps a few percent at a time, however far it falls in all.
        if (step < 0.5 * fromBurst || step < (1 - DROP_FRACTION) * p.get(j - 1).meanMBps()) {
          continue;
        }
        int b = q.startIndex();
        // Medians of up to 20 samples either side: a ramp's local change is its slope times 20,
        // small against its total decline, while a step's is the whole step.
        int w =
            Math.max(1, Math.min(20, Math.min(p.get(j - 1).sampleCount(), q.sampleCount()) / 2));
        double before = Stats.median(Arrays.copyOfRange(r, b - w, b));
        double after = Stats.median(Arrays.copyOfRange(r, b, b + w));
        // A ramp cut into plateaus declines inside each plateau about as much as between them;
        // a step's plateaus are flat. (The local medians alone are not enough: a change point
        // sits where the noise happens to jump most.)
        double inside = Math.max(internalChange(p.get(j - 1)), internalChange(q));
        if (before - after >= 0.5 * step && step >= 3 * inside && differ(p.get(j - 1), q)) {
          return j;
        }
      }
      return -1;
    }

    /** Whether a lasting plateau after {@code j} climbs back to the burst level. */
    private boolean comesBack(List<Segment> p, int j, double burst, double lasting) {
      for (int k = j + 1; k < p.size(); k++) {
        if (p.get(k).durationSeconds() >= lasting && p.get(k).meanMBps() > DROP_FRACTION * burst) {
          return true;
        }
      }
      return false;
    }

    /**
     * |least-squares slope| x duration of a plateau in MB/s, over its samples that are neither
     * stalls nor short transition segments (a run's first intervals ramp up from zero).
     */
    private double internalChange(Segment p) {
      double st = 0;
      double sy = 0;
      int m = 0;
      for (int i = p.startIndex(); i < p.endIndex(); i++) {
        if (!isStall(i) && !transition[i]) {
          st += s.timeSeconds(i);
          sy += r[i];
          m++;
        }
      }
      if (m < 3) {
        return 0;
      }
      double mt = st / m;
      double my = sy / m;
      double sxy = 0;
      double sxx = 0;
      for (int i = p.startIndex(); i < p.endIndex(); i++) {
        if (!isStall(i) && !transition[i]) {
          double dt = s.timeSeconds(i) - mt;
          sxy += dt * (r[i] - my);
          sxx += dt * dt;
        }
      }
      if (sxx <= 0) {
        return 0;
      }
      double slope = sxy / sxx;
      double residual = 0;
      for (int i = p.startIndex(); i < p.endIndex(); i++) {
        if (!isStall(i) && !transition[i]) {
          double e = r[i] - my - slope * (s.timeSeconds(i) - mt);
          residual += e * e;
        }
      }
      // Only the part of the slope beyond one standard error: a short noisy plateau's slope
      // is mostly noise, a long ramp's is real.
      double standardError = m > 2 ? Math.sqrt(residual / (m - 2) / sxx) : Math.abs(slope);
      return Math.max(0, Math.abs(slope) - standardError) * p.durationSeconds();
    }

    private int firstLowPlateau(List<Segment> p, double burst) {
      for (int j = 1; j < p.size(); j++) {
        if (p.get(j).meanMBps() <= DROP_FRACTION * burst) {
          return j;
        }
      }
      return -1;
    }

    private Recovery findRecovery(List<Segment> lastingPlateaus) {
      Segment best = null;
      Segment low = null;
      double bestAtDrop = Double.NaN;
      for (Segment p : lastingPlateaus) {
        double m = p.meanMBps();
        if (low != null
            && m >= RECOVERY_FRACTION * low.meanMBps()
            && m - low.meanMBps() >= 0.05 * best.meanMBps()
            && differ(low, p)) {
          return new Recovery(bestAtDrop, low.meanMBps(), m, p.startSeconds() - s.startSeconds(0));
        }
        if (best != null && m <= DROP_FRACTION * best.meanMBps() && differ(best, p)) {
          if (low == null || m < low.meanMBps()) {
            low = p;
            bestAtDrop = best.meanMBps();
          }
        }
        if (best == null || m > best.meanMBps()) {
          best = p;
        }
      }
      return null;
    }

    private int countDips(List<Segment> p, double burst) {
      int dips = 0;
      for (int j = 1; j + 1 < p.size(); j++) {
        double prev = p.get(j - 1).meanMBps();
        double next = p.get(j + 1).meanMBps();
        double m = p.get(j).meanMBps();
        double level = Math.min(prev, next);
        if (prev >= DROP_FRACTION * burst
            && next >= DROP_FRACTION * burst
            && Math.abs(prev - next) <= 0.10 * Math.max(prev, next)
            && m <= 0.80 * level
            && m >= 0.10 * level
            && differ(p.get(j), p.get(j - 1))
            && differ(p.get(j), p.get(j + 1))) {
          dips++;
        }
      }
      return dips;
    }

    private Swings swings(double high) {
      double lowThreshold = 0.3 * high;
      double highThreshold = 0.7 * high;
      int state = 0;
      int lowToHigh = 0;
      int firstHalf = 0;
      int lowCount = 0;
      int highCount = 0;
      int counted = 0;
      for (int i = 0; i < n; i++) {
        if (isStall(i)) {
          continue;
        }
        counted++;
        double v = r[i];
        if (v < lowThreshold) {
          lowCount++;
          state = -1;
        } else if (v > highThreshold) {
          highCount++;
          if (state == -1) {
            lowToHigh++;
            if (i < n / 2) {
              firstHalf++;
            }
          }
          state = 1;
        }
      }
      double lowFraction = counted == 0 ? 0 : lowCount / (double) counted;
      double highFraction = counted == 0 ? 0 : highCount / (double) counted;
      boolean erratic =
          lowToHigh >= 3
              && lowFraction >= 0.10
              && highFraction >= 0.10
              && firstHalf >= 1
              && lowToHigh - firstHalf >= 1;
      return new Swings(lowToHigh, lowFraction, highFraction, erratic);
    }

    private Segment slowStart(List<Segment> lastingPlateaus, double lasting, double duration) {
      if (lastingPlateaus.size() < 2) {
        return null;
      }
      Segment first = lastingPlateaus.get(0);
      if (first.startSeconds() - s.startSeconds(0) > 0.05 * duration
          || first.durationSeconds() < Math.max(lasting, 0.05 * duration)
          || first.sampleCount() < 10) {
        return null;
      }
      double later = maxMean(lastingPlateaus.subList(1, lastingPlateaus.size()));
      return first.meanMBps() < 0.6 * later ? first : null;
    }

    /**
     * Where zero intervals set in on a spinning disk, or -1. The onset is the best single change
     * point of "zero or below half the first level" (an SMR disk's rewrites show as slow seconds as
     * well as empty ones, which pins the change better than the zeros alone), moved to the first
     * such interval where the excursion of a CUSUM that ends there began; it counts when the zeros
     * after it are at least 1% of the intervals and four times as dense as before.
     */
    private int smrOnset(int stalls, List<Segment> plateausForOnset) {
      if (stalls < 10) {
        return -1;
      }
      double level = plateausForOnset.get(0).meanMBps();
      long[] z = new long[n + 1];
      long[] zeros = new long[n + 1];
      for (int i = 0; i < n; i++) {
        boolean low = isStall(i) || r[i] < 0.5 * level;
        z[i + 1] = z[i] + (low ? 1 : 0);
        zeros[i + 1] = zeros[i] + (isStall(i) ? 1 : 0);
      }
      double best = -1;
      int split = -1;
      double total = z[n];
      for (int k = 1; k < n; k++) {
        double left = z[k];
        double right = total - left;
        double g = left * left / k + right * right / (n - k) - total * total / n;
        if (g > best) {
          best = g;
          split = k;
        }
      }
      double before = zeros[split] / (double) split;
      double after = (zeros[n] - zeros[split]) / (double) (n - split);
      if (after < 0.01 || after < 4 * before) {
        return -1;
      }
      // The change point of a sparse indicator can land late in the new regime; a CUSUM whose
      // reference lies a quarter of the way from the old density to the new finds where its
      // excursion began (it drifts up even through a sparse stretch of the new regime, and an
      // isolated early stall dies away).
      double lowBefore = z[split] / (double) split;
      double lowAfter = (total - z[split]) / (n - split);
      double reference = lowBefore + 0.25 * (lowAfter - lowBefore);
      double cusum = 0;
      int excursion = 0;
      for (int i = 0; i < split; i++) {
        cusum = Math.max(0, cusum + (z[i + 1] - z[i]) - reference);
        if (cusum == 0) {
          excursion = i + 1;
        }
      }
      int onset = excursion;
      while (onset < n && !(isStall(onset) || r[onset] < 0.5 * level)) {
        onset++;
      }
      if (onset >= n || s.startSeconds(onset) - s.startSeconds(0) < 0.05 * s.durationSeconds()) {
        return -1;
      }
      return onset;
    }

    private TempAtDrop tempAtDrop(int b) {
      if (!s.hasTemperature()) {
        return null;
      }
      double start = validMedian(0, Math.min(n, 5), 5);
      double at = validMedian(Math.max(0, b - 3), Math.min(n, b + 4), 7);
      if (Double.isNaN(start) || Double.isNaN(at)) {
        return null;
      }
      double maxAfter = Double.NEGATIVE_INFINITY;
      double minAfter = Double.POSITIVE_INFINITY;
      for (int i = b; i < n; i++) {
        double t = s.tempC(i);
        if (!Double.isNaN(t)) {
          maxAfter = Math.max(maxAfter, t);
          minAfter = Math.min(minAfter, t);
        }
      }
      double rise = at - start;
      boolean levelled =
          maxAfter - at <= Math.max(1.5, 0.25 * rise) && at - minAfter <= Math.max(2, 0.25 * rise);
      return new TempAtDrop(start, at, maxAfter, rise >= 3, levelled);
    }

    private double validMedian(int from, int to, int want) {
      double[] v = new double[Math.max(0, to - from)];
      int m = 0;
      for (int i = from; i < to; i++) {
        if (!Double.isNaN(s.tempC(i))) {
          v[m++] = s.tempC(i);
        }
      }
      if (m == 0 && from == 0) {
        // The sensor may start late: take the first readings there are.
        for (int i = 0; i < n && m < want; i++) {
          if (!Double.isNaN(s.tempC(i))) {
            v = m < v.length ? v : Arrays.copyOf(v, want);
            v[m++] = s.tempC(i);
          }
        }
      }
      return m == 0 ? Double.NaN : Stats.median(Arrays.copyOf(v, m));
    }

    private double nonStallMean(int from, int to) {
      long b = 0;
      double sec = 0;
      for (int i = from; i < to; i++) {
        if (!isStall(i)) {
          b += s.bytes(i);
          sec += s.intervalSeconds(i);
        }
      }
      return sec > 0 ? b / 1e6 / sec : 0;
    }
  }

  private static double lowestAfter(List<Segment> plateaus, int fromIndex, double minSeconds) {
    double low = Double.NaN;
    for (Segment p : plateaus) {
      if (p.startIndex() >= fromIndex && p.durationSeconds() >= minSeconds) {
        low = Double.isNaN(low) ? p.meanMBps() : Math.min(low, p.meanMBps());
      }
    }
    return low;
  }

  private static double largestStep(List<Segment> p) {
    double step = 0;
    for (int i = 1; i < p.size(); i++) {
      step = Math.max(step, Math.abs(p.get(i).meanMBps() - p.get(i - 1).meanMBps()));
    }
    return step;
  }

  private static double maxMean(List<Segment> p) {
    double m = 0;
    for (Segment q : p) {
      m = Math.max(m, q.meanMBps());
    }
    return m;
  }

  private static double stdev(double[] x) {
    if (x.length < 2) {
      return 0;
    }
    double mean = Stats.mean(x, 0, x.length);
    double ss = 0;
    for (double v : x) {
      ss += (v - mean) * (v - mean);
    }
    return Math.sqrt(ss / (x.length - 1));
  }

  private static double round1(double v) {
    return Math.round(v * 10) / 10.0;
  }

  private static String pct(double fraction) {
    return Units.fixed(100 * fraction, fraction < 0.1 ? 1 : 0) + "%";
  }

  private static String gb(double gigabytes) {
    return Units.fixed(gigabytes, gigabytes >= 100 ? 0 : 1) + " GB";
  }

  private record Recovery(double fromMBps, double lowMBps, double backMBps, double atSeconds) {}

  private record Swings(int lowToHigh, double lowFraction, double highFraction, boolean erratic) {}

  private record TempAtDrop(
      double startC, double atDropC, double maxAfterC, boolean rose, boolean levelled) {}
}
