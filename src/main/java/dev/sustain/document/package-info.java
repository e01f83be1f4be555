/**
 * The run folder's files as records: {@link dev.sustain.document.RunDocument} (run.json) and {@link
 * dev.sustain.document.AnalysisDocument} (analysis.json), read by one codec each that reads every
 * shape version 1 has had and refuses a newer version in one line, and run.json written by {@link
 * dev.sustain.document.RunJsonWriter} (with copy's and sweep's own parts by {@link
 * dev.sustain.document.CopyJsonWriter} and {@link dev.sustain.document.SweepJsonWriter}); a group's
 * group.json is {@link dev.sustain.document.GroupDocument}, written by {@link
 * dev.sustain.document.GroupJsonWriter} and read by {@link
 * dev.sustain.document.GroupDocumentCodec}. A field that may be absent is an Optional, so a reader
 * (or a test) that needs it says so, and a missing field cannot pass as 0. Depends on nothing of
 * the program but {@code unit}; docs/FORMATS.md describes the files.
 */
package dev.sustain.document;
