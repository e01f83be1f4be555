package dev.sustain.analysis;

/**
 * What a {@link Detector} reads: the prepared curve, what the rule list found before it, and the
 * shape once it is named (null while the detectors run, for a detector that flags a shape's run).
 *
 * @param curve the prepared curve
 * @param stalls the write intervals after the ramp in which nothing completed
 * @param shape the shape named, or null before the rules named it
 * @param cliff the cliff, or the step read as one, once found (null when none, or not yet asked)
 * @param fall the fall at the end too recent to tell a cliff, once found (null when none, or not
 *     yet asked)
 */
record Reading(Curve curve, int stalls, Shape shape, Findings.Cliff cliff, Findings.Fall fall) {

  /** The reading without the cliff and the fall, for a detector that does not ask them. */
  Reading(Curve curve, int stalls, Shape shape) {
    this(curve, stalls, shape, null, null);
  }
}
