package dev.sustain.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sustain.analysis.DriveCurves.Made;
import dev.sustain.testing.CurveSeeded;
import dev.sustain.testing.Seeds;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.LongConsumer;

/**
 * For a test that counts the misses of a class over its range rather than requiring each seed: a
 * check run on every curve seed, each failed seed kept as the first line of what it said (the
 * curve's parameters and the reading). The test then bounds the count and says in its comment why
 * the misses it allows are still wrong.
 */
final class SeededMisses {

  private SeededMisses() {}

  /** The misses of {@code check} over the curve seeds ({@link CurveSeeded.Provider#seeds}). */
  static List<String> of(LongConsumer check) {
    List<String> misses = new ArrayList<>();
    CurveSeeded.Provider.seeds()
        .forEach(
            seed -> {
              try {
                check.accept(seed);
              } catch (AssertionError e) {
                misses.add(e.getMessage().lines().findFirst().orElse("seed " + seed));
              }
            });
    return misses;
  }

  /**
   * The misses of {@code body} drawn from each curve seed's random source, each failed seed named
   * with its replay line ({@link Seeds#withSeed}).
   */
  static List<String> drawn(Seeds.Body body) {
    return of(seed -> Seeds.withSeed(seed, body));
  }

  /**
   * A curve a counted test draws: its series and a line saying what it was made of. The counted
   * tests' own records of what they drew share it, so {@link #analysed} reads any of them.
   */
  interface Drawn {
    SampleSeries series();

    String what();
  }

  /**
   * Requires at most {@code bound} misses of {@code check} over the curve seeds, {@code what} the
   * message; the closing assertion of every counted test, said once.
   */
  static void atMost(int bound, String what, LongConsumer check) {
    assertThat(of(check)).as(what).hasSizeLessThanOrEqualTo(bound);
  }

  /** Requires no miss of {@code check} over the curve seeds; for a count that is already 0. */
  static void none(String what, LongConsumer check) {
    assertThat(of(check)).as(what).isEmpty();
  }

  /**
   * Requires at most {@code bound} misses of {@code body} drawn from each curve seed's random
   * source ({@link #drawn}).
   */
  static void drawnAtMost(int bound, String what, Seeds.Body body) {
    assertThat(drawn(body)).as(what).hasSizeLessThanOrEqualTo(bound);
  }

  /** Requires no miss of {@code body} drawn from each curve seed's random source. */
  static void drawnNone(String what, Seeds.Body body) {
    assertThat(drawn(body)).as(what).isEmpty();
  }

  /**
   * Requires at most {@code bound} of a class's curves misread by {@link ReadEveryCurveTest#check}
   * (its shape and its figures within that test's tolerances), {@code kind} naming the class in the
   * check's messages: the classes counted rather than required each seed.
   */
  static void readAtMost(
      int bound, String what, String kind, Function<SplittableRandom, Made> maker) {
    atMost(bound, what, seed -> ReadEveryCurveTest.check(kind, seed, maker));
  }

  /**
   * The check of a counted test that draws a curve, reads it and requires its {@code shape} ("what
   * read shape" when not), then its figures by {@code figures}: the steps each such test took in
   * its own words.
   */
  static <M extends Drawn> Seeds.Body analysed(
      Function<SplittableRandom, M> draw, Shape shape, BiConsumer<M, Analysis> figures) {
    return r -> {
      M m = draw.apply(r);
      Analysis a = Analyzer.analyze(m.series());
      assertThat(a.shape()).as("%s read %s", m.what(), a.shape()).isEqualTo(shape);
      figures.accept(m, a);
    };
  }
}
