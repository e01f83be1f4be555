package dev.sustain.report;

import dev.sustain.analysis.RunChanges;
import dev.sustain.analysis.RunChanges.Verdict;
import dev.sustain.analysis.Thresholds;
import dev.sustain.unit.Units;

/**
 * The words for a later run explained against the first: what changed ("after 5 min idle the cache
 * came back to 33%: 0.6 of 1.8 GB"), where the step fell, the temperature and free space, and the
 * cause with its evidence and what would tell it apart. Every threshold named is the one the rule
 * decided by ({@link Thresholds}). Stateless.
 */
final class ChangeWords {

  private ChangeWords() {}

  /**
   * The sentence for a later run that did another job than the first: its rates are the job's as
   * much as the drive's, so no cause of the drive is read into them.
   */
  static String otherJob(String later, String first, java.util.List<String> differences) {
    return later
        + ": another job than "
        + first
        + " ("
        + String.join(", ", differences)
        + "): not explained as a change of the drive; compare runs of one job for that";
  }

  /** One sentence for {@code later} against {@code first}. */
  static String sentence(String later, String first, Verdict v) {
    RunChanges.Run run = v.later();
    RunChanges.Run ref = v.first();
    StringBuilder b = new StringBuilder(later).append(": ");
    Double idle = run.before().idleSeconds();
    if (v.cacheRecoveredPct() != null) {
      b.append(
              idle == null
                  ? "the cache was "
                  : "after " + idle(idle) + " idle the cache came back to ")
          .append(Units.fixed(v.cacheRecoveredPct(), 0))
          .append("%: ")
          .append(Phrase.gb(run.cacheGB()))
          .append(" of ")
          .append(Phrase.gb(ref.cacheGB()));
    } else {
      b.append(idle == null ? "" : "after " + idle(idle) + " idle, ")
          .append(
              run.cacheGB() == null ? "no cache cliff" : "a cliff at " + Phrase.gb(run.cacheGB()))
          .append(
              ref.cacheGB() == null
                  ? (run.cacheGB() == null ? " (nor in " : " (none in ") + first + ")"
                  : " (" + first + ": " + Phrase.gb(ref.cacheGB()) + ")");
    }
    if (run.stepGB() != null && run.stepSeconds() != null) {
      b.append("; its step fell at ")
          .append(Phrase.gb(run.stepGB()))
          .append(", ")
          .append(Units.plain(run.stepSeconds(), 1))
          .append(" s");
      if (run.stepTempC() != null) {
        b.append(", at ").append(celsius(run.stepTempC()));
      }
      if (ref.stepGB() != null && ref.stepSeconds() != null) {
        b.append(" (")
            .append(first)
            .append(": ")
            .append(Phrase.gb(ref.stepGB()))
            .append(", ")
            .append(Units.plain(ref.stepSeconds(), 1))
            .append(" s")
            .append(ref.stepTempC() == null ? "" : ", " + celsius(ref.stepTempC()))
            .append(")");
      }
    }
    if (run.before().freeBytes() != null) {
      b.append("; ").append(Units.decimalBytes(run.before().freeBytes())).append(" free before it");
      if (ref.before().freeBytes() != null) {
        b.append(" (")
            .append(Units.decimalBytes(ref.before().freeBytes()))
            .append(" before ")
            .append(first)
            .append(")");
      }
    }
    b.append(". Cause: ").append(v.cause().word()).append(": ").append(evidence(first, v));
    return b.toString();
  }

