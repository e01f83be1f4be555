package dev.sustain.analysis;

/**
 * What a {@link Detector} reads: the prepared curve, what the rule list found before it, and the
 * shape once it is named (null while the detectors run, for a detector that flags a shape's run).
 *
 * @param curve the prepared curve
 * @param stalls the write intervals after the ramp in which nothing completed
 * @param shape the shape named, or null before the rules named it
 */
record Reading(Curve curve, int stalls, Shape shape) {}
