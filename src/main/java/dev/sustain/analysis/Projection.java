package dev.sustain.analysis;

/**
 * How long a job of {@code gigabytes} (10^9 B) takes on the measured drive: along the measured
 * curve and past its end at the floor. {@code seconds} is infinite when the floor is zero.
 * Immutable.
 */
public record Projection(double gigabytes, double seconds) {}
