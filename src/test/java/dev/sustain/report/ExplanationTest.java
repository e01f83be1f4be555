package dev.sustain.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.analysis.Analysis;
import dev.sustain.analysis.Analyzer;
import dev.sustain.analysis.DriveClasses;
import dev.sustain.analysis.DriveCurves.Made;
import dev.sustain.analysis.Shape;
import dev.sustain.testing.Seeded;
import dev.sustain.testing.Seeds;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The words come from one source: over seeded curves of every class, the headline's figures are the
 * evidence's and the figure lines', no sentence names two equal figures as a change, the start-up
 * ramp and the flush are named for what they are, and a run too short to judge says how long to
 * write.
 */
class ExplanationTest {

  private static final List<Function<SplittableRandom, Made>> CLASSES =
      List.of(
          r -> DriveClasses.cliff(r, r.nextInt(3)),
          DriveClasses::recoveringThrottle,
          r -> DriveClasses.sawtooth(r, r.nextBoolean()),
          r -> DriveClasses.temperatureStep(r, DriveClasses.After.values()[r.nextInt(3)]),
          r -> DriveClasses.cliffWhileHeating(r, r.nextBoolean()),
          DriveClasses::irregular,
          DriveClasses::slowStart,
          DriveClasses::smr,
          DriveClasses::zoned,
          DriveClasses::flat,
          r -> DriveClasses.shortRun(r, 2 + r.nextInt(39)));

  /**
   * "from 120 MB/s ... to 120 MB/s", "between about 80 and 80 MB/s": a change that is none. The
   * "to" is the first after the "from": "fell from 549 MB/s to 132 MB/s and climbed back to 549
   * MB/s" is a round trip, not a change that is none.
   */
  private static final Pattern SAME_FROM_TO =
      Pattern.compile(
          "(?:from|between about) ([0-9.]+)(?: MB/s)?(?:(?! to | and )[^.;:])*? (?:to|and) \\1 MB/s");

  private static final Pattern FIGURE = Pattern.compile("[0-9]+(?:\\.[0-9]+)? (?:MB/s|GB|°C)");

  /** The average line: its average, whether it says "after the start-up", its min and max. */
  private static final Pattern AVERAGE_LINE =
      Pattern.compile(
          "(?m)^  average +([0-9.]+) [kMG]?B/s .*\\((after the start-up: )?min ([0-9.]+), median"
              + " [0-9.]+, max ([0-9.]+)\\)");

  @Seeded(40)
  void everyClassIsWordedFromItsOwnFigures(long seed) {
    Seeds.withSeed(
        seed,
        r -> {
          for (Function<SplittableRandom, Made> maker : CLASSES) {
            Made m = maker.apply(r);
            Analysis a = Analyzer.analyze(m.series(), 500_000_000_000L);
            String headline = Explanation.headline(a);
            List<String> evidence = Explanation.evidence(a);
            List<String> advice = Explanation.advice(a);
            String text = AnalysisText.format(null, a, List.of());
            String why = m.what() + "\n" + text;
            assertThat(evidence).as(why).isNotEmpty();
            assertThat(advice).as(why).isNotEmpty();
            List<String> sentences = new ArrayList<>(evidence);
            sentences.addAll(advice);
            sentences.add(headline);
            sentences.add(SummarySentence.summary(a));
            for (String s : sentences) {
              assertThat(SAME_FROM_TO.matcher(s).find())
                  .as("%s\nsays no change: %s", why, s)
                  .isFalse();
            }
            // One source: every figure of the headline is in the lines and evidence below it.
            String below = text.substring(text.indexOf('\n') + 1);
            Matcher f = FIGURE.matcher(headline);
            while (f.find()) {
              assertThat(below).as("%s\nheadline figure %s", why, f.group()).contains(f.group());
            }
            if (a.shape() == Shape.UNDETERMINED) {
              assertThat(String.join(" ", advice)).as(why).contains("--until floor");
              assertThat(text).as(why).contains("at least " + Phrase.gb(a.cacheGBMin()));
              assertThat(a.floorMBps()).as(why).isNull();
            }
            if (a.flushSeconds() > 0) {
              assertThat(text).as(why).containsPattern("(?m)^  flush ");
            }
            if (a.stallSeconds() == 0) {
              assertThat(text).as(why).doesNotContainPattern("(?m)^  stalls ");
            }
            if (a.findings().ramp().intervals() > 0) {
              assertThat(text).as(why).contains("start-up");
            }
            // The average line never shows an average outside its own min and max unless it says
            // those leave the start-up out.
            Matcher avg = AVERAGE_LINE.matcher(text);
            assertThat(avg.find()).as("%s\nan average line", why).isTrue();
            double average = Double.parseDouble(avg.group(1));
            boolean afterStartUp = avg.group(2) != null;
            assertThat(afterStartUp).as(why).isEqualTo(a.findings().ramp().intervals() > 0);
            if (!afterStartUp) {
              // (A counted flush adds time without bytes: its own line says so; the rounding of
              // the printed figures is allowed for.)
              double min = Double.parseDouble(avg.group(3));
              double low = a.flushSeconds() > 0 ? 0 : min * 0.99 - 0.01;
              assertThat(average)
                  .as("%s\naverage within min and max", why)
                  .isBetween(low, Double.parseDouble(avg.group(4)) * 1.01 + 0.01);
            }
            if (a.hasCliff() && a.stages().size() > 1) {
              assertThat(text).as(why).containsPattern("(?m)^  stages ");
            }
          }
        });
  }

