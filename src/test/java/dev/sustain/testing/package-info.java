/** Test fixtures shared by the test suites: the emulated drive, synthetic curves. */
package dev.sustain.testing;
