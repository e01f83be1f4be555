package dev.sustain.run;

import dev.sustain.sampling.SampleRow;
import dev.sustain.sampling.SamplesCsvLines;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Path;

/** What a person watching a run sees: told of the start, every row, and the end. */
public interface RunObserver {

  /** Nothing to show (tests, --json). */
  RunObserver SILENT = new RunObserver() {};

  /** Something the user should know before the run starts (e.g. a leftover test file). */
  default void warning(String message) {}

  /**
   * Something the user should know about the job as it will run: a size rounded to whole blocks,
   * the most that {@code --until floor} will write.
   */
  default void note(String message) {}

  /**
   * The run is about to write (or read, for read and verify): its folder, file and job are known.
   */
  default void started(RunInfo info) {}

  /**
   * The run is set up (file made, engine open, drive probed) and its clock starts when this
   * returns: the one place a run may be held back (a group's start line holds every target here
   * until all are ready, then lets each go at its turn).
   */
  default void ready() {}

  /**
   * A row was made.
   *
   * @param totalBytes bytes completed since the start
   * @param elapsedSeconds since the start
   */
  default void sample(SampleRow row, long totalBytes, double elapsedSeconds) {}

  /** Where the curve is now, in a few words ("in cache", "after the cliff at 280 GB"). */
  default void phase(String words) {}

  /** The run's analysis, as text for people, once the run is over and analysed. */
  default void analysed(String text) {}

  /**
   * The finished run's folder as the lifecycle left it, told just before {@link #finished}: a
   * history records the run from this, as written, instead of reading the folder back. Told by
   * every run's end (write, fill, copy, read, verify, sweep); a command that analyses its folder
   * after its summary (fill, copy) gives the history analysis.json's text itself. A write whose
   * analysis.json could not be written tells nothing, and its folder is read.
   */
  default void kept(Kept kept) {}

  /** The run is over; what it wrote and how it ended are final (its run.json holds them). */
  default void finished(Ended ended) {}

  /**
   * An observer that tells {@code first}, then {@code second}, of every event: a recorder that must
   * have a row before the screen shows it, then the screen. A proxy forwards each event of this
   * interface, one added later too: a hand-written forwarder would repeat every method and must be
   * kept in step with this interface by hand, where a missed event is silently lost.
   */
  static RunObserver both(RunObserver first, RunObserver second) {
    return both(RunObserver.class, first, second);
  }

  /**
   * {@link #both(RunObserver, RunObserver)} for a command's own observer {@code type}, which adds
   * events of its own to these (a copy's passes): {@code first} is told of the events it has (every
   * one of this interface, and those of {@code type} when it is one), {@code second} of all.
   */
  static <T extends RunObserver> T both(Class<T> type, RunObserver first, T second) {
    InvocationHandler each =
        (self, event, args) -> {
          if (event.getDeclaringClass() == Object.class) {
            return switch (event.getName()) {
              case "equals" -> self == args[0];
              case "hashCode" -> System.identityHashCode(self);
              default -> "RunObserver.both(" + first + ", " + second + ")";
            };
          }
          try {
            if (event.getDeclaringClass().isInstance(first)) {
              event.invoke(first, args);
            }
            event.invoke(second, args);
          } catch (InvocationTargetException e) {
            throw e.getCause(); // what the observer threw, as if it had been called directly
          }
          return null; // every event returns nothing
        };
    return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, each));
  }

  /**
   * Facts known at the start, the same for every command that drives requests.
   *
   * @param command the command that runs, as run.json names it: {@code write}, {@code fill}, {@code
   *     copy}, {@code read}, {@code verify}
   * @param testFile what the run writes: its test file, a raw device, a fill's folder or a copy's
   *     destination; what a read or verify reads
   * @param goalBytes the bytes to write (or to read), or -1 when the run is bounded by time
   * @param goalSeconds the time limit in seconds, or -1
   */
  record RunInfo(
      String runId,
      String command,
      Path runFolder,
      Path testFile,
      String engine,
      long goalBytes,
      double goalSeconds) {}

  /**
   * How a run ended, whatever its command.
   *
   * @param bytes the bytes written in this run (a resumed fill's earlier sessions not counted)
   * @param seconds the run's time, as samples.csv's last time_s gives it
   * @param status complete, interrupted or failed
   * @param error one line for people, or null
   */
  record Ended(long bytes, double seconds, RunStatus status, String error) {}

  /**
   * What a finished run's folder holds, as the run wrote it.
   *
   * @param runJson run.json's text, the run's end included
   * @param analysisJson analysis.json's text, or null when the run left none (a curve too short to
   *     analyse, a command that has not analysed it yet, a read-back or a sweep): the history then
   *     analyses samples.csv itself, as {@code history --import} does
   * @param samples samples.csv's rows as the run's end read them (a write's for its analysis, a
   *     fill's for its interval figures, which its command's analysis then takes), or null when it
   *     did not read them (copy, a read-back, a sweep) or kept none (a file too long to hold, one
   *     without rows): the history, and a command's analysis, then read the file for them
   */
  record Kept(Path runFolder, String runJson, String analysisJson, SamplesCsvLines samples) {

    /** A folder whose samples.csv was not read at its end. */
    public Kept(Path runFolder, String runJson, String analysisJson) {
      this(runFolder, runJson, analysisJson, null);
    }

    /** The same folder once the command has written its analysis.json, as {@code json}. */
    public Kept withAnalysis(String json) {
      return new Kept(runFolder, runJson, json, samples);
    }

    /**
     * {@link #withAnalysis(String)}, with samples.csv's rows as that analysis read them ({@code
     * rows}; null leaves what was kept).
     */
    public Kept withAnalysis(String json, SamplesCsvLines rows) {
      return new Kept(runFolder, runJson, json, rows != null ? rows : samples);
    }
  }
}
