package dev.sustain.document;

import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A run folder's {@code analysis.json} as the history and {@code --expect-from} read it: the
 * headline figures (docs/FORMATS.md, "analysis.json"). Read only by {@link AnalysisDocumentCodec};
 * what a curve too short or too flat has not shown is empty.
 *
 * @param version the format's version (a file without one is version 1)
 * @param shape the curve's shape in one word, e.g. {@code cliff}, {@code flat}
 * @param burstMBps the rate before the cache filled
 * @param cacheGB what was written before the cliff (GB = 10^9 bytes)
 * @param cliffSeconds when the cliff came
 * @param floorMBps the sustained rate after it
 * @param afterCacheMBps the mean rate after the cache
 * @param averageMBps the whole run's rate, flush included
 * @param stallSeconds the time the rate stood at zero
 * @param target what was measured when it was no drive ({@code memory}, {@code loop-file}, {@code
 *     host-cached}): its figures are then not a drive's; empty for a drive
 */
public record AnalysisDocument(
    int version,
    Optional<String> shape,
    OptionalDouble burstMBps,
    OptionalDouble cacheGB,
    OptionalDouble cliffSeconds,
    OptionalDouble floorMBps,
    OptionalDouble afterCacheMBps,
    OptionalDouble averageMBps,
    OptionalDouble stallSeconds,
    Optional<String> target) {}
