package dev.sustain.share;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A figure past every drive's is said so, not "at the 0th percentile" or "the 100th". */
class HubStandingPlaceTest {

  private static final List<Double> FLOORS = List.of(100.0, 120.0, 140.0);

  @Test
  void aFloorUnderEveryDriveIsBelowAllOfThem() {
    assertThat(HubStanding.place(FLOORS, 50, "percentile")).isEqualTo("below all 3 drives");
    assertThat(HubStanding.place(FLOORS, 500, "percentile")).isEqualTo("above all 3 drives");
    assertThat(HubStanding.place(List.of(80.0), 50, "")).isEqualTo("below the only drive");
  }

  @Test
  void aFloorAmongThemHasItsPercentile() {
    assertThat(HubStanding.place(FLOORS, 120, "percentile")).isEqualTo("at the 50th percentile");
    assertThat(HubStanding.place(FLOORS, 130, "")).isEqualTo("at the 67th");
    // A tie with the lowest is among them (half a drive below), not below them all.
    assertThat(HubStanding.place(FLOORS, 100, "percentile")).isEqualTo("at the 17th percentile");
  }
}
