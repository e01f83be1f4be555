/**
 * Output for people and machines: the analysis as JSON and as text (and, later, charts). Report
 * code reads results; it never measures.
 */
package dev.sustain.report;
