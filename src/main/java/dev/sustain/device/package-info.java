/**
 * What Sustain measures and what else could be the limit: the block device under a path (through
 * partitions, device-mapper, RAID and loop down to the whole disk), its identity, link and its
 * practical ceiling, TRIM, pass-through for a sanitize or secure erase, what holds or mounts it
 * (facts for the raw-device safety guards), what several drives share on the way to the CPU (a hub,
 * a bus, a switch, a controller), and the live sensors and interval probes for runs: drive
 * temperature (hwmon or {@code smartctl}), system CPU and iowait, the kernel's device counters.
 *
 * <p>Every parser of {@code /sys}, {@code /proc} and {@code smartctl -j} text is a pure function
 * taking a root {@link java.nio.file.Path} or strings, tested against fake trees and recorded
 * outputs. The sensors and probes implement the contracts of {@code dev.sustain.sampling} and live
 * here, beside the facts they read.
 */
package dev.sustain.device;
