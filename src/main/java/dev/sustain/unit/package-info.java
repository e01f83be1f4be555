/**
 * Units that never mix: exact byte sizes (MB = 10^6, GiB = 2^30), durations and rates, with parsing
 * of user input and locale-proof formatting, and the words enums are written as ({@link
 * dev.sustain.unit.Worded}). Depends on nothing else in Sustain.
 */
package dev.sustain.unit;
