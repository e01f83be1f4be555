/**
 * A prediction written down before a run ("920MB/s for 277GB, then 127MB/s") and its check against
 * what the run measured, point by point (burst, cache, floor, total time), in words. Pure: depends
 * only on {@code dev.sustain.unit} and the (pure) {@code dev.sustain.analysis}; no files, no clock.
 */
package dev.sustain.expect;
