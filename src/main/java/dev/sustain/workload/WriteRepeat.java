package dev.sustain.workload;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.document.PassesCodec;
import dev.sustain.document.PassesDocument;
import dev.sustain.document.RunDocument;
import dev.sustain.document.RunDocumentCodec;
import dev.sustain.input.InputFormatException;
import dev.sustain.report.ChangeReport;
import dev.sustain.report.CurveReport;
import dev.sustain.run.AnalysisForms;
import dev.sustain.run.IdleHistory;
import dev.sustain.run.KeptRuns;
import dev.sustain.run.RunFolder;
import dev.sustain.run.RunLifecycle;
import dev.sustain.run.RunObserver;
import dev.sustain.run.RunStatus;
import dev.sustain.run.WriteParams;
import dev.sustain.run.WriteResult;
import dev.sustain.run.WriteRun;
import dev.sustain.unit.UsageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * {@code write --repeat N --cooldown D}: the same write run N times with a pause between, each pass
 * a complete run folder of its own ({@code OUT/pass-1}, {@code OUT/pass-2}..., so every tool that
 * reads a run folder reads a pass), and {@code OUT/passes.json} with the passes and the words
 * comparing them. One thread.
 */
public final class WriteRepeat {

  /** The file beside the passes' run folders. */
  public static final String PASSES_JSON = PassesCodec.FILE;

  /**
   * How the repeats ended.
   *
   * @param folder the folder holding {@code pass-N} and {@code passes.json}
   * @param passes every pass that ran, in order
   * @param comparison sentences comparing each pass with the first, beyond noise only
   * @param changes one sentence per later pass explaining it against the first (its cache, step,
   *     free space and the likely cause)
   * @param recovery the cache that came back after each idle time ({@code 10 s: 5%, 1 min: 20%}),
   *     empty when no pass knows both
   * @param passJson each pass's entry of passes.json, in order (its changes' fields included)
   */
  public record Outcome(
      Path folder,
      List<WriteResult> passes,
      List<String> comparison,
      List<String> changes,
      String recovery,
      List<ObjectNode> passJson) {}

  /** What the caller does with each pass as it ends (summary, history), before the cooldown. */
  @FunctionalInterface
  public interface AfterPass {
    void done(WriteResult pass) throws IOException;
  }

  private WriteRepeat() {}

  /**
   * Runs the passes.
   *
   * @param base the job; its {@code out} is the parent folder (or null for a new one)
   * @param passObserver told of each pass's start, rows and end
   * @param forms how each pass keeps and shows its analysis
   * @param afterPass called with each pass's result as it ends
   */
  public static Outcome run(
      WriteParams base,
      int repeat,
      Duration cooldown,
      RunObserver passObserver,
      AtomicBoolean stop,
      AnalysisForms forms,
      AfterPass afterPass)
      throws IOException {
    return run(
        base, repeat, List.of(cooldown), passObserver, stop, forms, afterPass, IdleHistory.NONE);
  }

  /**
   * The cooldowns before passes 2..N from {@code --cooldown}: one value for all, or exactly N-1.
   *
   * @throws UsageException for any other count
   */
  public static List<Duration> cooldowns(int repeat, List<Duration> given) {
    if (given.size() == 1 || given.size() == repeat - 1) {
      return List.copyOf(given);
    }
    throw new UsageException(
        "--cooldown takes one duration, or "
            + (repeat - 1)
            + " (one before each pass after the first) for --repeat "
            + repeat
            + ", not "
            + given.size());
  }

