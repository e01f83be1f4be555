package dev.sustain.expect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.sustain.expect.Expectation.Cliff;
import dev.sustain.expect.ExpectationCheck.Point;
import dev.sustain.expect.ExpectationCheck.Verdict;
import org.junit.jupiter.api.Test;

class ExpectationTest {

  private static final long GIB_300 = 300L << 30; // 322,122,547,200 bytes: 322 GB

  /** The confirming run of the no-TRIM story: 920 MB/s for 280 GB, then 128 MB/s, 300 GiB. */
  private static Measured confirmingRun() {
    double seconds = 280e9 / 920e6 + (GIB_300 - 280e9) / 128e6;
    return Measured.ofFigures(920, 280.0, 128, seconds, GIB_300);
  }

  @Test
  void parsesTheWrittenDownPrediction() {
    Expectation e = Expectation.parse("920MB/s for 277GB, then 127MB/s");
    assertThat(e.burstMBps()).isEqualTo(920.0);
    assertThat(e.cliff()).isEqualTo(Cliff.AFTER);
    assertThat(e.cacheBytes()).isEqualTo(277_000_000_000L);
    assertThat(e.floorMBps()).isEqualTo(127.0);
    assertThat(e.totalSeconds()).isNull();
    assertThat(e.describe()).isEqualTo("920 MB/s for 277 GB, then 127 MB/s");
  }

  @Test
  void parsesVariants() {
    Expectation gib = Expectation.parse("2555 MB/s for 258GiB then 127 MB/s, total 15m");
    assertThat(gib.cacheBytes()).isEqualTo(258L << 30);
    assertThat(gib.floorMBps()).isEqualTo(127.0);
    assertThat(gib.totalSeconds()).isEqualTo(900.0);

    assertThat(Expectation.parse("920MB/s for 277GB, then 127MB/s, in 10m 30s").totalSeconds())
        .isEqualTo(630.0);
    assertThat(
            Expectation.parse("about 920 MB/s for ~277 GB; then 127MB/s; 11m total").totalSeconds())
        .isEqualTo(660.0);
    assertThat(Expectation.parse("1000MiB/s, then 100MiB/s").burstMBps())
        .isCloseTo(1048.576, within(1e-9));
    assertThat(Expectation.parse("1.2GB/s for 100GB").floorMBps()).isNull();
    assertThat(Expectation.parse("1.2GB/s for 100GB").burstMBps()).isEqualTo(1200.0);

    Expectation flat = Expectation.parse("918MB/s flat");
    assertThat(flat.cliff()).isEqualTo(Cliff.NONE);
    assertThat(flat.floorMBps()).isEqualTo(918.0);
    assertThat(Expectation.parse("918MB/s").cliff()).isEqualTo(Cliff.NONE);
  }

  @Test
  void refusesWhatItDoesNotUnderstand() {
    for (String bad :
        new String[] {
          "",
          "fast",
          "920 for 277GB",
          "920MB/s for lots",
          "920MB/s, then slow",
          "920MB/s flat, then 100MB/s",
          "920MB/s for 277GB, then 127MB/s, then 50MB/s",
          "920MB/s, by lunch",
          "920MB/s for 277G"
        }) {
      assertThatThrownBy(() -> Expectation.parse(bad))
          .as(bad)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("920MB/s");
    }
  }

  @Test
  void theConfirmingRunConfirmsThreePointsAndTheGibMixUpIsCaught() {
    // The testers worked the time out for 300 GB (482 s, about 8 minutes), but 300 GiB is 322 GB.
    Expectation e = Expectation.parse("920MB/s for 277GB, then 127MB/s, in 8m");
    ExpectationCheck check = e.check(confirmingRun());

    assertThat(check.points())
        .extracting(ExpectationCheck.PointCheck::point)
        .containsExactly(Point.BURST, Point.CACHE, Point.FLOOR, Point.TOTAL_TIME);
    assertThat(check.points())
        .extracting(ExpectationCheck.PointCheck::verdict)
        .containsExactly(Verdict.CONFIRMED, Verdict.CONFIRMED, Verdict.CONFIRMED, Verdict.WRONG);
    assertThat(check.summary()).isEqualTo("3 of 4 predictions confirmed");
    assertThat(check.allConfirmed()).isFalse();
    assertThat(check.points().get(0).sentence())
        .isEqualTo("burst: expected 920 MB/s, measured 920 MB/s (+0.0%): confirmed");
    assertThat(check.points().get(1).sentence())
        .isEqualTo("cache: expected 277 GB, measured 280 GB (+1.1%): confirmed");
    assertThat(check.points().get(2).sentence())
        .isEqualTo("floor: expected 127 MB/s, measured 128 MB/s (+0.8%): confirmed");
    assertThat(check.points().get(3).sentence())
        .startsWith("total time: expected 8m 00s, measured 10m 33s (+32.0%): wrong")
        .contains("the predicted rates give 10m 56s for the 322 GB written")
        .contains("GB vs GiB");
  }

