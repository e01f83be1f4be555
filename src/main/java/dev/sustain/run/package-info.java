/**
 * A run from start to end: validating the job, driving an engine at a fixed queue depth ({@link
 * dev.sustain.run.Runner}), sampling alongside, and the run folder it leaves ({@code run.json},
 * {@code samples.csv}).
 */
package dev.sustain.run;
