/**
 * Test fixtures shared by the test suites: the emulated drive, seeds and generators for randomized
 * tests.
 */
package dev.sustain.testing;