  @org.junit.jupiter.api.Test
  void aTwoSecondRunOnASpinningDiskIsTooShortToTellNotADeclineFromAFigureToItself() {
    // The README's first command on a virtio disk that reports rotational: two intervals.
    dev.sustain.analysis.SampleSeries s =
        dev.sustain.analysis.SampleSeries.builder(2)
            .media(dev.sustain.analysis.Media.HDD)
            .add(1.0, 2102.4, 2_102_400_000L, Double.NaN, Double.NaN)
            .add(1.9, 2102.0, 1_891_800_000L, Double.NaN, Double.NaN)
            .flushSeconds(1.5)
            .build();
    Analysis a = Analyzer.analyze(s);
    String text = AnalysisText.format(null, a, List.of());

    assertThat(SAME_FROM_TO.matcher("declines gradually from 2102 MB/s to 2102 MB/s").find())
        .as("the check itself")
        .isTrue();
    assertThat(a.shape()).isEqualTo(Shape.UNDETERMINED);
    assertThat(text).doesNotContain("declines").doesNotContainPattern("(?m)^  stalls ");
    assertThat(text).containsPattern("(?m)^  flush +1\\.50s");
    assertThat(text).contains("at least 4.0 GB");
    assertThat(a.stallSeconds()).isZero();
  }

  private static dev.sustain.analysis.SampleSeries flat(
      double mbps, double linkMBps, double cpuPct) {
    dev.sustain.analysis.SampleSeries.Builder b =
        dev.sustain.analysis.SampleSeries.builder(300).linkCeilingMBps(linkMBps).cpuCores(4);
    SplittableRandom r = new SplittableRandom(9);
    for (int i = 1; i <= 300; i++) {
      b.add(i, mbps * (1 + 0.005 * r.nextGaussian()), -1, Double.NaN, cpuPct);
    }
    return b.build();
  }

  @org.junit.jupiter.api.Test
  void theLinkAndTheCpuAreSaidWithTheirFigures() {
    Analysis link = Analyzer.analyze(flat(918, 950, Double.NaN));
    assertThat(Explanation.evidence(link))
        .anyMatch(e -> e.contains("950 MB/s") && e.contains("hide a cliff"));
    assertThat(Explanation.advice(link)).anyMatch(e -> e.contains("link"));
    assertThat(Explanation.headline(link)).contains("at the link's limit");

    Analysis cpu = Analyzer.analyze(flat(170, Double.NaN, 99));
    assertThat(Explanation.evidence(cpu)).anyMatch(e -> e.startsWith("CPU-bound: one core at 99%"));
    assertThat(Explanation.advice(cpu)).anyMatch(e -> e.contains("a faster drive would not"));
  }
}
