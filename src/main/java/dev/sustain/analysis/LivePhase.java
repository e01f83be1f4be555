package dev.sustain.analysis;

import dev.sustain.unit.Units;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Iterator;

/**
 * The phase of a write while it runs, fed one interval at a time: "in cache" while the rate holds
 * its burst, "after the cliff at N GB" once a drop below {@link Thresholds#DROP_FRACTION} of the
 * burst has held {@link Thresholds#CONFIRM_SECONDS}, "throttling" when the rate climbs back after a
 * drop (above the stage's mean by the analysis's recovery margins: a cache does not refill
 * mid-write) or dips at least {@link Thresholds#DIP_ENTER} below the burst and returns, twice;
 * "steady" once a curve without a cliff has held long enough. It also says when {@code --until
 * floor} may stop:
 *
 * <ul>
 *   <li>after a cliff, once the current level (a stage) has held within ±10% for {@code
 *       floorHoldSeconds} (60 s by default: every 10-second block mean in that window within 10% of
 *       the window's mean) and has also written {@link Thresholds#FOLD_BYTES_PER_CACHE_BYTE} times
 *       what the cache held, or held for {@code flatHoldSeconds} if that comes first. A folding
 *       stage after an SLC cache writes about twice the cache (a QLC drive: 100 GB at 5000 MB/s,
 *       then 200 GB at 1500, then 80 MB/s), for minutes: a 60 s hold alone would stop on it;
 *   <li>when a later lasting drop comes (below {@link Thresholds#DROP_FRACTION} of the stage for
 *       {@link Thresholds#CONFIRM_SECONDS}), the floor that held is withdrawn and the new stage
 *       must hold in turn;
 *   <li>without a cliff, once the whole curve after its first 10 s has held within ±10% for {@code
 *       flatHoldSeconds} (600 s by default: longer than 58 of 64 retail SSDs take to fill their
 *       cache, so a long flat stretch is the drive's own rate, not a cache that has yet to run
 *       out);
 *   <li>never while throttling: that curve has no single floor.
 * </ul>
 *
 * The burst is the highest rolling median (over about 2 s, at least 3 samples) seen before the
 * cliff, so a slow first interval does not lower it and a few fast samples do not raise it. Pure
 * and not thread-safe: feed it from one thread.
 */
public final class LivePhase {

  /** What the curve is doing now. */
  public enum Phase {
    /** Too early to say. */
    STARTING,
    /** Holding the burst. */
    IN_CACHE,
    /** Past a lasting drop that has not come back. */
    AFTER_CLIFF,
    /** The rate came back after a drop, or dipped and returned repeatedly. */
    THROTTLING,
    /** No cliff, and the rate has held for the flat hold time. */
    STEADY
  }

  /**
   * Live: a drop below {@link Thresholds#DROP_FRACTION} of the burst must hold this long to be a
   * cliff.
   */
  static final double CONFIRM_SECONDS = 10;

  /**
   * Live: the floor must hold within ±{@link Thresholds#HOLD_TOLERANCE} this long before a stop.
   */
  static final double FLOOR_HOLD_SECONDS = 60;

  /**
   * Live: a level after a cliff may be a folding stage, which writes about twice what the cache
   * held (a QLC drive: 100 GB at 5000 MB/s, then 200 GB at 1500, then 80 MB/s); a level is the
   * floor only once it has also held for this many times the cache's bytes, or for {@link
   * Thresholds#FLAT_HOLD_SECONDS}, whichever comes first.
   */
  static final double FOLD_BYTES_PER_CACHE_BYTE = 3;

  private static final double SMOOTH_SECONDS = 2;
  private static final double BLOCK_SECONDS = 10;

  private final double floorHoldSeconds;
  private final double flatHoldSeconds;
  private final double tolerance;

  private final ArrayDeque<double[]> window = new ArrayDeque<>();
  private double[] recent = new double[3];
  private int count;
  private double elapsedSeconds;
  private long totalBytes;

