package dev.sustain.analysis;

import java.util.List;

/**
 * The detectors that are one place each ({@link Detector}): what the rule list ({@link Analyzer})
 * calls and the report package words and writes. The constants are the ones the analysis reads
 * every curve by; {@link #smr}, {@link #zoned}, {@link #linkCap}, {@link #cpuBound}, {@link #ramp},
 * {@link #stalls}, {@link #spikes}, {@link #undetermined}, {@link #erratic} and {@link #recovery}
 * make one with other limits, for a test that varies a limit and sees the finding follow.
 */
public final class Detectors {

  private Detectors() {}

  /** smr-stalls: a shingled disk's zero intervals setting in after it held its rate. */
  public static final Detector<Findings.Smr, DiskLimits> SMR = smr(DiskLimits.DEFAULT);

  /** hdd-zoned: a spinning disk's gradual decline from its outer tracks to its inner ones. */
  public static final Detector<Findings.Zoned, DiskLimits> ZONED = zoned(DiskLimits.DEFAULT);

  /** The burst at the link's practical ceiling: a flag beside the shape. */
  public static final Detector<Findings.LinkCap, HostLimits.Limits> LINK_CAP =
      linkCap(HostLimits.Limits.DEFAULT);

  /** The CPU, not the drive, set the rate: a flag beside the shape, read once it is named. */
  public static final Detector<Findings.CpuBound, HostLimits.Limits> CPU_BOUND =
      cpuBound(HostLimits.Limits.DEFAULT);

  /** The start-up ramp: the time before the run's first completion, never the burst or stalls. */
  public static final Detector<Findings.Ramp, StartUp.Limits> RAMP = ramp(StartUp.Limits.DEFAULT);

  /** The write intervals after the start-up in which nothing completed. */
  public static final Detector<Findings.Stalls, StartUp.Limits> STALLS =
      stalls(StartUp.Limits.DEFAULT);

  /** Intervals far above the level around them, too few to be a level. */
  public static final Detector<Findings.Spikes, SpikeDetector.Limits> SPIKES =
      spikes(SpikeDetector.Limits.DEFAULT);

  /** No shape named: too short to tell, or no shape fits a run that did not hold its start. */
  public static final Detector<Findings.Undetermined, UndeterminedDetector.Limits> UNDETERMINED =
      undetermined(UndeterminedDetector.Limits.DEFAULT);

  /** gc-erratic: a translation layer short of free blocks, swinging or starting slow. */
  public static final Detector<Findings.Erratic, ErraticDetector.Limits> ERRATIC =
      erratic(ErraticDetector.Limits.DEFAULT);

  /** A lasting climb back after a lasting drop, while still writing: heat, not a cache. */
  public static final Detector<Findings.Recovery, RecoveryDetector.Limits> RECOVERY =
      recovery(RecoveryDetector.Limits.DEFAULT);

  /**
   * The temperature's bend at the drop: the rule list asks it of the cliff and of a step too small
   * for a cache's end ({@link TemperatureBend#modest}) before it names one.
   */
  static final TemperatureBend TEMPERATURE = new TemperatureBend(TemperatureBend.Limits.DEFAULT);

  /** The temperature's bend at the drop: a throttle's trip point, or a drop that is not heat. */
  public static final Detector<Findings.TemperatureBend, TemperatureBend.Limits> BEND = TEMPERATURE;

  /**
   * The cliff: the rule list asks it of the first sharp lasting drop, and of a step too small for a
   * cache's end ({@link CliffDetector#step}) where the temperature bends at it.
   */
  static final CliffDetector CLIFFS = new CliffDetector(CliffDetector.Limits.DEFAULT);

  /** The cache cliff and the stages after it. */
  public static final Detector<Findings.Cliff, CliffDetector.Limits> CLIFF = CLIFFS;

  /**
   * Heat by its beat: the rule list asks it also for shallow cycles by folding ({@link
   * SawtoothDetector#folded}) where no other rule read a shape.
   */
  static final SawtoothDetector SAWTEETH = new SawtoothDetector(SawtoothDetector.Limits.DEFAULT);

