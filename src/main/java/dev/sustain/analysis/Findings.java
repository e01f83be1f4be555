package dev.sustain.analysis;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What each detector found, as data, keyed by the type of its finding (each {@link Detector}'s
 * finding is a record of its own): the report package turns these into the headline, the evidence
 * and the advice through the detectors, so every sentence is made from the same figures the shape
 * was decided by. A detector that found nothing has no entry, and its accessor returns null; a new
 * detector's finding needs no field here, only its record and the rule list's {@link #of(double,
 * Record...)} (its accessor, {@link #of(Class)} or a named one, is for the rules and the tests).
 * Rates MB/s, sizes GB (10^9 B), times seconds from the run's start, temperatures °C. Immutable.
 */
public final class Findings {

  private final double lastingSeconds;

  /** Each finding by its record's type. */
  private final Map<Class<? extends Record>, Record> found;

  private Findings(double lastingSeconds, Map<Class<? extends Record>, Record> found) {
    this.lastingSeconds = lastingSeconds;
    this.found = Collections.unmodifiableMap(found);
  }

  /** The findings of one run by their types (a null: found nothing); two of one type throw. */
  static Findings of(double lastingSeconds, Record... findings) {
    Map<Class<? extends Record>, Record> byType = new LinkedHashMap<>();
    for (Record f : findings) {
      if (f != null && byType.put(f.getClass(), f) != null) {
        throw new IllegalArgumentException("two findings of " + f.getClass().getSimpleName());
      }
    }
    return new Findings(lastingSeconds, byType);
  }

  /** These findings with {@code f} in place of any of its type (found after the first reading). */
  Findings with(Record f) {
    Map<Class<? extends Record>, Record> byType = new LinkedHashMap<>(found);
    byType.put(f.getClass(), f);
    return new Findings(lastingSeconds, byType);
  }

  /** The finding of {@code type}, or null when its detector found nothing. */
  public <F extends Record> F of(Class<F> type) {
    return type.cast(found.get(type));
  }

  /** How long a level had to hold to count as lasting in this run. */
  public double lastingSeconds() {
    return lastingSeconds;
  }

  /** The start-up ramp (never null; zero intervals when there was none). */
  public Ramp ramp() {
    return of(Ramp.class);
  }

  /** The write intervals after the ramp in which nothing completed (never null). */
  public Stalls stalls() {
    return of(Stalls.class);
  }

  /** Set when the run was too short to tell a shape, or no shape fits it. */
  public Undetermined undetermined() {
    return of(Undetermined.class);
  }

  /** The first lasting drop from the burst and the stages after it. */
  public Cliff cliff() {
    return of(Cliff.class);
  }

  /** A lasting climb back after a lasting drop. */
  public Recovery recovery() {
    return of(Recovery.class);
  }

  /** Dips from a stable level that come back at a regular spacing, or cycles at a steady period. */
  public Sawtooth sawtooth() {
    return of(Sawtooth.class);
  }

  /** The bend of the temperature series, when there is a temperature series and a step. */
  public TemperatureBend bend() {
    return of(TemperatureBend.class);
  }

  /** Swings between low and high, or a slow start. */
  public Erratic erratic() {
    return of(Erratic.class);
  }

  /** Zero intervals setting in on a spinning disk. */
  public Smr smr() {
    return of(Smr.class);
  }

  /** A spinning disk's gradual decline. */
  public Zoned zoned() {
    return of(Zoned.class);
  }

  /** The burst at the link's ceiling. */
  public LinkCap linkCap() {
    return of(LinkCap.class);
  }

  /** The CPU, not the drive, set the rate. */
  public CpuBound cpuBound() {
    return of(CpuBound.class);
  }

  /** Intervals far above the level around them, too few to be a level. */
  public Spikes spikes() {
    return of(Spikes.class);
  }

  /** The run ended on a fall too recent to tell a cliff (none with a cliff). */
  public Fall fall() {
    return of(Fall.class);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Findings f
        && Double.compare(lastingSeconds, f.lastingSeconds) == 0
        && found.equals(f.found);
  }

  @Override
  public int hashCode() {
    return Objects.hash(lastingSeconds, found);
  }

  @Override
  public String toString() {
    return "Findings[lastingSeconds=" + lastingSeconds + ", " + found.values() + "]";
  }

  /**
   * The start-up: the intervals before the run's first completion, and the one that holds it when
   * it was mostly empty by time (see {@link StartUp}).
   *
   * @param intervals how many (0 when requests completed at the run's rate from the first interval)
   * @param seconds their length
   * @param gigabytes what they wrote: counted in the total and the average, not in the burst, the
   *     minimum or the median
   * @param firstCompletionSeconds when the first request completed, as the run recorded it; NaN
   *     when not recorded
   * @param otherIo other processes' I/O that kept the device busy while nothing of this run
   *     completed; null when there was none or the device's counters cannot tell
   */
  public record Ramp(
      int intervals,
      double seconds,
      double gigabytes,
      double firstCompletionSeconds,
      OtherIo otherIo) {}

  /**
   * Another process's I/O: the device moved more bytes than this run could have had in flight while
   * nothing of the run completed, and was busy.
   *
   * @param seconds the intervals' time
   * @param gigabytes the device's bytes beyond what the run could have had in flight
   * @param busyPct the device's utilisation over them, time-weighted
   */
  public record OtherIo(double seconds, double gigabytes, double busyPct) {}

  /**
   * Write intervals in which nothing completed (after the ramp; the flush is not writing).
   *
   * @param intervals how many
   * @param seconds their total length
   * @param otherIo the part of them in which other I/O kept the device busy; null when none or
   *     unknown
   */
  public record Stalls(int intervals, double seconds, OtherIo otherIo) {}

  /**
   * Intervals that stand far above the level around them, too few to be a level of their own: one
   * or two intervals at the start (a burst too short to measure: see {@link Cliff#burstIntervals})
   * are a burst, anywhere else they are read as part of the level around them, and the words say
   * the data cannot tell more.
   *
   * @param intervals how many such intervals after the first level
   * @param atSeconds when the highest began
   * @param highestMBps its rate
   * @param levelMBps the level around it
   */
  public record Spikes(int intervals, double atSeconds, double highestMBps, double levelMBps) {}

  /**
   * The run ended on levels below the drop line of the burst, too soon after they began to tell a
   * cliff: the cache, if any, is at least what was written before.
   *
   * @param seconds when the fall began, from the run's start
   * @param gigabytes what was written before it
   * @param fromMBps the burst
   * @param toMBps the level it fell to
   * @param lastedSeconds from the fall to the end of the run
   */
  public record Fall(
      double seconds, double gigabytes, double fromMBps, double toMBps, double lastedSeconds) {}

  /**
   * No shape is named. Either the run is too short to judge (no lasting drop in fewer than {@link
   * UndeterminedDetector.Limits#seconds}), or the evidence contradicts every shape: no rule read a
   * shape, yet the run's rate was not the level it started at (its mean at or below {@link
   * Thresholds#DROP_FRACTION} of the burst, so "held from start to end" would be false) or was no
   * level at all (half its intervals further from their median than {@link
   * UndeterminedDetector.Limits#heldSpread} of it).
   *
   * @param why which of the two
   * @param judgedSeconds the write seconds after the ramp
   * @param neededSeconds how many a shape needs
   * @param gigabytes what was written without a cliff (the cache is at least that); for {@link
   *     Why#NO_SHAPE_FITS} all that was written
   * @param spreadOfMedian for {@link Why#NO_SHAPE_FITS}, how far from their median half the write
   *     intervals after the start-up lie, as a fraction of it (their median absolute deviation over
   *     their median); NaN for a run too short
   */
  public record Undetermined(
      Why why,
      double judgedSeconds,
      double neededSeconds,
      double gigabytes,
      double spreadOfMedian) {

    /** Why no shape is named. */
    public enum Why {
      /** Too few seconds after the start-up to tell. */
      TOO_SHORT,
      /**
       * Long enough, but no rule read a shape and the rate did not hold the level it started at: it
       * moved between levels none of which lasted below the drop line.
       */
      NO_SHAPE_FITS,
      /** Not a request completed in the whole run: there is no rate to read a shape from. */
      NOTHING_WRITTEN
    }

    /** Whether the run was too short to tell (the other reason: no shape fits). */
    public boolean tooShort() {
      return why == Why.TOO_SHORT;
    }

    /** Whether no request completed in the whole run. */
    public boolean nothingWritten() {
      return why == Why.NOTHING_WRITTEN;
    }
  }

  /** Whether the run had a start-up: intervals left out of the intervals' figures. */
  public boolean hasStartUp() {
    return ramp().intervals() > 0;
  }

  /** Whether no shape is named because not one request completed in the run. */
  public boolean nothingWritten() {
    Undetermined undetermined = undetermined();
    return undetermined != null && undetermined.nothingWritten();
  }

  /**
   * The intervals the burst before the cliff was read from (no transitions), 0 without a cliff: of
   * one or two, the words say the data cannot tell more.
   */
  public int burstIntervals() {
    Cliff cliff = cliff();
    return cliff == null ? 0 : cliff.burstIntervals();
  }

  /** Whether dips or cycles came at a steady beat (a throttle's sawtooth). */
  public boolean hasSawtooth() {
    return sawtooth() != null;
  }

  /** Whether the temperature stopped rising at the drop: a throttle's trip point. */
  public boolean bentAtStep() {
    TemperatureBend bend = bend();
    return bend != null && bend.thermal();
  }

  /** Whether the rate climbed back after a lasting drop, whatever shape was named. */
  public boolean climbedBack() {
    return recovery() != null;
  }

  /**
   * Whether the erratic rule counted swings, whatever shape was named: a sawtooth's words then say
   * why they were not read as a starved drive's.
   */
  public boolean erraticSwings() {
    Erratic erratic = erratic();
    return erratic != null && erratic.swinging();
  }

  /** Whether no shape is named because the run was too short to tell one. */
  public boolean tooShort() {
    Undetermined undetermined = undetermined();
    return undetermined != null && undetermined.tooShort();
  }

  /**
   * The first lasting drop from the burst.
   *
   * @param seconds when it began, from the run's start (inside an interval when the interval's
   *     mixed rate places it there)
   * @param cacheGB what was written before it
   * @param burstMBps the level before it
   * @param firstLevelMBps the first lasting level after it
   * @param stages every lasting level from the cliff on, in time order
   * @param lowestMBps the lowest stage
   * @param floorMayBeLower the run ended on a lower level that had not lasted yet
   * @param endMBps that last level's rate when {@code floorMayBeLower}, else NaN
   * @param burstIntervals the intervals the burst's level was read from: at 1 the burst was at
   *     least that interval's rate and the cache at most what was written to the end of it; at 2
   *     the two intervals are all that measured them
   */
  public record Cliff(
      double seconds,
      double cacheGB,
      double burstMBps,
      double firstLevelMBps,
      List<Segment> stages,
      double lowestMBps,
      boolean floorMayBeLower,
      double endMBps,
      int burstIntervals) {

    public Cliff {
      stages = List.copyOf(stages);
    }
  }

  /**
   * A lasting climb back after a lasting drop, while still writing.
   *
   * @param fromMBps the best level before the drop
   * @param lowMBps the lowest lasting level before the climb
   * @param backMBps the level it climbed back to
   * @param atSeconds when the climb began
   */
  public record Recovery(double fromMBps, double lowMBps, double backMBps, double atSeconds) {}

  /**
   * Dips that come back, at a regular spacing: a controller throttling at a temperature.
   *
   * @param dips how many
   * @param periodSeconds their mean spacing, start to start
   * @param dipSeconds their mean length
   * @param dipMBps the mean rate inside them
   * @param levelMBps the level they dip from (the baseline)
   * @param onsetSeconds when the first began
   * @param meanMBps the mean over whole periods from the first dip on: what a long job gets
   */
  public record Sawtooth(
      int dips,
      double periodSeconds,
      double dipSeconds,
      double dipMBps,
      double levelMBps,
      double onsetSeconds,
      double meanMBps) {}

  /**
   * The bend of the temperature: the best two-line (hinge) fit of temperature against time.
   *
   * @param startC the temperature at the start (the fit's value)
   * @param bendC the temperature at the bend (the fit's value)
   * @param bendSeconds when the bend is
   * @param beforeCPerMinute the slope before the bend
   * @param afterCPerMinute the slope after it
   * @param spreadC the {@link TemperatureBend.Limits#spreadPercentile} distance from the line after
   *     the bend
   * @param stepSeconds the rate step the bend was compared with
   * @param thermal the bend falls at the step, the temperature had risen, and its slope after is a
   *     fraction of the slope before: the step is a throttle
   */
  public record TemperatureBend(
      double startC,
      double bendC,
      double bendSeconds,
      double beforeCPerMinute,
      double afterCPerMinute,
      double spreadC,
      double stepSeconds,
      boolean thermal) {}

  /**
   * A translation layer short of free blocks: irregular swings, or a slow start.
   *
   * @param swings climbs from low to high (0 when only a slow start was seen)
   * @param highMBps the high level (the 95th percentile of the write intervals)
   * @param lowFraction the fraction of intervals low
   * @param highFraction the fraction of intervals high
   * @param lowLineMBps below this an interval is low
   * @param highLineMBps above this an interval is high
   * @param shortestGapSeconds the shortest time between two climbs counted (NaN without swings)
   * @param longestGapSeconds the longest time between two climbs counted (NaN without swings)
   * @param slowStart the slow first level, or null
   * @param laterMBps the highest later lasting level (with a slow start), else NaN
   */
  public record Erratic(
      int swings,
      double highMBps,
      double lowFraction,
      double highFraction,
      double lowLineMBps,
      double highLineMBps,
      double shortestGapSeconds,
      double longestGapSeconds,
      Segment slowStart,
      double laterMBps) {

    /**
     * Whether the swings alone make the curve erratic: the detector counts them only then ({@link
     * ErraticDetector.Limits#minSwings} climbs at least, 0 otherwise).
     */
    public boolean swinging() {
      return swings > 0;
    }

    /**
     * Whether the climbs came at irregular times: their spacings spread wider than a heat cycle's
     * ({@link Thresholds#CYCLE_PERIOD_TOLERANCE} either side of their middle). A starved drive
     * climbs back whenever a collection ends; one whose climbs keep a steady spacing the cycle test
     * still refused (its halves not alike, a cycle missing) is not said to be irregular.
     */
    public boolean irregular() {
      double middle = 0.5 * (shortestGapSeconds + longestGapSeconds);
      return longestGapSeconds - middle > Thresholds.CYCLE_PERIOD_TOLERANCE * middle;
    }
  }

  /**
   * A shingled disk: zero intervals set in after it held its rate.
   *
   * @param onsetSeconds when they set in
   * @param heldGB what was written before
   * @param heldMBps the rate before (without stalls)
   * @param zerosAfter zero intervals from the onset on
   * @param nearZeroAfter intervals from the onset on below {@link DiskLimits#smrNearZeroFraction}
   *     of the held rate, the zero ones among them
   * @param intervalsAfter intervals from the onset on
   * @param afterMBps the mean rate from the onset on
   */
  public record Smr(
      double onsetSeconds,
      double heldGB,
      double heldMBps,
      int zerosAfter,
      int nearZeroAfter,
      int intervalsAfter,
      double afterMBps) {}

  /**
   * A spinning disk's gradual decline, outer to inner tracks: the rate at the start and at the end
   * (the ends of the line through the blocks of the run; told it is a disk without such a line,
   * each the end of a line through the first or last fifth of the run).
   *
   * @param startMBps the rate at the start
   * @param endMBps the rate at the end
   * @param largestStepMBps the largest step between neighbouring plateaus
   * @param offLineMBps the farthest any block's median lies from the line, NaN without a line
   */
  public record Zoned(
      double startMBps, double endMBps, double largestStepMBps, double offLineMBps) {

    /** Whether the rate fell along a line with time (read from the curve, not the media). */
    public boolean alongLine() {
      return !Double.isNaN(offLineMBps);
    }
  }

  /**
   * The burst at the link's practical ceiling.
   *
   * @param ceilingMBps the ceiling
   */
  public record LinkCap(double ceilingMBps) {}

  /**
   * The CPU set the rate.
   *
   * @param cores the machine's cores (0 when unknown)
   * @param medianPct the process's median CPU (100 = one core)
   * @param allCores every core was busy (else one core, while the rate held flat)
   * @param rateMBps the rate it held
   */
  public record CpuBound(int cores, double medianPct, boolean allCores, double rateMBps) {}
}
