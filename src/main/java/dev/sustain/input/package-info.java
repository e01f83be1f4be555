/**
 * Reading curves from files into a {@link dev.sustain.analysis.SampleSeries}: a run folder (also
 * one whose run was killed), a plain CSV with {@code time_s} and {@code write_MBps}, or a fio
 * {@code write_bw_log}; and a group folder ({@link dev.sustain.input.GroupFolder}: group.json and
 * the group's samples of several targets written at once). Malformed input is an {@link
 * dev.sustain.input.InputFormatException} that names the file and the line.
 */
package dev.sustain.input;
