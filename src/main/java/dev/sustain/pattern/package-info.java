/**
 * What bytes a run writes and how to check them afterwards: an incompressible random pool, zeros,
 * partly compressible data, and verifiable blocks that carry their own offset.
 */
package dev.sustain.pattern;
