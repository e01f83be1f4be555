/**
 * Several targets written at once from one command ({@code write T1 T2 ...}, {@code fill D1 D2
 * ...}): each target's own ordinary run (its engine, ring, sampler and run folder) on its own
 * thread, and a small coordinator that starts them together or staggered, builds the group's
 * combined {@code samples.csv} from their rows, and leaves {@code group.json} and the group's
 * {@code analysis.json} (the shared ceiling) beside the targets' run folders.
 */
package dev.sustain.group;
