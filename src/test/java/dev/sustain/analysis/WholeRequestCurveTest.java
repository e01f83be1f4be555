package dev.sustain.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import dev.sustain.analysis.DriveCurves.Made;
import dev.sustain.testing.CurveSeeded;
import dev.sustain.testing.Seeds;

/**
 * Curves counted in whole requests with their request size known ({@link WholeRequestCurves}): a
 * burst steady to the request then a floor that varies by a request or so is a cache cliff, and a
 * steady high and low alternating at irregular times is gc-erratic, read within the tolerances of
 * {@link ReadEveryCurveTest}. Without the quantum of one request, the quiet burst set the run's
 * noise and the floor fell apart into single-interval segments.
 */
class WholeRequestCurveTest {

  @CurveSeeded
  void aSteadyBurstThenAFloorThatVariesByARequest(long seed) {
    ReadEveryCurveTest.check("whole requests, cliff", seed, WholeRequestCurves::cliff);
  }

  @CurveSeeded
  void steadySwingsInWholeRequests(long seed) {
    ReadEveryCurveTest.check(
        "whole requests, swings", seed, r -> WholeRequestCurves.swings(r, false));
  }

  /**
   * Levels of any number of requests an interval alternate between the whole counts either side:
   * still gc-erratic, its full speed and low state within a request an interval (the median of
   * counts that alternate is one of them) and 4%.
   */
  @CurveSeeded
  void alternatingSwingsInWholeRequests(long seed) {
    Seeds.withSeed(
        seed,
        r -> {
          Made m = WholeRequestCurves.swings(r, true);
          Analysis a = Analyzer.analyze(m.series(), -1);
          String why = m.what() + "\n  read as " + ReadEveryCurveTest.describe(a);
          dev.sustain.report.PrintedInvariants.check(a, m.series(), why);
          assertThat(a.shape()).as(why).isEqualTo(Shape.GC_ERRATIC);
          double request = m.series().requestBytes() / 1e6 / Curve.typicalInterval(m.series());
          double burst = m.truth().burstMBps();
          assertThat(a.burstMBps())
              .as("burst: " + why)
              .isCloseTo(burst, offset(request + 0.04 * burst));
          double floor = m.truth().floorMBps();
          assertThat(a.floorMBps()).as("floor: " + why).isNotNull();
          assertThat(a.floorMBps())
              .as("floor: " + why)
              .isCloseTo(floor, offset(request + 0.04 * floor));
        });
  }
}