  /** The cause's evidence and what would tell it apart, in one clause. */
  static String evidence(String first, Verdict v) {
    RunChanges.Run run = v.later();
    RunChanges.Run ref = v.first();
    String noise = Units.fixed(v.noisePercent(), 0) + "%";
    return switch (v.cause()) {
      case CLOGGING ->
          first
              + " was "
              + ref.analysis().shape().word()
              + " and this run swings between high and low (gc-erratic): the drive is short of"
              + " free blocks, as when space is not trimmed; a TRIM (sustain trim, or"
              + " --trim-first) before the next run brings it back if so";
      case HEAT ->
          heat(first, v)
              + "; a cooldown long enough to start as cool as "
              + first
              + " tells: heat moves the step back, a cache would not care";
      case LESS_FREE_SPACE ->
          "the free space before it was "
              + Units.decimalBytes(ref.before().freeBytes() - run.before().freeBytes())
              + " less (at least "
              + Units.fixed(100 * Thresholds.LESS_FREE_OF_CAPACITY, 0)
              + "% of the drive's "
              + Units.decimalBytes(capacity(v))
              + ") and the cache smaller: a dynamic cache is made of free space; freeing the"
              + " space and running again tells (the cache comes back with it)";
      case NOT_RECOVERED ->
          "its cache was below "
              + Units.fixed(100 * Thresholds.NOT_RECOVERED_FRACTION, 0)
              + "% of "
              + first
              + "'s: it had not come back in the idle time before; a longer --cooldown, or"
              + " several (--cooldown 10s,1m,5m), shows how long it needs";
      case NONE -> same(first, v, noise);
      case UNEXPLAINED ->
          "cache "
              + change(v.cacheChangePct())
              + (ref.analysis().floorMBps() != null && run.analysis().floorMBps() != null
                  ? " and floor "
                  : " and average ")
              + change(v.floorChangePct())
              + " against "
              + first
              + " (noise "
              + noise
              + "), which none of clogging, heat, less free space or a cache not come back"
              + " explains";
    };
  }

  /**
   * Nothing changed beyond noise, naming only the figures both runs measured: a run too short to
   * tell its shape has no floor (the averages were compared), one without a cliff no cache.
   */
  private static String same(String first, Verdict v, String noise) {
    boolean caches = v.first().cacheGB() != null && v.later().cacheGB() != null;
    boolean floors =
        v.first().analysis().floorMBps() != null && v.later().analysis().floorMBps() != null;
    if (caches && floors) {
      return "cache and floor within noise (" + noise + ") of " + first;
    }
    String within = (caches ? "cache and " : "") + (floors ? "floor" : "average");
    String notMeasured =
        floors
            ? "no cache cliff in either run"
            : (caches ? "the floor" : "cache and floor")
                + " not measured (a run too short to tell its shape has none), so only the"
                + " average is compared";
    return notMeasured + "; " + within + " within noise (" + noise + ") of " + first;
  }

  private static String heat(String first, Verdict v) {
    RunChanges.Run run = v.later();
    RunChanges.Run ref = v.first();
    String earlier = Units.fixed(100 * (1 - run.stepGB() / ref.stepGB()), 0) + "% earlier in bytes";
    if (run.stepTempC() != null && ref.stepTempC() != null) {
      return "its step came at "
          + celsius(run.stepTempC())
          + ", as "
          + first
          + "'s at "
          + celsius(ref.stepTempC())
          + " (within "
          + Units.plain(Thresholds.HEAT_SAME_TEMP_C, 1)
          + " °C), but "
          + earlier
          + ": the drive slows at a temperature, not after a number of bytes";
    }
    return "it started at "
        + celsius(run.startTempC())
        + ", "
        + Units.fixed(run.startTempC() - ref.startTempC(), 0)
        + " °C warmer than "
        + first
        + ", and its step came "
        + earlier;
  }

  private static long capacity(Verdict v) {
    Long c = v.later().before().capacityBytes();
    return c != null ? c : v.first().before().capacityBytes();
  }

  private static String change(Double pct) {
    if (pct == null) {
      return "not comparable";
    }
    return (pct >= 0 ? "+" : "") + Units.fixed(pct, 0) + "%";
  }

  static String celsius(double c) {
    return Units.fixed(c, 0) + " °C";
  }

  /** An idle time for people: {@code 10 s}, {@code 1 min}, {@code 2 min 30 s}, {@code 2 h}. */
  static String idle(double seconds) {
    long s = Math.round(seconds);
    if (s < 60) {
      return seconds < 10 && seconds != s ? Units.plain(seconds, 1) + " s" : s + " s";
    }
    if (s < 3600) {
      return s % 60 == 0 ? s / 60 + " min" : s / 60 + " min " + s % 60 + " s";
    }
    long m = Math.round(seconds / 60);
    return m % 60 == 0 ? m / 60 + " h" : m / 60 + " h " + m % 60 + " min";
  }
}
