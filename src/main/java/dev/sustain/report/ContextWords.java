package dev.sustain.report;

import dev.sustain.analysis.Analysis;
import dev.sustain.report.RunContext.Stop;
import dev.sustain.report.RunContext.Target;
import java.util.ArrayList;
import java.util.List;

/**
 * The words that depend on what a run was asked and where it wrote ({@link RunContext}) rather than
 * on the curve alone: the headline, evidence, advice and summary of a target that is no drive
 * (memory, a loop device over a file, a file system another host caches), which never name a
 * drive's cache or floor; and the advice to write longer, which says instead what ended the run
 * when that was the user's own limit or all the space there was. Locale-proof. Stateless.
 */
final class ContextWords {

  private ContextWords() {}

  /** "memory (tmpfs): 2100 MB/s measures memory and the CPU, not a drive". */
  static String headline(Analysis a, RunContext c) {
    String rates =
        a.hasCliff()
            ? Phrase.of("{rate} for {gb}, then {rate}", a.burstMBps(), a.cacheGB(), rest(a))
            : Phrase.of("{rate}", a.projectionMBps());
    return c.targetWords() + ": " + rates + " measures " + c.target().measures() + ", not a drive";
  }

  /** What the target is, then the curve's figures in words that name no drive. */
  static List<String> evidence(Analysis a, RunContext c) {
    List<String> e = new ArrayList<>();
    e.add(
        switch (c.target()) {
          case MEMORY ->
              "The target is "
                  + c.targetWords()
                  + ": the writes never reached a drive, so no figure here is a drive's cache or"
                  + " floor.";
          case LOOP_FILE ->
              "The target is "
                  + c.targetWords()
                  + ": its writes reach that file through the host's page cache, so the rate is"
                  + " the page cache's and the file system's under the file, and no figure here"
                  + " is a drive's cache or floor.";
          case HOST_CACHED, DRIVE ->
              "The target is "
                  + c.targetWords()
                  + ": the rate is that of the page caches and the link on the way, and no figure"
                  + " here is a drive's cache or floor.";
        });
    e.add(
        Phrase.of(
            "Per interval: min {mbps}, median {mbps}, max {mbps} MB/s, stdev {mbps} MB/s; the"
                + " curve reads {}, the shape of what took the writes, not of a drive.",
            a.minMBps(),
            a.medianMBps(),
            a.maxMBps(),
            a.stdevMBps(),
            a.shape().word()));
    if (a.hasCliff()) {
      e.add(
          Phrase.of(
                  "It fell from {rate} to {rate} after {gb} ({time}): ",
                  a.burstMBps(),
                  rest(a),
                  a.cacheGB(),
                  a.cliffSeconds())
              + (c.target() == Target.MEMORY
                  ? "memory has no cache to fill, so other work on the machine (the CPU, memory"
                      + " pressure) slowed it."
                  : "the host's page cache had filled with data not yet written (its dirty"
                      + " limit), and from then on the writes went at the pace of what lies"
                      + " under it; that is no drive's cache."));
    }
    return e;
  }

  /** What to do instead of a drive's advice: test a drive where it is. */
  static String advice(RunContext c) {
    return switch (c.target()) {
      case MEMORY ->
          "Nothing here is a drive's: to test a drive, give a folder on it (or the drive itself,"
              + " with --destroy-data).";
      case LOOP_FILE ->
          "To test the drive under it, write to a folder on the drive's own file system, or to"
              + " the drive itself; a loop device over a file measures the page cache and the"
              + " file, not the drive.";
      case HOST_CACHED, DRIVE ->
          "To test the drive that holds this file system, run sustain on the host that has it.";
    };
  }

  /** The summary of a run on a target that is no drive. */
  static String summary(Analysis a, RunContext c) {
    return Phrase.of(
        "This is {}, not a drive: it took {gb} at {rate} on average, which measures {}; it shows"
            + " no drive's cache or floor, so plan no drive's job by it.",
        c.targetWords(),
        a.totalGB(),
        a.averageMBps(),
        c.target().measures());
  }

  /**
   * The advice for a run too short to tell its shape, by what ended it; null where the plain advice
   * (write longer) holds.
   */
  static String tooShort(Analysis a, RunContext c) {
    return switch (c.stop()) {
      case SIZE ->
          c.floorMissed()
              ? capBeforeFloor(c, "")
              : "The run ended at "
                  + c.limitWords()
                  + " before a shape showed: give a larger one, more than the cache you expect"
                  + " (such as a third of the drive), or 'sustain write TARGET --until floor',"
                  + " which runs until the floor after the cache has held.";
      case TIME ->
          c.floorMissed()
              ? capBeforeFloor(c, "")
              : "The run ended at "
                  + c.limitWords()
                  + " before a shape showed: give a longer --time, or 'sustain write TARGET"
                  + " --until floor', which runs until the floor after the cache has held.";
      case FULL, SPACE -> allItCould(a, c) + ", too little to tell the drive's shape: " + more(c);
      case INTERRUPTED ->
          "The run was interrupted before a shape showed: run it to its end to see the drive's"
              + " shape.";
      default -> null;
    };
  }

  /** The advice when the run ended on a lower level that had not lasted; null for the plain one. */
  static String mayBeLower(Analysis a, RunContext c) {
    return switch (c.stop()) {
      case SIZE ->
          c.floorMissed()
              ? capBeforeFloor(c, " to see whether it settles lower still")
              : "Give more than " + c.limitWords() + " to see whether it settles lower still.";
      case TIME ->
          c.floorMissed()
              ? capBeforeFloor(c, " to see whether it settles lower still")
              : "Give a longer --time to see whether it settles lower still.";
      case FULL, SPACE ->
          allItCould(a, c) + ": whether it settles lower still cannot be seen here; " + more(c);
      default -> null;
    };
  }

  /** --until floor with a --size or --time that came first. */
  private static String capBeforeFloor(RunContext c, String purpose) {
    boolean time = c.stop() == Stop.TIME;
    return (time ? "The time limit" : "The size cap")
        + " ended the run before the floor: "
        + c.limitWords()
        + (time ? " was up" : " was written")
        + " before the level after the cache had held, as --until floor waits for; give a"
        + (time
            ? " longer --time, or leave --time out"
            : " larger --size (more than the cache you expect, such as a third of the drive), or"
                + " leave --size out")
        + " and let the floor end the run"
        + purpose
        + ".";
  }

  /** "It filled the file system (3.1 GB): it wrote all it could". */
  private static String allItCould(Analysis a, RunContext c) {
    String what =
        c.stop() == Stop.SPACE
            ? "It wrote all the free space it was allowed (the free space less a margin)"
            : c.rawDevice() ? "It wrote the whole device" : "It filled the file system";
    double gb = c.bytes() != null ? c.bytes() / 1e9 : a.totalGB();
    return Phrase.of("{} ({gb}): it wrote all it could", what, gb);
  }

  private static String more(RunContext c) {
    return c.stop() == Stop.SPACE
        ? "free more space on the drive, or give a larger drive, to write longer."
        : "a longer write does not fit here; a drive or file system with more room would show"
            + " more.";
  }

  /** The rate after the cliff: the floor, else the mean after it. */
  private static double rest(Analysis a) {
    if (a.floorMBps() != null) {
      return a.floorMBps();
    }
    return a.afterCacheMBps() != null ? a.afterCacheMBps() : a.burstMBps();
  }
}
