package dev.sustain.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * Findings hold each detector's finding by its record's type: a new detector's finding needs no
 * field of its own, one of each type, and a finding read after the first reading replaces its
 * type's.
 */
class FindingsTest {

  /** A finding no detector of the analysis makes: what a new detector would add. */
  record Newcomer(double figure) {}

  private static final Findings.Ramp NO_RAMP = new Findings.Ramp(0, 0, 0, Double.NaN, null);

  private static final Findings.Stalls NO_STALLS = new Findings.Stalls(0, 0, null);

  @Test
  void aFindingOfAnyTypeIsKeptByItsTypeAndNothingFoundIsNull() {
    Findings f = Findings.of(6, NO_RAMP, NO_STALLS, null, new Newcomer(42));

    assertThat(f.of(Newcomer.class).figure()).isEqualTo(42);
    assertThat(f.ramp()).isSameAs(NO_RAMP);
    assertThat(f.cliff()).isNull();
    assertThat(f.lastingSeconds()).isEqualTo(6);
    assertThat(f.hasStartUp()).isFalse();
    assertThat(f).isEqualTo(Findings.of(6, NO_RAMP, NO_STALLS, new Newcomer(42)));
    assertThat(f).isNotEqualTo(Findings.of(6, NO_RAMP, NO_STALLS, new Newcomer(41)));
  }

  @Test
  void twoFindingsOfOneTypeAreRefusedAndALaterOneReplacesItsType() {
    assertThatThrownBy(() -> Findings.of(6, NO_RAMP, new Newcomer(1), new Newcomer(2)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Newcomer");

    Findings f = Findings.of(6, NO_RAMP, NO_STALLS, new Newcomer(1));
    Findings later = f.with(new Newcomer(2));
    assertThat(later.of(Newcomer.class).figure()).isEqualTo(2);
    assertThat(f.of(Newcomer.class).figure()).as("the first stays as it was").isEqualTo(1);
    assertThat(later.stalls()).isSameAs(NO_STALLS);
  }
}