  /** Dips or cycles at a steady beat: a controller throttling as it heats. */
  public static final Detector<Findings.Sawtooth, SawtoothDetector.Limits> SAWTOOTH = SAWTEETH;

  /** A fall at the end of a run too recent to tell a cliff. */
  public static final Detector<Findings.Fall, FallDetector.Limits> FALL =
      fall(FallDetector.Limits.DEFAULT);

  /**
   * What limited the rate besides the drive, in the order their sentences are said and their fields
   * written.
   */
  public static final List<Detector<?, ?>> HOST = List.of(LINK_CAP, CPU_BOUND);

  /** Every detector of this list, for the checks that hold the contract. */
  public static final List<Detector<?, ?>> ALL =
      List.of(
          RAMP,
          STALLS,
          SPIKES,
          UNDETERMINED,
          CLIFF,
          SAWTOOTH,
          FALL,
          ERRATIC,
          RECOVERY,
          BEND,
          SMR,
          ZONED,
          LINK_CAP,
          CPU_BOUND);

  /** The smr-stalls detector with {@code limits}. */
  public static Detector<Findings.Smr, DiskLimits> smr(DiskLimits limits) {
    return new DiskDetectors.Smr(limits);
  }

  /** The hdd-zoned detector with {@code limits}. */
  public static Detector<Findings.Zoned, DiskLimits> zoned(DiskLimits limits) {
    return new DiskDetectors.Zoned(limits);
  }

  /** The link-cap detector with {@code limits}. */
  public static Detector<Findings.LinkCap, HostLimits.Limits> linkCap(HostLimits.Limits limits) {
    return new HostLimits.LinkCap(limits);
  }

  /** The CPU-bound detector with {@code limits}. */
  public static Detector<Findings.CpuBound, HostLimits.Limits> cpuBound(HostLimits.Limits limits) {
    return new HostLimits.CpuBound(limits);
  }

  /** The start-up detector with {@code limits}. */
  public static Detector<Findings.Ramp, StartUp.Limits> ramp(StartUp.Limits limits) {
    return new RampDetector(limits);
  }

  /** The stalls detector with {@code limits}. */
  public static Detector<Findings.Stalls, StartUp.Limits> stalls(StartUp.Limits limits) {
    return new StallDetector(limits);
  }

  /** The spikes detector with {@code limits}. */
  public static Detector<Findings.Spikes, SpikeDetector.Limits> spikes(
      SpikeDetector.Limits limits) {
    return new SpikeDetector(limits);
  }

  /** The undetermined detector with {@code limits}. */
  public static Detector<Findings.Undetermined, UndeterminedDetector.Limits> undetermined(
      UndeterminedDetector.Limits limits) {
    return new UndeterminedDetector(limits);
  }

  /** The gc-erratic detector with {@code limits}. */
  public static Detector<Findings.Erratic, ErraticDetector.Limits> erratic(
      ErraticDetector.Limits limits) {
    return new ErraticDetector(limits);
  }

  /** The climb-back detector with {@code limits}. */
  public static Detector<Findings.Recovery, RecoveryDetector.Limits> recovery(
      RecoveryDetector.Limits limits) {
    return new RecoveryDetector(limits);
  }

  /** The temperature-bend detector with {@code limits}. */
  public static Detector<Findings.TemperatureBend, TemperatureBend.Limits> bend(
      TemperatureBend.Limits limits) {
    return new TemperatureBend(limits);
  }

  /** The fall detector with {@code limits}. */
  public static Detector<Findings.Fall, FallDetector.Limits> fall(FallDetector.Limits limits) {
    return new FallDetector(limits);
  }

  /** The cliff detector with {@code limits}. */
  public static Detector<Findings.Cliff, CliffDetector.Limits> cliff(CliffDetector.Limits limits) {
    return new CliffDetector(limits);
  }

  /** The sawtooth detector with {@code limits}. */
  public static Detector<Findings.Sawtooth, SawtoothDetector.Limits> sawtooth(
      SawtoothDetector.Limits limits) {
    return new SawtoothDetector(limits);
  }
}
