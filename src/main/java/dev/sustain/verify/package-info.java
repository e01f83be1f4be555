/**
 * Reading a kept run back: the sequential read rate and its stability ({@code read}), and the check
 * of every 4 KiB block against what was written there ({@code verify}), reported as merged bad
 * extents. Reads go through an {@code IoEngine} at depth, like writes.
 */
package dev.sustain.verify;
