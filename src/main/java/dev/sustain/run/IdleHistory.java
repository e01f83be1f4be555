package dev.sustain.run;

import dev.sustain.document.RunDocument;
import java.util.OptionalDouble;

/**
 * What a run asks the history at its start: how long its drive was idle, since the drive's last run
 * ended ({@code before.idle_s}). A drive's cache and its garbage collection recover while it idles,
 * so the figure explains a later run's longer burst; it is known before the first byte is written,
 * so the run writes it into its own run.json and nothing edits the folder afterwards. The command
 * that starts the run supplies it (the run does not know where the history is).
 */
@FunctionalInterface
public interface IdleHistory {

  /** No history (--db none, tests): the idle stays unknown. */
  IdleHistory NONE = run -> OptionalDouble.empty();

  /**
   * The seconds since the last run of the drive {@code run} names ended, up to its {@code started};
   * empty when there is none or the history cannot say.
   *
   * @param run the run's run.json as it starts, as its record: its target, its drive, its start
   */
  OptionalDouble idleSeconds(RunDocument run);
}
