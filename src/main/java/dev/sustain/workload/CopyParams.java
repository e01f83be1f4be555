package dev.sustain.workload;

import java.nio.file.Path;
import java.time.Duration;

/**
 * What the user asked of a copy, already parsed.
 *
 * @param source the folder copied
 * @param destination the folder the passes are copied into, as {@code pass-1}, {@code pass-2}...
 * @param repeat passes (1 or more)
 * @param cooldown the pause between passes, or {@link Duration#ZERO}
 * @param bufferBytes the size of each read and write of the copy (1 MiB, like a user's tools)
 * @param intervalNanos sampling interval
 * @param out the run folder, or null for a new one under the default parent
 * @param keep keep every pass's copy
 */
public record CopyParams(
    Path source,
    Path destination,
    int repeat,
    Duration cooldown,
    int bufferBytes,
    long intervalNanos,
    Path out,
    boolean keep) {}
