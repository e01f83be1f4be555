/**
 * Where a run writes: a test file created in a folder (or at a new path), never an existing file
 * nobody asked to overwrite; checks of free space and alignment before anything is written, and the
 * file's layout before the clock starts (preallocated as fio does, or sparse, and why).
 */
package dev.sustain.target;
