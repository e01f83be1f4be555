package dev.sustain.testing;

import java.util.SplittableRandom;
import java.util.stream.LongStream;

/**
 * Seeds for randomized tests: a test marked {@link Seeded} takes its seeds from {@link #first}, and
 * runs its body in {@link #withSeed}, which hands it a {@code SplittableRandom} made from the seed
 * and puts the seed in front of any failure's message, so a failure can be replayed alone.
 *
 * <p>The seeds are fixed (1, 2, 3, ...) so every machine runs the same cases. {@code
 * -Dsustain.seed=S} runs only seed S (replaying a failure); {@code -Dsustain.seedBase=B} starts at
 * B instead of 1 (to explore new cases locally).
 */
public final class Seeds {

  private Seeds() {}

  /** A test body that gets the random source of its seed. */
  @FunctionalInterface
  public interface Body {
    void run(SplittableRandom random) throws Exception;
  }

  /** {@code count} seeds, or only the one given by {@code -Dsustain.seed}. */
  public static LongStream first(int count) {
    String only = System.getProperty("sustain.seed");
    if (only != null && !only.isBlank()) {
      return LongStream.of(Long.parseLong(only.strip()));
    }
    long base = Long.parseLong(System.getProperty("sustain.seedBase", "1").strip());
    return LongStream.range(base, base + count);
  }

  /**
   * Runs {@code body} with {@code new SplittableRandom(seed)}. Whatever it throws comes back as an
   * {@link AssertionError} whose message starts with the seed, the original kept as its cause.
   */
  public static void withSeed(long seed, Body body) {
    try {
      body.run(new SplittableRandom(seed));
    } catch (Throwable t) {
      String what = t instanceof AssertionError ? t.getMessage() : "unexpected " + t;
      AssertionError replayable =
          new AssertionError("seed " + seed + " (replay: -Dsustain.seed=" + seed + "): " + what, t);
      throw replayable;
    }
  }
}
