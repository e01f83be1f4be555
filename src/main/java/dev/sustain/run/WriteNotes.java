package dev.sustain.run;

import dev.sustain.pattern.PatternSpec;
import dev.sustain.unit.Durations;
import dev.sustain.unit.Units;

/**
 * What a write run tells its user about the job as it will run and as it ran, beyond the figures:
 * how far {@code --until floor} goes at most, and whether it found the floor. Stateless.
 */
final class WriteNotes {

  private WriteNotes() {}

  /**
   * {@code --size} was rounded up to whole blocks: the README promises exact sizes, so a rounding
   * is never silent.
   *
   * @param byPattern the blocks are the verifiable pattern's 4 KiB
   * @param byEngine the engine's direct I/O needs more than the device's logical block
   */
  static String sizeRounded(
      WriteParams params,
      long roundedBytes,
      long blockBytes,
      boolean byPattern,
      boolean byEngine,
      PatternSpec pattern) {
    String why =
        byPattern
            ? "--pattern " + pattern.name() + " (every 4 KiB block carries its header)"
            : byEngine ? "direct I/O with this engine" : "direct I/O";
    return Units.roundedUp("--size", params.sizeBytes(), roundedBytes, blockBytes, why);
  }

  /** The rule of {@code --until floor} in words, for the notes before and after the run. */
  static String floorRule(WriteParams params) {
    return "within ±10% for "
        + Durations.format(params.floorHoldSeconds())
        + " after a cache cliff (for 10m 00s without one)";
  }

  /**
   * What {@code --until floor} will write at most, said before the run: a run that never finds its
   * floor writes all of it.
   *
   * @param limitBytes the most it writes, or -1 when only --time bounds it
   * @param whyLimit where that limit comes from, e.g. "the free space less a safety margin"
   */
  static String untilFloorPlan(WriteParams params, long limitBytes, String whyLimit) {
    String most =
        limitBytes < 0
            ? "for at most " + Durations.format(params.duration().toNanos() / 1e9)
            : "at most "
                + Units.decimalBytes(limitBytes)
                + " ("
                + whyLimit
                + ")"
                + (params.duration() == null
                    ? ""
                    : " or for "
                        + Durations.format(params.duration().toNanos() / 1e9)
                        + ", whichever comes first");
    return "--until floor: writing until the rate holds " + floorRule(params) + ", " + most;
  }

  /** Whether {@code --until floor} found its floor, said after the run. */
  static String untilFloorOutcome(
      WriteParams params, WriteResult r, boolean reached, double floorMBps) {
    if (reached) {
      return "--until floor: the floor was reached ("
          + Units.rate(floorMBps)
          + " held); the run stopped after "
          + Units.decimalBytes(r.bytes());
    }
    String ended =
        switch (r.status()) {
          case INTERRUPTED -> "it was interrupted";
          case FAILED, KILLED -> "it failed";
          case COMPLETE, RUNNING ->
              params.duration() != null
                      && (params.sizeBytes() < 0 || r.bytes() < params.sizeBytes())
                  ? "its time was up"
                  : "it wrote all it was allowed (" + Units.decimalBytes(r.bytes()) + ")";
        };
    return "--until floor: the floor was NOT reached (the rate never held "
        + floorRule(params)
        + "): "
        + ended
        + "; these figures may not show the drive's sustained rate";
  }
}
