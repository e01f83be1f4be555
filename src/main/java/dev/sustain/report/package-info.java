/**
 * Output for people and machines: the analysis as JSON and as text, a terminal sparkline, PNG and
 * SVG charts (XChart), one self-contained HTML report (uPlot inlined) and comparisons of several
 * curves (table, findings in words, JSON, CSV, overlay charts), and a group of targets written at
 * once (its analysis.json, the shared ceiling in words, each target and the sum charted). Report
 * code reads results; it never measures.
 */
package dev.sustain.report;
