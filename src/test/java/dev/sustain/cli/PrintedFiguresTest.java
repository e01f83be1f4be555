package dev.sustain.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * The checker of printed sentences itself: a time too short to print ("under 0.01s", what a null
 * write of 2 GiB takes on a fast machine) still bounds the rate, so such a sentence is checked and
 * a wrong rate beside it fails.
 */
class PrintedFiguresTest {

  /** What a 2 GiB null write printed on CI, where it took 4 ms. */
  private static final String FAST_NULL_WRITE =
      """
      Wrote 2.1 GB (2 GiB) in under 0.01s: average 536871 MB/s (the final flush took under 0.01s, counted)
        average     536871 MB/s over 2.1 GB in under 0.01s, flush included  (min 715828, median 715828, max 715828)
        - No lasting drop in under 0.01s of writing after the start (2.1 GB at 715828 MB/s): a shape takes 30.0s to tell.
      """;

  @Test
  void aTimeUnderAHundredthIsCheckedAsABound() {
    assertThat(PrintedFigures.sentencesAddUp(FAST_NULL_WRITE, 0)).isEqualTo(3);
  }

  @Test
  void aRateTooSlowForATimeUnderAHundredthFails() {
    String slow = "Wrote 2.1 GB (2 GiB) in under 0.01s: average 100000 MB/s";
    assertThatThrownBy(() -> PrintedFigures.sentencesAddUp(slow, 0))
        .isInstanceOf(AssertionError.class);
  }

  @Test
  void aPrintedTimeStandsForItsRounding() {
    assertThat(PrintedFigures.seconds("4m 05s").lo()).isEqualTo(244.5);
    assertThat(PrintedFigures.seconds("under 0.01s").hi()).isEqualTo(0.005);
  }
}
