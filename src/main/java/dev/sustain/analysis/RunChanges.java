package dev.sustain.analysis;

import dev.sustain.unit.Worded;

/**
 * What changed between two runs of one drive, and the most likely reason: a later run (a repeat's
 * pass, or a run compared with an earlier one) explained against the first, from the two analyses
 * and what each run recorded before it began ({@link Before}). The rules are ordered, the first
 * that matches wins, and every number they decide by is a named constant of {@link Thresholds}
 * (docs/ANALYSIS.md, "Between runs"). Pure; thread-safe.
 */
public final class RunChanges {

  private RunChanges() {}

  /**
   * Heat: a step at the same temperature counts as heat only when it came at least this fraction
   * earlier in bytes: the same fraction as a step ({@link Thresholds#DROP_FRACTION}), three times
   * the 5% within which the analysis is tested to place a cliff, so a step that merely moved with
   * the noise is not blamed on heat.
   */
  static final double HEAT_EARLIER_FRACTION = 0.15;

  /**
   * What a run recorded before it began ({@code before} in run.json). Any field is null where it
   * was not known.
   *
   * @param freeBytes the target file system's free bytes
   * @param capacityBytes the drive's capacity
   * @param tempC the drive's temperature at the start
   * @param idleSeconds since the last run on the same drive ended (null for the first)
   */
  public record Before(Long freeBytes, Long capacityBytes, Double tempC, Double idleSeconds) {

    /** Nothing known: an imported curve. */
    public static final Before NONE = new Before(null, null, null, null);

    /** The same facts with the idle time given. */
    public Before withIdleSeconds(Double seconds) {
      return new Before(freeBytes, capacityBytes, tempC, seconds);
    }
  }

  /** The most likely reason a later run differs from the first; {@link #word()} in JSON. */
  public enum Cause implements Worded {
    /** The first run was clean and this one is erratic: the drive is short of free blocks. */
    CLOGGING,
    /** The step came at the same temperature but earlier in bytes, or the run started warmer. */
    HEAT,
    /** A smaller cache with much less free space: a dynamic cache built from free blocks. */
    LESS_FREE_SPACE,
    /** The cache is smaller than the first's: it had not come back in the idle time before. */
    NOT_RECOVERED,
    /** Cache and floor within noise of the first's. */
    NONE,
    /** Something differs beyond noise that none of the rules explains (the figures say what). */
    UNEXPLAINED
  }

  /**
   * One run as the rules see it.
   *
   * @param analysis its analysis
   * @param before what it recorded before it began
   * @param stepGB where its step (the cliff, or a sawtooth's first dip) fell in GB, or null
   * @param stepSeconds when, from the run's start, or null
   * @param stepTempC the temperature at the step, null without a reading there
   * @param startTempC the temperature at the start ({@code before}, else the first reading)
   */
  public record Run(
      Analysis analysis,
      Before before,
      Double stepGB,
      Double stepSeconds,
      Double stepTempC,
      Double startTempC) {

    /** Reads the step and the temperatures off the run's samples. */
    public static Run of(SampleSeries series, Analysis analysis, Before before) {
      Before b = before == null ? Before.NONE : before;
      Double seconds = null;
      Double gb = null;
      if (analysis.cliffSeconds() != null) {
        seconds = analysis.cliffSeconds();
        gb = analysis.cacheGB();
      } else if (analysis.findings().sawtooth() != null) {
        seconds = analysis.findings().sawtooth().onsetSeconds();
        gb = bytesBefore(series, seconds) / 1e9;
      }
      Double stepTemp = seconds == null ? null : temperatureAt(series, seconds);
      Double start = b.tempC() != null ? b.tempC() : firstTemperature(series);
      return new Run(analysis, b, gb, seconds, stepTemp, start);
    }

    /** The cache: what was written before the cliff, null without one. */
    public Double cacheGB() {
      return analysis.cacheGB();
    }
  }

  /**
   * A later run explained against the first.
   *
   * @param cause the first rule that matched
   * @param cacheRecoveredPct the later cache as a share of the first's, null unless both have one
   * @param cacheChangePct the change of the cache from the first's, percent of it (null unless both
   *     have one)
   * @param floorChangePct the change of the floor (of the average unless both runs have a floor),
   *     percent of the first's; null when the first's is zero
   * @param noisePercent the smallest change that counts as real between the two runs
   * @param first the first run
   * @param later the run explained
   */
  public record Verdict(
      Cause cause,
      Double cacheRecoveredPct,
      Double cacheChangePct,
      Double floorChangePct,
      double noisePercent,
      Run first,
      Run later) {}