  private double burstMBps = Double.NaN;
  private double lowSinceSeconds = Double.NaN;
  private long lowSinceBytes;
  private double dipMinMBps = Double.NaN;
  private double highSinceSeconds = Double.NaN;
  private double cliffSeconds = Double.NaN;
  private long cliffBytes = -1;
  private double stageSeconds = Double.NaN;
  private long stageBytes;
  private double stageLowSeconds = Double.NaN;
  private long stageLowBytes;
  private int stages;
  private int dips;
  private Phase phase = Phase.STARTING;
  private double floorMBps = Double.NaN;
  private boolean floorReached;

  /** With the defaults: a stage held 60 s, a flat curve held 600 s, both within ±10%. */
  public LivePhase() {
    this(FLOOR_HOLD_SECONDS, Thresholds.FLAT_HOLD_SECONDS, Thresholds.HOLD_TOLERANCE);
  }

  /**
   * @param floorHoldSeconds how long a level after a cliff must hold before a stop
   * @param flatHoldSeconds how long a curve without a cliff must hold before a stop, and the
   *     longest a level after a cliff must hold
   * @param tolerance the relative band (0.10 = ±10%) block means must stay in
   */
  public LivePhase(double floorHoldSeconds, double flatHoldSeconds, double tolerance) {
    this.floorHoldSeconds = floorHoldSeconds;
    this.flatHoldSeconds = flatHoldSeconds;
    this.tolerance = tolerance;
  }

  /**
   * Feeds one interval.
   *
   * @param intervalSeconds the interval's length in seconds (positive)
   * @param bytes the bytes completed in it
   */
  public void add(double intervalSeconds, long bytes) {
    if (!(intervalSeconds > 0) || bytes < 0) {
      throw new IllegalArgumentException("an interval needs a positive length and bytes >= 0");
    }
    double mbps = bytes / 1e6 / intervalSeconds;
    double startSeconds = elapsedSeconds;
    long startBytes = totalBytes;
    elapsedSeconds += intervalSeconds;
    totalBytes += bytes;
    window.addLast(new double[] {elapsedSeconds, intervalSeconds, bytes});
    double keep = Math.max(floorHoldSeconds, flatHoldSeconds) + BLOCK_SECONDS;
    while (!window.isEmpty() && window.peekFirst()[0] < elapsedSeconds - keep) {
      window.removeFirst();
    }
    double smooth = smoothed(mbps, intervalSeconds);
    if (Double.isNaN(smooth)) {
      return;
    }
    boolean beforeCliff = Double.isNaN(cliffSeconds);
    if (beforeCliff && phase != Phase.THROTTLING) {
      burstMBps = Double.isNaN(burstMBps) ? smooth : Math.max(burstMBps, smooth);
      if (phase == Phase.STARTING) {
        phase = Phase.IN_CACHE;
      }
    }
    drops(mbps, smooth, intervalSeconds, startSeconds, startBytes);
    climbsBack(smooth, startSeconds);
    if (phase == Phase.AFTER_CLIFF) {
      nextStage(mbps, smooth, startSeconds, startBytes);
    }
    holds();
  }

  /**
   * The rolling median with this interval in it, or NaN until the window is full. Over about two
   * seconds (at least 3 samples): robust to one odd sample, and at 100 ms intervals not so short
   * that noise sets the burst.
   */
  private double smoothed(double mbps, double intervalSeconds) {
    int size = (int) Math.max(3, Math.min(50, Math.round(SMOOTH_SECONDS / intervalSeconds)));
    if (recent.length != size) {
      recent = Arrays.copyOf(recent, size);
      count = Math.min(count, size - 1);
    }
    recent[count % size] = mbps;
    count++;
    return count < size ? Double.NaN : rollingMedian();
  }

