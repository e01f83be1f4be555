package dev.sustain.analysis;

import java.util.Arrays;
import java.util.List;

/**
 * The write rates of several targets that ran at once, on one time axis: the input of {@link
 * SharedCeilingDetector}. Rates are MB/s (10^6 B/s); times are seconds from the group's start, at
 * the end of each interval. Immutable (arrays are copied in and out).
 *
 * @param names one per target, in the order of the rate rows
 * @param intervalSeconds the length of every interval
 * @param timeSeconds the end of each interval
 * @param rateMBps {@code [target][interval]}: what the target wrote in that interval, NaN where it
 *     was not writing (not started yet, or ended)
 * @param soloMBps what each target wrote alone (its own solo pass or its history), NaN when unknown
 * @param ownCliffSeconds the group time of each target's own cache cliff, as its single-run
 *     analysis found it, NaN when it found none
 */
public record GroupCurves(
    List<String> names,
    double intervalSeconds,
    double[] timeSeconds,
    double[][] rateMBps,
    double[] soloMBps,
    double[] ownCliffSeconds) {

  public GroupCurves {
    names = List.copyOf(names);
    int n = names.size();
    if (rateMBps.length != n || soloMBps.length != n || ownCliffSeconds.length != n) {
      throw new IllegalArgumentException("one rate row, solo rate and cliff per target");
    }
    if (!(intervalSeconds > 0)) {
      throw new IllegalArgumentException("the interval must be positive");
    }
    timeSeconds = timeSeconds.clone();
    double[][] rows = new double[n][];
    for (int i = 0; i < n; i++) {
      if (rateMBps[i].length != timeSeconds.length) {
        throw new IllegalArgumentException("every rate row has one value per interval");
      }
      rows[i] = rateMBps[i].clone();
    }
    rateMBps = rows;
    soloMBps = soloMBps.clone();
    ownCliffSeconds = ownCliffSeconds.clone();
  }

  /** The number of targets. */
  public int targets() {
    return names.size();
  }

  /** The number of intervals. */
  public int size() {
    return timeSeconds.length;
  }

  /** Target {@code i}'s rate in interval {@code k}, NaN when it was not writing. */
  public double rate(int i, int k) {
    return rateMBps[i][k];
  }

  /** The end of interval {@code k}, seconds from the group's start. */
  public double time(int k) {
    return timeSeconds[k];
  }

  @Override
  public double[] timeSeconds() {
    return timeSeconds.clone();
  }

  @Override
  public double[][] rateMBps() {
    return copyRows(rateMBps);
  }

  /**
   * A copy of every row, so that neither the caller nor the holder of {@code [target][interval]}
   * rates can change the other's (a group folder's rows as read, a group's curves).
   */
  public static double[][] copyRows(double[][] rows) {
    double[][] copy = new double[rows.length][];
    for (int i = 0; i < copy.length; i++) {
      copy[i] = rows[i].clone();
    }
    return copy;
  }

  @Override
  public double[] soloMBps() {
    return soloMBps.clone();
  }

  @Override
  public double[] ownCliffSeconds() {
    return ownCliffSeconds.clone();
  }

  /** The same curves with other solo rates. */
  public GroupCurves withSolo(double[] solo) {
    return new GroupCurves(names, intervalSeconds, timeSeconds, rateMBps, solo, ownCliffSeconds);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof GroupCurves g
        && names.equals(g.names)
        && intervalSeconds == g.intervalSeconds
        && Arrays.equals(timeSeconds, g.timeSeconds)
        && Arrays.deepEquals(rateMBps, g.rateMBps)
        && Arrays.equals(soloMBps, g.soloMBps)
        && Arrays.equals(ownCliffSeconds, g.ownCliffSeconds);
  }

  @Override
  public int hashCode() {
    return names.hashCode() * 31 + Arrays.deepHashCode(rateMBps);
  }

  @Override
  public String toString() {
    return "GroupCurves" + names + " x " + timeSeconds.length + " intervals";
  }
}
