package dev.sustain.analysis;

/**
 * Every number the analysis decides by, named once, with why it has the value it has. The analysis,
 * the live phase ({@link LivePhase}) and the words of the report read them from here, so a sentence
 * never states a threshold the rule does not use. Rates are relative (fractions of a level) unless
 * the name says otherwise; times are seconds.
 *
 * <p>The values come from what drives physically do (the field figures in docs/ANALYSIS.md): a
 * drive's own interval-to-interval noise is 1-8% of its rate, while every event the analysis names
 * moves the rate by far more (a cache cliff to 1-60% of the burst, a throttle step to 20-80% of the
 * level, a sawtooth dip to 1-60%). Thresholds sit between the two, and wherever the noise of a run
 * is larger they widen with it (a multiple of its measured noise), so a noisy drive is read as
 * noisy, not as throttled.
 */
public final class Thresholds {

  private Thresholds() {}

  // --- Levels -------------------------------------------------------------------------------

  /**
   * A level below this fraction of the burst is a drop: 15% is about twice the worst interval noise
   * of a healthy drive (8%) and well above a link's or a CPU's wobble, while the smallest change
   * the field reports name (a Mushkin stepping from 100 to 80 MB/s at 45 °C) is 20%.
   */
  public static final double DROP_FRACTION = 0.85;

  /**
   * A level this much above the low point after a drop is a climb back (a throttle that cooled): a
   * cache that has run out does not refill mid-write, so any lasting climb this large is heat.
   */
  public static final double RECOVERY_FRACTION = 1.15;

  /** A climb back must also be this fraction of the burst, so a crawl at 1% cannot "recover". */
  public static final double RECOVERY_OF_BURST = 0.05;

  /** Neighbouring plateaus closer than this fraction are one level (noise splits a level). */
  public static final double PLATEAU_MERGE_FRACTION = 0.08;

  /**
   * Standard errors by which two plateaus must differ to be different levels: at 5 the chance that
   * noise alone makes two levels is below one in a million per pair, so a day-long run of thousands
   * of segments still reads its noise as noise.
   */
  public static final double SIGNIFICANCE = 5.0;

  /**
   * The noise's lag-1 correlation is taken at most this high (it widens a standard error by at most
   * sqrt(19), 4.4 times): beyond it, the estimate is the shape's slow change, not noise.
   */
  public static final double MAX_NOISE_CORRELATION = 0.9;

  /**
   * The noise of a level's interval rate is at least this many requests per interval, whatever the
   * run's noise elsewhere: an interval's bytes are a whole number of requests, so a steady drive
   * completing 3.6 requests an interval counts 3 or 4 (σ up to half a request), and a request that
   * completes just either side of a boundary moves one request between neighbours (another half).
   * One request is both together, rounded up, so that a level alternating by one request (a
   * throttled link's or an emulated drive's floor of 3-6 requests) reads as one level and not as
   * steps, even after a burst steady to the request set the run's noise near zero. Known only when
   * the run recorded its requests (samples.csv's bytes and iops); a plain rate CSV keeps the run's
   * own noise alone.
   */
  public static final double QUANTUM_SIGMA_REQUESTS = 1.0;

  /**
   * The segmenter splits at this fraction of {@link #QUANTUM_SIGMA_REQUESTS}: the alternation alone
   * (half a request). Its change points are candidates that the plateau merging, at the whole
   * quantum, joins again when they do not differ; a split it missed is lost, so a steady high and
   * low a few requests apart (an emulated drive's throttle slices) still part where they change.
   */
  public static final double SEGMENT_QUANTUM_FRACTION = 0.5;

  /**
   * A segment shorter than this many intervals is a transition (the interval a cliff fell in, an
   * outlier), not a level of its own: one or two intervals carry one or two draws of the noise.
   */
  public static final int MIN_PLATEAU_SAMPLES = 3;

  /**
   * A level is a stall level, not a slow level, when more than this fraction of its intervals
   * completed nothing: stalls are what it is made of, however slow the drive's floor is (a QLC
   * drive may write 80 MB/s after 5000; that is its floor, not a stall).
   */
  public static final double STALL_LEVEL_ZERO_FRACTION = 0.5;

  /** A level must hold this many intervals at least to be lasting. */
  public static final int LASTING_MIN_SAMPLES = 5;

  /** ... and this fraction of the run, ... */
  public static final double LASTING_RUN_FRACTION = 0.01;

  /**
   * ... but never more than this many seconds: the smallest cache in the 65-drive bench (13 GB)
   * fills in a few seconds, even in a 28-hour run.
   */
  public static final double LASTING_MAX_SECONDS = 30;

  // The start-up and the stalls, and too short to judge: their detectors' limits (StartUp.Limits,
  // UndeterminedDetector.Limits).

