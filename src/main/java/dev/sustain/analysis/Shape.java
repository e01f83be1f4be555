package dev.sustain.analysis;

/** The shape of a write curve, which names its cause; {@link #id()} is the JSON and CLI name. */
public enum Shape {
  /** None of the others: it holds (perhaps at the link's limit). */
  FLAT("flat"),
  /** One clean step, or a staircase, down that never recovers while writing. */
  CACHE_CLIFF("cache-cliff"),
  /**
   * Plateaus that recover while writing, short dips that come back at a regular spacing, or a step
   * at the bend where the temperature stops rising.
   */
  THERMAL_THROTTLE("thermal-throttle"),
  /** Swings between near zero and full speed, or slow first and fast later: no free blocks. */
  GC_ERRATIC("gc-erratic"),
  /** A spinning disk that holds, then turns into many zero seconds (shingled rewrites). */
  SMR_STALLS("smr-stalls"),
  /** A spinning disk's gradual decline from outer to inner tracks, without steps or stalls. */
  HDD_ZONED("hdd-zoned"),
  /** Too short to tell: no lasting drop in fewer than 30 s of writing after the start-up ramp. */
  UNDETERMINED("undetermined");

  private final String id;

  Shape(String id) {
    this.id = id;
  }

  /** The name used in JSON and text, e.g. {@code cache-cliff}. */
  public String id() {
    return id;
  }
}
