package dev.sustain.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.analysis.Analysis;
import dev.sustain.report.AnalysisText;
import dev.sustain.report.RunContext;
import dev.sustain.run.DefaultsAndLimits;
import dev.sustain.run.KeptRuns;
import dev.sustain.run.RunAnalysis;
import dev.sustain.run.RunFolder;
import dev.sustain.run.RunObserver;
import dev.sustain.sampling.SampleRow;
import dev.sustain.unit.ByteSize;
import dev.sustain.unit.Durations;
import dev.sustain.unit.Units;
import dev.sustain.unit.UsageException;
import dev.sustain.workload.CopyParams;
import dev.sustain.workload.CopyResult;
import dev.sustain.workload.CopyRun;
import dev.sustain.workload.PassResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code sustain copy SRC DST}: the instrumented folder copy with read-back and repeats. */
@Command(name = "copy", mixinStandardHelpOptions = true)
public final class CopyCommand extends BaseCommand {

  @picocli.CommandLine.Mixin DbOption db;

  @picocli.CommandLine.Mixin OutputOptions output;

  @Parameters(index = "0", paramLabel = "SRC")
  Path source;

  @Parameters(index = "1", paramLabel = "DST")
  Path destination;

  @Option(names = "--repeat", paramLabel = "N", defaultValue = "1")
  int repeat;

  @Option(names = "--cooldown", paramLabel = "DURATION")
  Duration cooldown;

  @Option(
      names = "--buffer",
      paramLabel = "SIZE",
      converter = Converters.BlockSize.class,
      defaultValue = "1MiB")
  ByteSize buffer;

  @picocli.CommandLine.Mixin SamplingOptions sampling;

  @Option(names = "--keep")
  boolean keep;

  @Override
  protected void starting() {
    db.warmUp(); // the history readied while the input is checked and the target opened
  }

  @Override
  protected int execute() throws Exception {
    CopyParams params = params();
    AtomicBoolean stop = Signals.installStopFlag();
    PrintWriter o = out();
    CopyRun.Observer observer =
        output.json ? CopyRun.Observer.SILENT : progress(o, LiveProgress.stdoutIsTerminal());
    Copied copied = copy(params, observer, db, stop::get);
    CopyResult r = copied.result();
    RunAnalysis.Done analysis = copied.analysis();
    db.recordQuietly(r.runFolder(), err());
    if (output.json) {
      o.println(RunFolder.JSON.writeValueAsString(toJson(r)));
    } else {
      printText(o, r, analysis);
    }
    o.flush();
    if (ExitCodes.of(r.status()) == ExitCodes.OK && !r.verified()) {
      PassResult bad = r.passes().stream().filter(p -> !p.verified()).findFirst().orElseThrow();
      err()
          .println(
              "sustain copy: pass "
                  + bad.pass()
                  + " did not read back as written: "
                  + bad.firstProblem());
      return ExitCodes.BAD_DATA;
    }
    return exitFor(r.status(), r.error());
  }

  /**
   * A copy's run and the analysis of its writes after it.
   *
   * @param analysis null when there was nothing to analyse
   */
  record Copied(CopyResult result, RunAnalysis.Done analysis) {}

  /**
   * The copy, told to {@code observer} and recorded live in {@code db}'s history, then its writes
   * analysed with run.json as the run told it ({@link RunObserver#kept}), so the finished folder's
   * run.json is not read back for the analysis nor for its words.
   */
  static Copied copy(
      CopyParams params, CopyRun.Observer observer, DbOption db, BooleanSupplier stop)
      throws IOException {
    KeptRuns kept = new KeptRuns();
    CopyRun.Observer told = RunObserver.both(CopyRun.Observer.class, kept, observer);
    CopyResult r =
        new CopyRun(params, db.live(CopyRun.Observer.class, told), stop, CopyRun.Hook.NONE).run();
    return new Copied(r, analyseWrites(r.runFolder(), kept.get(r.runFolder()), db));
  }

  /** What was asked, checked where picocli cannot (the buffer's size). */
  private CopyParams params() {
    if (buffer.bytes() < 4096
        || buffer.bytes() > DefaultsAndLimits.MAX_BLOCK_BYTES
        || buffer.bytes() % 4096 != 0) {
      throw new UsageException("--buffer must be a multiple of 4 KiB up to 64 MiB, not " + buffer);
    }
    return new CopyParams(
        source,
        destination,
        repeat,
        cooldown == null ? Duration.ZERO : cooldown,
        (int) buffer.bytes(),
        sampling.interval.toNanos(),
        output.out,
        keep);
  }

  /**
   * The copy's progress in text: its start, each pass's line, and on a terminal a line of the
   * current interval, rewritten in place.
   */
  private CopyRun.Observer progress(PrintWriter o, boolean terminal) {
    return new CopyRun.Observer() {
      private long bytesPerPass;
      private int files;

      @Override
      public void plan(long bytesPerPass, int files) {
        this.bytesPerPass = bytesPerPass;
        this.files = files;
      }

      @Override
      public void started(RunInfo info) {
        Lines.println(
            o,
            "Run %s: copying %s, %s, %s",
            info.runId(),
            Units.count(files, "file"),
            Units.decimalBytes(bytesPerPass),
            Units.count(repeat, "pass", "passes"));
        o.println("Run folder: " + info.runFolder());
        o.flush();
      }

      @Override
      public void sample(SampleRow row, long totalBytes, double elapsedSeconds) {
        if (!terminal) {
          return; // a log gets the pass lines only
        }
        // read_MBps, read_bytes and pass are the last three cells.
        List<String> cells = row.extraCells();
        String read = cells.size() < 3 ? "" : cells.get(cells.size() - 3);
        o.print(
            String.format(
                Locale.ROOT,
                "\rpass %s/%d %s  write %s  read %s  %s\u001b[K",
                cells.getLast(),
                repeat,
                row.phase(),
                Units.rate(row.megabytesPerSecond()),
                read.isEmpty() ? "-" : Units.rate(Double.parseDouble(read)),
                Durations.format(row.timeSeconds())));
        o.flush();
      }

      @Override
      public void passDone(PassResult p) {
        o.println((terminal ? "\r\u001b[K" : "") + passLine(p));
        o.flush();
      }
    };
  }

