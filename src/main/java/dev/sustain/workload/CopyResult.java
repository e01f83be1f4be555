package dev.sustain.workload;

import dev.sustain.run.RunStatus;
import java.nio.file.Path;
import java.util.List;

/**
 * How a copy run ended: its passes (each with write rate, read rate and verified) and the words
 * comparing them.
 *
 * @param verified true when every pass that finished was verified
 * @param comparison sentences comparing each pass with the first, beyond noise only
 */
public record CopyResult(
    String runId,
    Path runFolder,
    List<PassResult> passes,
    List<String> comparison,
    boolean verified,
    RunStatus status,
    String error,
    double seconds) {}
