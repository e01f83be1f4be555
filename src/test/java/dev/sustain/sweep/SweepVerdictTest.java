package dev.sustain.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.sweep.SweepPoint.Direction;
import java.util.List;
import org.junit.jupiter.api.Test;

class SweepVerdictTest {

  private static final int K128 = 128 << 10;
  private static final int M1 = 1 << 20;
  private static final int M4 = 4 << 20;

  private static SweepPoint w(int bs, int qd, double mbps) {
    return new SweepPoint(bs, qd, mbps, Double.NaN);
  }

  @Test
  void anEnclosureWithHighPerCommandOverheadNeeds4MiB() {
    // The field report's second 10 Gb enclosure: 940 MB/s at 4 MiB, 304 MB/s at 1 MiB.
    List<SweepPoint> points =
        List.of(
            w(K128, 1, 60), w(K128, 32, 150),
            w(M1, 1, 200), w(M1, 32, 304),
            w(M4, 1, 600), w(M4, 32, 940));
    SweepVerdict v = SweepVerdict.of(points, Direction.WRITE);
    assertThat(v.neededBlockBytes()).isEqualTo(M4);
    assertThat(v.neededQueueDepth()).isEqualTo(32);
    assertThat(v.smallerBlockBytes()).isEqualTo(M1);
    assertThat(v.smallerFraction())
        .isCloseTo(304 / 940.0, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(v.sentence())
        .startsWith(
            "This target needs 4 MiB requests to reach its best write rate (940 MB/s at 4 MiB QD32); at 1 MiB it gives 32% (304 MB/s).")
        .contains("At queue depth 1 it gives 64%");
  }

  @Test
  void aGoodEnclosureIsNotHeldBackBySmallRequests() {
    List<SweepPoint> points =
        List.of(w(K128, 32, 900), w(M1, 32, 935), w(M4, 32, 940), w(K128, 1, 880), w(M4, 1, 939));
    SweepVerdict v = SweepVerdict.of(points, Direction.WRITE);
    assertThat(v.neededBlockBytes()).isEqualTo(K128);
    assertThat(v.neededQueueDepth()).isEqualTo(1);
    assertThat(v.smallerBlockBytes()).isEqualTo(-1);
    assertThat(v.sentence())
        .isEqualTo(
            "Request size does not hold this target back: 128 KiB writes, the smallest tested,"
                + " already reach 96% of its best write rate (940 MB/s at 4 MiB QD32).");
  }

  @Test
  void exactlyNinetyPercentCounts() {
    SweepVerdict v = SweepVerdict.of(List.of(w(M1, 1, 90), w(M4, 1, 100)), Direction.WRITE);
    assertThat(v.neededBlockBytes()).isEqualTo(M1);
  }

  @Test
  void readsAreJudgedOnTheirOwnAndAbsentReadsGiveNoVerdict() {
    List<SweepPoint> points =
        List.of(new SweepPoint(M1, 32, 500, 850), new SweepPoint(M4, 32, 520, 940));
    assertThat(SweepVerdict.of(points, Direction.READ).neededBlockBytes()).isEqualTo(M1);
    assertThat(SweepVerdict.of(List.of(w(M1, 1, 10)), Direction.READ)).isNull();
    assertThat(SweepVerdict.of(List.of(w(M1, 1, 0)), Direction.WRITE)).isNull();
  }
}
