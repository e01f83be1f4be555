/**
 * The job a run did (command, request size, depth, direct or buffered, pattern, engine, target
 * kind): what makes two runs comparable. A floor taken at 64 KiB QD1 says nothing about the same
 * drive at 1 MiB QD32, so trends, last floors, comparisons and shared aggregates group runs by
 * {@link dev.sustain.job.Job#key()} and name a difference of jobs before any drive change.
 *
 * <p>Pure: it reads run.json's {@code command}, {@code params} and {@code target.kind} and depends
 * on nothing else of the project.
 */
package dev.sustain.job;