  /**
   * Below the drop line: the start of a low stretch, and the cliff once it has lasted. Back above
   * it before a cliff: a dip that came back, and throttling at the second.
   */
  private void drops(
      double mbps, double smooth, double intervalSeconds, double startSeconds, long startBytes) {
    boolean beforeCliff = Double.isNaN(cliffSeconds);
    double dropLine = Thresholds.DROP_FRACTION * burstMBps;
    if (mbps < dropLine && smooth < dropLine) {
      if (Double.isNaN(lowSinceSeconds)) {
        lowSinceSeconds = startSeconds;
        lowSinceBytes = startBytes;
        dipMinMBps = smooth;
      }
      dipMinMBps = Math.min(dipMinMBps, smooth);
      if (beforeCliff
          && phase != Phase.THROTTLING
          && elapsedSeconds - lowSinceSeconds >= CONFIRM_SECONDS) {
        cliffSeconds = lowSinceSeconds;
        cliffBytes = lowSinceBytes;
        stageSeconds = lowSinceSeconds;
        stageBytes = lowSinceBytes;
        stages = 1;
        phase = Phase.AFTER_CLIFF;
      }
    } else if (smooth >= dropLine && !Double.isNaN(lowSinceSeconds) && beforeCliff) {
      // A dip that came back before it lasted, as deep as the analysis's dips (noise that crossed
      // the drop line is not one).
      if (elapsedSeconds - lowSinceSeconds >= Math.max(3 * intervalSeconds, SMOOTH_SECONDS)
          && dipMinMBps < (1 - Thresholds.DIP_ENTER) * burstMBps
          && ++dips >= 2) {
        phase = Phase.THROTTLING;
      }
      lowSinceSeconds = Double.NaN;
    }
  }

  /**
   * A climb back after the cliff: above the current stage's own mean (robust where the lowest
   * smoothed value of a long noisy stage is not) by the recovery margins, for the confirm time.
   */
  private void climbsBack(double smooth, double startSeconds) {
    if (phase != Phase.AFTER_CLIFF) {
      return;
    }
    double stageMean =
        elapsedSeconds > stageSeconds
            ? (totalBytes - stageBytes) / 1e6 / (elapsedSeconds - stageSeconds)
            : Double.NaN;
    if (smooth >= Thresholds.RECOVERY_FRACTION * stageMean
        && smooth - stageMean >= Thresholds.RECOVERY_OF_BURST * burstMBps) {
      if (Double.isNaN(highSinceSeconds)) {
        highSinceSeconds = startSeconds;
      } else if (elapsedSeconds - highSinceSeconds >= CONFIRM_SECONDS) {
        phase = Phase.THROTTLING;
        floorReached = false;
      }
    } else {
      highSinceSeconds = Double.NaN;
    }
  }

  /** Whether the floor has been reached: a stage after the cliff held, or a flat curve held. */
  private void holds() {
    if (phase == Phase.AFTER_CLIFF && stageHeld()) {
      double held = heldMean(floorHoldSeconds);
      if (!Double.isNaN(held)) {
        floorMBps = held;
        floorReached = true;
      }
    } else if ((phase == Phase.IN_CACHE || phase == Phase.STEADY)
        && elapsedSeconds - BLOCK_SECONDS >= flatHoldSeconds) {
      double held = heldMean(flatHoldSeconds);
      if (!Double.isNaN(held)) {
        phase = Phase.STEADY;
        floorMBps = held;
        floorReached = true;
      } else if (phase == Phase.STEADY) {
        phase = Phase.IN_CACHE;
        floorReached = false;
      }
    }
  }

  /**
   * A later lasting drop after the cliff: the rate below {@link Thresholds#DROP_FRACTION} of the
   * stage's own mean for {@link Thresholds#CONFIRM_SECONDS} begins a new stage, and withdraws a
   * floor that had held.
   */
  private void nextStage(double mbps, double smooth, double startSeconds, long startBytes) {
    double stageMean = (totalBytes - stageBytes) / 1e6 / (elapsedSeconds - stageSeconds);
    double line = Thresholds.DROP_FRACTION * stageMean;
    if (elapsedSeconds - stageSeconds < CONFIRM_SECONDS || !(mbps < line && smooth < line)) {
      stageLowSeconds = Double.NaN;
      return;
    }
    if (Double.isNaN(stageLowSeconds)) {
      stageLowSeconds = startSeconds;
      stageLowBytes = startBytes;
    } else if (elapsedSeconds - stageLowSeconds >= CONFIRM_SECONDS) {
      stageSeconds = stageLowSeconds;
      stageBytes = stageLowBytes;
      stageLowSeconds = Double.NaN;
      stages++;
      floorReached = false;
      floorMBps = Double.NaN;
    }
  }

