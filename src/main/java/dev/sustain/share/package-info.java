/**
 * The client side of the shared drive database: {@link dev.sustain.share.ShareDocument} (the
 * whitelisted document of one run: model, capacity, firmware, link tier, job, figures and a
 * downsampled curve; never a serial, host, user, path or note), {@link dev.sustain.share.HubClient}
 * (sending it), and {@link dev.sustain.share.HubModels} / {@link dev.sustain.share.HubStanding} (a
 * local copy of a hub's figures, and where a run stands among its model's drives, read from that
 * copy only: no network call during a run).
 */
package dev.sustain.share;
