package dev.sustain.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.device.DeviceInfo;
import dev.sustain.device.DeviceResolver;
import dev.sustain.device.NoBlockDeviceException;
import dev.sustain.engine.ExclusiveOpen;
import dev.sustain.expect.Expectation;
import dev.sustain.expect.ExpectationCheck;
import dev.sustain.expect.ExpectationJson;
import dev.sustain.expect.Measured;
import dev.sustain.report.AnalysisJson;
import dev.sustain.run.DefaultsAndLimits;
import dev.sustain.run.IdleHistory;
import dev.sustain.run.KeptRuns;
import dev.sustain.run.RunFolder;
import dev.sustain.run.RunObserver;
import dev.sustain.run.RunStatus;
import dev.sustain.run.WriteParams;
import dev.sustain.run.WriteResult;
import dev.sustain.run.WriteRun;
import dev.sustain.share.HubModels;
import dev.sustain.store.RunFolders;
import dev.sustain.target.RawDevice;
import dev.sustain.target.TestFile;
import dev.sustain.target.Trim;
import dev.sustain.unit.ByteSize;
import dev.sustain.unit.Durations;
import dev.sustain.unit.UsageException;
import dev.sustain.workload.WriteRepeat;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code sustain write TARGET}: the sustained write run. */
@Command(name = "write", mixinStandardHelpOptions = true)
public final class WriteCommand extends BaseCommand {

  @picocli.CommandLine.Mixin IoOptions io;

  @Parameters(
      arity = "1..*",
      paramLabel = "TARGET",
      type = java.io.File.class,
      converter = Completions.Verbatim.class)
  List<String> targets;

  /** The first target: the only one, unless a group is written. */
  String target;

  @picocli.CommandLine.Mixin GroupOptions group;

  @Option(names = "--size", paramLabel = "SIZE")
  ByteSize size;

  @Option(names = "--time", paramLabel = "DURATION")
  Duration time;

  @Option(names = "--keep")
  boolean keep;

  @Option(names = "--buffered")
  boolean buffered;

  @Option(
      names = "--pattern",
      paramLabel = "PATTERN",
      defaultValue = DefaultsAndLimits.PATTERN,
      completionCandidates = Completions.PatternNames.class)
  String pattern;

  @Option(names = "--repeat", paramLabel = "N", defaultValue = "1")
  int repeat;

  @Option(names = "--cooldown", paramLabel = "D1,D2,...", split = ",")
  List<Duration> cooldown;

  @Option(names = "--destroy-data")
  boolean destroyData;

  @Option(names = "--trim-first")
  boolean trimFirst;

  @Option(
      names = "--until",
      paramLabel = "WHEN",
      completionCandidates = Completions.UntilNames.class)
  String until;

  @Option(
      names = "--floor-hold",
      paramLabel = "DURATION",
      defaultValue = DefaultsAndLimits.FLOOR_HOLD,
      hidden = true)
  Duration floorHold;

  @Option(names = "--expect", paramLabel = "PREDICTION")
  String expect;

  @Option(names = "--expect-from", paramLabel = "RUN")
  Path expectFrom;

  @picocli.CommandLine.Mixin DbOption db;

  @picocli.CommandLine.Mixin OutputOptions output;

  /** The fields of passes.json that --json copies into each pass's document. */
  private static final List<String> CHANGE_FIELDS =
      List.of(
          "cooldown_s",
          "cache_recovered_pct",
          "idle_s",
          "free_bytes_before",
          "step_GB",
          "step_s",
          "step_temp_C",
          "cause",
          "cause_evidence");

  /** The repeat's outcome, for --json. */
  private WriteRepeat.Outcome repeatOutcome;

  /** The JSON document of each finished pass, printed at the end with --json. */
  private final List<ObjectNode> documents = new ArrayList<>();

  // run.json of each run as its lifecycle wrote it, for --json and --until floor's exit
  private final KeptRuns kept = new KeptRuns();

  /**
   * The observer that also records the run in the history while it goes; a run of the null engine
   * measures no drive and is not recorded, not even while it goes.
   */
  private RunObserver live(RunObserver observer) {
    return "null".equals(io.engine) ? observer : db.live(observer);
  }