  // --- Cliff: its limits are CliffDetector.Limits ---------------------------------------------

  // --- Dips (sawtooth throttling) -------------------------------------------------------------

  /**
   * The baseline a dip is measured from: a running median over this many seconds, about four times
   * the longest thermal dip (6-10 s), so a dip moves it not at all while a lasting step moves it
   * where the step is (a median keeps edges).
   */
  public static final double BASELINE_SECONDS = 45;

  /** The baseline window holds at least this many intervals (an odd number). */
  public static final int BASELINE_MIN_SAMPLES = 7;

  /** ... and at most this many (a 180 s window at 0.1 s intervals; the cost is n times it). */
  public static final int BASELINE_MAX_SAMPLES = 1801;

  /**
   * Dips are looked for again with a window this many times longer when none form a train: a drive
   * with a larger heat sink cycles slower (30 s down every few minutes).
   */
  public static final double BASELINE_SCALE = 4;

  /**
   * An interval starts a dip when it is this fraction below the baseline, or {@link
   * #DIP_NOISE_SIGMAS} standard deviations of the run's noise if that is more: the shallowest dip
   * of a throttle (to 60% of the level) is 40% deep.
   */
  public static final double DIP_ENTER = 0.25;

  /**
   * ... but never further below than this: the shallowest throttle dip (to 60% of the level) must
   * show even when a short, noisy run overstates its own noise.
   */
  public static final double DIP_ENTER_MAX = 0.35;

  /**
   * A dip goes on while intervals stay this fraction (or 2 noise sigmas, at most twice this) below
   * the baseline.
   */
  public static final double DIP_EXIT = 0.10;

  /**
   * A dip's mean is short of its level by this many of the level's own robust sigmas (1.4826 MAD of
   * the intervals around it), over the square root of its intervals: the run's noise is set by its
   * quietest level, and a floor with a spread of a fifth has single intervals 40% low now and then
   * (2 sigmas), which are its noise, not a throttle. 4, as for a dip's start: below one in ten
   * thousand for one interval of Gaussian noise.
   */
  public static final double DIP_SPREAD_SIGMAS = 4;

  /** Noise sigmas for a dip's start (see {@link #DIP_ENTER}). */
  public static final double DIP_NOISE_SIGMAS = 4;

  /**
   * Trains of dips checked, longest first: a day of SMR stalls makes thousands of short ones, and
   * each check reads the whole run.
   */
  public static final int MAX_TRAINS_TRIED = 16;

  /** At least this many dips at a regular spacing make a sawtooth: two could be chance. */
  public static final int MIN_DIPS = 3;

  /**
   * A shallow heat cycle ({@code CycleFold}) counts when its low half's mean lies this many
   * standard errors below the high halves either side of it, the standard error from the run's
   * noise and its correlation from one interval to the next. The statistic is the depth in standard
   * errors of the halves' means, not in the noise of one interval: a controller one clock step
   * slower for 10-40 s is 5-30% deep, inside a noise of 5-8% interval by interval, yet its
   * half-means lie far apart. 3: one cycle in 740 passes by chance from noise alone (a normal
   * tail), and {@link #MIN_DIPS} of them in a row at one period and phase less than once in 10^8
   * tries, so a level however noisy is not read as cycles. A cycle within that is not evidence: the
   * run reads as it did.
   */
  public static final double CYCLE_FOLD_SIGMAS = 3;

  /**
   * How far below its half's level one interval may lie, in robust sigmas of the halves' intervals,
   * for a fold to be read as heat cycles: a heat cycle lowers a whole half, so its intervals keep
   * the noise of a level (6 sigmas: once in 10^9 intervals of normal noise); an interval further
   * down is a dip of something else (a collection, a host's pause), and dips at chance times fit a
   * fold of three cycles about once in 16 sets.
   */
  public static final double CYCLE_FOLD_DIP_SIGMAS = 6;

  /**
   * A level is noisier than the run when its own noise ({@link LevelNoise#ownNoise}) is at least
   * this many times the run's. Pieces of the level that set the run's noise, or of levels of the
   * same kind, are within a few tens of percent of it; a level twice as noisy is of another kind (a
   * cache's fast writes, a second source of noise). Below it the run's noise judges, as before:
   * pieces of a noisy floor keep the marks the segmenter gave its erase pauses.
   */
  public static final double OWN_NOISE_RUN_RATIO = 2;

  /**
   * Spacings of a sawtooth stay within this fraction of their mean: a controller that throttles at
   * a temperature and resumes when it has cooled repeats within a few seconds a period of 45-60 s,
   * while garbage collection pauses come whenever the free blocks run out.
   */
  public static final double PERIOD_TOLERANCE = 0.25;

