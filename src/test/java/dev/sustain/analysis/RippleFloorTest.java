package dev.sustain.analysis;

import static dev.sustain.analysis.DriveCurves.f;
import static dev.sustain.analysis.DriveCurves.logUniform;
import static dev.sustain.analysis.DriveCurves.plan;
import static dev.sustain.analysis.DriveCurves.sample;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.analysis.DriveCurves.Plan;
import dev.sustain.report.Explanation;
import dev.sustain.report.PrintedInvariants;
import dev.sustain.testing.CurveSeeded;
import dev.sustain.testing.Seeds;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.DoubleUnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A cache, then a floor that ramps and resets every few intervals (a controller folding its SLC
 * cache or collecting garbage in batches of a few seconds: the rate climbs as a batch drains and
 * falls back when the next begins, or the other way round), with little noise of its own. Such a
 * floor cycles faster than a level can be held, so it is one level with a spread, the floor after a
 * cliff: before the rule ({@link Levels#rippleLevels}) its steady interval-to-interval steps made
 * the noise estimate tiny, the segmenter cut it into pieces of one or two intervals, each became a
 * transition, and they merged into the burst's plateau ("flat, holds 805 MB/s, burst held to the
 * end").
 *
 * <p>Bursts of 200-7000 MB/s, floors of 5-70% of them, ripple periods of 2-15 intervals and depths
 * of 2-40% (peak to trough over the peak), ramping up or down, noise 0-2%, the cliff at 5-80% of
 * the run, intervals of 0.25-5 s. Read as a cache cliff with its burst within 5%, its floor (the
 * ripple's mean) within 10% and the cliff within three intervals; every rate a sentence prints is
 * one of the curve's (the burst, the floor's range, the drop line), and a "Held X from start to
 * end" sentence never comes with a median far from X.
 */
class RippleFloorTest {

  private static final Pattern RATE = Pattern.compile("([0-9]+(?:\\.[0-9]+)?) MB/s");
  private static final Pattern HELD =
      Pattern.compile("Held ([0-9.]+) MB/s from start to end: min [0-9.]+, median ([0-9.]+)");

  /**
   * The seeds read wrong today, each a deep ripple (31-40% of the floor) of a 10-15 interval
   * period, mostly at 0.25-0.5 s intervals in short runs: read as a climb back (thermal-throttle)
   * or as stages with the floor 10-15% low (docs/ANALYSIS.md, "A floor that ripples"). Each is
   * expected to miss, so that a seed read right again fails here until it leaves the list: the list
   * only shrinks, and a new miss anywhere else fails at once.
   */
  static final Set<Long> KNOWN_MISSES = Set.of(18L, 97L, 132L, 140L, 151L, 191L);

  @CurveSeeded
  void aFloorThatRipplesEveryFewIntervalsIsTheFloorAfterACliff(long seed) {
    if (!KNOWN_MISSES.contains(seed)) {
      Seeds.withSeed(seed, RippleFloorTest::check);
      return;
    }
    boolean missed;
    try {
      Seeds.withSeed(seed, RippleFloorTest::check);
      missed = false;
    } catch (AssertionError expected) {
      missed = true;
    }
    assertThat(missed)
        .as("seed " + seed + " is read right now: take it off RippleFloorTest.KNOWN_MISSES")
        .isTrue();
  }

  private static void check(SplittableRandom r) {
    Plan p = plan(r);
    double[] intervals = {0.25, 0.5, 1, 2, 5};
    p.interval = intervals[r.nextInt(intervals.length)];
    p.noise = r.nextDouble(0, 0.02);
    p.outlierRate = 0;
    double burst = logUniform(r, 200, 7000);
    double floor = burst * r.nextDouble(0.05, 0.7);
    int periodIntervals = r.nextInt(2, 16);
    double depth = r.nextDouble(0.02, 0.4);
    boolean rising = r.nextBoolean();
    int n = r.nextInt(150, 900);
    double cliff = p.latency + Math.max(10, r.nextDouble(0.05, 0.8) * n) * p.interval;
    p.seconds = Math.max(n * p.interval, cliff + 40 * p.interval);
    double period = periodIntervals * p.interval;
    // Peak to trough is depth x peak; the ripple's mean is the floor.
    double low = floor * (1 - depth) / (1 - depth / 2);
    double high = floor / (1 - depth / 2);
    DoubleUnaryOperator profile =
        t -> {
          if (t < cliff) {
            return burst;
          }
          double phase = ((t - cliff) % period) / period;
          return low + (high - low) * (rising ? phase : 1 - phase);
        };
    SampleSeries s = sample(profile, p, r);
    Analysis a = Analyzer.analyze(s);
    String what =
        f(
            "%.1f MB/s for %.1f s, then %.1f MB/s %s %.0f%% every %d intervals of %.2f s, noise"
                + " %.2f%%, %.0f s: read as %s, burst %s, cliff %s, floor %s%n  %s%n  %s",
            burst,
            cliff,
            floor,
            rising ? "rising" : "falling",
            100 * depth,
            periodIntervals,
            p.interval,
            100 * p.noise,
            p.seconds,
            a.shape(),
            a.burstMBps(),
            a.cliffSeconds(),
            a.floorMBps(),
            Explanation.headline(a),
            String.join("\n  ", Explanation.evidence(a)));
    assertThat(a.shape()).as(what).isEqualTo(Shape.CACHE_CLIFF);
    assertThat(a.burstMBps()).as(what).isBetween(0.95 * burst, 1.05 * burst);
    assertThat(a.floorMBps()).as(what).isBetween(0.9 * floor, 1.1 * floor);
    assertThat(a.cliffSeconds())
        .as(what)
        .isCloseTo(cliff, org.assertj.core.data.Offset.offset(3 * p.interval));
    sentencesAgree(a, burst, low, high, what);
    PrintedInvariants.check(a, s, what);
  }

  /**
   * Every rate printed in the headline and the evidence is one the curve has: near the burst, in
   * the floor's range (its trough to its peak, with the rounding and noise of a printed figure), or
   * the drop line; "Held X from start to end" comes with a median within a tenth of X.
   */
  static void sentencesAgree(Analysis a, double burst, double low, double high, String what) {
    List<String> text = new ArrayList<>(Explanation.evidence(a));
    text.add(Explanation.headline(a));
    for (String sentence : text) {
      Matcher held = HELD.matcher(sentence);
      if (held.find()) {
        double x = Double.parseDouble(held.group(1));
        double median = Double.parseDouble(held.group(2));
        assertThat(Math.abs(x - median))
            .as("'%s' with a median far from it: %s", sentence, what)
            .isLessThanOrEqualTo(0.1 * x);
      }
      Matcher m = RATE.matcher(sentence);
      while (m.find()) {
        double v = Double.parseDouble(m.group(1));
        boolean atBurst = Math.abs(v - burst) <= 0.06 * burst;
        boolean inFloor = v >= 0.9 * low && v <= 1.1 * high;
        boolean dropLine = Math.abs(v - Thresholds.DROP_FRACTION * a.burstMBps()) <= 0.01 * v + 1;
        assertThat(atBurst || inFloor || dropLine)
            .as("'%s' prints %s MB/s, neither the burst nor the floor: %s", sentence, v, what)
            .isTrue();
      }
    }
  }
}
