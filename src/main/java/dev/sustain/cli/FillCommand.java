package dev.sustain.cli;

import dev.sustain.run.KeptRuns;
import dev.sustain.run.RunAnalysis;
import dev.sustain.run.RunFolder;
import dev.sustain.run.RunObserver;
import dev.sustain.unit.ByteSize;
import dev.sustain.unit.Durations;
import dev.sustain.unit.Units;
import dev.sustain.unit.UsageException;
import dev.sustain.workload.FillParams;
import dev.sustain.workload.FillResult;
import dev.sustain.workload.FillRun;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code sustain fill DIR}: the whole-drive fill in large files. */
@Command(name = "fill", mixinStandardHelpOptions = true)
public final class FillCommand extends BaseCommand {

  @picocli.CommandLine.Mixin IoOptions io;

  @picocli.CommandLine.Mixin DbOption db;

  @Parameters(arity = "1..*", paramLabel = "DIR")
  List<Path> dirs;

  /** The first folder: the only one, unless a group is filled. */
  Path dir;

  @picocli.CommandLine.Mixin GroupOptions group;

  @Option(names = "--file-size", paramLabel = "SIZE", defaultValue = "50GB")
  ByteSize fileSize;

  @Option(names = "--limit", paramLabel = "SIZE")
  ByteSize limit;

  @Option(names = "--out", paramLabel = "DIR")
  Path out;

  @Option(names = "--keep")
  boolean keep;

  @Option(names = "--buffered")
  boolean buffered;

  @Option(names = "--resume", paramLabel = "RUN_FOLDER")
  Path resume;

  // The fill's run.json and rows as its lifecycle wrote and read them, for its analysis after the
  // summary.
  private final KeptRuns kept = new KeptRuns();

  @Override
  protected void starting() {
    db.warmUp(); // the history readied while the input is checked and the target opened
  }

  @Override
  protected int execute() throws Exception {
    dir = dirs.getFirst();
    io.checkEngine();
    FillParams params =
        new FillParams(
            dir,
            fileSize.bytes(),
            limit == null ? -1 : limit.bytes(),
            io.blockBytes(),
            io.queueDepth,
            io.sampling.interval.toNanos(),
            out,
            keep,
            buffered,
            io.engine,
            io.ioTimeout.toNanos(),
            resume,
            !io.noPreallocate);
    if (dirs.size() > 1) {
      if (resume != null) {
        throw new UsageException("--resume takes one folder, not a group");
      }
      db.check(); // a bad --db is bad input, found before anything is written
      return new GroupLaunch("fill", out(), err(), db).fill(params, dirs, group, out);
    }
    group.checkOneTarget();
    AtomicBoolean stop = Signals.installStopFlag();
    LiveProgress progress = new LiveProgress(out(), LiveProgress.stdoutIsTerminal());
    // A run of the null engine measures no drive: not recorded, not even while it goes.
    RunObserver told = RunObserver.both(progress, kept);
    FillResult r =
        new FillRun(params, "null".equals(io.engine) ? told : db.live(told), stop::get).run();
    printSummary(out(), r);
    analyse(r);
    db.recordQuietly(r.runFolder(), err());
    return exitFor(r.status(), r.error());
  }

  /**
   * The fill's curve through the analysis (an SMR drive's stalls show here), kept as analysis.json
   * beside the samples. A failure of the analysis never fails the fill.
   */
  private void analyse(FillResult r) {
    if (r.stats().intervals() == 0) {
      return;
    }
    try {
      RunAnalysis.Written written =
          RunAnalysis.write(
              RunFolder.open(r.runFolder()), kept.get(r.runFolder()), 1, AnalysisWords.FORMS);
      if (written != null) {
        db.analysed(r.runFolder(), written); // the history records it as written
      }
      if (written != null && written.done() != null) {
        out().print(AnalysisWords.text("The fill's curve", written.done()));
      }
    } catch (RuntimeException | IOException e) {
      out().println("(no analysis of the curve: " + e.getMessage() + ")");
    }
    out().flush();
  }

  static void printSummary(PrintWriter out, FillResult r) {
    String why =
        switch (r.end()) {
          case FULL -> "the file system is full";
          case LIMIT -> "the limit is reached";
          case INTERRUPTED -> "interrupted";
          case FAILED -> "failed";
        };
    long complete = r.files().stream().filter(FillResult.FileDone::complete).count();
    Lines.println(
        out,
        "Filled %s with %s in %s (%d complete): %s.",
        r.dir(),
        Lines.bothUnits(r.bytes()),
        Units.count(r.files().size(), "file"),
        complete,
        why);
    Lines.println(
        out,
        "Time to fill: %s, average %s%s",
        Durations.format(r.seconds()),
        Units.rate(r.averageMegabytesPerSecond()),
        r.bytes() != r.sessionBytes()
            ? " (this session: " + Units.decimalBytes(r.sessionBytes()) + ")"
            : "");
    if (r.stats().intervals() > 0) {
      Lines.println(
          out,
          "Per interval: %s; %s with nothing written (%s)",
          r.stats().describe(),
          Units.count(r.zeroIntervals(), "interval"),
          Durations.format(r.zeroSeconds()));
    }
    out.println(
        "Run folder: "
            + r.runFolder()
            + (r.filesKept() ? "  (files kept in " + r.dir() + ")" : ""));
    out.flush();
  }
}