  /**
   * Dips of a sawtooth are short against their period (6-10 s of 45-60 s); a drive low for longer
   * than this fraction of the time is swinging, not dipping.
   */
  public static final double MAX_DIP_DUTY = 0.4;

  /**
   * ... and long enough to cool a controller: at least this fraction of their period (6 s of 60 is
   * 10%). A single odd interval in a minute is an instant, not a throttle's dip.
   */
  public static final double MIN_DIP_DUTY = 0.03;

  /**
   * ... or each at least this many intervals long, however short against the period: a controller
   * that throttles for 2 s every 90 s is a sawtooth when its dips are regular and each several
   * intervals long; one odd interval (or two, a single slow one split) is not.
   */
  public static final int MIN_DIP_INTERVALS = 3;

  /**
   * ... or, shorter than both, at least this many at a steady beat ({@link
   * #SHORT_DIP_PERIOD_TOLERANCE}): a controller at its thermal limit throttles for a second or two
   * and resumes, again and again at the period its heat capacity sets. Dips at chance times keep
   * such a beat less than once in a thousand sets of 5 (once in 250 of 4, once in 16 of 3).
   */
  public static final int SHORT_DIP_MIN_DIPS = 5;

  /**
   * The beat of short dips: every spacing within this fraction of their mean spacing, plus an
   * interval (a dip's start is read to its interval). A throttle trips and resumes at the same
   * temperatures through the same heat sink, so its period repeats within a few percent; a tenth
   * leaves room for a noisy interval read at a dip's edge.
   */
  public static final double SHORT_DIP_PERIOD_TOLERANCE = 0.10;

  /**
   * Dips nearer their level's spread than {@link #DIP_SPREAD_SIGMAS}, this many robust sigmas out,
   * count only as a train that keeps a steady beat ({@link #SHORT_DIP_PERIOD_TOLERANCE}) with no
   * such dip off it between its first and last, at least {@link #BEAT_DIP_MIN_DIPS} of them, on to
   * the end. A throttle on a noisy level (a fifth) dips by 3-5 sigmas, so one dip alone is not told
   * from the level's own low intervals; the beat is what tells them: its controller trips at the
   * same temperature through the same heat sink. A Gaussian level's intervals fall 3 sigmas low
   * once in 740, at chance times. Measured, not derived: at 2.5 sigmas a noisy floor of 1,200
   * intervals (ShortBurstLevelTest, a spread of up to a quarter) made a chance train of 6 in 1 of
   * 200 curves; at 3, none of those nor of NoisyDipTrainTest's noisy levels without dips does.
   */
  public static final double BEAT_DIP_SPREAD_SIGMAS = 3.0;

  /** The fewest dips of a train read at {@link #BEAT_DIP_SPREAD_SIGMAS}: see there. */
  public static final int BEAT_DIP_MIN_DIPS = 6;

  /**
   * Beats a train of dips may step over: one, and only where the train keeps a steady beat across
   * it (at least {@link #SHORT_DIP_MIN_DIPS} dips, every spacing within {@link
   * #SHORT_DIP_PERIOD_TOLERANCE} of one period or, at the gap, of two). A controller that trips at
   * the same temperature keeps its period whether or not each dip is seen, and on a level of a
   * fifth noise hides one dip in a dozen or leaves the level after it too low for it to read as a
   * dip that came back. One only: each skip widens the chance that a set of a level's own lows
   * keeps a beat.
   */
  public static final int MAX_SKIPPED_BEATS = 1;

  /**
   * Outside its train of dips a throttled drive is steady: intervals below the dip line elsewhere
   * (odd intervals, outliers) take at most this fraction of the run. A drive swinging at irregular
   * times has regular-looking runs of three among its many lows.
   */
  public static final double MAX_OTHER_DIP_FRACTION = 0.05;

  /**
   * The crossings of heat cycles keep their spacing, and each low half its length, within this
   * fraction of the period (plus an interval, where a crossing falls inside its interval): a
   * throttle trips and resumes at the same temperatures through the same heat sink, so one drive
   * repeats within a few percent (the field's sawtooth periods of 45-60 s differ between drives,
   * not dip to dip); three times that leaves room for noise at the crossing. A translation layer
   * slow for 3-15 s and fast for 3-15 s by turns, whose periods spread by a quarter, is irregular.
   * Tighter than {@link #PERIOD_TOLERANCE}: short dips are evidence in themselves, long halves are
   * not. The erratic evidence calls swings irregular only when their climbs spread wider than this
   * either side of their middle ({@link Findings.Erratic#irregular}).
   */
  public static final double CYCLE_PERIOD_TOLERANCE = 0.15;

  // --- Erratic (no free blocks) ----------------------------------------------------------------