  /**
   * Explains {@code later} against {@code first}. The rules, first match wins: clogging, heat,
   * less-free-space, not-recovered, none; anything else is unexplained.
   *
   * @param noisePercent the smallest change (percent of the first's figure) that counts as real:
   *     the noise the pass comparison judges from the two runs' interval rates
   */
  public static Verdict explain(Run first, Run later, double noisePercent) {
    Double cache1 = first.cacheGB();
    Double cache2 = later.cacheGB();
    Double recovered =
        cache1 != null && cache2 != null && cache1 > 0 ? 100 * cache2 / cache1 : null;
    Double cacheChange = recovered == null ? null : recovered - 100;
    boolean floors = first.analysis().floorMBps() != null && later.analysis().floorMBps() != null;
    double floor1 = floors ? first.analysis().floorMBps() : first.analysis().averageMBps();
    double floor2 = floors ? later.analysis().floorMBps() : later.analysis().averageMBps();
    Double floorChange = floor1 > 0 ? 100 * (floor2 - floor1) / floor1 : null;
    Cause cause = cause(first, later, noisePercent, recovered, cacheChange, floorChange);
    return new Verdict(cause, recovered, cacheChange, floorChange, noisePercent, first, later);
  }

  private static Cause cause(
      Run first,
      Run later,
      double noisePercent,
      Double recovered,
      Double cacheChange,
      Double floorChange) {
    if (first.analysis().shape() != Shape.GC_ERRATIC
        && later.analysis().shape() == Shape.GC_ERRATIC) {
      return Cause.CLOGGING;
    }
    if (heat(first, later, noisePercent)) {
      return Cause.HEAT;
    }
    boolean smallerCache = cacheChange != null && cacheChange <= -noisePercent;
    if (smallerCache && lessFreeSpace(first.before(), later.before())) {
      return Cause.LESS_FREE_SPACE;
    }
    if (recovered != null && recovered < 100 * Thresholds.NOT_RECOVERED_FRACTION) {
      return Cause.NOT_RECOVERED;
    }
    boolean cacheSame =
        cacheChange != null
            ? Math.abs(cacheChange) < noisePercent
            : first.cacheGB() == null && later.cacheGB() == null;
    boolean floorSame = floorChange != null && Math.abs(floorChange) < noisePercent;
    return cacheSame && floorSame ? Cause.NONE : Cause.UNEXPLAINED;
  }

  /**
   * The step at the same temperature (within {@link Thresholds#HEAT_SAME_TEMP_C}) while at least
   * {@link #HEAT_EARLIER_FRACTION} earlier in bytes; or, without both step temperatures, a start
   * {@link Thresholds#HEAT_WARMER_START_C} warmer and a step earlier beyond noise.
   */
  static boolean heat(Run first, Run later, double noisePercent) {
    if (first.stepGB() == null || later.stepGB() == null || first.stepGB() <= 0) {
      return false;
    }
    double earlier = 1 - later.stepGB() / first.stepGB();
    if (first.stepTempC() != null && later.stepTempC() != null) {
      return Math.abs(later.stepTempC() - first.stepTempC()) <= Thresholds.HEAT_SAME_TEMP_C
          && earlier >= HEAT_EARLIER_FRACTION;
    }
    return first.startTempC() != null
        && later.startTempC() != null
        && later.startTempC() - first.startTempC() >= Thresholds.HEAT_WARMER_START_C
        && earlier * 100 >= noisePercent;
  }

  /** Free space down by {@link Thresholds#LESS_FREE_OF_CAPACITY} of the drive's capacity. */
  static boolean lessFreeSpace(Before first, Before later) {
    Long capacity = later.capacityBytes() != null ? later.capacityBytes() : first.capacityBytes();
    if (capacity == null || capacity <= 0 || first.freeBytes() == null) {
      return false;
    }
    if (later.freeBytes() == null) {
      return false;
    }
    return first.freeBytes() - later.freeBytes() >= Thresholds.LESS_FREE_OF_CAPACITY * capacity;
  }

  /**
   * The temperature at {@code seconds}: the reading of the interval it falls in, else the nearest
   * within two intervals or 10 s (a slow sensor reads every few seconds); null without one.
   */
  public static Double temperatureAt(SampleSeries series, double seconds) {
    Double best = null;
    double bestDistance = Double.MAX_VALUE;
    for (int i = 0; i < series.size(); i++) {
      double t = series.tempC(i);
      if (Double.isNaN(t)) {
        continue;
      }
      double start = series.startSeconds(i);
      double end = series.timeSeconds(i);
      double distance = seconds < start ? start - seconds : Math.max(0, seconds - end);
      double reach = Math.max(10, 2 * series.intervalSeconds(i));
      if (distance <= reach && distance < bestDistance) {
        best = t;
        bestDistance = distance;
      }
    }
    return best;
  }

  private static Double firstTemperature(SampleSeries series) {
    for (int i = 0; i < series.size(); i++) {
      if (!Double.isNaN(series.tempC(i))) {
        return series.tempC(i);
      }
    }
    return null;
  }

  private static double bytesBefore(SampleSeries series, double seconds) {
    double bytes = 0;
    for (int i = 0; i < series.size() && series.startSeconds(i) < seconds; i++) {
      double part =
          Math.min(
              1, (seconds - series.startSeconds(i)) / Math.max(series.intervalSeconds(i), 1e-9));
      bytes += series.bytes(i) * part;
    }
    return bytes;
  }
}
