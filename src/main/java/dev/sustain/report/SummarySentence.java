package dev.sustain.report;

import dev.sustain.analysis.Analysis;
import dev.sustain.analysis.Shape;
import dev.sustain.unit.Durations;
import dev.sustain.unit.Units;

/**
 * The cache size and the floor in a sentence or two, as a person would say them ("It writes 2555
 * MB/s for its first 280 GB..."), with what that means for a big job. Locale-proof. Stateless.
 */
public final class SummarySentence {

  private SummarySentence() {}

  /** The figures that decide a long job, in words. */
  public static String summary(Analysis a) {
    return summary(a, RunContext.NONE);
  }

  /**
   * The figures in the run's context: a target that is no drive is named as such, without a drive's
   * cache or floor, and a run too short to tell says what ended it.
   */
  public static String summary(Analysis a, RunContext c) {
    StringBuilder b = new StringBuilder();
    if (c.notADrive()) {
      b.append(ContextWords.summary(a, c));
    } else if (a.floorMBps() == null) {
      b.append(tooShort(a, c));
    } else if (a.hasCliff() && a.shape() != Shape.CACHE_CLIFF) {
      b.append(
          Phrase.of(
              "{}, then drops; its lowest lasting rate is {rate} ({} of the burst){}. Over {}.",
              writesFirst(a),
              a.floorMBps(),
              pct(a.floorMBps(), a.burstMBps()),
              a.recovered() ? " and it climbs back while still writing" : "",
              allAveraged(a)));
    } else if (a.hasCliff()) {
      b.append(
          Phrase.of(
              "{}: that is its cache. Then it drops to {rate}, {} of the burst, and {}{}. Past the"
                  + " cache, every 100 GB takes {} instead of {}.",
              writesFirst(a),
              a.floorMBps(),
              pct(a.floorMBps(), a.burstMBps()),
              a.recovered() ? "climbs back while still writing" : "stays there",
              a.floorMayBeLower()
                  ? " (or lower: the run ended on a lower level that had not lasted yet)"
                  : "",
              perHundredGB(a.floorMBps()),
              perHundredGB(a.burstMBps())));
    } else if (a.shape() == Shape.FLAT) {
      b.append(
          Phrase.of(
              "It holds {rate} through all {gb} written, without a cliff: its cache (if any) is"
                  + " larger than this run, so every 100 GB takes about {}.",
              a.floorMBps(),
              a.totalGB(),
              perHundredGB(a.floorMBps())));
      if (a.linkCapped()) {
        b.append(" It sits at the link's limit, which may hide what the drive could do.");
      }
    } else {
      b.append(
          Phrase.of(
              "It starts at {rate} and its lowest lasting rate is {rate} ({} of the burst); over {}.",
              a.burstMBps(),
              a.floorMBps(),
              pct(a.floorMBps(), a.burstMBps()),
              allAveraged(a)));
    }
    if (a.stallSeconds() > 0) {
      b.append(" Nothing at all was written for ")
          .append(Units.plain(a.stallSeconds(), 1))
          .append(" s.");
    }
    return b.toString();
  }

  /** A run too short to tell its shape, and what ended it where that says more. */
  private static String tooShort(Analysis a, RunContext c) {
    if (a.findings().nothingWritten()) {
      return Phrase.of(
          "Not one request completed in {time}: it wrote nothing, so it has no speed to tell.",
          a.durationSeconds());
    }
    if (!a.findings().tooShort()) {
      return Phrase.of(
          "It started at {rate} and averaged {rate}, moving between levels none of which held:"
              + " no shape fits, so none is named.",
          a.burstMBps(),
          a.averageMBps());
    }
    String next = ContextWords.tooShort(a, c);
    return Phrase.of(
        "It wrote {gb} at {rate} without a cliff, too little to tell its shape: its cache (if any)"
            + " is at least {gb}, and what comes after it is not known yet. {}",
        a.totalGB(),
        a.burstMBps(),
        a.cacheGBMin() == null ? a.totalGB() : a.cacheGBMin(),
        next == null ? "Write longer to see the floor." : next);
  }

  /**
   * "It writes 2555 MB/s for its first 280 GB (1m 50s)": the burst of a run with a cliff, with its
   * stalls where they took a tenth of that time or more.
   */
  private static String writesFirst(Analysis a) {
    return "It writes "
        + CurveCaveats.burstFor(a.burstMBps(), a.cacheGB(), a.cliffSeconds(), a, "for its first");
  }

  /** "all 300 GB it averaged 500 MB/s, so every 100 GB took about 3m 20s": the whole run. */
  private static String allAveraged(Analysis a) {
    return Phrase.of(
        "all {gb} it averaged {rate}, so every 100 GB took about {}",
        a.totalGB(),
        a.averageMBps(),
        perHundredGB(a.averageMBps()));
  }

  static String pct(double part, double whole) {
    return whole <= 0 ? "-" : Units.fixed(100 * part / whole, 0) + "%";
  }

  static String perHundredGB(double mbps) {
    return mbps <= 0 ? "forever" : Durations.format(100_000 / mbps);
  }
}
