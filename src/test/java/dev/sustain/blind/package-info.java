/**
 * Curves written blind: a second family of write curves, made from physical descriptions of drive
 * classes only (the field reports, the design glossary and issue 25), by someone who has not read
 * the analysis. Each curve carries the shape a reasonable engineer would name (or the two a curve's
 * physics allows) and the figures that can be checked, with tolerances. {@link
 * dev.sustain.blind.BlindHarnessTest} runs {@code sustain analyze} on each as a black box and
 * writes how often each class is read right to {@code target/blind-report.md}.
 *
 * <p>Nothing here may import {@code dev.sustain.analysis}: the family exists to judge it from
 * outside.
 */
package dev.sustain.blind;