  /** The history the run asks for its drive's idle time: none for the null engine, as live(). */
  private IdleHistory idleHistory() {
    return "null".equals(io.engine) ? IdleHistory.NONE : db.idleHistory();
  }

  /** Where words for people go: stdout, or stderr when stdout carries JSON. */
  private PrintWriter human() {
    return output.json ? err() : out();
  }

  @Override
  protected void starting() {
    db.warmUp(); // the history readied while the input is checked and the target opened
  }

  @Override
  protected int execute() throws Exception {
    target = targets.getFirst();
    WriteParams params = params();
    WriteRun.validate(params);
    Expectation expectation = expectation();
    db.check(); // a bad --db is bad input, found before anything is written
    if (targets.size() > 1) {
      if (repeat > 1 || expectation != null) {
        throw new UsageException(
            "--repeat, --expect and --expect-from take one target, not a group");
      }
      GroupLaunch.requireExistingTargets(targets);
      for (String t : targets) {
        trimFirst(t);
      }
      return groupLaunch().write(params, targets, group, output.out);
    }
    group.checkOneTarget();
    try (ExclusiveOpen held = holdForTrimFirst(target)) {
      trimFirst(target);
      return runOne(params, expectation);
    }
  }

  /**
   * What was asked, with the checks of the options together that picocli cannot make (--until's
   * word, the engine, the interval against the time, the repeat and its cooldowns).
   */
  private WriteParams params() throws IOException {
    WriteParams params =
        new WriteParams(
            target,
            size == null ? -1 : size.bytes(),
            time,
            io.blockBytes(),
            io.queueDepth,
            io.sampling.interval.toNanos(),
            output.out,
            keep,
            buffered,
            io.engine,
            pattern,
            io.ioTimeout.toNanos(),
            destroyData,
            until,
            floorHold.toNanos() / 1e9,
            !io.noPreallocate);
    if (until != null && !until.equals("full") && !until.equals("floor")) {
      throw new UsageException("--until takes 'floor' or 'full', not '" + until + "'");
    }
    io.checkEngine(); // an unknown engine is bad input
    if (time != null && io.sampling.interval.compareTo(time) > 0) {
      // Not one sample would fall inside the run: the curve, and all that is read from it, empty.
      throw new UsageException(
          "--interval "
              + Durations.compact(io.sampling.interval)
              + " is longer than the run (--time "
              + Durations.compact(time)
              + "): give an interval shorter than the time");
    }
    if (repeat < 1) {
      throw new UsageException("--repeat must be 1 or more, not " + repeat);
    }
    if (cooldown != null && repeat == 1) {
      throw new UsageException("--cooldown needs --repeat 2 or more");
    }
    if (cooldown != null) {
      WriteRepeat.cooldowns(repeat, cooldown); // a wrong count is bad input
    }
    return params;
  }

  /**
   * With --trim-first on a raw device, the device held from before its discard to the end of the
   * write (the run's own hold shares it), so nothing can take it between the two; null otherwise.
   */
  private ExclusiveOpen holdForTrimFirst(String t) {
    Path p = Path.of(t).toAbsolutePath().normalize();
    if (!trimFirst || !TestFile.isBlockDevice(p)) {
      return null;
    }
    RawDevice.requireConsent(p, destroyData, "discarding it");
    return RawDevice.holdExclusively(p, "write", p);
  }

  /** One target's run, or its passes with --repeat: the exit code. */
  private int runOne(WriteParams params, Expectation expectation) throws IOException {
    AtomicBoolean stop = Signals.installStopFlag();
    LiveProgress progress =
        new LiveProgress(human(), !output.json && LiveProgress.stdoutIsTerminal());
    if (repeat > 1) {
      int code = repeated(params, progress, stop, expectation);
      printJson();
      return code;
    }
    WriteResult result =
        new WriteRun(params, live(RunObserver.both(progress, kept)), stop, AnalysisWords.FORMS)
            .idleFrom(idleHistory())
            .run();
    afterRun(result, progress, expectation);
    printJson();
    return exitFor(result, stop.get());
  }

