package dev.sustain.analysis;

import dev.sustain.analysis.ThrottleDetector.Dip;
import java.util.Arrays;
import java.util.List;

/**
 * A regular train of dips as {@link ThrottleDetector#sawtooth} reads it, with the checks that tell
 * a throttle's dips from a drive swinging between levels: short against the period and alike, low
 * only in its dips, steady elsewhere, and on to the end of the run.
 *
 * @param dips the train's dips, in time order
 * @param beats the periods from the first dip to the last: one fewer than the dips, plus any beat
 *     at which no dip was seen ({@link DipChains})
 * @param firstSeconds when the first dip began
 * @param lastSeconds when the last dip began
 * @param periodSeconds the mean spacing of the dips
 * @param dipSeconds the time in all the dips together
 * @param dipBytes the bytes written in all the dips together
 * @param shortestSeconds the shortest dip
 * @param longestSeconds the longest dip
 * @param levelMBps the level the dips dip from: the median of their baselines
 */
record DipTrain(
    List<Dip> dips,
    int beats,
    double firstSeconds,
    double lastSeconds,
    double periodSeconds,
    double dipSeconds,
    double dipBytes,
    double shortestSeconds,
    double longestSeconds,
    double levelMBps) {

  /** The timing of {@code chain} (at least two dips) on the curve. */
  static DipTrain of(Curve c, DipChains.Chain chain) {
    List<Dip> train = chain.dips();
    double first = c.startOf(train.getFirst().start());
    double last = c.startOf(train.getLast().start());
    double period = (last - first) / chain.beats();
    double dipSeconds = 0;
    double dipBytes = 0;
    double shortest = Double.POSITIVE_INFINITY;
    double longest = 0;
    double[] levels = new double[train.size()];
    for (int i = 0; i < train.size(); i++) {
      Dip d = train.get(i);
      double len = c.endOf(d.end() - 1) - c.startOf(d.start());
      dipSeconds += len;
      dipBytes += c.cumulative[d.end()] - c.cumulative[d.start()];
      shortest = Math.min(shortest, len);
      longest = Math.max(longest, len);
      levels[i] = d.baselineMBps();
    }
    return new DipTrain(
        train,
        chain.beats(),
        first,
        last,
        period,
        dipSeconds,
        dipBytes,
        shortest,
        longest,
        Stats.median(levels));
  }

  /** Whether the train steps over a beat with no dip. */
  boolean skips() {
    return beats > dips.size() - 1;
  }

  /** The mean length of a dip in seconds. */
  double meanDipSeconds() {
    return dipSeconds / dips.size();
  }

  /** The mean rate in the dips, in MB/s. */
  double dipMBps() {
    return dipBytes / 1e6 / dipSeconds;
  }

  /**
   * Short against the period, and alike: a throttle's dips, not a drive swinging. {@code all} are
   * every dip the train was chosen from.
   */
  boolean shortAndAlike(Curve c, List<Dip> all) {
    return meanDipSeconds() <= Thresholds.MAX_DIP_DUTY * periodSeconds
        && longEnough(c, all)
        && longestSeconds <= 3 * Math.max(shortestSeconds, c.interval);
  }

  /**
   * Whether the dips are a throttle's, not odd intervals: each spans at least {@link
   * Thresholds#MIN_DIP_INTERVALS} independent intervals, or they last {@link
   * Thresholds#MIN_DIP_DUTY} of the period on average (a controller that throttles for two seconds
   * a minute still throttles), or they keep a heat sink's beat.
   */
  private boolean longEnough(Curve c, List<Dip> all) {
    int fewest = Integer.MAX_VALUE;
    for (Dip d : dips) {
      fewest = Math.min(fewest, d.end() - d.start());
    }
    // A wandering noise's intervals move together: k of them rest on k (1 - rho) / (1 + rho).
    double rho = Math.max(0, c.noiseCorrelation);
    return fewest * (1 - rho) / (1 + rho) >= Thresholds.MIN_DIP_INTERVALS
        || meanDipSeconds() >= Thresholds.MIN_DIP_DUTY * periodSeconds
        || steadyBeat(c, all);
  }

  /**
   * Whether dips too short to count on their own keep a heat sink's beat: at least {@link
   * Thresholds#SHORT_DIP_MIN_DIPS} of them, every spacing within {@link
   * Thresholds#SHORT_DIP_PERIOD_TOLERANCE} of the period plus an interval (where a dip's start is
   * read). A controller at its limit trips and resumes at the same temperatures through the same
   * heat capacity, so its period repeats within a few percent however short each dip. Odd slow
   * intervals come at chance times: a chance set of that many keeps such a beat less than once in a
   * thousand, and one picked out of more of them leaves the others off the beat between its dips,
   * so no dip of {@code all} lies between the train's first and last off its beat. A train that
   * steps over a beat ({@link Thresholds#MAX_SKIPPED_BEATS}) keeps it across that gap too: two
   * periods within twice the tolerance.
   */
  boolean steadyBeat(Curve c, List<Dip> all) {
    if (dips.size() < Thresholds.SHORT_DIP_MIN_DIPS
        || beats - (dips.size() - 1) > Thresholds.MAX_SKIPPED_BEATS) {
      return false;
    }
    int a = dips.getFirst().start();
    int b = dips.getLast().start();
    for (Dip d : all) {
      if (d.start() > a && d.start() < b && !dips.contains(d)) {
        return false;
      }
    }
    boolean skips = skips();
    for (int i = 1; i < dips.size(); i++) {
      double spacing = c.startOf(dips.get(i).start()) - c.startOf(dips.get(i - 1).start());
      // Without a skip every spacing is one beat, however long (the tolerance then refuses it).
      int k = skips && spacing > 1.5 * periodSeconds ? 2 : 1;
      double tolerance = k * Thresholds.SHORT_DIP_PERIOD_TOLERANCE * periodSeconds + c.interval;
      if (Math.abs(spacing - k * periodSeconds) > tolerance) {
        return false;
      }
    }
    return true;
  }

  /**
   * Low only in its dips: in the train's span, the time below the dip line is short too (a drive
   * swinging between levels has regular-looking trains among its many lows).
   */
  boolean lowOnlyInDips(Curve c) {
    int a0 = dips.getFirst().start();
    int b0 = dips.getLast().start();
    double enter = c.dipLine();
    double lowSeconds = 0;
    for (int i = a0; i < b0; i++) {
      if (c.r[i] < enter * levelMBps) {
        lowSeconds += c.s.intervalSeconds(i);
      }
    }
    return lowSeconds <= Thresholds.MAX_DIP_DUTY * (c.startOf(b0) - c.startOf(a0));
  }

  /**
   * Steady elsewhere: outside the train's dips the run is seldom low (an odd interval now and
   * then), not a drive swinging all along with a regular-looking run of three among its lows. Low
   * is below {@link Thresholds#DIP_ENTER} under the level; for dips that keep a heat sink's beat
   * ({@link #steadyBeat}), below {@link Thresholds#DIP_SPREAD_SIGMAS} of the level's own spread
   * under it when that is further: a level with a spread of a fifth has a tenth of its intervals a
   * quarter low, which are its noise, not swings. Without the beat the line stays: a noisy floor's
   * erase pauses, a starved drive's swings and a curve that runs backwards make trains of three
   * among lows that a spread widened by them would hide.
   */
  boolean steadyElsewhere(Curve c, List<Dip> all) {
    boolean[] inTrain = new boolean[c.n];
    for (Dip d : dips) {
      Arrays.fill(inTrain, d.start(), d.end(), true);
    }
    // (Not the run's noise: that estimate grows with a drive's swings and would hide them.)
    double line = (1 - Thresholds.DIP_ENTER) * levelMBps;
    if (steadyBeat(c, all)) {
      line = Math.min(line, levelMBps - Thresholds.DIP_SPREAD_SIGMAS * ownSpreadMBps(c, inTrain));
    }
    double otherSeconds = 0;
    for (int i = c.from; i < c.n; i++) {
      if (!inTrain[i] && c.r[i] < line) {
        otherSeconds += c.s.intervalSeconds(i);
      }
    }
    return otherSeconds <= Thresholds.MAX_OTHER_DIP_FRACTION * c.judgedSeconds();
  }

  /**
   * The spread of the level the dips dip from, in MB/s: 1.4826 times the median absolute deviation
   * from it of the intervals from the first dip on, those in or next to a dip left out. Robust: a
   * drive low a third of the time reads about 1.7 times its core's spread, not the swing.
   */
  private double ownSpreadMBps(Curve c, boolean[] inTrain) {
    int from = dips.getFirst().start();
    double[] dev = new double[c.n - from];
    int m = 0;
    for (int i = from; i < c.n; i++) {
      boolean near = inTrain[i] || (i > 0 && inTrain[i - 1]) || (i + 1 < c.n && inTrain[i + 1]);
      if (!near && !c.stall(i)) {
        dev[m++] = Math.abs(c.r[i] - levelMBps);
      }
    }
    return m == 0 ? 0 : 1.4826 * Stats.median(Arrays.copyOf(dev, m));
  }

  /** On to the end: no dip of the train is missing before the run ends. */
  boolean onToTheEnd(Curve c) {
    double end = c.endOf(c.n - 1);
    return end - lastSeconds <= (1 + Thresholds.PERIOD_TOLERANCE) * periodSeconds + longestSeconds;
  }
}
