package dev.sustain.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.analysis.Analysis;
import dev.sustain.analysis.Analyzer;
import dev.sustain.analysis.SampleSeries;
import dev.sustain.analysis.Shape;
import dev.sustain.testing.CurveSeeded;
import dev.sustain.testing.Seeds;
import dev.sustain.unit.Durations;
import java.util.List;
import java.util.Locale;

/**
 * A burst with stalls in it, then a cliff: the burst's rate is its rate while it wrote, so the
 * words name the stalls with it, and the bytes over the time left agree with that rate. Burst
 * 100-3000 MB/s for 60-300 s at 1 s intervals, a tenth to a half of its intervals empty (single
 * empty intervals, scattered: an erase or a host's pause), then 10-50% of it to the end of a
 * 600-1200 s run; noise 1-3%. Half the curves have no stalls, and their words name none.
 */
class BurstStallsTest {

  @CurveSeeded
  void aBurstThatStalledSaysSoAndItsFiguresAddUp(long seed) {
    Seeds.withSeed(
        seed,
        r -> {
          double burst = Math.exp(r.nextDouble(Math.log(100), Math.log(3000)));
          int cliff = 60 + r.nextInt(241);
          double share = r.nextBoolean() ? 0 : r.nextDouble(0.1, 0.25);
          double floor = burst * r.nextDouble(0.1, 0.5);
          double noise = r.nextDouble(0.01, 0.03);
          int n = 600 + r.nextInt(601);
          SampleSeries.Builder b = SampleSeries.builder(n);
          int stalls = 0;
          for (int i = 0; i < n; i++) {
            // No stall in the first or last two seconds of the burst: its ends stay its own.
            boolean stall = i >= 2 && i < cliff - 2 && r.nextDouble() < share;
            stalls += stall ? 1 : 0;
            double level = i < cliff ? burst : floor;
            b.add(i + 1, stall ? 0 : level * (1 + noise * r.nextGaussian()));
          }
          SampleSeries s = b.build();
          Analysis a = Analyzer.analyze(s);
          String text = AnalysisText.format(null, a, List.of());
          String why =
              String.format(
                  Locale.ROOT,
                  "burst %.1f for %d s, %d stalls, floor %.1f%n%s",
                  burst,
                  cliff,
                  stalls,
                  floor,
                  text);
          if (!a.hasCliff()) {
            // A burst a fifth of whose intervals are empty may leave no level to call a burst:
            // undetermined is an answer, a shape without the cliff is not.
            assertThat(a.shape()).as(why).isEqualTo(Shape.UNDETERMINED);
            return;
          }
          Double stalled = CurveCaveats.burstStalls(a);
          assertThat(text.contains("between stalls")).as(why).isEqualTo(stalled != null);
          assertThat(stalled != null).as(why).isEqualTo(stalls >= 0.1 * cliff);
          double writing = a.cliffSeconds() - (stalled == null ? 0 : stalled);
          // What the words say it wrote, at the rate they give, in the time they leave it.
          assertThat(a.cacheGB() * 1e3 / writing / a.burstMBps()).as(why).isBetween(0.9, 1.1);
          if (stalled != null) {
            assertThat(text).as(why).contains(Durations.inWords(stalled) + " of it with nothing");
            PrintedInvariants.check(a, s, why);
          }
        });
  }
}
