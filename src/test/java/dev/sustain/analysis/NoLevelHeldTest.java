package dev.sustain.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.analysis.DriveCurves.Plan;
import dev.sustain.report.Explanation;
import dev.sustain.report.PrintedInvariants;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A run that held no level ({@link UndeterminedDetector.Limits#heldSpread}): a drive swinging
 * between full speed and near nothing in turns of one or two long intervals, too short for the
 * erratic rule to count, is never read as flat ("held 794 MB/s from start to end", min 0, max 2162:
 * blind gc-erratic 74 and 294). Its reading names no shape and says how far from their median half
 * its intervals lie, a figure the samples bear out. And a held level of up to 30% noise, the most
 * any drive class shows, is still flat.
 */
class NoLevelHeldTest {

  private static final Pattern AWAY = Pattern.compile("half its intervals at least (\\d+)% away");

  /**
   * Turns at full speed (60-3000 MB/s) and low (nothing or up to 15% of it) of 0.5-2.5 intervals
   * each on average, exponentially spread, low 40-70% of the time, at 3-5 s intervals, 300-1200 s.
   * Counted, not each: 3 of the 200 read flat (65 before the spread was judged). All three are low
   * only 40-43% of the time, so more than half their intervals are at full speed or next to it and
   * half lie within a third of the median, as a noisy held level's do; the figures beside "held"
   * (seed 52: min 14.7, median 92.1, max 136 MB/s, stdev 37.2) show the spread.
   */
  @Test
  void swingsTooQuickToCountAreNeverReadAsHeld() {
    SeededMisses.drawnAtMost(
        3,
        "quick swings read as held",
        r -> {
          Plan p = new Plan();
          p.interval = r.nextDouble(3, 5);
          p.noise = r.nextDouble(0.005, 0.05);
          p.seconds = r.nextDouble(300, 1200);
          double full = DriveCurves.logUniform(r, 60, 3000);
          double low = full * r.nextDouble(0, 0.15);
          double lowShare = r.nextDouble(0.4, 0.7);
          double turn = p.interval * r.nextDouble(0.5, 2.5);
          int turns = (int) (2 * p.seconds / turn) + 2;
          double[] ends = new double[turns];
          double t = 0;
          for (int k = 0; k < turns; k++) {
            double mean = turn * (k % 2 == 0 ? 2 * (1 - lowShare) : 2 * lowShare);
            t += -mean * Math.log(1 - r.nextDouble());
            ends[k] = t;
          }
          SampleSeries s =
              DriveCurves.sample(
                  x -> {
                    int k = Arrays.binarySearch(ends, x);
                    int at = k >= 0 ? k + 1 : -k - 1;
                    return at % 2 == 0 ? full : low;
                  },
                  p,
                  r);
          Analysis a = Analyzer.analyze(s);
          List<String> evidence = Explanation.evidence(a);
          String what =
              DriveCurves.f(
                  "full %.1f, low %.1f (%.0f%% of the time) in turns of %.1f s, dt %.2f: %s, %s",
                  full, low, 100 * lowShare, turn, p.interval, a.shape(), evidence);
          PrintedInvariants.check(a, s, what);
          assertThat(a.shape()).as(what).isNotEqualTo(Shape.FLAT);
          Matcher m = AWAY.matcher(String.join(" ", evidence));
          if (m.find()) {
            double away = Integer.parseInt(m.group(1)) / 100.0;
            assertThat(shareAtLeastAway(s, a.findings().ramp().intervals(), away))
                .as("%s: share of intervals at least %.0f%% away", what, 100 * away)
                .isGreaterThanOrEqualTo(0.5);
          }
        });
  }

  /** A level of 0.5-30% Gaussian noise, wandering or not, is read as flat: it held. */
  @Test
  void aNoisyHeldLevelIsStillFlat() {
    SeededMisses.drawnNone(
        "held noisy levels not read as flat",
        r -> {
          Plan p = new Plan();
          p.interval = r.nextDouble(0.25, 5);
          p.noise = DriveCurves.logUniform(r, 0.005, 0.3);
          p.seconds = r.nextDouble(300, 1200);
          double level = DriveCurves.logUniform(r, 20, 5000);
          SampleSeries s = DriveCurves.sample(x -> level, p, r);
          Analysis a = Analyzer.analyze(s);
          String what =
              DriveCurves.f(
                  "%.1f at %.1f%% noise, dt %.2f: %s",
                  level, 100 * p.noise, p.interval, Explanation.evidence(a));
          assertThat(a.shape()).as(what).isEqualTo(Shape.FLAT);
          assertThat(UndeterminedDetector.spreadOfMedian(new Curve(s)))
              .as(what)
              .isLessThan(UndeterminedDetector.Limits.DEFAULT.heldSpread());
        });
  }

  /** The share of the intervals from {@code from} on at least {@code away} of their median off. */
  private static double shareAtLeastAway(SampleSeries s, int from, double away) {
    double[] v = new double[s.size() - from];
    for (int i = from; i < s.size(); i++) {
      v[i - from] = s.writeMBps(i);
    }
    double median = Stats.median(v.clone());
    long far = Arrays.stream(v).filter(x -> Math.abs(x - median) >= away * median).count();
    return (double) far / v.length;
  }
}
