package dev.sustain.report;

import dev.sustain.analysis.Analysis;
import dev.sustain.analysis.Findings;
import dev.sustain.analysis.Segment;
import dev.sustain.analysis.Shape;
import dev.sustain.analysis.Thresholds;
import dev.sustain.unit.Durations;
import dev.sustain.unit.Units;
import java.util.ArrayList;
import java.util.List;

/**
 * The one place the analysis is put into words: the headline, the evidence ("why") and the advice,
 * all made from the same {@link Analysis} figures and {@link Findings}, so they cannot disagree. A
 * sentence names a change only between figures the analysis knows to differ (a drop is at least
 * 15%, a climb back 15%). Locale-proof. Stateless and thread-safe.
 */
public final class Explanation {

  private Explanation() {}

  /** The shape in one short phrase with its numbers. */
  public static String headline(Analysis a) {
    Findings f = a.findings();
    return switch (a.shape()) {
      case UNDETERMINED ->
          "too short to tell: "
              + Units.rate(a.burstMBps())
              + " for "
              + gb(a.totalGB())
              + " and no cliff yet";
      case CACHE_CLIFF -> {
        StringBuilder b = new StringBuilder("fast for ").append(gb(a.cacheGB())).append(", then ");
        List<Segment> stages = a.stages();
        for (int i = 0; i + 1 < stages.size(); i++) {
          b.append(Units.rate(stages.get(i).meanMBps())).append(", then ");
        }
        b.append(Units.rate(a.floorMBps()));
        yield b.append(a.floorMayBeLower() ? ", maybe lower" : " to the end").toString();
      }
      case THERMAL_THROTTLE -> {
        if (f.sawtooth() != null) {
          yield "dips to "
              + Units.rate(f.sawtooth().dipMBps())
              + " every "
              + Durations.format(f.sawtooth().periodSeconds())
              + " and comes back: "
              + Units.rate(a.floorMBps())
              + " on average";
        }
        yield "throttles down to "
            + Units.rate(a.floorMBps())
            + (a.recovered() ? " and recovers while writing" : "")
            + (a.throttleTempC() != null ? " at " + Units.fixed(a.throttleTempC(), 0) + " °C" : "");
      }
      case GC_ERRATIC ->
          f.erratic().swinging()
              ? "erratic between about "
                  + Units.mbps(a.floorMBps())
                  + " and "
                  + Units.rate(a.burstMBps())
                  + ": short of free blocks (no TRIM)"
              : "starts slow at "
                  + Units.rate(f.erratic().slowStart().meanMBps())
                  + ", then "
                  + Units.rate(f.erratic().laterMBps())
                  + ": short of free blocks (no TRIM)";
      case SMR_STALLS ->
          "holds "
              + Units.rate(f.smr().heldMBps())
              + " for "
              + gb(a.cacheGB())
              + ", then stalls (shingled disk)";
      case HDD_ZONED ->
          "declines gradually from "
              + Units.rate(f.zoned().startMBps())
              + " to "
              + Units.rate(f.zoned().endMBps());
      case FLAT ->
          "holds " + Units.rate(a.floorMBps()) + (a.linkCapped() ? " at the link's limit" : "");
    };
  }

