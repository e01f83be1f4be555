package dev.sustain.cli;

import dev.sustain.engine.Engines;

/** The entry point of {@code bin/sustain}. */
public final class Main {

  private Main() {}

  public static void main(String[] args) {
    if (args.length > 0 && SustainCommand.DRIVE_REQUESTS.contains(args[0])) {
      // The native binding made while picocli builds the command's model and parses its input:
      // both take a start's first 0.1-0.3 s, and the command needs the binding only after them.
      Thread.ofPlatform().name("sustain-bind").daemon().start(Engines::bindNativeCalls);
    }
    System.exit(SustainCommand.execute(args));
  }
}
