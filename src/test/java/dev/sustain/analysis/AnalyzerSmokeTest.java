package dev.sustain.analysis;

import org.junit.jupiter.api.Test;

class AnalyzerSmokeTest {
  @Test
  void print() {
    show("kingston", SyntheticCurves.cacheCliff(1, 1, 2555, 280, 127, 500, 0.03));
    show("wd", SyntheticCurves.cacheCliff(2, 1, 1524, 221, 1132, 90, 0.03));
    show("stair", SyntheticCurves.staircase(3, 1, 6900, 33, 3850, 200, 2000, 300, 0.03));
    show("flat", SyntheticCurves.flat(4, 1, 918, 600, 0.005));
    show("flat-noisy", SyntheticCurves.flat(4, 0.1, 918, 300, 0.1));
    show("orico", SyntheticCurves.thermalRecovering(5, 1, 1, 0.03));
    show("dips", SyntheticCurves.thermalDips(6, 1, 900, 600, 4, 0.03));
    show("mushkin", SyntheticCurves.thermalByTemperature(7, 1, 0.03, 45));
    show("gc", SyntheticCurves.gcSwings(8, 1, 140, 0.05));
    show("gcslow", SyntheticCurves.gcSlowStart(9, 1, 250, 0.05));
    show("smr", SyntheticCurves.smr(10, 1, 146, 7200, 20000));
    show("zoned", SyntheticCurves.hddZoned(11, 1, 240, 120, 40000, 0.05));
    show(
        "cliff+stalls",
        SyntheticCurves.withStalls(
            SyntheticCurves.cacheCliff(12, 1, 2555, 280, 127, 500, 0.03), 3, 5));
  }

  static void show(String name, SyntheticCurves.Curve c) {
    long t0 = System.nanoTime();
    Analysis a = Analyzer.analyze(c.series(), 500_000_000_000L);
    long ms = (System.nanoTime() - t0) / 1_000_000;
    System.out.printf(
        "%-12s %s ms=%d shape=%s burst=%.0f cliff=%s cache=%s floor=%.0f after=%s stall=%.0f rec=%s temp=%s segs=%d plats=%d proj=%.0f%n",
        name,
        c.truth(),
        ms,
        a.shape().id(),
        a.burstMBps(),
        a.cliffSeconds(),
        a.cacheGB(),
        a.floorMBps(),
        a.afterCacheMBps(),
        a.stallSeconds(),
        a.recovered(),
        a.throttleTempC(),
        a.segments().size(),
        a.plateaus().size(),
        a.projection().seconds());
    a.evidence().forEach(e -> System.out.println("    " + e));
  }
}
