package dev.sustain.analysis;

import java.util.Arrays;

/**
 * What limited the rate besides the drive: the link (the burst at its practical ceiling) and the
 * CPU (every core busy, or one core busy while the rate held flat: encryption or compression on one
 * core). These are flags beside the shape, never a shape of their own. Stateless.
 */
final class HostLimits {

  private HostLimits() {}

  /** The burst within {@link Thresholds#LINK_CAP_FRACTION} of the link's ceiling, or null. */
  static Findings.LinkCap linkCap(SampleSeries s, double burstMBps) {
    double ceiling = s.linkCeilingMBps();
    if (Double.isNaN(ceiling)
        || Math.abs(burstMBps - ceiling) > Thresholds.LINK_CAP_FRACTION * ceiling) {
      return null;
    }
    return new Findings.LinkCap(ceiling);
  }

  /**
   * The CPU as the limit, or null: the process's median CPU at least {@link
   * Thresholds#CPU_ALL_CORES_PCT} per core on a machine of several cores; or, with the rate flat
   * (stdev under {@link Thresholds#CPU_FLAT_CV} of its mean), one core between {@link
   * Thresholds#CPU_ONE_CORE_LOW_PCT} and {@link Thresholds#CPU_ONE_CORE_HIGH_PCT}.
   */
  static Findings.CpuBound cpuBound(
      SampleSeries s, boolean flat, double meanMBps, double stdevMBps) {
    if (!s.hasCpu()) {
      return null;
    }
    double[] cpu = new double[s.size()];
    int m = 0;
    for (int i = 0; i < s.size(); i++) {
      if (!Double.isNaN(s.cpuPct(i))) {
        cpu[m++] = s.cpuPct(i);
      }
    }
    double median = Stats.median(Arrays.copyOf(cpu, m));
    int cores = s.cpuCores();
    if (cores > 1 && median >= Thresholds.CPU_ALL_CORES_PCT * cores) {
      return new Findings.CpuBound(cores, median, true, meanMBps);
    }
    boolean steady = flat && meanMBps > 0 && stdevMBps / meanMBps < Thresholds.CPU_FLAT_CV;
    if (steady
        && median >= Thresholds.CPU_ONE_CORE_LOW_PCT
        && median <= Thresholds.CPU_ONE_CORE_HIGH_PCT) {
      return new Findings.CpuBound(cores, median, false, meanMBps);
    }
    return null;
  }
}