  /**
   * Runs the passes, each after its own cooldown.
   *
   * @param cooldowns one pause for all, or one before each pass after the first
   * @param history asked by the first pass at its start how long the drive was idle; a later pass
   *     knows it from the pass before
   */
  public static Outcome run(
      WriteParams base,
      int repeat,
      List<Duration> cooldowns,
      RunObserver passObserver,
      AtomicBoolean stop,
      AnalysisForms forms,
      AfterPass afterPass,
      IdleHistory history)
      throws IOException {
    if (repeat < 1) {
      throw new UsageException("--repeat must be 1 or more, not " + repeat);
    }
    cooldowns = repeat > 1 ? cooldowns(repeat, cooldowns) : cooldowns;
    WriteRun.validate(base);
    String runId = RunFolder.newRunId();
    Path parent =
        base.out() != null
            ? base.out().toAbsolutePath()
            : RunFolder.defaultParent().resolve(runId + "-write-repeat");
    boolean made = !Files.exists(parent);
    RunLifecycle.newFolder(parent, runId, "write"); // refuses a folder that is not empty
    List<Double> cooldownsSeconds = new ArrayList<>();
    for (int n = 2; n <= repeat; n++) {
      cooldownsSeconds.add(cooldownBefore(cooldowns, n).toNanos() / 1e9);
    }
    ObjectNode json =
        PassesCodec.start(repeat, cooldowns.getFirst().toNanos() / 1e9, cooldownsSeconds);
    Passes run = new Passes(base, cooldowns, passObserver, stop, forms, afterPass, parent, json);
    run.all(repeat, history, made);
    return run.compared();
  }

  /** The passes of one repeat, run in turn into {@code parent}, and passes.json beside them. */
  private record Passes(
      WriteParams base,
      List<Duration> cooldowns,
      RunObserver passObserver,
      AtomicBoolean stop,
      AnalysisForms forms,
      AfterPass afterPass,
      Path parent,
      ObjectNode json,
      List<WriteResult> done,
      KeptRuns kept) {

    Passes(
        WriteParams base,
        List<Duration> cooldowns,
        RunObserver passObserver,
        AtomicBoolean stop,
        AnalysisForms forms,
        AfterPass afterPass,
        Path parent,
        ObjectNode json) {
      this(
          base,
          cooldowns,
          passObserver,
          stop,
          forms,
          afterPass,
          parent,
          json,
          new ArrayList<>(),
          new KeptRuns());
    }

    /** Each pass after its cooldown, until one does not complete or the run is stopped. */
    void all(int repeat, IdleHistory history, boolean made) throws IOException {
      for (int n = 1; n <= repeat; n++) {
        if (n > 1) {
          CopyRun.pause(cooldownBefore(cooldowns, n).toNanos(), stop::get);
        }
        if (stop.get()) {
          break;
        }
        WriteResult r = pass(n, done.isEmpty() ? history : idleSince(done.getLast()), made);
        Double idle = done.isEmpty() ? null : storedIdle(r);
        done.add(r);
        afterPass.done(r);
        PassesCodec.addPass(json, entry(n, n > 1 ? cooldownBefore(cooldowns, n) : null, idle, r));
        RunFolder.open(parent).writeJson(PASSES_JSON, json);
        if (r.status() != RunStatus.COMPLETE) {
          break;
        }
      }
    }

    private WriteResult pass(int n, IdleHistory history, boolean made) throws IOException {
      WriteParams p = base.withTarget(base.target(), parent.resolve("pass-" + n));
      try {
        // Each pass's lifecycle tells what it kept (run.json, the rows its end read): the
        // comparison after the passes is made from that, not from each folder read again.
        return new WriteRun(p, RunObserver.both(passObserver, kept), stop, forms)
            .idleFrom(history)
            .run();
      } catch (UsageException e) {
        if (n == 1 && made) {
          // Refused before anything was written: leave nothing behind.
          CopyRun.deleteTree(parent);
        }
        throw e;
      }
    }

    /** The passes that completed compared, each later one explained by its curve. */
    Outcome compared() throws IOException {
      List<PassComparison.Pass> compared = new ArrayList<>();
      List<CurveReport> curves = new ArrayList<>();
      List<String> names = new ArrayList<>();
      List<Integer> indexes = new ArrayList<>();
      for (int i = 0; i < done.size(); i++) {
        WriteResult r = done.get(i);
        if (r.status() != RunStatus.COMPLETE) {
          continue;
        }
        RunObserver.Kept k = kept.get(r.runFolder());
        boolean rows = k != null && k.samples() != null;
        double[] rates =
            rows
                ? IntervalFigures.rates(
                    k.samples().reader(), "write_MBps", IntervalFigures.Rows.ALL)
                : IntervalFigures.rates(
                    RunFolder.open(r.runFolder()).samplesCsv(),
                    "write_MBps",
                    IntervalFigures.Rows.ALL);
        compared.add(
            new PassComparison.Pass(i + 1, r.averageMegabytesPerSecond(), rates, r.seconds()));
        try {
          curves.add(
              k == null
                  ? CurveReport.load(r.runFolder(), null, -1)
                  : CurveReport.ofKept(r.runFolder(), k.runJson(), k.samples()));
          names.add("pass " + (i + 1));
          indexes.add(i);
        } catch (InputFormatException e) {
          // A pass too short for a single interval has no curve to explain; the others still do.
        }
      }
      // Each later pass's cause comes from its curve (the sentences below), not from a guess here.
      List<String> comparison = PassComparison.compare("wrote", compared, false);
      List<ObjectNode> entries = PassesCodec.passEntries(json);
      List<String> changes = List.of();
      String recovery = "";
      if (curves.size() > 1) {
        ChangeReport report = ChangeReport.of(curves, names);
        for (int k = 0; k < curves.size(); k++) {
          report.putJson(entries.get(indexes.get(k)), k);
        }
        changes = report.sentences();
        recovery = report.recoveryTable();
      }
      PassesCodec.finish(json, comparison, changes, recovery);
      RunFolder.open(parent).writeJson(PASSES_JSON, json);
      return new Outcome(
          parent, List.copyOf(done), comparison, changes, recovery, List.copyOf(entries));
    }
  }

