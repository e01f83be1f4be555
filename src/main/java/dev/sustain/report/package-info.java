/**
 * Output for people and machines: the analysis as JSON and as text, a terminal sparkline, PNG and
 * SVG charts (XChart), one self-contained HTML report (uPlot inlined) and comparisons of several
 * curves (table, findings in words, JSON, CSV, overlay charts). Report code reads results; it never
 * measures.
 */
package dev.sustain.report;
