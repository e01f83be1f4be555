package dev.sustain.analysis;

import dev.sustain.testing.CurveSeeded;
import dev.sustain.testing.Seeds;
import java.util.ArrayList;
import java.util.List;
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
}
