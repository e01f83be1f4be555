package dev.sustain.cli;

import dev.sustain.run.DefaultsAndLimits;
import java.time.Duration;
import picocli.CommandLine.Option;

/**
 * The sampling interval of every command that keeps samples.csv (write, fill, copy, read, verify).
 * A picocli mixin ({@code @Mixin SamplingOptions sampling;}); {@link IoOptions} holds one. Not
 * thread-safe; one per command instance.
 */
public final class SamplingOptions {

  @Option(names = "--interval", paramLabel = "DURATION", defaultValue = DefaultsAndLimits.INTERVAL)
  Duration interval;
}
