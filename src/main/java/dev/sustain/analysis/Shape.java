package dev.sustain.analysis;

import dev.sustain.unit.Worded;

/** The shape of a write curve, which names its cause; {@link #word()} is the JSON and CLI name. */
public enum Shape implements Worded {
  /** None of the others: it holds (perhaps at the link's limit). */
  FLAT,
  /** One clean step, or a staircase, down that never recovers while writing. */
  CACHE_CLIFF,
  /**
   * Plateaus that recover while writing, short dips that come back at a regular spacing, or a step
   * at the bend where the temperature stops rising.
   */
  THERMAL_THROTTLE,
  /** Swings between near zero and full speed, or slow first and fast later: no free blocks. */
  GC_ERRATIC,
  /** A spinning disk that holds, then turns into many zero seconds (shingled rewrites). */
  SMR_STALLS,
  /** A spinning disk's gradual decline from outer to inner tracks, without steps or stalls. */
  HDD_ZONED,
  /** Too short to tell: no lasting drop in fewer than 30 s of writing after the start-up ramp. */
  UNDETERMINED;
}
