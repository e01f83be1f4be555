package dev.sustain.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sustain.analysis.Analysis;
import dev.sustain.analysis.Findings;
import dev.sustain.analysis.SampleSeries;
import dev.sustain.analysis.Shape;

/**
 * What no output may state, whatever the curve, checked against the series it was read from: a
 * floor above its burst; a throttle whose floor is not below the level it fell from; "no cliff in
 * the first N GB" when the rate had already fallen for good before N; a printed span (a plateau or
 * a stage) whose mean and bytes disagree beyond the rounding of their printed digits.
 */
public final class PrintedInvariants {

  /**
   * A fall the claim must not cover: every later interval at most this fraction of the mean before
   * it. Far below the 85% line of a drop, so that noise (1-8% an interval) cannot make one.
   */
  static final double FALLEN = 0.7;

  private PrintedInvariants() {}

  /** Asserts every invariant of {@code a}, read from {@code s}; {@code why} names the curve. */
  public static void check(Analysis a, SampleSeries s, String why) {
    JsonNode j = AnalysisJson.toNode(a);
    if (a.shape() == Shape.THERMAL_THROTTLE) {
      throttleFellToItsFloor(a, why);
    }
    if (a.floorMBps() != null) {
      assertThat(a.floorMBps())
          .as("floor above its burst: " + why)
          .isLessThanOrEqualTo(a.burstMBps());
      assertThat(j.get("floor_MBps").asDouble())
          .as("printed floor above its burst: " + why)
          .isLessThanOrEqualTo(j.get("burst_MBps").asDouble());
    }
    if (a.cacheGBMin() != null) {
      noCliffClaimHolds(a, s, why);
    }
    for (String list : new String[] {"plateaus", "stages"}) {
      for (JsonNode span : j.get(list)) {
        double seconds = span.get("end_s").asDouble() - span.get("start_s").asDouble();
        double mean = span.get("mean_MBps").asDouble();
        double gb = span.get("GB").asDouble();
        // mean to 0.1 MB/s, GB to 0.001, each time to 0.001 s: the most rounding can move them.
        double slack = 0.05 * seconds / 1000 + 0.0005 + mean * 0.001 / 1000 + 1e-9;
        assertThat(Math.abs(mean * seconds / 1000 - gb))
            .as(list + " span " + span + " mean x time is not its GB: " + why)
            .isLessThanOrEqualTo(slack);
      }
    }
  }

  /**
   * "Throttles down to F" names a floor below the burst the run started at, and "fell from A to L"
   * a low below A with F no higher: a throttle only lowers the rate from the speed it started at,
   * so a floor at or above the burst, or a fall to a rate above the one it fell from, is words
   * against their own figures.
   */
  private static void throttleFellToItsFloor(Analysis a, String why) {
    assertThat(a.floorMBps()).as("a throttle without a floor: " + why).isNotNull();
    assertThat(a.floorMBps())
        .as("throttles down to a floor not below its burst: " + why)
        .isLessThan(a.burstMBps());
    Findings.Recovery r = a.findings().recovery();
    if (r != null) {
      assertThat(r.lowMBps())
          .as("fell to a rate not below its start: " + why)
          .isLessThan(r.fromMBps());
      assertThat(a.floorMBps())
          .as("throttles down to a floor not below the level it fell from: " + why)
          .isLessThan(r.fromMBps());
    }
  }

  /**
   * "No cliff in the first N GB" is false when, a whole interval before N, the rate had fallen to
   * at most {@link #FALLEN} of its mean so far and stayed there to the end (for 3 intervals or
   * more).
   */
  private static void noCliffClaimHolds(Analysis a, SampleSeries s, String why) {
    int n = s.size();
    int from = a.findings().ramp().intervals();
    long[] cumulative = new long[n + 1];
    for (int i = 0; i < n; i++) {
      cumulative[i + 1] = cumulative[i] + s.bytes(i);
    }
    double[] laterMax = new double[n + 1];
    for (int i = n - 1; i >= 0; i--) {
      laterMax[i] = Math.max(laterMax[i + 1], s.writeMBps(i));
    }
    double seconds = 0;
    for (int k = from + 1; k + 3 <= n; k++) {
      seconds += s.intervalSeconds(k - 1);
      double before = (cumulative[k] - cumulative[from]) / 1e6 / seconds;
      if (laterMax[k] <= FALLEN * before) {
        assertThat(a.cacheGBMin() * 1e9)
            .as(
                "'no cliff in the first %.3f GB', though the rate fell to %.0f%% of %.1f MB/s at"
                    + " interval %d (%.3f GB) for good: %s",
                a.cacheGBMin(), 100 * laterMax[k] / before, before, k, cumulative[k] / 1e9, why)
            .isLessThanOrEqualTo(cumulative[k + 1]);
        return;
      }
    }
  }
}