  /**
   * The pass folders of a repeat's folder ({@code OUT} with passes.json), in pass order, those that
   * exist; empty for any other path.
   */
  public static List<Path> passFolders(Path folder) {
    Path json = folder.resolve(PASSES_JSON);
    List<Path> out = new ArrayList<>();
    if (!Files.isRegularFile(json)) {
      return out;
    }
    try {
      for (PassesDocument.Pass pass : PassesCodec.read(folder).passes()) {
        Path dir = folder.resolve("pass-" + pass.pass());
        if (Files.isDirectory(dir)) {
          out.add(dir);
        }
      }
    } catch (IOException e) {
      throw new UsageException("cannot read " + json + ": " + e.getMessage());
    }
    return out;
  }

  /** The pause before pass {@code n} (2 or more). */
  static Duration cooldownBefore(List<Duration> cooldowns, int n) {
    return cooldowns.size() == 1 ? cooldowns.getFirst() : cooldowns.get(n - 2);
  }

  /**
   * Pass {@code n}'s entry of passes.json.
   *
   * @param cooldown the pause before it, null for the first pass
   * @param idleSeconds the time since the pass before it ended, null when not known
   */
  private static PassesDocument.Pass entry(
      int n, Duration cooldown, Double idleSeconds, WriteResult r) {
    return new PassesDocument.Pass(
        n,
        cooldown == null ? OptionalDouble.empty() : OptionalDouble.of(cooldown.toNanos() / 1e9),
        idleSeconds == null ? OptionalDouble.empty() : OptionalDouble.of(idleSeconds),
        r.runFolder().toString(),
        r.bytes(),
        r.seconds(),
        r.averageMegabytesPerSecond(),
        r.status().word(),
        Optional.empty()); // a cause comes with the comparison at the repeat's end
  }

  /**
   * A later pass knows the idle before it exactly, from the end of the pass before to its own
   * start: asked by the pass at its start, as the first pass asks the history, so the pass writes
   * it into its run.json with the rest of its start and nothing edits the folder afterwards.
   */
  private static IdleHistory idleSince(WriteResult before) throws IOException {
    Optional<String> ended = RunDocumentCodec.read(before.runFolder()).ended();
    return run -> {
      Optional<String> started = run.started();
      if (ended.isEmpty() || started.isEmpty()) {
        return OptionalDouble.empty();
      }
      double seconds =
          Duration.between(Instant.parse(ended.get()), Instant.parse(started.get())).toNanos()
              / 1e9;
      return OptionalDouble.of(Math.max(0, seconds));
    };
  }

  /** The idle a pass's run.json holds (rounded to the millisecond), or null when unknown. */
  private static Double storedIdle(WriteResult pass) throws IOException {
    OptionalDouble idle =
        RunDocumentCodec.read(pass.runFolder())
            .before()
            .map(RunDocument.Before::idleSeconds)
            .orElse(OptionalDouble.empty());
    return idle.isPresent() ? idle.getAsDouble() : null;
  }
}
