package dev.sustain.cli;

import dev.sustain.pattern.PatternSpec;
import dev.sustain.pattern.Patterns;
import dev.sustain.run.DefaultsAndLimits;
import dev.sustain.run.RunFolder;
import dev.sustain.run.RunObserver;
import dev.sustain.sweep.SweepJson;
import dev.sustain.sweep.SweepPoint;
import dev.sustain.sweep.SweepRun;
import dev.sustain.unit.ByteSize;
import dev.sustain.unit.Durations;
import dev.sustain.unit.Units;
import dev.sustain.unit.UsageException;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code sustain sweep TARGET}: rates across request sizes and queue depths. */
@Command(name = "sweep", mixinStandardHelpOptions = true)
public final class SweepCommand extends BaseCommand {

  @picocli.CommandLine.Mixin RunOptions run;

  // A list of one: picocli's completion takes the declared type (files) of a list's elements only,
  // and the command wants the word as typed (see Completions.Verbatim).
  @Parameters(
      index = "0",
      arity = "1",
      paramLabel = "TARGET",
      type = java.io.File.class,
      converter = Completions.Verbatim.class)
  List<String> target;

  @Option(
      names = "--bs",
      paramLabel = "SIZE",
      split = ",",
      splitSynopsisLabel = ",",
      converter = Converters.BlockSize.class,
      defaultValue = "128KiB,1MiB,4MiB")
  List<ByteSize> blockSizes;

  @Option(
      names = "--qd",
      paramLabel = "N",
      split = ",",
      splitSynopsisLabel = ",",
      defaultValue = "1,32")
  List<Integer> queueDepths;

  @Option(names = "--size-per-point", paramLabel = "SIZE", defaultValue = "1GiB")
  ByteSize sizePerPoint;

  @Option(
      names = "--min-time-per-point",
      paramLabel = "DURATION",
      converter = Converters.Time.class,
      defaultValue = "2s")
  java.time.Duration minTimePerPoint;

  @Option(names = "--write-only")
  boolean writeOnly;

  @Option(
      names = "--pattern",
      paramLabel = "PATTERN",
      defaultValue = DefaultsAndLimits.PATTERN,
      completionCandidates = Completions.PatternNames.class)
  String pattern;

  @Option(names = "--no-preallocate")
  boolean noPreallocate;

  @Override
  protected int execute() throws Exception {
    SweepRun.Params params = params();
    AtomicBoolean stop = Signals.installStopFlag();
    PrintWriter o = out();
    if (!run.output.json) {
      Lines.println(
          o,
          "Sweep of %s: %s per point%s, direct I/O, %s",
          target.getFirst(),
          Units.binaryBytes(sizePerPoint.bytes()),
          minTimePerPoint.isZero()
              ? ""
              : " and at least " + Durations.format(minTimePerPoint.toNanos() / 1e9),
          writeOnly ? "writes" : "writes then reads");
      o.flush();
    }
    SweepRun.Result r =
        new SweepRun(
                params,
                stop,
                p -> {
                  if (!run.output.json) {
                    o.println("  " + pointLine(p));
                    o.flush();
                  }
                },
                note -> {
                  PrintWriter w = run.output.json ? err() : o;
                  w.println("note: " + note);
                  w.flush();
                },
                run.db.keeping(RunObserver.SILENT)) // what it wrote, for its record
            .run();
    if (run.output.json) {
      o.println(RunFolder.JSON.writeValueAsString(SweepJson.document(r)));
    } else {
      printText(o, r);
    }
    o.flush();
    if (r.runFolder() != null) {
      run.db.recordQuietly(r.runFolder(), err());
    }
    if (r.error() != null) {
      err().println("sustain sweep: " + r.error());
      err().flush();
      return ExitCodes.RUN_FAILED;
    }
    return r.interrupted() ? ExitCodes.INTERRUPTED : ExitCodes.OK;
  }

  /**
   * What was asked, checked where picocli cannot (the sizes, the time, the pattern, the engine).
   */
  private SweepRun.Params params() throws IOException {
    List<Integer> sizes = new ArrayList<>();
    for (ByteSize b : blockSizes) {
      if (b.bytes() < 1 || b.bytes() > DefaultsAndLimits.MAX_BLOCK_BYTES) {
        throw new UsageException("--bs must be between 1 B and 64 MiB, not " + b);
      }
      sizes.add((int) b.bytes());
    }
    if (minTimePerPoint.isNegative()
        || !minTimePerPoint.isZero() && minTimePerPoint.toMillis() < 1000) {
      throw new UsageException(
          "--min-time-per-point must be 0 (one pass of the size) or at least 1s, not "
              + Durations.format(minTimePerPoint.toNanos() / 1e9));
    }
    PatternSpec spec;
    try {
      spec = Patterns.parse(pattern);
      run.io.checkEngine();
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
    return new SweepRun.Params(
        target.getFirst(),
        List.copyOf(sizes),
        List.copyOf(queueDepths),
        sizePerPoint.bytes(),
        !writeOnly,
        run.io.engine,
        spec,
        run.output.out,
        run.io.ioTimeout.toNanos(),
        !noPreallocate,
        minTimePerPoint.toNanos());
  }

  /** The sweep's end in text: the layout's note, the verdicts, the run folder. */
  private static void printText(PrintWriter o, SweepRun.Result r) {
    if (r.layout().note() != null) {
      o.println(r.layout().note());
    }
    if (r.layout().preallocated()) {
      o.println(
          "The file was written once, untimed, before the first point: no point pays alone for"
              + " the first writes to preallocated space.");
    }
    if (r.writeVerdict() != null) {
      o.println(r.writeVerdict().sentence());
    }
    if (r.readVerdict() != null) {
      o.println(r.readVerdict().sentence());
    }
    o.println("Run folder: " + r.runFolder());
  }

  /** {@code 1 MiB QD32 write 2377 MB/s ± 41 MB/s in 2.01s read ...}. */
  static String pointLine(SweepPoint p) {
    String s =
        String.format(
            Locale.ROOT,
            "%-8s QD%-4d write %s",
            Units.binaryBytes(p.blockBytes()),
            p.queueDepth(),
            rate(p.write()));
    if (Double.isFinite(p.readMBps())) {
      s += "   read " + rate(p.read());
    }
    return s;
  }

  private static String rate(SweepPoint.Rate r) {
    String s = String.format(Locale.ROOT, "%12s", Units.rate(r.mbps()));
    if (Double.isFinite(r.spreadMBps())) {
      s += String.format(Locale.ROOT, " ± %-11s", Units.rate(r.spreadMBps()));
    }
    if (Double.isFinite(r.seconds())) {
      s += " in " + Durations.format(r.seconds());
    }
    return s;
  }
}
