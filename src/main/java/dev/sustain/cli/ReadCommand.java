package dev.sustain.cli;

import dev.sustain.run.RunStatus;
import dev.sustain.unit.Durations;
import dev.sustain.unit.Units;
import dev.sustain.verify.BadKind;
import dev.sustain.verify.RateStability;
import dev.sustain.verify.ReadBackResult;
import java.io.PrintWriter;
import picocli.CommandLine.Command;

/** {@code sustain read RUN|FILE}: the sequential read rate over time and its stability. */
@Command(name = "read", mixinStandardHelpOptions = true)
public final class ReadCommand extends ReadBackCommand {

  @Override
  boolean verify() {
    return false;
  }

  @Override
  int exitCode(ReadBackResult r) {
    if (r.status() == RunStatus.COMPLETE && r.bad().bytes(BadKind.UNREADABLE) > 0) {
      return ExitCodes.RUN_FAILED;
    }
    return ExitCodes.of(r.status());
  }

  @Override
  void printText(ReadBackResult r) {
    PrintWriter out = out();
    out.println(
        (r.status() == RunStatus.COMPLETE ? "Read " : "Read only ")
            + Units.decimalBytes(r.bytesRead())
            + " ("
            + Units.binaryBytes(r.bytesRead())
            + ") in "
            + Durations.format(r.seconds())
            + ": average "
            + Units.rate(r.averageMegabytesPerSecond()));
    printStability(out, r);
    long unreadable = r.bad().bytes(BadKind.UNREADABLE);
    if (unreadable > 0) {
      out.println(
          "UNREADABLE: "
              + Units.binaryBytes(unreadable)
              + " failed with I/O errors even re-read 4 KiB at a time (see --json for where).");
    }
    long missing = r.bad().bytes(BadKind.MISSING);
    if (missing > 0) {
      out.println(
          "The file is "
              + Units.binaryBytes(missing)
              + " shorter than the write run wrote: the end is missing.");
    }
    for (String note : r.notes()) {
      out.println("Note: " + note);
    }
    out.println("Run folder: " + r.runFolder());
    out.flush();
  }

  /** The per-interval figures: mean, stdev, min / median / max, and what they say. */
  static void printStability(PrintWriter out, ReadBackResult r) {
    RateStability s = r.stability();
    if (s.intervals() == 0) {
      out.println("Too short for per-interval figures: use a larger file or a shorter --interval.");
      return;
    }
    out.println(
        "Per interval: mean "
            + Units.rate(s.meanMBps())
            + ", stdev "
            + Units.rate(s.stdevMBps())
            + "; min "
            + Units.rate(s.minMBps())
            + ", median "
            + Units.rate(s.medianMBps())
            + ", max "
            + Units.rate(s.maxMBps())
            + " over "
            + Units.count(s.intervals(), "interval")
            + (s.intervals() >= 5
                ? " ("
                    + (s.variation() <= 0.05
                        ? "steady"
                        : s.variation() <= 0.15 ? "somewhat unsteady" : "unsteady")
                    + ": stdev is "
                    + Units.fixed(100 * s.variation(), 1)
                    + "% of the mean)"
                : ""));
  }
}