  /**
   * Whether the current stage has held long enough to be the floor: {@code floorHoldSeconds}, and
   * {@link Thresholds#FOLD_BYTES_PER_CACHE_BYTE} times the cache's bytes or {@code
   * flatHoldSeconds}, whichever comes first.
   */
  private boolean stageHeld() {
    double held = elapsedSeconds - stageSeconds;
    if (held < floorHoldSeconds) {
      return false;
    }
    long written = totalBytes - stageBytes;
    return written >= FOLD_BYTES_PER_CACHE_BYTE * cliffBytes || held >= flatHoldSeconds;
  }

  private double rollingMedian() {
    double[] v = recent.clone();
    Arrays.sort(v);
    return v[v.length / 2];
  }

  /**
   * The mean over the last {@code seconds} when every {@value #BLOCK_SECONDS}-second block in it is
   * within the tolerance of that mean, else NaN.
   */
  private double heldMean(double seconds) {
    double from = elapsedSeconds - seconds;
    double totalSec = 0;
    long total = 0;
    int blocks = (int) Math.max(1, Math.round(seconds / BLOCK_SECONDS));
    double[] blockSec = new double[blocks];
    long[] blockBytes = new long[blocks];
    Iterator<double[]> it = window.descendingIterator();
    while (it.hasNext()) {
      double[] w = it.next();
      double start = w[0] - w[1];
      if (start < from - 1e-9) {
        break;
      }
      int b = (int) Math.min(blocks - 1, Math.floor((elapsedSeconds - w[0]) / BLOCK_SECONDS));
      blockSec[b] += w[1];
      blockBytes[b] += (long) w[2];
      totalSec += w[1];
      total += (long) w[2];
    }
    if (totalSec < 0.9 * seconds) {
      return Double.NaN;
    }
    double mean = total / 1e6 / totalSec;
    for (int b = 0; b < blocks; b++) {
      if (blockSec[b] <= 0) {
        return Double.NaN;
      }
      double m = blockBytes[b] / 1e6 / blockSec[b];
      if (Math.abs(m - mean) > tolerance * mean) {
        return Double.NaN;
      }
    }
    return mean;
  }

  public Phase phase() {
    return phase;
  }

  /** Whether {@code --until floor} may stop now (see the class comment). */
  public boolean floorReached() {
    return floorReached;
  }

  /** The burst so far in MB/s, NaN before three samples. */
  public double burstMBps() {
    return burstMBps;
  }

  /** Decimal GB written before the cliff, NaN without one. */
  public double cliffGB() {
    return cliffBytes < 0 ? Double.NaN : cliffBytes / 1e9;
  }

  /** Seconds from the start to the cliff, NaN without one. */
  public double cliffSeconds() {
    return cliffSeconds;
  }

  /** The stages seen after the cliff so far (1 from the cliff on), 0 before it. */
  public int stages() {
    return stages;
  }

  /** The floor (or steady rate) that held, NaN until one has (or after it was withdrawn). */
  public double floorMBps() {
    return floorMBps;
  }

  /** The phase in words for the progress line, empty while it is too early to say. */
  public String describe() {
    return switch (phase) {
      case STARTING -> "";
      case IN_CACHE -> "in cache";
      case AFTER_CLIFF ->
          "after the cliff at "
              + Units.fixed(cliffGB(), cliffGB() >= 100 ? 0 : 1)
              + " GB"
              + (stages > 1 ? ", stage " + stages : "")
              + (floorReached ? ", floor " + Units.rate(floorMBps) + " held" : "");
      case THROTTLING -> "throttling";
      case STEADY -> "steady at " + Units.rate(floorMBps);
    };
  }
}
