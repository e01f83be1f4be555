package dev.sustain.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * Where a measuring command (write, copy, read, verify, sweep) keeps its run and how it prints the
 * result. A picocli mixin ({@code @Mixin OutputOptions output;}). Not thread-safe; one per command
 * instance.
 */
public final class OutputOptions {

  @Option(names = "--out", paramLabel = "DIR")
  Path out;

  @Option(names = "--json")
  boolean json;
}
