package dev.sustain.analysis;

import static dev.sustain.analysis.DriveCurves.f;
import static dev.sustain.analysis.DriveCurves.logUniform;
import static dev.sustain.analysis.DriveCurves.plan;

import dev.sustain.analysis.DriveCurves.DipTrain;
import dev.sustain.analysis.DriveCurves.Made;
import dev.sustain.analysis.DriveCurves.Plan;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A controller that throttles for a few seconds every minute or two: trains of short regular dips,
 * each several intervals long however short against its period, read as a sawtooth within {@link
 * ReadEveryCurveTest}'s tolerances. Periods of 40-200 s (at least 5 dips long), dips of 3-8
 * intervals to 10-60% of the level, 6-12 of them, intervals 0.25-5 s, noise 0.5-5%.
 */
class ShortDipTrainTest {

  /**
   * Counted, not each: a dip of exactly 3 intervals on a noise whose measured lag-1 correlation
   * comes out a little above 0 rests on fewer than 3 independent intervals and is not taken (3 of
   * the 200 seeds; 28 read flat without counting dips in intervals).
   */
  @Test
  void regularDipsOfAFewIntervalsAreASawtooth() {
    SeededMisses.readAtMost(
        3,
        "short dip trains not read as a sawtooth",
        "thermal, short dips",
        ShortDipTrainTest::shortDips);
  }

  /** A level held from the start, then short deep dips at a steady period on to the end. */
  static Made shortDips(SplittableRandom r) {
    Drawn d = Drawn.of(r);
    int count = 6 + r.nextInt(7);
    return d.train()
        .regular(
            r,
            d.p(),
            d.onset(),
            count,
            d.period(),
            f(
                "%d dips %.1f->%.1f for %.1f s every %.1f s from %.0f s (burst %.1f), dt %.2f,"
                    + " noise %.3f",
                count,
                d.between(),
                d.dip(),
                d.dipSeconds(),
                d.period(),
                d.onset(),
                d.burst(),
                d.p().interval,
                d.p().noise));
  }

  /**
   * The ranges of a short dip train before its count is drawn; {@link SkippedBeatTest} draws the
   * same trains with one beat left out.
   */
  record Drawn(
      Plan p,
      double burst,
      double between,
      double dip,
      double dipSeconds,
      double period,
      double onset) {

    static Drawn of(SplittableRandom r) {
      Plan p = plan(r);
      p.interval = logUniform(r, 0.25, 5);
      p.noise = logUniform(r, 0.005, 0.05);
      // No single odd intervals: one at half the rate off the rhythm is a dip by every sign.
      p.outlierRate = 0;
      double burst = logUniform(r, 100, 3000);
      double between = burst * r.nextDouble(0.9, 1.0);
      double dip = between * r.nextDouble(0.1, 0.6);
      double dipSeconds = (3 + r.nextInt(6)) * p.interval;
      double period = Math.max(5 * dipSeconds, logUniform(r, 40, 200));
      double onset = p.latency + r.nextDouble(60, 600);
      return new Drawn(p, burst, between, dip, dipSeconds, period, onset);
    }

    DipTrain train() {
      return new DipTrain(burst, between, dip, dipSeconds);
    }
  }
}
