/**
 * Runs recorded in the history while they go: the run as {@code running} and its samples, batched
 * off the run's threads, so a dashboard on any host draws the curves of runs still writing.
 */
package dev.sustain.live;
