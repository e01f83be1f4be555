package dev.sustain.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.analysis.DriveCurves.Plan;
import dev.sustain.input.CurveReader;
import dev.sustain.report.AnalysisText;
import dev.sustain.report.Explanation;
import dev.sustain.report.PrintedInvariants;
import dev.sustain.testing.CurveSeeded;
import dev.sustain.testing.Seeds;
import dev.sustain.unit.Durations;
import dev.sustain.unit.Units;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A run that spends most of its time far below the rate it started at, at low levels none of which
 * holds (a starved translation layer whose collection leaves it a trickle that wanders over an
 * order of magnitude, with short visits back at full speed), at long intervals: the erratic rule
 * may or may not read its swings, but no reading may say it held a rate from start to end. Before
 * the rule ({@link Findings.Undetermined.Why#NO_SHAPE_FITS}) some read "flat — Held 24.6 MB/s from
 * start to end ... no lasting drop below 142 MB/s (85% of the burst)" (blind gc-erratic seed 18): a
 * held rate far below the burst it was said not to have dropped from. Now such a run is
 * undetermined, and its text says what was seen (the start, the average, the spread) and why no
 * shape is named.
 *
 * <p>Lows of 20-80 s, the run starting in one, each stopped (nothing written, 0-60% of them) or at
 * a trickle log-normally spread (sigma 0.5-1.2) around 5-20% of full speed, between visits of 5-20
 * s at full speed (60-2000 MB/s); noise 1-5%; intervals of 1-5 s; 300-600 s.
 */
class NoShapeFitsTest {

  @CurveSeeded
  void aRunThatHeldNothingItStartedAtIsNeverReadAsHeld(long seed) {
    Seeds.withSeed(seed, NoShapeFitsTest::check);
  }

  /**
   * The curve of blind gc-erratic seed 18 (3.2 s intervals: 150 s of nothing, then 6 intervals at
   * 167 MB/s, and lows of 11-24 MB/s or nothing with short visits back), which read "flat — Held
   * 24.6 MB/s from start to end ... no lasting drop below 142 MB/s (85% of the burst)".
   */
  @Test
  void theStarvedCurveThatReadHeldFarBelowItsBurstIsUndetermined() throws Exception {
    Path csv = Path.of(NoShapeFitsTest.class.getResource("/curves/starved-no-shape.csv").toURI());
    SampleSeries s = CurveReader.readCsv(csv).series();
    Analysis a = Analyzer.analyze(s);
    List<String> evidence = Explanation.evidence(a);
    String what = Explanation.headline(a) + "\n  " + String.join("\n  ", evidence);
    assertThat(a.shape()).as(what).isEqualTo(Shape.UNDETERMINED);
    assertThat(a.findings().undetermined().tooShort()).as(what).isFalse();
    assertThat(String.join(" ", evidence)).as(what).doesNotContain("from start to end");
    assertThat(evidence.getFirst())
        .as(what)
        .contains("no shape is named")
        .contains(Units.rate(a.burstMBps()))
        .contains(Units.rate(a.averageMBps()));
    assertThat(a.floorMBps()).as(what).isNull();
    // Long enough to tell, so its missing floor is not put down to its length.
    String text = AnalysisText.format(null, a, List.of());
    assertThat(text)
        .as(text)
        .doesNotContain("too short")
        .contains("no shape fits: no level lasted");
    PrintedInvariants.check(a, s, what);
  }

  /**
   * A run in which not one request completed (a drive that stopped answering), 2-2000 intervals of
   * 0.25-5 s: nothing written, every interval a stall, no start-up (none ended), and no word of a
   * shape, a length too short, a floor no level held, or a cache it is at least. Before, 100 s of
   * nothing read "too short to tell: 0.00 MB/s for 0 B", "1m 39s before the first request
   * completed" and "1.0 s with nothing written".
   */
  @CurveSeeded
  void aRunThatWroteNothingSaysSoAndNothingElse(long seed) {
    Seeds.withSeed(
        seed,
        r -> {
          double interval = new double[] {0.25, 0.5, 1, 2, 5}[r.nextInt(5)];
          int n = 2 + r.nextInt(1999);
          SampleSeries.Builder b = SampleSeries.builder(n);
          for (int i = 1; i <= n; i++) {
            b.add(i * interval, 0);
          }
          SampleSeries s = b.build();
          Analysis a = Analyzer.analyze(s);
          String text = AnalysisText.format(null, a, List.of());
          String what = n + " intervals of " + interval + " s\n" + text;
          assertThat(a.shape()).as(what).isEqualTo(Shape.UNDETERMINED);
          assertThat(a.findings().nothingWritten()).as(what).isTrue();
          assertThat(a.findings().ramp().intervals()).as(what).isZero();
          assertThat(a.findings().stalls().intervals()).as(what).isEqualTo(n);
          assertThat(a.cacheGBMin()).as(what).isNull();
          assertThat(a.floorMBps()).as(what).isNull();
          assertThat(text)
              .as(what)
              .contains(
                  "nothing written: no request completed in " + Durations.inWords(n * interval))
              .contains("floor       - (nothing written")
              .doesNotContain("too short")
              .doesNotContain("no shape fits")
              .doesNotContain("before the first request")
              .doesNotContain("at least");
          PrintedInvariants.check(a, s, what);
        });
  }

  private static void check(SplittableRandom r) {
    Plan p = new Plan();
    double[] intervals = {1, 2, 3.2, 5};
    p.interval = intervals[r.nextInt(intervals.length)];
    p.noise = r.nextDouble(0.01, 0.05);
    p.seconds = r.nextDouble(300, 600);
    p.lastFraction = r.nextDouble(0.05, 1);
    double full = DriveCurves.logUniform(r, 60, 2000);
    double lowCentre = full * r.nextDouble(0.05, 0.2);
    double sigma = r.nextDouble(0.5, 1.2);
    int n = 200;
    double[] starts = new double[n];
    double[] levels = new double[n];
    double t = 0;
    double stopped = r.nextDouble(0, 0.6);
    for (int k = 0; k < n; k++) {
      starts[k] = t;
      boolean high = k % 2 == 1;
      double trickle = Math.min(0.5 * full, lowCentre * Math.exp(sigma * r.nextGaussian()));
      levels[k] = high ? full : k == 0 || r.nextDouble() < stopped ? 0 : trickle;
      t += high ? r.nextDouble(5, 20) : k == 0 ? r.nextDouble(20, 160) : r.nextDouble(20, 80);
    }
    SampleSeries s = DriveCurves.sample(DriveCurves.steps(starts, levels), p, r);
    Analysis a = Analyzer.analyze(s);
    List<String> evidence = Explanation.evidence(a);
    String what =
        String.format(
            Locale.ROOT,
            "full %.1f MB/s, lows around %.1f (sigma %.2f), dt %.2f, %.0f s: read as %s, burst %.1f,"
                + " floor %s, average %.1f%n  %s%n  %s",
            full,
            lowCentre,
            sigma,
            p.interval,
            p.seconds,
            a.shape(),
            a.burstMBps(),
            a.floorMBps(),
            a.averageMBps(),
            Explanation.headline(a),
            String.join("\n  ", evidence));
    if (a.shape() == Shape.FLAT) {
      assertThat(a.floorMBps())
          .as("flat, held at a floor far below its burst: " + what)
          .isGreaterThan(Thresholds.DROP_FRACTION * a.burstMBps());
    }
    if (a.undetermined() && !a.findings().undetermined().tooShort()) {
      assertThat(a.floorMBps()).as(what).isNull();
      assertThat(a.cacheGBMin()).as(what).isNull();
      assertThat(evidence.getFirst())
          .as(what)
          .contains("no shape is named")
          .contains(Units.rate(a.burstMBps()))
          .contains(Units.rate(a.averageMBps()));
    }
    PrintedInvariants.check(a, s, what);
  }
}