  /**
   * The copy's end in text: the pass comparison, the writes' analysis (its words from run.json as
   * the analysis read it, not read again), the verdict.
   */
  private static void printText(PrintWriter o, CopyResult r, RunAnalysis.Done analysis) {
    Lines.sentences(o, r.comparison());
    if (analysis != null) {
      o.print(
          AnalysisText.format(
              "The copy's writes (all passes, read-backs and pauses left out)",
              analysis.analysis(),
              List.of(),
              analysis.run().map(RunContext::of).orElse(RunContext.NONE)));
    } else {
      o.println("The writes took too few intervals for a curve to analyse.");
    }
    o.println(
        (r.verified() ? "Verified: every pass read back as written." : "NOT VERIFIED.")
            + " Run folder: "
            + r.runFolder());
  }

  /**
   * The write curve of the session: the rows of every pass's write phase, one after another (the
   * flushes, read-backs, removals and cooldowns between them left out of the time axis, so they do
   * not read as stalls), through the analysis, as {@code analyze} reads the folder; kept as
   * analysis.json. Null when there is nothing to analyse or the analysis fails (it never fails the
   * copy).
   */
  static Analysis analyseWrites(Path runFolder) {
    RunAnalysis.Done done = analyseWrites(runFolder, null, null);
    return done == null ? null : done.analysis();
  }

  /**
   * {@link #analyseWrites(Path)} of what the run told ({@code kept}: run.json's text and the rows
   * its end read; null reads the folder), analysis.json's text told to {@code db}'s record of the
   * run; with the run.json it was read with, which the words take.
   */
  private static RunAnalysis.Done analyseWrites(
      Path runFolder, RunObserver.Kept kept, DbOption db) {
    try {
      RunAnalysis.Written written =
          RunAnalysis.write(
              RunFolder.open(runFolder), kept, MIN_CURVE_INTERVALS, AnalysisWords.FORMS);
      if (written != null && db != null) {
        db.analysed(runFolder, written);
      }
      return written == null ? null : written.done();
    } catch (RuntimeException | IOException e) {
      return null;
    }
  }

  /** Fewer intervals of writing than this make no curve worth a shape. */
  static final int MIN_CURVE_INTERVALS = 3;

  static String passLine(PassResult p) {
    return String.format(
        Locale.ROOT,
        "Pass %d: wrote %s in %s (%s, flush %s counted), read back in %s (%s%s): %s",
        p.pass(),
        Units.decimalBytes(p.bytes()),
        seconds(p.writeSeconds()),
        rate(p.writeSeconds(), p.writeMegabytesPerSecond()),
        seconds(p.flushSeconds()),
        seconds(p.readSeconds()),
        rate(p.readSeconds(), p.readMegabytesPerSecond()),
        p.readCache().equals("cached") ? ", from the page cache" : "",
        p.verified()
            ? "verified"
            : Units.count(p.problems(), "file differs", "files differ") + ": " + p.firstProblem());
  }

  /**
   * The shortest span a pass line times ({@link Durations#SHORTEST_PRINTED_SECONDS}): a phase of a
   * small copy (a few MB from the page cache) can end within one step of the hundredths its times
   * are printed to, where "0.00s" would read as no time at all.
   */
  static final double SHORTEST_TIMED_SECONDS = Durations.SHORTEST_PRINTED_SECONDS;

  /** A phase's time: "under 0.01s" for one that prints as zero, a measured 0 included. */
  private static String seconds(double seconds) {
    return Durations.inWords(Math.max(seconds, Double.MIN_VALUE));
  }

  /**
   * A phase's rate, or none for a phase too short to time: a rate over a time that is within the
   * clock's step of zero has no figure of meaning (it printed 0.00 MB/s, or could print any
   * multiple of it). fio, for a job as short, rounds its run time up to 1 ms and derives its
   * bandwidth from that.
   */
  private static String rate(double seconds, double megabytesPerSecond) {
    return seconds < SHORTEST_TIMED_SECONDS
        ? "too short for a rate"
        : Units.rate(megabytesPerSecond);
  }

  static ObjectNode toJson(CopyResult r) {
    ObjectNode root = JsonNodeFactory.instance.objectNode();
    root.put("run_id", r.runId());
    root.put("run_folder", r.runFolder().toString());
    root.put("status", r.status().word());
    root.put("error", r.error()); // null when there was none: Jackson writes it as null
    root.put("verified", r.verified());
    ArrayNode passes = root.putArray("passes");
    r.passes().forEach(p -> passes.add(CopyRun.passJson(p)));
    ArrayNode words = root.putArray("comparison");
    r.comparison().forEach(words::add);
    return root;
  }
}