  @Test
  void withoutAStatedTimeTheRatesImplyOne() {
    ExpectationCheck check =
        Expectation.parse("920MB/s for 277GB, then 127MB/s").check(confirmingRun());
    ExpectationCheck.PointCheck time = check.points().get(3);
    assertThat(time.verdict()).isEqualTo(Verdict.CONFIRMED);
    assertThat(time.sentence())
        .isEqualTo(
            "total time: the predicted rates give 10m 56s for the 322 GB written, measured 10m 33s"
                + " (-3.5%): confirmed");
    assertThat(check.summary()).isEqualTo("4 of 4 predictions confirmed");
    assertThat(check.allConfirmed()).isTrue();
  }

  @Test
  void aFlatPredictionIsWrongWhenTheRunFellOffACliff() {
    ExpectationCheck check = Expectation.parse("920MB/s flat").check(confirmingRun());
    assertThat(check.points().get(1).verdict()).isEqualTo(Verdict.WRONG);
    assertThat(check.points().get(1).sentence())
        .isEqualTo("cache: expected no cliff, measured one after 280 GB: wrong");
    assertThat(check.points().get(2).sentence())
        .isEqualTo("floor: expected 920 MB/s, measured 128 MB/s (-86.1%): wrong");
  }

  @Test
  void aRunShorterThanThePredictedCacheCannotShowTheCliff() {
    Measured shortRun = Measured.ofFigures(921, null, 915, 108.6, 100_000_000_000L);
    ExpectationCheck check = Expectation.parse("920MB/s for 277GB, then 127MB/s").check(shortRun);
    assertThat(check.points().get(1).verdict()).isEqualTo(Verdict.NOT_MEASURED);
    assertThat(check.points().get(1).sentence())
        .isEqualTo(
            "cache: expected a cliff after 277 GB, but the run wrote only 100 GB: not measured");
    // A cliff predicted and a long run without one: wrong.
    Measured longFlat = Measured.ofFigures(921, null, 915, 352.0, GIB_300);
    assertThat(Expectation.parse("920MB/s for 277GB").check(longFlat).points().get(1).sentence())
        .isEqualTo("cache: expected a cliff after 277 GB, measured none (the rate held): wrong");
  }

  @Test
  void tolerancesDecide() {
    Measured m = Measured.ofFigures(1000, null, 1000, null, null);
    assertThat(Expectation.parse("920MB/s").check(m).points().get(0).verdict())
        .isEqualTo(Verdict.CONFIRMED); // +8.7% within 10%
    assertThat(Expectation.parse("920MB/s").check(m, new Tolerance(0.05)).points().get(0).verdict())
        .isEqualTo(Verdict.WRONG);
    assertThat(Expectation.parse("920MB/s").check(m).points().get(3).verdict())
        .isEqualTo(Verdict.NOT_STATED);
  }

  @Test
  void aCheckSerialisesToValidJson() throws Exception {
    var mapper = new com.fasterxml.jackson.databind.ObjectMapper();
    String json =
        mapper.writeValueAsString(
            ExpectationJson.of(Expectation.parse("920MB/s flat").check(confirmingRun())));
    var tree = mapper.readTree(json);
    assertThat(tree.get("points")).hasSize(4);
    assertThat(tree.get("points").get(1).get("point").asText()).isEqualTo("cache");
    assertThat(tree.get("points").get(1).get("verdict").asText()).isEqualTo("wrong");
    assertThat(tree.get("points").get(1).get("expected_bytes").isNull()).isTrue();
    assertThat(tree.get("points").get(1).get("measured_bytes").asLong())
        .isEqualTo(280_000_000_000L);
    assertThat(tree.get("prediction").get("burst_MBps").asDouble()).isEqualTo(920.0);
    assertThat(tree.get("prediction").get("cliff").asText()).isEqualTo("none");
  }

