package dev.sustain.analysis;

import static dev.sustain.analysis.DriveCurves.f;
import static dev.sustain.analysis.DriveCurves.starts;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.sustain.analysis.DriveCurves.Made;
import dev.sustain.analysis.DriveCurves.Plan;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A throttle's train with one beat that shows no dip ({@link Thresholds#MAX_SKIPPED_BEATS}): the
 * controller keeps its period whether or not the measurement shows each dip, so the train is read
 * whole, from its first dip, at its own period, within {@link ReadEveryCurveTest}'s tolerances; not
 * as the part after the gap (its onset periods late) or not at all. {@link ShortDipTrainTest}'s
 * trains (dips of 3-8 intervals to 10-60% of the level, periods of 40-200 s, intervals 0.25-5 s,
 * noise 0.5-5%), 8-14 beats, the one without a dip anywhere but the first two and the last two.
 * Without the step over the gap all 200 were misread (31 by shape or figures, the rest by onset or
 * period); the same trains with every dip are read right (ShortDipTrainTest).
 */
class SkippedBeatTest {

  @Test
  void aTrainWithOneBeatMissingIsReadWholeAtItsPeriod() {
    SeededMisses.drawnNone(
        "trains with a missing beat misread",
        r -> {
          Skipped k = skipped(r);
          Analysis a = ReadEveryCurveTest.check("thermal, a beat missing", k.made());
          Findings.Sawtooth s = a.findings().sawtooth();
          assertThat(s).as("%s: no sawtooth", k.made().what()).isNotNull();
          assertThat(s.periodSeconds())
              .as("%s: period", k.made().what())
              .isCloseTo(k.periodSeconds(), within(0.05 * k.periodSeconds() + 1));
          assertThat(s.onsetSeconds())
              .as("%s: onset", k.made().what())
              .isCloseTo(k.firstSeconds(), within(0.25 * k.periodSeconds()));
          // The dips it counts are the ones there: the beats less the one without a dip.
          assertThat(s.dips()).as("%s: dips", k.made().what()).isLessThan(k.count());
        });
  }

  /** A drawn train and the truth of its timing. */
  private record Skipped(Made made, double periodSeconds, double firstSeconds, int count) {}

  private static Skipped skipped(SplittableRandom r) {
    ShortDipTrainTest.Drawn d = ShortDipTrainTest.Drawn.of(r);
    Plan p = d.p();
    double period = d.period();
    double onset = d.onset();
    double dipSeconds = d.dipSeconds();
    int count = 8 + r.nextInt(7);
    double[] beats = starts(r, onset, count, period, 0.97, 1.03);
    int gone = 2 + r.nextInt(count - 4);
    double[] at = new double[count - 1];
    for (int i = 0, j = 0; i < count; i++) {
      if (i != gone) {
        at[j++] = beats[i];
      }
    }
    p.seconds = beats[count - 1] + dipSeconds + r.nextDouble(0.3, 0.8) * period;
    String what =
        f(
            "%d beats, dip %d missing, %.1f->%.1f for %.1f s every %.1f s from %.0f s (burst %.1f),"
                + " dt %.2f, noise %.3f",
            count,
            gone,
            d.between(),
            d.dip(),
            dipSeconds,
            period,
            onset,
            d.burst(),
            p.interval,
            p.noise);
    return new Skipped(d.train().at(r, p, at, what), period, onset, count);
  }
}
