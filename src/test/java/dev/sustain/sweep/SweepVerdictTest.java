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

  private static SweepPoint w(int bs, int qd, double mbps, double spreadMBps) {
    return new SweepPoint(
        bs, qd, new SweepPoint.Rate(mbps, 2.0, spreadMBps, 20), SweepPoint.Rate.NONE);
  }

  @Test
  void aVerdictDrawnFromPointsWithinEachOthersSpreadSaysSo() {
    // 1 MiB misses 90% of 4 MiB's best by 15 MB/s, but each point wanders by more than that.
    List<SweepPoint> noisy = List.of(w(M1, 32, 880, 40), w(M4, 32, 1000, 150));
    SweepVerdict v = SweepVerdict.of(noisy, Direction.WRITE);
    assertThat(v.neededBlockBytes()).isEqualTo(M4);
    assertThat(v.withinNoise()).isTrue();
    assertThat(v.sentence())
        .contains("needs 4 MiB requests")
        .contains(
            "But 4 MiB QD32 (1000 MB/s ± 150 MB/s) and 1 MiB QD32 (880 MB/s ± 40.0 MB/s) differ by"
                + " less than their own spread: within noise");

    // The same rates measured steadily: the difference is real, and nothing is said of noise.
    SweepVerdict steady =
        SweepVerdict.of(List.of(w(M1, 32, 880, 20), w(M4, 32, 1000, 30)), Direction.WRITE);
    assertThat(steady.neededBlockBytes()).isEqualTo(M4);
    assertThat(steady.withinNoise()).isFalse();
    assertThat(steady.sentence()).doesNotContain("spread").doesNotContain("noise");
  }

  @Test
  void noiseIsTheLargerSpreadAndAPointWithoutOneAddsNone() {
    SweepPoint a = w(M1, 1, 900, 10);
    SweepPoint b = w(M4, 1, 1000, 101);
    assertThat(SweepVerdict.withinNoise(a, b, Direction.WRITE)).isTrue();
    assertThat(SweepVerdict.withinNoise(a, w(M4, 1, 1000, 99), Direction.WRITE)).isFalse();
    assertThat(SweepVerdict.withinNoise(w(M1, 1, 900), w(M4, 1, 901), Direction.WRITE))
        .as("no spread known: no claim of noise")
        .isFalse();
  }

  @Test
  void theQueueDepthAdviceIsMarkedWhenTheDepthsAreWithinNoise() {
    // QD1 misses 90% of the best, but by less than QD32's own wandering.
    List<SweepPoint> points =
        List.of(w(K128, 1, 1700, 600), w(K128, 32, 2300, 900), w(M1, 32, 2377, 300));
    SweepVerdict v = SweepVerdict.of(points, Direction.WRITE);
    assertThat(v.neededBlockBytes()).isEqualTo(K128);
    assertThat(v.neededQueueDepth()).isEqualTo(32);
    assertThat(v.withinNoise()).isTrue();
    assertThat(v.sentence())
        .contains("At queue depth 1 it gives 72% at that size")
        .contains("But 128 KiB QD1 (1700 MB/s ± 600 MB/s) and 128 KiB QD32 (2300 MB/s ± 900 MB/s)");
    // Measured steadily, the same depths are told apart.
    SweepVerdict steady =
        SweepVerdict.of(
            List.of(w(K128, 1, 1700, 60), w(K128, 32, 2300, 90), w(M1, 32, 2377, 30)),
            Direction.WRITE);
    assertThat(steady.withinNoise()).isFalse();
    assertThat(steady.sentence()).contains("At queue depth 1 it gives 72%").doesNotContain("noise");
  }

  @Test
  void theWholeSentenceOfEachCaseStaysAsItWas() {
    // Pinned from the verdict's output before SweepVerdict.of was split into its steps: each part
    // of the sentence (the size, the sizes' noise, the depth, the depths' noise) in one case.
    assertThat(
            SweepVerdict.of(
                    List.of(
                        w(K128, 1, 60), w(K128, 32, 150),
                        w(M1, 1, 200), w(M1, 32, 304),
                        w(M4, 1, 600), w(M4, 32, 940)),
                    Direction.WRITE)
                .sentence())
        .isEqualTo(
            "This target needs 4 MiB requests to reach its best write rate (940 MB/s at 4 MiB"
                + " QD32); at 1 MiB it gives 32% (304 MB/s). At queue depth 1 it gives 64% at that"
                + " size: it also needs requests in flight (QD32).");
    assertThat(
            SweepVerdict.of(List.of(w(M1, 32, 880, 40), w(M4, 32, 1000, 150)), Direction.WRITE)
                .sentence())
        .isEqualTo(
            "This target needs 4 MiB requests to reach its best write rate (1000 MB/s at 4 MiB"
                + " QD32); at 1 MiB it gives 88% (880 MB/s). But 4 MiB QD32 (1000 MB/s ± 150 MB/s)"
                + " and 1 MiB QD32 (880 MB/s ± 40.0 MB/s) differ by less than their own spread:"
                + " within noise, this sweep cannot tell them apart (longer points,"
                + " --min-time-per-point, may).");
    assertThat(
            SweepVerdict.of(
                    List.of(w(K128, 1, 1700, 600), w(K128, 32, 2300, 900), w(M1, 32, 2377, 300)),
                    Direction.WRITE)
                .sentence())
        .isEqualTo(
            "Request size does not hold this target back: 128 KiB writes, the smallest tested,"
                + " already reach 97% of its best write rate (2377 MB/s at 1 MiB QD32). At queue"
                + " depth 1 it gives 72% at that size: it also needs requests in flight (QD32). But"
                + " 128 KiB QD1 (1700 MB/s ± 600 MB/s) and 128 KiB QD32 (2300 MB/s ± 900 MB/s)"
                + " differ by less than their own spread: within noise.");
    SweepVerdict reads =
        SweepVerdict.of(
            List.of(new SweepPoint(M1, 32, 500, 850), new SweepPoint(M4, 32, 520, 940)),
            Direction.READ);
    assertThat(reads.sentence())
        .isEqualTo(
            "Request size does not hold this target back: 1 MiB reads, the smallest tested,"
                + " already reach 90% of its best read rate (940 MB/s at 4 MiB QD32).");
    assertThat(reads.neededQueueDepth()).isEqualTo(32);
  }
}
