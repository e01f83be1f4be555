package dev.sustain.cli;

import java.io.PrintStream;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * SIGINT, SIGTERM and SIGHUP (a closed terminal) end a run cleanly: the first sets a stop flag that
 * the runner polls, and the run ends as it does on its own (the last row, run.json, the removal of
 * the test file, the history row). Every later signal only says, once, that the clean-up is under
 * way: a run stopped halfway through its clean-up would leave the very test file the clean-up
 * removes. Two signals are common without anyone pressing twice: timeout(1) sends its signal to the
 * command and to the command's process group, and a user presses Ctrl-C again while the flush ends.
 * Only SIGKILL (or a crash) ends a run without its clean-up; {@code sustain clean} is for that.
 */
final class Signals {

  /** The signals that stop a run; the JVM's default for each would skip the clean-up. */
  static final String[] STOPPING = {"INT", "TERM", "HUP"};

  /** What a signal during the clean-up prints, once. */
  static final String CLEANING_UP = "sustain: cleaning up, one moment";

  /**
   * What a command whose run had ended when the stop came prints: the run is complete (its run.json
   * and history say so) and the command exits 0 as after no signal, since nothing was cut short; a
   * stop inside the run ends it as interrupted, exit 130.
   */
  static final String AFTER_THE_END =
      "sustain: the stop came after the run had ended: it is complete and recorded as such";

  private Signals() {}

  /** Installs the handlers; the flag they set. */
  static AtomicBoolean installStopFlag() {
    Handler handler = new Handler(System.err);
    for (String name : STOPPING) {
      install(name, handler);
    }
    return handler.stop;
  }

  @SuppressWarnings("removal")
  private static void install(String name, Handler handler) {
    try {
      sun.misc.Signal.handle(new sun.misc.Signal(name), sig -> handler.received());
    } catch (IllegalArgumentException e) {
      // The signal is not available here (or the JVM reserves it, as with -Xrs): keep the default.
    }
  }

  /** What the handlers do, apart from the JVM's signal machinery (tested on its own). */
  static final class Handler {
    final AtomicBoolean stop = new AtomicBoolean();
    private final AtomicInteger received = new AtomicInteger();
    private final PrintStream err;

    Handler(PrintStream err) {
      this.err = err;
    }

    /** One signal: the first stops the run, the second says the clean-up goes on, later ones no. */
    void received() {
      int n = received.incrementAndGet();
      stop.set(true);
      if (n == 2) {
        err.println(CLEANING_UP);
        err.flush();
      }
    }
  }
}