  /** Figures as the text rounds them: MB/s to 0.1, seconds to 0.001, not a double's 17 digits. */
  @Test
  void aCheckRoundsItsFigures() {
    Measured m = Measured.ofFigures(1701.6510681458003, null, 1000, 1.23456789, null);
    var doc = ExpectationJson.of(Expectation.parse("1700MB/s").check(m));
    @SuppressWarnings("unchecked")
    var burst = ((java.util.List<java.util.Map<String, Object>>) doc.get("points")).get(0);
    assertThat(burst.get("measured_MBps")).isEqualTo(1701.7);
    assertThat(burst.get("verdict")).isEqualTo("confirmed");
  }

  @Test
  void aPastRunSetsTheNextExpectation() {
    Expectation e = Expectation.fromPastRun(2555, 280.0, 127.0, "runs/kingston-1");
    assertThat(e.cacheBytes()).isEqualTo(280_000_000_000L);
    assertThat(e.text()).isEqualTo("2555 MB/s for 280 GB, then 127 MB/s (from runs/kingston-1)");
    Expectation flat = Expectation.fromPastRun(918, null, 918.0, "t9");
    assertThat(flat.cliff()).isEqualTo(Cliff.NONE);
    assertThat(flat.check(Measured.ofFigures(920, null, 919, null, null)).allConfirmed()).isTrue();
  }

  @Test
  void oneToleranceJudgesEveryFigure() {
    // The same -10.8% on the burst and on the floor: the same verdict on both.
    Measured m = Measured.ofFigures(446, 277.0, 113.3, null, 300_000_000_000L);
    ExpectationCheck check =
        Expectation.parse("500MB/s for 277GB, then 127MB/s").check(m, Tolerance.DEFAULT);
    assertThat(check.points().get(0).sentence()).contains("(-10.8%): wrong");
    assertThat(check.points().get(2).sentence()).contains("(-10.8%): wrong");
    // Just inside on both: confirmed on both.
    Measured inside = Measured.ofFigures(451, 277.0, 114.5, null, 300_000_000_000L);
    ExpectationCheck ok =
        Expectation.parse("500MB/s for 277GB, then 127MB/s").check(inside, Tolerance.DEFAULT);
    assertThat(ok.points().get(0).verdict()).isEqualTo(Verdict.CONFIRMED);
    assertThat(ok.points().get(2).verdict()).isEqualTo(Verdict.CONFIRMED);
    assertThat(ok.toText()).contains("(each figure confirmed within ±10%)");
  }

  @Test
  void aRunTooShortToTellItsShapeMeasuresNoCacheEitherWay() {
    // 5 GB at 1000 MB/s in 5 s: no cliff seen, and none could have lasted long enough to see.
    Measured undetermined = Measured.ofFigures(1000, null, Double.NaN, 5.0, 5_000_000_000L, true);
    ExpectationCheck cliff = Expectation.parse("1000MB/s, then 100MB/s").check(undetermined);
    assertThat(cliff.points().get(1).verdict()).isEqualTo(Verdict.NOT_MEASURED);
    assertThat(cliff.points().get(1).sentence())
        .isEqualTo(
            "cache: expected a cliff, but the run was too short to tell its shape (5.0 GB"
                + " written): not measured")
        .doesNotContain("wrong");
    ExpectationCheck sized =
        Expectation.parse("1000MB/s for 2GB, then 100MB/s").check(undetermined);
    assertThat(sized.points().get(1).verdict()).isEqualTo(Verdict.NOT_MEASURED);
    ExpectationCheck none = Expectation.parse("1000MB/s").check(undetermined);
    assertThat(none.points().get(1).verdict()).isEqualTo(Verdict.NOT_MEASURED);
    assertThat(none.points().get(0).verdict()).isEqualTo(Verdict.CONFIRMED);
    // The same figures from a run whose shape was told: the rate held, so a cliff was wrong.
    Measured told = Measured.ofFigures(1000, null, 1000, 5.0, 5_000_000_000L);
    assertThat(Expectation.parse("1000MB/s, then 100MB/s").check(told).points().get(1).verdict())
        .isEqualTo(Verdict.WRONG);
  }
}