  /**
   * A swing's low lasts at least this long (seconds): a drive collecting garbage is slow for
   * seconds at a time, while a single odd interval at 1 s or 0.5 s is an outlier, not a swing.
   */
  public static final double MIN_SWING_SECONDS = 2.5;

  /**
   * A drive's swings (the erratic rule's, {@link ErraticDetector.Limits#minSideFraction}) or cycles
   * spend at least this fraction of the intervals low and as many high.
   */
  public static final double MIN_SWING_SIDE_FRACTION = 0.10;

  /**
   * An interval is high when within this fraction (or 2 noise sigmas, at most twice this) of the
   * high level (p95).
   */
  public static final double SWING_HIGH = 0.15;

  /**
   * A swing climbs from one level to another: its high side's mean is above its low side's by at
   * least this many sigmas of a level: the larger side's own spread (the standard deviation of its
   * intervals, per interval, not of the mean), or the run's quiet noise if less (a piece cut across
   * short visits spreads by the swing itself). A starved translation layer swings between nearly
   * stopped and its write speed, levels 40% of the full speed apart or more, each with its own
   * small noise (a few to ten percent); a noisy floor after a small cache, with a spread of a
   * fifth, has a top 1.6 sigmas above its middle (the p95 the lines are drawn from), and its noise
   * and wander cross both lines with pieces a sigma or two apart. 4, as for a dip ({@link
   * #DIP_SPREAD_SIGMAS}): one level's intervals are within 2 sigmas of its mean 95% of the time, so
   * two pieces of it are rarely 4 apart, while two levels are apart by many of their spreads. The
   * low side must also leave the level the climb reached: when the plateau that holds the high
   * piece is a noisier level than the run (its quiet relative noise at least {@link
   * #OWN_NOISE_RUN_RATIO} times the run's, and it never nearly stops: its 10th percentile at least
   * a quarter (the erratic rule's deep low line) of its 90th), the low side lies this many of that
   * level's own log-rate sigmas below its mean. A noisy burst of a fifth before a quiet floor is
   * cut by the floor's noise into pieces a sigma or two either side of its mean, which the run's
   * quiet noise would read as swings; its low pieces stay within 2 of its own sigmas.
   */
  public static final double SWING_SPREAD_SIGMAS = 4;

  /**
   * A slow start is below this fraction of a later lasting level ({@link
   * ErraticDetector.Limits#slowStartFraction}); a climb back from a slow first level is no cooled
   * throttle's either.
   */
  public static final double SLOW_START_FRACTION = 0.6;

  // --- Temperature bend: its limits are TemperatureBend.Limits
  // ------------------------------------

  // Spinning disks, the link and the CPU: their detectors' limits (DiskLimits, HostLimits).

  // --- Live (the limits only LivePhase reads are its own) ----------------------------------------

  /**
   * Live: a curve without a cliff must hold this long before a stop: longer than 58 of the 64
   * retail caches of the bench took to fill, so a long flat stretch is the drive's own rate.
   */
  public static final double FLAT_HOLD_SECONDS = 600;

  /** Live: the band (±) every block mean must stay in while a level holds. */
  public static final double HOLD_TOLERANCE = 0.10;

  // --- Between runs of one drive (RunChanges) -------------------------------------------------

  /**
   * Heat: two steps at the same temperature are within this many °C. A drive's sensor reads in
   * whole degrees and a throttle's trip point has a hysteresis of 1-2 °C, so two trips at one
   * threshold can read up to about 2 °C apart; a cache runs out at whatever temperature the drive
   * has.
   */
  public static final double HEAT_SAME_TEMP_C = 2.5;

  /**
   * Heat without a step temperature: a run that started this many °C warmer than the first. The
   * passive enclosure of the field reports held 71 s cold and 55 s in a session already warm; 5 °C
   * is twice {@link #HEAT_SAME_TEMP_C}: a different start, not the same one read twice.
   */
  public static final double HEAT_WARMER_START_C = 5;

  /**
   * Less free space: the free space before the run fell by at least this fraction of the drive's
   * capacity. A dynamic SLC cache is built from free blocks (at 3-4 bits a cell, 10% of the
   * capacity free is 2.5-3.3% of it as SLC): less than that is within what the drive itself moves
   * between runs (its own logs, the file system's journal).
   */
  public static final double LESS_FREE_OF_CAPACITY = 0.10;

  /**
   * Not recovered: a cache below this fraction of the first run's. The analysis is tested to read a
   * cache within 5%, so two reads of one cache differ by up to about 10%: below 90% the cache did
   * not come back.
   */
  public static final double NOT_RECOVERED_FRACTION = 0.90;

  // The group's shared ceiling and the sum that holds: SharedCeilingDetector.Limits.
}
