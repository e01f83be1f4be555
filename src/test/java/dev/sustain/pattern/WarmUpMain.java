package dev.sustain.pattern;

import java.lang.foreign.Arena;

/**
 * Makes the pattern of one job in a JVM of its own (whose warm-up has not run yet) and prints
 * whether the warm-up ran: {@code warm} or {@code cold}. Argument: the job's bytes, -1 for a job
 * that time ends.
 */
public final class WarmUpMain {

  private WarmUpMain() {}

  public static void main(String[] args) {
    long jobBytes = Long.parseLong(args[0]);
    try (Arena arena = Arena.ofConfined()) {
      PatternSpec.RANDOM.create(arena, 1 << 20, 0x1234L, jobBytes);
    }
    System.out.println(VerifiablePattern.warmedUp() ? "warm" : "cold");
  }
}