  /**
   * The run's exit code: {@link ExitCodes#FLOOR_NOT_REACHED} for an --until floor without it. A
   * signal that came after the write and its flush ended cut nothing short: the run is complete, as
   * its run.json and history row say, so the exit is the complete run's, with a line that says the
   * stop came too late to change it (as fio reports a job that ended before its Ctrl-C).
   */
  private int exitFor(WriteResult result, boolean signalled) {
    int code = exitFor(result.status(), result.error());
    if (signalled && result.status() == RunStatus.COMPLETE) {
      err().println(Signals.AFTER_THE_END);
      err().flush();
    }
    return ExitCodes.ofUntilFloor(code, floorMissed(result.runFolder()));
  }

  /**
   * True for a run of --until floor that something else ended (its run.json says); without --until
   * floor, false without reading the folder again.
   */
  private boolean floorMissed(Path runFolder) {
    return "floor".equals(until) && KeptContext.of(kept, runFolder).floorMissed();
  }

  /** With --trim-first: TRIM the target's file system, or the whole raw device. */
  private void trimFirst(String t) throws IOException {
    if (!trimFirst) {
      return;
    }
    Path p = Path.of(t);
    Path trimTarget =
        TestFile.isBlockDevice(p) || Files.isDirectory(p) ? p : p.toAbsolutePath().getParent();
    Trim.Done done = Trim.trim(trimTarget, destroyData);
    human().println("Trim first: " + done.what());
  }

  /** The summary, the analysis, the expectation's check and the history, after one run. */
  private void afterRun(WriteResult result, LiveProgress progress, Expectation expectation)
      throws IOException {
    WriteSummary.print(human(), result);
    if (progress.analysis() != null) {
      human().print(progress.analysis());
      human().flush();
    }
    ExpectationCheck check = null;
    if (expectation != null && result.analysis() != null) {
      check = expectation.check(Measured.of(result.analysis(), result.bytes(), result.seconds()));
      human().print(check.toText());
      RunFolder.open(result.runFolder()).writeJson("expectation.json", ExpectationJson.of(check));
      human().flush();
    }
    if (output.json) {
      documents.add(document(result, check, kept));
    }
    db.recordQuietly(result.runFolder(), err());
  }

  /**
   * What {@code --json} prints for one run: its run.json (target, params, result) with the run
   * folder, the analysis (null for a run too short to analyse) and the expectation's check.
   */
  static ObjectNode document(WriteResult result, ExpectationCheck check, KeptRuns kept)
      throws IOException {
    ObjectMapper mapper = RunFolder.JSON;
    ObjectNode doc = kept.runJson(result.runFolder());
    doc.put("run_folder", result.runFolder().toString());
    doc.set(
        "analysis",
        result.analysis() == null
            ? mapper.nullNode()
            : AnalysisJson.toNode(result.analysis(), KeptContext.of(kept, result.runFolder())));
    if (check != null) {
      doc.set("expectation", mapper.valueToTree(ExpectationJson.of(check)));
    }
    return doc;
  }

  /** With --json: one run's document, or {"passes": [...]} for --repeat. */
  private void printJson() throws IOException {
    if (!output.json) {
      return;
    }
    ObjectMapper mapper = RunFolder.JSON;
    Object doc;
    if (repeat > 1) {
      ObjectNode root = mapper.createObjectNode();
      if (repeatOutcome != null) {
        // Each pass's document carries what the repeat found against the first pass.
        for (int i = 0; i < documents.size() && i < repeatOutcome.passJson().size(); i++) {
          ObjectNode pass = repeatOutcome.passJson().get(i);
          for (String field : CHANGE_FIELDS) {
            if (pass.has(field)) {
              documents.get(i).set(field, pass.get(field));
            }
          }
        }
        repeatOutcome.changes().forEach(root.putArray("changes")::add);
        root.put("recovery", repeatOutcome.recovery());
      }
      root.putArray("passes").addAll(documents);
      doc = root;
    } else {
      doc = documents.isEmpty() ? mapper.nullNode() : documents.getFirst();
    }
    out().println(mapper.writerWithDefaultPrettyPrinter().writeValueAsString(doc));
    out().flush();
  }

