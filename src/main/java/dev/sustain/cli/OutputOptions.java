package dev.sustain.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * Where a measuring command (write, copy, read, verify, sweep) keeps its run and how it prints the
 * result. A picocli mixin ({@code @Mixin OutputOptions output;}). Not thread-safe; one per command
 * instance.
 */
public final class OutputOptions {

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description = "Run folder (default: a new folder under ~/.local/share/sustain/runs).")
  Path out;

  @Option(
      names = "--json",
      description =
          "Print the result as one JSON object on stdout instead of words (progress goes to"
              + " stderr).")
  boolean json;
}
