/**
 * {@code sustain serve}: the dashboard over the run history (drives, runs, one run, compare, live),
 * its JSON API and the Server-Sent Events of runs still writing. It reads the history through the
 * store and shows runs through the report package; it never starts a run and never writes.
 */
package dev.sustain.serve;
