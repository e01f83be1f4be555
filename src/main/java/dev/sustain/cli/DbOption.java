package dev.sustain.cli;

import dev.sustain.live.LiveRecorder;
import dev.sustain.run.RunObserver;
import dev.sustain.sampling.SampleRow;
import dev.sustain.store.DbLocation;
import dev.sustain.store.RunHistory;
import dev.sustain.store.RunRecord;
import dev.sustain.store.RunStore;
import dev.sustain.store.StoreException;
import dev.sustain.unit.UsageException;
import dev.sustain.workload.CopyRun;
import dev.sustain.workload.PassResult;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * The {@code --db} option shared by every command that records or reads the run history (a picocli
 * mixin: {@code @Mixin DbOption db;}). Not thread-safe; one per command instance.
 */
public final class DbOption {

  @Option(names = "--db", paramLabel = "DB")
  String value;

  // Tests replace the environment; commands use the process's.
  Map<String, String> env = System.getenv();

  /** The word that keeps no history: {@code --db none} or {@code SUSTAIN_DB=none}. */
  static final String NONE = "none";

  /** True when the user asked for no history ({@code --db none}, or SUSTAIN_DB=none). */
  public boolean none() {
    String v = value != null && !value.isBlank() ? value : env.get(DbLocation.ENV_DB);
    return v != null && v.strip().equalsIgnoreCase(NONE);
  }

  /**
   * Checks the option before a run writes anything: a value that is not understood is a {@link
   * UsageException} (exit 2); {@code none} is understood.
   */
  public void check() {
    if (!none()) {
      location();
    }
  }

  // Records the command's runs while they go; made by the first live(...) call.
  private LiveRecorder live;

  /**
   * Where the history is; bad values are a {@link UsageException} (exit 2), never echoing a secret.
   * With {@code --db none} there is no history to read: that too is a usage error.
   */
  public DbLocation location() {
    if (none()) {
      throw new UsageException("--db none keeps no history: there is none to read or add to");
    }
    try {
      return DbLocation.resolve(value, env);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }

  /**
   * Records a finished (or failed, or interrupted) run folder in the history. A history that cannot
   * be written must not fail the run that was measured: it prints one warning line on {@code err}
   * and returns null.
   *
   * @return the run as recorded, or null when it could not be recorded
   */
  public RunRecord recordQuietly(Path runFolder, PrintWriter err) {
    if (none()) {
      return null;
    }
    if (live != null) {
      live.finish(runFolder); // its rows first, then the final status
    }
    DbLocation location;
    try {
      location = DbLocation.resolve(value, env);
    } catch (IllegalArgumentException e) {
      err.println("sustain: warning: run not recorded in the history: " + e.getMessage());
      err.flush();
      return null;
    }
    try {
      return RunHistory.recordRunFolder(runFolder, location);
    } catch (StoreException | IllegalArgumentException e) {
      err.println(
          "sustain: warning: run not recorded in the history: " + location.scrub(e.getMessage()));
      err.flush();
      return null;
    }
  }

  /**
   * {@code observer} that also records its runs in the history while they go (status running and
   * every row, off the run's threads); {@link #recordQuietly} ends each recording. A history that
   * cannot be named or reached changes nothing for the run.
   */
  public RunObserver live(RunObserver observer) {
    LiveRecorder recorder = recorder();
    if (recorder == null) {
      return observer;
    }
    // The recorder hears of the start and of each row before the observer does.
    return RunObserver.both(
        new RunObserver() {
          @Override
          public void started(RunInfo info) {
            recorder.begin(info.runFolder());
          }

          @Override
          public void sample(SampleRow row, long totalBytes, double elapsedSeconds) {
            recorder.onSample(row);
          }
        },
        observer);
  }

  /** The copy's observer that also records the copy while it goes; see {@link #live}. */
  public CopyRun.Observer live(CopyRun.Observer observer) {
    LiveRecorder recorder = recorder();
    if (recorder == null) {
      return observer;
    }
    return new CopyRun.Observer() {
      @Override
      public void started(String runId, Path runFolder, long bytesPerPass, int files) {
        recorder.begin(runFolder);
        observer.started(runId, runFolder, bytesPerPass, files);
      }

      @Override
      public void row(SampleRow row, int pass, String phase) {
        recorder.onSample(row);
        observer.row(row, pass, phase);
      }

      @Override
      public void passDone(PassResult pass) {
        observer.passDone(pass);
      }
    };
  }

  private LiveRecorder recorder() {
    if (none()) {
      return null; // --db none: nothing is recorded, not even while the run goes
    }
    if (live == null) {
      DbLocation location;
      try {
        location = DbLocation.resolve(value, env);
      } catch (IllegalArgumentException e) {
        return null; // a bad --db is reported where the run is recorded at its end
      }
      if (location.kind() == DbLocation.Kind.SQLITE) {
        // Bring a local history's schema up to date before the run starts, not in its first
        // seconds, where the CPU it takes would show in the curve. A file cannot hang like a
        // server; a failure here is the recorder's to report, never the run's.
        try {
          RunStore.open(location).close();
        } catch (StoreException e) {
          // the recorder retries, and the run is recorded at its end regardless
        }
      }
      live = new LiveRecorder(location);
    }
    return live;
  }
}
