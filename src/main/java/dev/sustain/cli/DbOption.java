package dev.sustain.cli;

import dev.sustain.live.LiveRecorder;
import dev.sustain.run.IdleHistory;
import dev.sustain.run.KeptRuns;
import dev.sustain.run.RunAnalysis;
import dev.sustain.run.RunObserver;
import dev.sustain.sampling.SampleRow;
import dev.sustain.store.DbLocation;
import dev.sustain.store.RunHistory;
import dev.sustain.store.RunRecord;
import dev.sustain.store.StoreException;
import dev.sustain.unit.UsageException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
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
    if (none()) {
      return;
    }
    DbLocation location = location();
    if (location.kind() != DbLocation.Kind.SQLITE || !named()) {
      return; // the default history's folder is made on first use
    }
    Path file = location.sqliteFile();
    if (Files.isDirectory(file)) {
      throw new UsageException("--db " + file + " is a folder, not a history file");
    }
    Path parent = file.getParent();
    if (parent != null && !Files.isDirectory(parent)) {
      throw new UsageException(
          "--db "
              + file
              + ": the folder "
              + parent
              + " does not exist (a run makes the history file, not its folders)");
    }
  }

  /**
   * Where an existing history is, for the commands that read it and never create one ({@code
   * history}, {@code serve}, {@code clean}, {@code analyze}): a SQLite file that is not there is a
   * {@link UsageException}, and nothing is created.
   */
  public DbLocation existing() {
    DbLocation location = location();
    if (location.kind() == DbLocation.Kind.SQLITE) {
      Path file = location.sqliteFile();
      if (Files.isDirectory(file)) {
        throw new UsageException("--db " + file + " is a folder, not a history file");
      }
      if (!Files.isRegularFile(file)) {
        throw new UsageException(
            "no run history at " + file + " (a run recorded with --db " + file + " makes it)");
      }
    }
    return location;
  }

  /** True when the history was named (--db or SUSTAIN_DB), not the default one. */
  private boolean named() {
    return (value != null && !value.isBlank())
        || (env.get(DbLocation.ENV_DB) != null && !env.get(DbLocation.ENV_DB).isBlank());
  }

  // Records the command's runs while they go; made by the first live(...) call.
  private LiveRecorder live;

  // The finished runs' folders as their lifecycle wrote them, until recordQuietly records each (a
  // group's runs end on threads of their own).
  private final KeptRuns keptRuns = new KeptRuns();

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
   * The most a run's start waits for the history's idle time: asked before the clock starts, so it
   * costs the measurement nothing, but a store that hangs must not hold the run.
   */
  static final long IDLE_DEADLINE_MILLIS = 5_000;

  /**
   * The history a run asks at its start how long its drive was idle ({@code before.idle_s}); none
   * with {@code --db none}. A history that cannot answer in time leaves the idle unknown, as for a
   * drive's first run: the run is measured all the same, and the end's record warns if the history
   * is unreachable.
   */
  public IdleHistory idleHistory() {
    if (none()) {
      return IdleHistory.NONE;
    }
    DbLocation location;
    try {
      location = location();
    } catch (UsageException e) {
      return IdleHistory.NONE; // check() tells the user; the run itself needs no history
    }
    return run -> {
      // Asked once the history is ready (warmUp), so the two never open it at once. The record
      // is immutable: the run goes on filling its tree if the history does not answer in time.
      CompletableFuture<OptionalDouble> idle =
          ready().thenApplyAsync(ignored -> RunHistory.idleBefore(run, location), DAEMONS);
      try {
        return idle.get(IDLE_DEADLINE_MILLIS, TimeUnit.MILLISECONDS);
      } catch (ExecutionException | TimeoutException e) {
        return OptionalDouble.empty();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return OptionalDouble.empty();
      }
    };
  }

  /** The most a run's end waits for its history: a store that hangs must not hold the run. */
  static final long RECORD_DEADLINE_MILLIS = 30_000;

  /** Tries at recording a run's end: a history busy or restarting gets a second chance. */
  static final int RECORD_ATTEMPTS = 3;

  /**
   * Records a finished (or failed, or interrupted) run folder in the history, with its samples,
   * from a thread of its own, trying {@link #RECORD_ATTEMPTS} times within {@link
   * #RECORD_DEADLINE_MILLIS}. A history that cannot be written must not fail the run that was
   * measured: it prints one warning line on {@code err}, saying how to record the run later, and
   * returns null.
   *
   * @return the run as recorded, or null when it could not be recorded
   */
  public RunRecord recordQuietly(Path runFolder, PrintWriter err) {
    if (none()) {
      return null;
    }
    // What the run wrote, as it wrote it, when its lifecycle told it (RunObserver.kept): the end's
    // record then reads nothing of the folder back (samples.csv only when the end did not read
    // its rows), and stores the live recording's last rows in its own transaction.
    RunObserver.Kept written = keptRuns.take(runFolder);
    if (live != null) {
      live.finish(runFolder, written == null); // its rows first, then the final status
    }
    DbLocation location;
    try {
      location = DbLocation.resolve(value, env);
    } catch (IllegalArgumentException e) {
      err.println("sustain: warning: run not recorded in the history: " + e.getMessage());
      err.flush();
      return null;
    }
    java.util.concurrent.CompletableFuture<RunRecord> recorded =
        new java.util.concurrent.CompletableFuture<>();
    Thread.ofPlatform()
        .name("sustain-record-run")
        .daemon()
        .start(() -> recordWithRetries(runFolder, written, location, recorded));
    String problem;
    try {
      return recorded.get(RECORD_DEADLINE_MILLIS, java.util.concurrent.TimeUnit.MILLISECONDS);
    } catch (java.util.concurrent.TimeoutException e) {
      problem =
          location.redacted() + " did not answer within " + RECORD_DEADLINE_MILLIS / 1000 + " s";
    } catch (java.util.concurrent.ExecutionException e) {
      problem = location.scrub(String.valueOf(e.getCause().getMessage()));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      problem = "interrupted";
    }
    if (problem.endsWith(".")) {
      problem = problem.substring(0, problem.length() - 1);
    }
    err.println(
        "sustain: warning: run not recorded in the history: "
            + problem
            + "; to add it and its samples later: sustain history "
            + dbArgument(location)
            + "--import "
            + runFolder.toAbsolutePath().normalize());
    err.flush();
    return null;
  }

  /** The {@code --db} to repeat in a command for the user, or nothing for the default one. */
  private String dbArgument(DbLocation location) {
    if (value == null || value.isBlank()) {
      return "";
    }
    return "--db "
        + (location.kind() == DbLocation.Kind.SQLITE ? location.sqliteFile().toString() : "URL")
        + " ";
  }

  private static void recordWithRetries(
      Path runFolder,
      RunObserver.Kept written,
      DbLocation location,
      java.util.concurrent.CompletableFuture<RunRecord> recorded) {
    for (int attempt = 1; ; attempt++) {
      try {
        recorded.complete(
            written == null
                ? RunHistory.recordRunFolder(runFolder, location)
                : RunHistory.recordRun(
                    runFolder,
                    written.runJson(),
                    written.analysisJson(),
                    written.samples(),
                    location));
        return;
      } catch (StoreException e) {
        if (attempt == RECORD_ATTEMPTS) {
          recorded.completeExceptionally(e);
          return;
        }
        try {
          Thread.sleep(1000L * attempt);
        } catch (InterruptedException ie) {
          recorded.completeExceptionally(e);
          return;
        }
      } catch (RuntimeException e) {
        recorded.completeExceptionally(
            e); // not a readable run folder: trying again changes nothing
        return;
      }
    }
  }

  /**
   * {@code observer} that also records its runs in the history while they go (status running and
   * every row, off the run's threads); {@link #recordQuietly} ends each recording. A history that
   * cannot be named or reached changes nothing for the run.
   */
  public RunObserver live(RunObserver observer) {
    return live(RunObserver.class, observer);
  }

  /**
   * {@link #live(RunObserver)} for a command's own observer {@code type} (a copy's, which hears of
   * its passes too).
   */
  public <T extends RunObserver> T live(Class<T> type, T observer) {
    LiveRecorder recorder = recorder();
    if (recorder == null) {
      return keeping(type, observer);
    }
    // The recorder hears of the start and of each row before the observer does.
    return RunObserver.both(
        type,
        new RunObserver() {
          @Override
          public void started(RunInfo info) {
            awaitWarmUp();
            recorder.begin(info.runFolder());
          }

          @Override
          public void kept(Kept kept) {
            keptRuns.kept(kept);
          }

          @Override
          public void sample(SampleRow row, long totalBytes, double elapsedSeconds) {
            recorder.onSample(row);
          }
        },
        observer);
  }

  /**
   * {@code observer} that also keeps what the run wrote ({@link RunObserver#kept}) for {@link
   * #recordQuietly}, which then records it without reading the folder back; {@code observer} itself
   * with {@code --db none}.
   */
  public RunObserver keeping(RunObserver observer) {
    return keeping(RunObserver.class, observer);
  }

  private <T extends RunObserver> T keeping(Class<T> type, T observer) {
    if (none()) {
      return observer;
    }
    return RunObserver.both(type, keptRuns, observer);
  }

  /**
   * The analysis the command wrote after the run's end (fill's and copy's analysis follows their
   * summary), for the run's record: analysis.json's text and the samples.csv rows it read, so the
   * history need read neither back.
   */
  public void analysed(Path runFolder, RunAnalysis.Written written) {
    keptRuns.withAnalysis(runFolder, written.json(), written.samples());
  }

  // The history readied on a thread of its own while the command starts (true once it is); null
  // until asked.
  private CompletableFuture<Boolean> warming;

  // The warm-up's and the idle question's threads: daemons, so a history that hangs never holds
  // the process at its exit.
  private static final java.util.concurrent.Executor DAEMONS =
      task -> Thread.ofPlatform().name("sustain-history").daemon().start(task);

  /**
   * Starts readying an existing local history at this version's schema (its driver, its first
   * query: {@link RunHistory#warmUp}) on a thread of its own, so a run's command can check its
   * input and open its target meanwhile. Call it first thing in a command that records a run; it
   * creates and changes nothing, so input refused later costs nothing. Does nothing with {@code
   * --db none}, a value that is not understood (check() says so) or a PostgreSQL server.
   */
  public void warmUp() {
    if (!none()) {
      try {
        startWarmUp(DbLocation.resolve(value, env), true);
      } catch (IllegalArgumentException e) {
        // check() reports it
      }
    }
  }

  /** The warm-up, after any begun before; with {@code onlyIfCurrent} false it may migrate. */
  private void startWarmUp(DbLocation location, boolean onlyIfCurrent) {
    if (location.kind() != DbLocation.Kind.SQLITE) {
      return;
    }
    java.util.function.Function<Boolean, Boolean> task =
        readied -> {
          if (readied) {
            return true; // an earlier warm-up found the schema current and made the first query
          }
          try {
            return RunHistory.warmUp(location, onlyIfCurrent);
          } catch (StoreException e) {
            return false; // the run's own opens of the history report it, and retry
          }
        };
    warming = ready().thenApplyAsync(task, DAEMONS);
  }

  /** The warm-up's end (done at once when there is none). */
  CompletableFuture<Boolean> ready() { // package-private for tests
    return warming == null ? CompletableFuture.completedFuture(false) : warming;
  }

  /**
   * Waits, at most {@link #IDLE_DEADLINE_MILLIS}, for the warm-up: its CPU is spent before the
   * run's clock starts, never in its first seconds.
   */
  private void awaitWarmUp() {
    try {
      ready().get(IDLE_DEADLINE_MILLIS, TimeUnit.MILLISECONDS);
    } catch (ExecutionException | TimeoutException e) {
      // the run goes on; the recorder and the end's record meet the history on their own
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
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
      // A local history's schema brought up to date before the run starts, not in its first
      // seconds, where the CPU it takes would show in the curve: begun here, waited for when the
      // run starts (started()). A failure is the recorder's to report, never the run's.
      startWarmUp(location, false);
      live = new LiveRecorder(location);
    }
    return live;
  }
}
