package dev.sustain.cli;

import picocli.CommandLine.Mixin;

/**
 * The options of a command that measures through an engine and keeps a run folder without writing a
 * test file of its own (read, verify, sweep): the history ({@code --db}), the engine ({@code
 * --engine}, {@code --io-timeout}) and where the run goes and how it prints ({@code --out}, {@code
 * --json}). A picocli mixin ({@code @Mixin RunOptions run;}) of the three mixins each means. Not
 * thread-safe; one per command instance.
 */
public final class RunOptions {

  @Mixin DbOption db = new DbOption();

  @Mixin EngineOptions io = new EngineOptions();

  @Mixin OutputOptions output = new OutputOptions();
}
