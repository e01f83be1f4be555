package dev.sustain.analysis;

import dev.sustain.unit.Units;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Iterator;

/**
 * The phase of a write while it runs, fed one interval at a time: "in cache" while the rate holds
 * its burst, "after the cliff at N GB" once a drop below 85% of the burst has held {@value
 * #CONFIRM_SECONDS} s, "throttling" when the rate climbs back after a drop (a cache does not refill
 * mid-write) or dips and returns twice, "steady" once a curve without a cliff has held long enough.
 * It also says when {@code --until floor} may stop:
 *
 * <ul>
 *   <li>after a cliff, once the floor has held within ±10% for {@link #floorHoldSeconds} (60 s by
 *       default): every 10-second block mean in that window is within 10% of the window's mean;
 *   <li>without a cliff, once the whole curve after its first 10 s has held within ±10% for {@link
 *       #flatHoldSeconds} (600 s by default: longer than 58 of 64 retail SSDs take to fill their
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

  static final double CONFIRM_SECONDS = 10;
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
  private double lowMinMBps = Double.NaN;
  private double highSinceSeconds = Double.NaN;
  private double cliffSeconds = Double.NaN;
  private long cliffBytes = -1;
  private int dips;
  private Phase phase = Phase.STARTING;
  private double floorMBps = Double.NaN;
  private boolean floorReached;

  /** With the defaults: the floor held 60 s, a flat curve held 600 s, both within ±10%. */
  public LivePhase() {
    this(60, 600, 0.10);
  }

  /**
   * @param floorHoldSeconds how long the floor after a cliff must hold before a stop
   * @param flatHoldSeconds how long a curve without a cliff must hold before a stop
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
    // A rolling median over about two seconds (at least 3 samples): robust to one odd sample,
    // and at 100 ms intervals not so short that noise sets the burst.
    int window = (int) Math.max(3, Math.min(50, Math.round(SMOOTH_SECONDS / intervalSeconds)));
    if (recent.length != window) {
      recent = java.util.Arrays.copyOf(recent, window);
      count = Math.min(count, window - 1);
    }
    recent[count % window] = mbps;
    count++;
    if (count < window) {
      return;
    }
    double smooth = rollingMedian();
    boolean beforeCliff = Double.isNaN(cliffSeconds);
    if (beforeCliff && phase != Phase.THROTTLING) {
      burstMBps = Double.isNaN(burstMBps) ? smooth : Math.max(burstMBps, smooth);
      if (phase == Phase.STARTING) {
        phase = Phase.IN_CACHE;
      }
    }
    double dropLine = Thresholds.DROP_FRACTION * burstMBps;
    if (mbps < dropLine && smooth < dropLine) {
      if (Double.isNaN(lowSinceSeconds)) {
        lowSinceSeconds = startSeconds;
        lowSinceBytes = startBytes;
      }
      lowMinMBps = Double.isNaN(lowMinMBps) ? smooth : Math.min(lowMinMBps, smooth);
      if (beforeCliff
          && phase != Phase.THROTTLING
          && elapsedSeconds - lowSinceSeconds >= CONFIRM_SECONDS) {
        cliffSeconds = lowSinceSeconds;
        cliffBytes = lowSinceBytes;
        phase = Phase.AFTER_CLIFF;
      }
    } else if (smooth >= dropLine) {
      if (!Double.isNaN(lowSinceSeconds) && Double.isNaN(cliffSeconds)) {
        // A dip that came back before it lasted.
        if (elapsedSeconds - lowSinceSeconds >= Math.max(3 * intervalSeconds, SMOOTH_SECONDS)
            && ++dips >= 2) {
          phase = Phase.THROTTLING;
        }
        lowSinceSeconds = Double.NaN;
      }
    }
    if (phase == Phase.AFTER_CLIFF
        && smooth >= Thresholds.RECOVERY_FRACTION * lowMinMBps
        && smooth - lowMinMBps >= 0.05 * burstMBps) {
      if (Double.isNaN(highSinceSeconds)) {
        highSinceSeconds = startSeconds;
      } else if (elapsedSeconds - highSinceSeconds >= CONFIRM_SECONDS) {
        phase = Phase.THROTTLING;
        floorReached = false;
      }
    } else if (phase == Phase.AFTER_CLIFF) {
      highSinceSeconds = Double.NaN;
    }
    if (phase == Phase.AFTER_CLIFF && elapsedSeconds - cliffSeconds >= floorHoldSeconds) {
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

  /** The floor (or steady rate) that held, NaN until one has. */
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
              + (floorReached ? ", floor " + Units.rate(floorMBps) + " held" : "");
      case THROTTLING -> "throttling";
      case STEADY -> "steady at " + Units.rate(floorMBps);
    };
  }
}