  private int repeated(
      WriteParams params, LiveProgress progress, AtomicBoolean stop, Expectation expectation)
      throws IOException {
    PrintWriter o = human();
    WriteRepeat.Outcome outcome =
        WriteRepeat.run(
            params,
            repeat,
            cooldown == null ? List.of(Duration.ZERO) : cooldown,
            live(perPass(o, repeat, RunObserver.both(progress, kept))),
            stop,
            AnalysisWords.FORMS,
            result -> afterRun(result, progress, expectation),
            idleHistory());
    Lines.sentences(o, outcome.comparison());
    Lines.sentences(o, outcome.changes());
    if (!outcome.recovery().isEmpty()) {
      o.println("Cache back after idle: " + outcome.recovery());
    }
    repeatOutcome = outcome;
    Lines.println(
        o,
        "Passes: %s (%s, pass-1 ... pass-%d)",
        outcome.folder(),
        WriteRepeat.PASSES_JSON,
        outcome.passes().size());
    o.flush();
    for (WriteResult r : outcome.passes()) {
      if (r.status() == RunStatus.FAILED) {
        err().println("sustain write: " + r.error());
        return ExitCodes.RUN_FAILED;
      }
      if (r.status() == RunStatus.INTERRUPTED) {
        return ExitCodes.INTERRUPTED;
      }
    }
    if (outcome.passes().size() < repeat) {
      return ExitCodes.INTERRUPTED;
    }
    boolean missed = outcome.passes().stream().anyMatch(r -> floorMissed(r.runFolder()));
    return ExitCodes.ofUntilFloor(ExitCodes.OK, missed);
  }

  /**
   * What each pass of {@code --repeat} tells: its heading ("Pass 2 of 3:") to {@code o} as it
   * starts, then every event to {@code progress}, as a single write does. Only the heading is added
   * here, so no event of RunObserver (the phase, the analysis) can be left behind on its way to the
   * screen, as a hand-written forwarder of five of its eight events once left them.
   */
  static RunObserver perPass(PrintWriter o, int repeat, RunObserver progress) {
    RunObserver heading =
        new RunObserver() {
          int pass;

          @Override
          public void started(RunInfo info) {
            pass++;
            o.println("Pass " + pass + " of " + repeat + ":");
          }
        };
    return RunObserver.both(heading, progress);
  }

  private Expectation expectation() {
    if (expect != null && expectFrom != null) {
      throw new UsageException("give --expect or --expect-from, not both");
    }
    try {
      if (expect != null) {
        return Expectation.parse(expect);
      }
      if (expectFrom != null && expectFrom.toString().equals("hub")) {
        return hubExpectation();
      }
      if (expectFrom != null) {
        if (!java.nio.file.Files.isDirectory(expectFrom)) {
          // The folder's analysis.json is what is read: a file given here (a curve's CSV, a
          // run.json) once came back as ".../curve.csv/analysis.json: Not a directory".
          throw new UsageException(
              java.nio.file.Files.exists(expectFrom)
                  ? "--expect-from takes a run folder (one with an analysis.json), not a file: "
                      + expectFrom
                      + "; 'sustain analyze "
                      + expectFrom
                      + "' gives a curve's figures to write into --expect"
                  : "--expect-from: no run folder " + expectFrom);
        }
        return RunFolders.expectationFrom(expectFrom);
      }
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
    return null;
  }

  /** The medians of the target's model from the local copy of a hub's figures; no network. */
  private Expectation hubExpectation() {
    DeviceInfo d;
    try {
      d = DeviceResolver.system().resolve(target).device();
    } catch (NoBlockDeviceException e) {
      throw new UsageException(
          "--expect-from hub needs a drive under " + target + ": " + e.getMessage());
    }
    return HubModels.expectation(
        HubModels.cacheFile(), d.model(), d.sizeBytes(), io.blockBytes(), io.queueDepth);
  }

  /** The group this command's targets make, printed as --json asks. */
  private GroupLaunch groupLaunch() {
    return new GroupLaunch("write", out(), err(), db).json(output.json);
  }
}
