/**
 * {@code sustain hub}: the shared drive database's server (docs/HUB.md). It takes share documents
 * ({@link dev.sustain.hub.ShareCheck} for their schema, {@link dev.sustain.hub.Plausibility} for
 * figures that agree with their curve and link, {@link dev.sustain.hub.TokenBuckets} against
 * floods), keeps them in PostgreSQL under its own Flyway schema ({@link dev.sustain.hub.HubStore}),
 * counts each drive once per model, capacity, firmware and job, and serves the figures as JSON and
 * pages. Nothing it stores names a person, a host or a path: the drive is a salted hash.
 */
package dev.sustain.hub;
