package dev.sustain.workload;

import dev.sustain.analysis.PassNoise;
import dev.sustain.report.Phrase;
import java.util.ArrayList;
import java.util.List;

/**
 * Words comparing the passes of a repeated job with the first: "pass 2 wrote 18% slower than pass
 * 1", only when the difference is beyond noise. Noise is judged from the per-interval rates without
 * each pass's first and last interval (partial, and the ramp of the start): the difference must be
 * at least {@link #MIN_PERCENT}% and at least three standard errors of the difference of the two
 * passes' mean interval rates, but a difference of {@link #MAX_NOISE_PERCENT}% or more is always
 * named (whole-pass averages are measured, not sampled; a quarter is not noise). With fewer than
 * {@link #MIN_INTERVALS} such intervals in a pass there is no spread to judge by, and {@link
 * #SHORT_PERCENT}% is required. A pass shorter than {@link #MIN_PASS_SECONDS} is not compared at
 * all. Pure; thread-safe.
 */
public final class PassComparison {

  /**
   * A pass shorter than this is said to be too short to compare, seconds: its average is set by its
   * start and end (the first requests, opening files, the flush) and, for a copy through the page
   * cache, by memory, not by the drive; two such averages may differ five-fold (a copy's 35 MB in
   * 0.03 s, then 0.16 s) and say nothing of heat or a cache between passes.
   */
  public static final double MIN_PASS_SECONDS = 1;

  /** Differences below this are never called out. */
  public static final double MIN_PERCENT = PassNoise.MIN_PERCENT;

  /** Without enough intervals to measure the spread, a difference must reach this. */
  public static final double SHORT_PERCENT = PassNoise.SHORT_PERCENT;

  /** A difference this large is named whatever the spread. */
  public static final double MAX_NOISE_PERCENT = PassNoise.MAX_NOISE_PERCENT;

  /** Intervals a pass needs (after trimming its first and last) for its spread to count. */
  public static final int MIN_INTERVALS = PassNoise.MIN_INTERVALS;

  private PassComparison() {}

  /**
   * A pass's figures.
   *
   * @param averageMBps bytes over time for the pass (what the comparison states)
   * @param intervalMBps the pass's per-interval rates (for the noise)
   * @param seconds the pass's time, the averaged one
   */
  public record Pass(int pass, double averageMBps, double[] intervalMBps, double seconds) {

    boolean tooShort() {
      return !(seconds >= MIN_PASS_SECONDS);
    }
  }

  /** The change of each later pass from the first, in percent of the first (negative: slower). */
  public static double changePercent(Pass first, Pass later) {
    if (first.averageMBps() <= 0) {
      return 0;
    }
    return 100.0 * (later.averageMBps() - first.averageMBps()) / first.averageMBps();
  }

  /** The smallest change, in percent, that counts as real between these two passes. */
  public static double noisePercent(Pass first, Pass later) {
    return PassNoise.percent(first.averageMBps(), first.intervalMBps(), later.intervalMBps());
  }

  /** Without the first and the last interval: partial, and the start's ramp. */
  static double[] trimmed(double[] rates) {
    return PassNoise.trimmed(rates);
  }

  /**
   * One sentence per later pass that differs beyond noise from the first, and one saying the passes
   * agree when none does.
   *
   * @param verb what the rate is of: {@code wrote}, {@code read back}
   */
  public static List<String> compare(String verb, List<Pass> passes) {
    return compare(verb, passes, true);
  }

  /**
   * As {@link #compare(String, List)}; {@code guessWhy} false leaves out the guess at why a later
   * pass was slower, for a caller that explains each pass from its curve (a repeated write's
   * causes): one run must not be given two different reasons.
   */
  public static List<String> compare(String verb, List<Pass> passes, boolean guessWhy) {
    List<String> words = new ArrayList<>();
    if (passes.size() < 2) {
      return words;
    }
    Pass first = passes.getFirst();
    if (first.tooShort()) {
      return List.of(tooShort(verb, first, "no later pass is compared with it"));
    }
    int compared = 0;
    int lastSlower = -1;
    for (Pass p : passes.subList(1, passes.size())) {
      if (p.tooShort()) {
        words.add(tooShort(verb, p, "not compared with pass " + first.pass()));
        continue;
      }
      compared++;
      double change = changePercent(first, p);
      if (Math.abs(change) < noisePercent(first, p)) {
        continue;
      }
      lastSlower = change < 0 ? words.size() : lastSlower;
      words.add(
          Phrase.of(
              "pass {} {} {.0}% {} than pass {} ({rate} against {rate})",
              p.pass(),
              verb,
              Math.abs(change),
              change < 0 ? "slower" : "faster",
              first.pass(),
              p.averageMBps(),
              first.averageMBps()));
    }
    boolean allCompared = compared == passes.size() - 1;
    if (compared > 0 && words.size() == passes.size() - 1 - compared) {
      words.add(
          Phrase.of(
              "{} {} within noise of pass {} ({rate})",
              allCompared ? "every pass" : "every other pass",
              verb,
              first.pass(),
              first.averageMBps()));
    } else if (lastSlower >= 0 && guessWhy) {
      words.set(
          lastSlower,
          words.get(lastSlower)
              + ": the drive slows as the session goes on: heat builds up, or its fast cache"
              + " has not recovered between passes (a longer --cooldown tells)");
    }
    return words;
  }

  /** A pass too short to compare, in words. */
  private static String tooShort(String verb, Pass p, String consequence) {
    return Phrase.of(
        "pass {} {} in {time}, too short to compare (a pass under {time} is set by its start and"
            + " end, not by the drive): {}",
        p.pass(),
        verb,
        p.seconds(),
        MIN_PASS_SECONDS,
        consequence);
  }
}
