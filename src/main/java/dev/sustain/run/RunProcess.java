package dev.sustain.run;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Whether the process that runs (ran) a run is still there, from what run.json and the history keep
 * of it ({@code host}, {@code pid}, {@code started}, as {@link RunHeader} writes them). Only the
 * run's own host can tell, and only when the pid is known; elsewhere the answer is {@link
 * State#UNKNOWN}, never a guess. Stateless and thread-safe.
 */
public final class RunProcess {

  /**
   * How much later than the run's start its process may seem to have started and still be the run.
   * A process's start instant is its boot time (whole seconds) plus its start in clock ticks, so it
   * reads up to a second early; the run's start is taken after its JVM started, so its own process
   * always reads earlier. The slack also absorbs a small step of the clock. A reused pid belongs to
   * a process started after the run's died, which is far more than this after the run's start.
   */
  static final Duration START_SLACK = Duration.ofSeconds(2);

  private RunProcess() {}

  /** What can be known of a run's process from here. */
  public enum State {
    /**
     * On this host, a process with the run's pid started no later than the run: the run goes on.
     */
    ALIVE,
    /**
     * On this host, no process has the run's pid, or the one that has it started after the run (the
     * pid was reused): the run's process is gone for sure.
     */
    GONE,
    /** Another host's run, or one whose pid was not recorded: nothing can be known for sure. */
    UNKNOWN
  }

  /**
   * The state of the process of the run started at {@code started} on {@code host} as {@code pid}.
   */
  public static State of(String host, Long pid, Instant started) {
    if (host == null || pid == null || pid <= 0 || started == null) {
      return State.UNKNOWN;
    }
    if (!host.equals(THIS_HOST)) {
      return State.UNKNOWN;
    }
    Optional<ProcessHandle> process = ProcessHandle.of(pid);
    if (process.isEmpty() || !process.get().isAlive()) {
      return State.GONE;
    }
    // Without a start instant (a platform that hides it) the live pid is taken for the run's.
    Optional<Instant> processStart = process.get().info().startInstant();
    return processStart.isPresent() && processStart.get().isAfter(started.plus(START_SLACK))
        ? State.GONE
        : State.ALIVE;
  }

  /** This host as run.json names it: a run's host is compared with it. */
  private static final String THIS_HOST = RunHeader.hostName();

  /** This host's name as run.json and the history carry it. */
  public static String thisHost() {
    return THIS_HOST;
  }
}
