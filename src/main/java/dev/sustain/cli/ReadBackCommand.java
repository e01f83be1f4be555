package dev.sustain.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.sustain.run.RunFolder;
import dev.sustain.run.RunObserver;
import dev.sustain.run.RunStatus;
import dev.sustain.unit.ByteSize;
import dev.sustain.unit.Durations;
import dev.sustain.unit.Units;
import dev.sustain.unit.UsageException;
import dev.sustain.verify.RateStability;
import dev.sustain.verify.ReadBackJson;
import dev.sustain.verify.ReadBackResult;
import dev.sustain.verify.ReadBackRun;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** What {@code read} and {@code verify} share: the source, the options and the run itself. */
abstract class ReadBackCommand extends BaseCommand {

  @picocli.CommandLine.Mixin RunOptions run;

  // A list of one: picocli's completion takes the declared type (files) of a list's elements only,
  // and the command wants the word as typed (see Completions.Verbatim).
  @Parameters(
      index = "0",
      arity = "1",
      paramLabel = "RUN|FILE",
      type = java.io.File.class,
      converter = Completions.Verbatim.class)
  List<String> source;

  @Option(
      names = "--bs",
      descriptionKey = "readback.bs",
      paramLabel = "SIZE",
      converter = Converters.BlockSize.class)
  ByteSize blockSize;

  @Option(names = "--qd", descriptionKey = "readback.qd", paramLabel = "N")
  int queueDepth;

  @picocli.CommandLine.Mixin SamplingOptions sampling;

  @Option(names = "--buffered", descriptionKey = "readback.buffered")
  boolean buffered;

  @Option(
      names = "--size",
      descriptionKey = "readback.size",
      paramLabel = "SIZE",
      converter = Converters.Size.class)
  ByteSize size;

  abstract boolean verify();

  /** What the read found, printed between the rates and the notes: each command's verdict. */
  abstract void printFindings(PrintWriter out, ReadBackResult r);

  /** The summary's first word; read says "Read only" when it stopped short. */
  String readVerb(ReadBackResult r) {
    return "Read";
  }

  /** The exit code for a finished read-back. */
  abstract int exitCode(ReadBackResult r);

  @Override
  protected int execute() throws Exception {
    if (blockSize != null && blockSize.bytes() > Integer.MAX_VALUE) {
      throw new UsageException("--bs is too large: " + blockSize);
    }
    if (size != null && size.bytes() <= 0) {
      throw new UsageException("--size must be more than 0, not " + size);
    }
    if (queueDepth < 0) {
      throw new UsageException("--qd must be at least 1, not " + queueDepth);
    }
    try {
      run.io.checkEngine();
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
    refuseTinyFile(source.getFirst());
    ReadBackRun.Params params =
        new ReadBackRun.Params(
            source.getFirst(),
            verify(),
            blockSize == null ? 0 : (int) blockSize.bytes(),
            queueDepth,
            sampling.interval.toNanos(),
            run.output.out,
            run.io.engine,
            buffered,
            run.io.ioTimeout.toNanos(),
            size == null ? 0 : size.bytes());
    AtomicBoolean stop = Signals.installStopFlag();
    ReadProgress progress =
        run.output.json ? null : new ReadProgress(out(), LiveProgress.stdoutIsTerminal());
    ReadBackResult r =
        new ReadBackRun(
                params, run.db.keeping(progress == null ? RunObserver.SILENT : progress), stop)
            .run();
    if (run.output.json) {
      out().println(toJson(r));
      out().flush();
    } else {
      printText(r);
    }
    if (r.status() == RunStatus.FAILED && r.error() != null) {
      err().println("sustain " + spec.name() + ": " + r.error());
      err().flush();
    }
    if (r.runFolder() != null) {
      run.db.recordQuietly(r.runFolder(), err());
    }
    return exitCode(r);
  }

  /**
   * A plain file smaller than one 4 KiB block (a config file, /etc/hostname) holds no whole block:
   * the read would read 0 B of it and say nothing was wrong. It is not a file Sustain wrote.
   */
  private void refuseTinyFile(String argument) throws java.io.IOException {
    java.nio.file.Path p = java.nio.file.Path.of(argument);
    if (java.nio.file.Files.isRegularFile(p)) {
      long bytes = java.nio.file.Files.size(p);
      if (bytes < 4096) {
        throw new UsageException(
            p
                + " holds "
                + Units.decimalBytes(bytes)
                + ", less than one 4 KiB block: not a Sustain test file (give a run folder"
                + " written with write --keep, its test file or a device)");
      }
    }
  }

  /** The text summary for people: the rates, the command's findings, the notes, the folder. */
  private void printText(ReadBackResult r) {
    PrintWriter out = out();
    Lines.println(
        out,
        "%s %s in %s: average %s",
        readVerb(r),
        Lines.bothUnits(r.bytesRead()),
        Durations.format(r.seconds()),
        Units.rate(r.averageMegabytesPerSecond()));
    printStability(out, r.stability());
    printFindings(out, r);
    for (String note : r.notes()) {
      out.println("Note: " + note);
    }
    out.println("Run folder: " + r.runFolder());
    out.flush();
  }

  /** The per-interval figures: mean, stdev, min / median / max, and what they say. */
  static void printStability(PrintWriter out, RateStability s) {
    if (s.intervals() == 0) {
      out.println("Too short for per-interval figures: use a larger file or a shorter --interval.");
      return;
    }
    String verdict =
        s.variation() <= 0.05 ? "steady" : s.variation() <= 0.15 ? "somewhat unsteady" : "unsteady";
    Lines.println(
        out,
        "Per interval: mean %s, stdev %s; min %s, median %s, max %s over %s%s",
        Units.rate(s.meanMBps()),
        Units.rate(s.stdevMBps()),
        Units.rate(s.minMBps()),
        Units.rate(s.medianMBps()),
        Units.rate(s.maxMBps()),
        Units.count(s.intervals(), "interval"),
        s.intervals() >= 5
            ? " ("
                + verdict
                + ": stdev is "
                + Units.fixed(100 * s.variation(), 1)
                + "% of the mean)"
            : "");
  }

  private static String toJson(ReadBackResult r) throws JsonProcessingException {
    return RunFolder.JSON.writeValueAsString(ReadBackJson.document(r));
  }
}
