package dev.sustain.cli;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * SIGINT and SIGTERM end a run cleanly: the first sets a stop flag that the runner polls (the last
 * row, run.json and the removal of the test file still happen); a second one while stopping exits
 * at once with 130, for a user who really means it.
 */
final class Signals {

  private Signals() {}

  @SuppressWarnings("removal")
  static AtomicBoolean installStopFlag() {
    AtomicBoolean stop = new AtomicBoolean();
    for (String name : new String[] {"INT", "TERM"}) {
      try {
        sun.misc.Signal.handle(
            new sun.misc.Signal(name),
            sig -> {
              if (!stop.compareAndSet(false, true)) {
                Runtime.getRuntime().halt(ExitCodes.INTERRUPTED);
              }
            });
      } catch (IllegalArgumentException e) {
        // The signal is not available here (or the JVM reserves it): keep the default.
      }
    }
    return stop;
  }
}
