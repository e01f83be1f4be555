package dev.sustain.analysis;

import java.util.Arrays;

/**
 * The start-up, read as an event and not as a rate: the time before the run's first request
 * completed, plus at most the interval that contains that completion when it was mostly empty by
 * time. An interval in which requests completed at the run's rate is part of the curve however slow
 * a moment of it was; a first interval that wrote gigabytes is never a ramp.
 *
 * <p>Where the first completion fell inside its interval comes from the run's own record of it
 * ({@link SampleSeries#firstCompletionSeconds}) when there is one. Without it (a plain CSV, a fio
 * log, an older run) the empty part is what the interval's bytes leave of the run's rate (the
 * median of the next intervals that wrote), and no more than its longest latency: the first request
 * was submitted at the start, so it completed within that latency of it.
 *
 * <p>Nothing completing while the device moved more bytes than the run could have had in flight,
 * busy at least {@link Limits#otherIoBusyPct} of the time, is other I/O: another process kept the
 * device busy. The start-up and the stalls are read through {@link Detectors#RAMP} and {@link
 * Detectors#STALLS} by these {@link Limits}. Stateless.
 */
public final class StartUp {

  private StartUp() {}

  /**
   * The numbers the start-up and the stalls are read by.
   *
   * @param emptyFraction the interval holding the first completion is start-up only when more than
   *     this fraction of it passed before it (mostly empty): one that completed at the run's rate
   *     is part of the curve
   * @param referenceIntervals without a recorded first completion, the run's rate after it is the
   *     median of the intervals that wrote among this many after it: a median, so an odd interval
   *     among them does not set the rate the first interval's bytes are read against
   * @param otherIoBusyPct nothing of this run completing while the device moved more than the run
   *     could have had in flight and was busy at least this percent of the time is other I/O: for
   *     at least that part of the time the device served requests that were not this run's
   * @param waitMaxSeconds a full queue of large requests on a slow USB drive waits up to about this
   *     long before its first completes (the first requests in flight); a longer wait is named by
   *     its length alone
   */
  public record Limits(
      double emptyFraction, int referenceIntervals, double otherIoBusyPct, double waitMaxSeconds) {

    /** The limits the analysis reads every curve by. */
    public static final Limits DEFAULT = new Limits(0.5, 10, 50, 2.0);
  }

  /** The first sample after the start-up by the default limits: where the curve's levels begin. */
  static int end(SampleSeries s) {
    return end(s, Limits.DEFAULT);
  }

  /** The first sample after the start-up read by {@code limits}; at least one sample stays. */
  static int end(SampleSeries s, Limits limits) {
    int n = s.size();
    int first = 0;
    while (first < n && s.bytes(first) == 0) {
      first++;
    }
    if (first == n) {
      // Nothing completed at all: no start-up ended, and every interval is a stall.
      return 0;
    }
    if (first >= n - 1) {
      return Math.max(0, Math.min(first, n - 1));
    }
    double empty = emptySeconds(s, first, limits);
    boolean mostlyEmpty = empty > limits.emptyFraction() * s.intervalSeconds(first);
    return mostlyEmpty ? first + 1 : first;
  }

  /**
   * The seconds of interval {@code first} (the first with completions) before its first completion:
   * recorded, or estimated from its bytes against the run's rate and bounded by its longest
   * latency. 0 when the data cannot tell (then the interval is part of the curve).
   */
  static double emptySeconds(SampleSeries s, int first, Limits limits) {
    double dt = s.intervalSeconds(first);
    double origin = s.startSeconds(0);
    double start = s.startSeconds(first) - origin;
    double recorded = s.firstCompletionSeconds();
    // The recorded time and time_s are both to the millisecond: a completion a rounding away
    // from the interval still belongs to it.
    if (!Double.isNaN(recorded) && recorded >= start - 1e-3 && recorded <= start + dt + 1e-3) {
      return Math.max(0, Math.min(dt, recorded - start));
    }
    double rate = followingRate(s, first + 1, limits.referenceIntervals());
    if (!(rate > 0)) {
      return 0;
    }
    double empty = dt * Math.max(0, 1 - s.writeMBps(first) / rate);
    double latency = s.latMaxMs(first) / 1000;
    if (!Double.isNaN(latency) && latency >= start && latency <= start + dt) {
      empty = Math.min(empty, latency - start);
    }
    return empty;
  }

  /** The median rate of the intervals that wrote among the next {@code intervals}. */
  private static double followingRate(SampleSeries s, int from, int intervals) {
    int to = Math.min(s.size(), from + intervals);
    double[] v = new double[Math.max(0, to - from)];
    int m = 0;
    for (int i = from; i < to; i++) {
      if (s.bytes(i) > 0) {
        v[m++] = s.writeMBps(i);
      }
    }
    return m == 0 ? Double.NaN : Stats.median(Arrays.copyOf(v, m));
  }

  /**
   * The start-up of a prepared curve as a finding, read by {@code limits}: by the default ones it
   * ends where the curve's levels begin ({@link Curve#from}).
   */
  static Findings.Ramp finding(Curve c, Limits limits) {
    int k = end(c.s, limits);
    int empty = 0;
    while (empty < k && c.s.bytes(empty) == 0) {
      empty++;
    }
    return new Findings.Ramp(
        k,
        k == 0 ? 0 : c.endOf(k - 1),
        c.cumulative[k] / 1e9,
        c.s.firstCompletionSeconds(),
        otherIo(c.s, 0, empty, true, limits));
  }

  /**
   * Other I/O over intervals {@code [a, b)} in which nothing of this run completed: the device's
   * bytes beyond what the run could have had in flight (over the whole stretch when {@code
   * together}, as the first requests may have been served in any part of it; else interval by
   * interval, as a stall mid-run has its own requests in flight), while it was busy. Null when
   * there was none, or the counters or the run's queue are unknown.
   */
  static Findings.OtherIo otherIo(SampleSeries s, int a, int b, boolean together, Limits limits) {
    long inFlight = s.inFlightBytes();
    if (b <= a || inFlight <= 0) {
      return null;
    }
    long device = 0;
    long other = 0;
    double seconds = 0;
    double busy = 0;
    for (int i = a; i < b; i++) {
      if (s.deviceBytes(i) < 0 || Double.isNaN(s.deviceUtilPct(i))) {
        return null;
      }
      device += s.deviceBytes(i);
      other += Math.max(0, s.deviceBytes(i) - inFlight);
      seconds += s.intervalSeconds(i);
      busy += s.deviceUtilPct(i) * s.intervalSeconds(i);
    }
    if (together) {
      other = Math.max(0, device - inFlight);
    }
    double busyPct = seconds > 0 ? busy / seconds : 0;
    if (other <= 0 || busyPct < limits.otherIoBusyPct()) {
      return null;
    }
    return new Findings.OtherIo(seconds, other / 1e9, busyPct);
  }

  /** Other I/O in the stalls after the start-up, interval by interval; null when none. */
  static Findings.OtherIo stallsOtherIo(Curve c, Limits limits) {
    long other = 0;
    double seconds = 0;
    double busy = 0;
    for (int i = c.from; i < c.n; i++) {
      if (c.stall(i)) {
        Findings.OtherIo o = otherIo(c.s, i, i + 1, false, limits);
        if (o != null) {
          other += Math.round(o.gigabytes() * 1e9);
          seconds += o.seconds();
          busy += o.busyPct() * o.seconds();
        }
      }
    }
    return seconds > 0 ? new Findings.OtherIo(seconds, other / 1e9, busy / seconds) : null;
  }
}
