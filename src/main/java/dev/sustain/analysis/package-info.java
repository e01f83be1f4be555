/**
 * Pure analysis of a write-rate curve: a {@link dev.sustain.analysis.SampleSeries} in, an {@link
 * dev.sustain.analysis.Analysis} out (plateaus, cache cliff, floor, shape, projection), plus {@link
 * dev.sustain.analysis.LivePhase} for the live progress line. No clock, no files, no JSON: it
 * imports only java.*, dev.sustain.unit and itself, so it can be tested on synthetic curves with
 * known truth.
 */
package dev.sustain.analysis;
