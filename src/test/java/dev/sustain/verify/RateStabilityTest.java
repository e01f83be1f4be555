package dev.sustain.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class RateStabilityTest {

  @Test
  void knownFigures() {
    RateStability s = RateStability.of(new double[] {920, 940, 922, 924});
    assertThat(s.intervals()).isEqualTo(4);
    assertThat(s.meanMBps()).isEqualTo(926.5);
    assertThat(s.minMBps()).isEqualTo(920);
    assertThat(s.medianMBps()).isEqualTo(923);
    assertThat(s.maxMBps()).isEqualTo(940);
    // Population stdev of {-6.5, 13.5, -4.5, -2.5}: sqrt((42.25+182.25+20.25+6.25)/4)
    assertThat(s.stdevMBps()).isCloseTo(Math.sqrt(251.0 / 4), within(1e-9));
  }

  @Test
  void erraticWritesVaryFarMoreThanSteadyReads() {
    RateStability reads = RateStability.of(new double[] {813, 807, 819, 811, 815});
    RateStability writes = RateStability.of(new double[] {120, 940, 130, 900, 256, 0});
    assertThat(reads.variation()).isLessThan(0.02);
    assertThat(writes.variation()).isGreaterThan(0.5);
  }

  @Test
  void noIntervalsGiveNoNumbers() {
    assertThat(RateStability.of(new double[0]).meanMBps()).isNaN();
  }
}