  /** Sentences naming the numbers that decided the shape, then the context. */
  public static List<String> evidence(Analysis a) {
    Findings f = a.findings();
    List<String> e = new ArrayList<>();
    switch (a.shape()) {
      case UNDETERMINED -> {
        Findings.Undetermined u = f.undetermined();
        e.add(
            "No lasting drop in the "
                + Durations.format(u.judgedSeconds())
                + " of writing after the start ("
                + gb(a.totalGB())
                + " at "
                + Units.rate(a.burstMBps())
                + "): a shape takes "
                + Durations.format(u.neededSeconds())
                + " to tell.");
        e.add(noCliff(a));
      }
      case CACHE_CLIFF -> {
        e.add(cliffSentence(a, f.cliff()) + ": the fast cache was full.");
        mayBeLower(a, f.cliff(), e);
        if (f.bend() != null && !f.bend().thermal()) {
          e.add(notHeat(f.bend()));
        }
      }
      case THERMAL_THROTTLE -> thermal(a, f, e);
      case GC_ERRATIC -> {
        Findings.Erratic x = f.erratic();
        if (x.swinging()) {
          e.add(
              "Swung "
                  + x.swings()
                  + " times between low (below "
                  + Units.rate(x.lowLineMBps())
                  + ") and high (above "
                  + Units.rate(x.highLineMBps())
                  + ") at irregular times: low "
                  + pct(x.lowFraction())
                  + " of the time, high "
                  + pct(x.highFraction())
                  + "; min/median/max "
                  + Units.mbps(a.minMBps())
                  + "/"
                  + Units.mbps(a.medianMBps())
                  + "/"
                  + Units.mbps(a.maxMBps())
                  + " MB/s.");
        }
        if (x.slowStart() != null) {
          e.add(
              "Started slow at "
                  + Units.rate(x.slowStart().meanMBps())
                  + " for "
                  + Durations.format(x.slowStart().durationSeconds())
                  + ", then reached "
                  + Units.rate(x.laterMBps())
                  + ": neither a cache nor heat starts slow and speeds up.");
        }
        e.add("A translation layer short of free blocks collects garbage while it writes.");
      }
      case SMR_STALLS -> {
        Findings.Smr s = f.smr();
        e.add(
            "Held "
                + Units.rate(s.heldMBps())
                + " for "
                + Durations.format(s.onsetSeconds())
                + ", then "
                + s.zerosAfter()
                + " of the remaining "
                + s.intervalsAfter()
                + " intervals ("
                + pct(s.zerosAfter() / (double) s.intervalsAfter())
                + ") wrote nothing and the rate fell to "
                + Units.rate(s.afterMBps())
                + ": a shingled (SMR) disk rewriting its bands.");
      }
      case HDD_ZONED ->
          e.add(
              "Declined gradually from "
                  + Units.rate(f.zoned().startMBps())
                  + " at the start to "
                  + Units.rate(f.zoned().endMBps())
                  + " at the end, over "
                  + Durations.format(a.durationSeconds())
                  + ", with no sharp lasting step (largest step between plateaus "
                  + Units.rate(f.zoned().largestStepMBps())
                  + ") and "
                  + f.stalls().intervals()
                  + " zero intervals: outer to inner tracks.");
      case FLAT -> {
        e.add(
            "Held "
                + Units.rate(a.floorMBps())
                + " from start to end: min "
                + Units.mbps(a.minMBps())
                + ", median "
                + Units.mbps(a.medianMBps())
                + ", max "
                + Units.mbps(a.maxMBps())
                + " MB/s, stdev "
                + Units.mbps(a.stdevMBps())
                + " MB/s; no lasting drop below "
                + Units.rate(Thresholds.DROP_FRACTION * a.burstMBps())
                + " ("
                + Units.fixed(100 * Thresholds.DROP_FRACTION, 0)
                + "% of the burst).");
        e.add(noCliff(a));
      }
    }
    context(a, f, e);
    return e;
  }

