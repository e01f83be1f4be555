package dev.sustain.analysis;

import java.util.Arrays;
import java.util.List;

/**
 * What limited the rate besides the drive: the link (the burst at its practical ceiling) and the
 * CPU (every core busy, or one core busy while the rate held flat: encryption or compression on one
 * core). These are flags beside the shape, never a shape of their own; the rule list uses them
 * through {@link Detectors#LINK_CAP} and {@link Detectors#CPU_BOUND}. Immutable.
 */
public final class HostLimits {

  private HostLimits() {}

  /**
   * The numbers the host's limits are read by.
   *
   * @param linkCapFraction the burst within this fraction of the link's practical ceiling means the
   *     link sets the peak
   * @param cpuAllCoresPct every core at least this busy (percent of one core) is a CPU-bound
   *     machine
   * @param cpuOneCoreLowPct one core busy: its median between this and {@code cpuOneCoreHighPct}
   *     percent while the rate holds flat
   * @param cpuOneCoreHighPct see {@code cpuOneCoreLowPct}
   * @param cpuFlatCv flat enough for one busy core to be the limit: stdev below this fraction of
   *     the mean
   */
  public record Limits(
      double linkCapFraction,
      double cpuAllCoresPct,
      double cpuOneCoreLowPct,
      double cpuOneCoreHighPct,
      double cpuFlatCv) {

    /** The limits the analysis reads every curve by. */
    public static final Limits DEFAULT = new Limits(0.10, 90, 90, 110, 0.10);
  }

  /** The burst at the link's practical ceiling. */
  record LinkCap(Limits limits) implements Detector<Findings.LinkCap, Limits> {

    /** The burst within {@link Limits#linkCapFraction} of the link's ceiling, or null. */
    @Override
    public Findings.LinkCap find(Reading r) {
      Curve c = r.curve();
      double ceiling = c.s.linkCeilingMBps();
      if (Double.isNaN(ceiling)
          || Math.abs(c.burst - ceiling) > limits.linkCapFraction() * ceiling) {
        return null;
      }
      return new Findings.LinkCap(ceiling);
    }

    @Override
    public Findings.LinkCap in(Findings f) {
      return f.linkCap();
    }

    @Override
    public List<Words> evidence(Findings.LinkCap l, Analysis a) {
      return List.of(
          Words.of(
              "The burst of {rate} is within {.0}% of the link's practical ceiling of {rate}: the"
                  + " link, not the drive, sets the peak{}",
              a.burstMBps(),
              100 * limits.linkCapFraction(),
              l.ceilingMBps(),
              a.shape() == Shape.FLAT ? ", and it may hide a cliff." : "."));
    }

    @Override
    public List<Words> advice(Findings.LinkCap l, Analysis a) {
      return List.of(
          Words.of(
              "The link limits the peak: a faster port, cable or enclosure may show more"
                  + (a.shape() == Shape.FLAT
                      ? " (and may reveal a cliff the link now hides)."
                      : ".")));
    }

    @Override
    public void json(Findings.LinkCap l, JsonFields out) {
      out.put("link_capped", l != null);
    }
  }

  /** The CPU, not the drive, set the rate. */
  record CpuBound(Limits limits) implements Detector<Findings.CpuBound, Limits> {

    /**
     * The CPU as the limit, or null: the process's median CPU at least {@link
     * Limits#cpuAllCoresPct} per core on a machine of several cores; or, with the run read flat and
     * its rate flat (stdev under {@link Limits#cpuFlatCv} of its mean), one core between {@link
     * Limits#cpuOneCoreLowPct} and {@link Limits#cpuOneCoreHighPct}. Read once the shape is named.
     */
    @Override
    public Findings.CpuBound find(Reading r) {
      Curve c = r.curve();
      SampleSeries s = c.s;
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
      if (m == 0) {
        return null; // no row long enough to read the CPU over (a tiny run)
      }
      double median = Stats.median(Arrays.copyOf(cpu, m));
      int cores = s.cpuCores();
      // The rate of the write intervals after the ramp, as the analysis's figures read it.
      double meanMBps = c.meanMBps(c.from, c.n);
      if (cores > 1 && median >= limits.cpuAllCoresPct() * cores) {
        return new Findings.CpuBound(cores, median, true, meanMBps);
      }
      double stdevMBps = Math.sqrt(Stats.variance(Arrays.copyOfRange(c.r, c.from, c.n)));
      boolean steady =
          r.shape() == Shape.FLAT && meanMBps > 0 && stdevMBps / meanMBps < limits.cpuFlatCv();
      if (steady && median >= limits.cpuOneCoreLowPct() && median <= limits.cpuOneCoreHighPct()) {
        return new Findings.CpuBound(cores, median, false, meanMBps);
      }
      return null;
    }

    @Override
    public Findings.CpuBound in(Findings f) {
      return f.cpuBound();
    }

    @Override
    public List<Words> evidence(Findings.CpuBound cpu, Analysis a) {
      return List.of(
          cpu.allCores()
              ? Words.of(
                  "CPU-bound: all {} cores busy (median {.0}%) while writing.",
                  cpu.cores(), cpu.medianPct())
              : Words.of(
                  "CPU-bound: one core at {.0}% (median) while the rate held flat at {rate}.",
                  cpu.medianPct(), cpu.rateMBps()));
    }

    @Override
    public List<Words> advice(Findings.CpuBound cpu, Analysis a) {
      return List.of(
          Words.of(
              cpu.allCores()
                  ? "The CPU is the limit, not the drive: a faster CPU would write faster."
                  : "The CPU is the limit, not the drive: encryption or compression on one core;"
                      + " a faster core or hardware acceleration would help, a faster drive would"
                      + " not."));
    }

    @Override
    public void json(Findings.CpuBound cpu, JsonFields out) {
      out.put("cpu_bound", cpu != null);
    }
  }
}
