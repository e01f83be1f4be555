package dev.sustain.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/** System commands a test rig runs to set up what it needs (mkfs, mount, pg_ctl). */
final class Commands {

  private Commands() {}

  /**
   * Runs {@code command} for at most {@code timeoutSeconds}: null when it succeeded, else what it
   * printed (or that it timed out, and then it is killed).
   */
  static String failureOf(int timeoutSeconds, String... command)
      throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    boolean done = p.waitFor(timeoutSeconds, TimeUnit.SECONDS);
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!done) {
      p.destroyForcibly();
      return "timed out: " + String.join(" ", command);
    }
    return p.exitValue() == 0 ? null : output.strip();
  }
}
