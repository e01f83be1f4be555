package dev.sustain.cli;

import dev.sustain.engine.Engines;
import dev.sustain.run.DefaultsAndLimits;
import java.io.IOException;
import java.time.Duration;
import picocli.CommandLine.Option;

/**
 * The options of every command that drives an engine (write, fill, read, verify, sweep): the engine
 * and the I/O timeout. A picocli mixin ({@code @Mixin EngineOptions io;}); {@link IoOptions} adds
 * the request size, depth and interval of a write. Not thread-safe; one per command instance.
 */
public class EngineOptions {

  @Option(
      names = "--engine",
      paramLabel = "NAME",
      defaultValue = DefaultsAndLimits.ENGINE,
      completionCandidates = Completions.EngineNames.class)
  String engine;

  @Option(
      names = "--io-timeout",
      paramLabel = "DURATION",
      defaultValue = DefaultsAndLimits.IO_TIMEOUT,
      hidden = true)
  Duration ioTimeout;

  /** Checks the engine's name before anything is written: an unknown one is bad input. */
  void checkEngine() throws IOException {
    Engines.create(engine).close();
  }
}
