package dev.sustain.analysis;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Curves counted in whole requests with their request size known ({@link WholeRequestCurves}): a
 * burst steady to the request then a floor that varies by a request or so is a cache cliff, and a
 * steady high and low alternating at irregular times is gc-erratic, read within the tolerances of
 * {@link ReadEveryCurveTest}. Without the quantum of one request, the quiet burst set the run's
 * noise and the floor fell apart into single-interval segments.
 */
class WholeRequestCurveTest {

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("dev.sustain.analysis.ReadEveryCurveTest#seeds")
  void aSteadyBurstThenAFloorThatVariesByARequest(long seed) {
    ReadEveryCurveTest.check("whole requests, cliff", seed, WholeRequestCurves::cliff);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("dev.sustain.analysis.ReadEveryCurveTest#seeds")
  void steadySwingsInWholeRequests(long seed) {
    ReadEveryCurveTest.check("whole requests, swings", seed, WholeRequestCurves::swings);
  }
}
