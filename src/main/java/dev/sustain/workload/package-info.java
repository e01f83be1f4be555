/**
 * Users' real jobs beyond one file: a whole-drive fill in large files, an instrumented folder copy
 * with read-back and repeats, and generated photo/video/disc folders to copy. Each records one
 * continuous sample series in one run folder through {@link dev.sustain.run.SamplingSession}.
 */
package dev.sustain.workload;
