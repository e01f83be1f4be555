/**
 * Per-interval sampling alongside a run: bytes and operations completed, latency percentiles
 * (HdrHistogram), CPU, temperature and device counters, one row per interval on absolute time.
 */
package dev.sustain.sampling;
