package dev.sustain.cli;

/** The entry point of {@code bin/sustain}. */
public final class Main {

  private Main() {}

  public static void main(String[] args) {
    System.exit(SustainCommand.execute(args));
  }
}