  /** What to do, one sentence each; never empty. */
  public static List<String> advice(Analysis a) {
    Findings f = a.findings();
    List<String> out = new ArrayList<>();
    switch (a.shape()) {
      case UNDETERMINED ->
          out.add(
              "Write longer to see the drive's shape: 'sustain write TARGET --until floor' runs"
                  + " until the floor after the cache has held (or give --size more than the cache"
                  + " you expect, such as a third of the drive).");
      case CACHE_CLIFF -> {
        out.add(
            "Jobs up to about "
                + gb(a.cacheGB())
                + " run at "
                + Units.rate(a.burstMBps())
                + "; beyond that plan with the floor of "
                + Units.rate(a.floorMBps())
                + ".");
        if (a.floorMayBeLower()) {
          out.add("Write longer (--until floor) to see whether it settles lower still.");
        }
      }
      case THERMAL_THROTTLE ->
          out.add(
              "Cool the drive: a fan or an enclosure with a heatsink; let a passive drive rest"
                  + " between long transfers.");
      case GC_ERRATIC ->
          out.add(
              "Free the drive's blocks: TRIM it (fstrim, or a format that issues UNMAP/deallocate),"
                  + " then measure again.");
      case SMR_STALLS ->
          out.add(
              "This is a shingled (SMR) disk: for large backups choose a CMR disk, or expect "
                  + Units.rate(a.afterCacheMBps())
                  + " once its fast zone is full.");
      case HDD_ZONED ->
          out.add(
              "Nothing to fix: a spinning disk is slower on its inner tracks; plan by the floor.");
      case FLAT -> {}
    }
    if (f.linkCap() != null) {
      out.add(
          "The link limits the peak: a faster port, cable or enclosure may show more"
              + (a.shape() == Shape.FLAT ? " (and may reveal a cliff the link now hides)." : "."));
    }
    if (f.cpuBound() != null) {
      out.add(
          f.cpuBound().allCores()
              ? "The CPU is the limit, not the drive: a faster CPU would write faster."
              : "The CPU is the limit, not the drive: encryption or compression on one core;"
                  + " a faster core or hardware acceleration would help, a faster drive would"
                  + " not.");
    }
    if (out.isEmpty()) {
      out.add("Nothing to do: the drive holds its rate.");
    }
    return out;
  }

  private static String cliffSentence(Analysis a, Findings.Cliff c) {
    StringBuilder b =
        new StringBuilder("Held ")
            .append(Units.rate(c.burstMBps()))
            .append(" for ")
            .append(gb(c.cacheGB()))
            .append(" (")
            .append(Durations.format(c.seconds()))
            .append("), then dropped to ")
            .append(Units.rate(c.firstLevelMBps()))
            .append(" at ")
            .append(Durations.format(c.seconds()));
    List<Segment> stages = c.stages();
    if (stages.size() > 1) {
      b.append(" and stepped down through ").append(stages.size()).append(" stages (");
      for (int i = 0; i < stages.size(); i++) {
        Segment s = stages.get(i);
        b.append(i == 0 ? "" : ", ")
            .append(Units.rate(s.meanMBps()))
            .append(" for ")
            .append(gb(s.gigabytes()));
      }
      b.append(')');
    }
    return b.append(", and never came back in the remaining ")
        .append(Durations.format(a.durationSeconds() - c.seconds()))
        .toString();
  }

  private static void mayBeLower(Analysis a, Findings.Cliff c, List<String> e) {
    if (a.floorMayBeLower()) {
      e.add(
          "The run ended on a lower level ("
              + Units.rate(c.endMBps())
              + ") that had not lasted "
              + Durations.format(a.findings().lastingSeconds())
              + " yet: the floor may be lower than "
              + Units.rate(a.floorMBps())
              + ".");
    }
  }

  private static void thermal(Analysis a, Findings f, List<String> e) {
    if (f.sawtooth() != null) {
      Findings.Sawtooth s = f.sawtooth();
      e.add(
          s.dips()
              + " dips to "
              + Units.rate(s.dipMBps())
              + " ("
              + pct(s.dipMBps() / s.levelMBps())
              + " of "
              + Units.rate(s.levelMBps())
              + ") for about "
              + Durations.format(s.dipSeconds())
              + " every "
              + Durations.format(s.periodSeconds())
              + " from "
              + Durations.format(s.onsetSeconds())
              + " on, each coming back: a controller throttling as it heats and resuming as it"
              + " cools; over whole periods it wrote "
              + Units.rate(s.meanMBps())
              + ".");
      return;
    }
    if (f.recovery() != null) {
      Findings.Recovery r = f.recovery();
      e.add(
          "Fell from "
              + Units.rate(r.fromMBps())
              + " to "
              + Units.rate(r.lowMBps())
              + " and climbed back to "
              + Units.rate(r.backMBps())
              + " at "
              + Durations.format(r.atSeconds())
              + " while still writing: a full cache does not refill mid-write, a cooled"
              + " controller speeds up.");
    }
    if (f.bend() != null && f.bend().thermal()) {
      Findings.TemperatureBend t = f.bend();
      e.add(
          "The rate stepped down to "
              + Units.rate(f.cliff().firstLevelMBps())
              + " at "
              + Durations.format(t.stepSeconds())
              + " just as the temperature, having risen from "
              + Units.fixed(t.startC(), 0)
              + " to "
              + Units.fixed(t.bendC(), 0)
              + " °C ("
              + slope(t.beforeCPerMinute())
              + "), stopped rising ("
              + slope(t.afterCPerMinute())
              + " after, within "
              + Units.fixed(t.spreadC(), 1)
              + " °C of that line): a throttle at "
              + Units.fixed(t.bendC(), 0)
              + " °C.");
    }
    if (f.cliff() != null && f.recovery() == null) {
      mayBeLower(a, f.cliff(), e);
    }
  }

