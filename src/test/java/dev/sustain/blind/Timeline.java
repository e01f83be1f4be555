package dev.sustain.blind;

import java.util.ArrayList;
import java.util.List;

/**
 * What the drive really does, before anyone samples it: consecutive stretches of time, each at one
 * rate with its own spread. A sampler integrates it into intervals, so a change inside an interval
 * gives that interval a mixed rate, as a real sampler would see it.
 */
final class Timeline {

  /** One stretch: [startS, endS) at {@code mbps}, with a spread of {@code spreadFraction} of it. */
  record Stretch(double startS, double endS, double mbps, double spreadFraction) {}

  private final List<Stretch> stretches = new ArrayList<>();
  private double endS;

  /** Appends {@code seconds} at {@code mbps} with a relative spread. */
  Timeline hold(double seconds, double mbps, double spreadFraction) {
    if (seconds <= 0) {
      return this;
    }
    stretches.add(new Stretch(endS, endS + seconds, Math.max(0, mbps), spreadFraction));
    endS += seconds;
    return this;
  }

  /**
   * A change of rate that takes time (a controller steps its clock down over a few seconds): a
   * linear ramp drawn as short holds.
   */
  Timeline ramp(double seconds, double fromMBps, double toMBps, double spreadFraction) {
    int steps = Math.max(1, (int) Math.ceil(seconds / 0.25));
    for (int i = 0; i < steps; i++) {
      double mbps = fromMBps + (toMBps - fromMBps) * (i + 0.5) / steps;
      hold(seconds / steps, mbps, spreadFraction);
    }
    return this;
  }

  double endSeconds() {
    return endS;
  }

  List<Stretch> stretches() {
    return stretches;
  }

  /** Bytes (in MB) written from the start up to {@code atS}. */
  double megabytesUpTo(double atS) {
    double mb = 0;
    for (Stretch s : stretches) {
      if (s.startS >= atS) {
        break;
      }
      mb += s.mbps * (Math.min(s.endS, atS) - s.startS);
    }
    return mb;
  }

  /**
   * The mean rate and the mean absolute spread (MB/s) over each interval between consecutive {@code
   * edgesS}; {@code edgesS} must rise and stay within the timeline.
   */
  double[][] integrate(double[] edgesS) {
    int n = edgesS.length - 1;
    double[] mean = new double[n];
    double[] spread = new double[n];
    int k = 0;
    for (int i = 0; i < n; i++) {
      double a = edgesS[i];
      double b = edgesS[i + 1];
      while (k < stretches.size() && stretches.get(k).endS <= a) {
        k++;
      }
      double mb = 0;
      double spreadMb = 0;
      for (int j = k; j < stretches.size() && stretches.get(j).startS < b; j++) {
        Stretch s = stretches.get(j);
        double overlapS = Math.min(b, s.endS) - Math.max(a, s.startS);
        if (overlapS > 0) {
          mb += s.mbps * overlapS;
          spreadMb += s.mbps * s.spreadFraction * overlapS;
        }
      }
      mean[i] = mb / (b - a);
      spread[i] = spreadMb / (b - a);
    }
    return new double[][] {mean, spread};
  }
}
