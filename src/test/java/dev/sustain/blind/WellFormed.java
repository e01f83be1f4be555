package dev.sustain.blind;

import static org.assertj.core.api.Assertions.assertThat;

/** What every generated curve must be before the analysis may be judged on it. */
final class WellFormed {

  private WellFormed() {}

  static void check(BlindCurve c) {
    Sampler.Samples s = c.samples();
    assertThat(s.size())
        .as("samples of %s", c.params())
        .isBetween(20, Curves.MAX_SAMPLES * 11 / 10);
    assertThat(s.intervalS()).as("interval").isBetween(0.25, 5.0);
    double previous = 0;
    for (int i = 0; i < s.size(); i++) {
      assertThat(s.timeS()[i]).as("time %d rises", i).isGreaterThan(previous);
      assertThat(s.mbps()[i]).as("rate %d", i).isFinite().isGreaterThanOrEqualTo(0);
      previous = s.timeS()[i];
    }
    if (c.tempC() != null) {
      assertThat(c.tempC()).hasSize(s.size());
      for (double t : c.tempC()) {
        assertThat(Double.isNaN(t) || (t > 0 && t < 120)).as("temperature %s", t).isTrue();
      }
    }
    assertThat(c.shapes()).as("accepted shapes").isNotEmpty();
    for (Truth t : c.truths()) {
      assertThat(t.value()).as(t.field()).isFinite().isPositive();
      assertThat(t.tolerance()).as(t.field() + " tolerance").isPositive();
    }
  }
}