  private static String notHeat(Findings.TemperatureBend t) {
    return "The temperature did not bend at the drop ("
        + slope(t.beforeCPerMinute())
        + " before its bend at "
        + Durations.format(t.bendSeconds())
        + ", "
        + slope(t.afterCPerMinute())
        + " after): the drop is not heat.";
  }

  private static void context(Analysis a, Findings f, List<String> e) {
    if (f.ramp().intervals() > 0) {
      boolean one = f.ramp().intervals() == 1;
      e.add(
          "The first "
              + (one ? "interval" : f.ramp().intervals() + " intervals")
              + " ("
              + Durations.format(f.ramp().seconds())
              + (one ? ") was" : ") were")
              + " the start-up ramp, the first requests still in flight: neither the burst"
              + " nor stalls.");
    }
    if (a.shape() != Shape.SMR_STALLS && f.stalls().intervals() > 0) {
      e.add(
          f.stalls().intervals()
              + (f.stalls().intervals() == 1 ? " interval" : " intervals")
              + " ("
              + Units.fixed(f.stalls().seconds(), f.stalls().seconds() < 10 ? 1 : 0)
              + " s) in which nothing completed (stalls).");
    }
    if (f.linkCap() != null) {
      e.add(
          "The burst of "
              + Units.rate(a.burstMBps())
              + " is within "
              + Units.fixed(100 * Thresholds.LINK_CAP_FRACTION, 0)
              + "% of the link's practical ceiling of "
              + Units.rate(f.linkCap().ceilingMBps())
              + ": the link, not the drive, sets the peak"
              + (a.shape() == Shape.FLAT ? ", and it may hide a cliff." : "."));
    }
    Findings.CpuBound cpu = f.cpuBound();
    if (cpu != null) {
      e.add(
          cpu.allCores()
              ? "CPU-bound: all "
                  + cpu.cores()
                  + " cores busy (median "
                  + Units.fixed(cpu.medianPct(), 0)
                  + "%) while writing."
              : "CPU-bound: one core at "
                  + Units.fixed(cpu.medianPct(), 0)
                  + "% (median) while the rate held flat at "
                  + Units.rate(cpu.rateMBps())
                  + ".");
    }
  }

  private static String noCliff(Analysis a) {
    return "No cliff in the first "
        + gb(a.cacheGBMin())
        + ": the cache, if any, is at least that; a projection past it assumes the rate holds.";
  }

  private static String slope(double perMinute) {
    return (perMinute >= 0 ? "+" : "")
        + Units.fixed(perMinute, Math.abs(perMinute) >= 1 ? 1 : 2)
        + " °C/min";
  }

  static String gb(Double gigabytes) {
    if (gigabytes == null) {
      return "-";
    }
    return Units.fixed(gigabytes, gigabytes >= 100 ? 0 : gigabytes >= 1 ? 1 : 3) + " GB";
  }

  private static String pct(double fraction) {
    return Units.fixed(100 * fraction, fraction < 0.1 ? 1 : 0) + "%";
  }
}
