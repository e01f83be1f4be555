package dev.sustain.cli;

import dev.sustain.run.WriteResult;
import dev.sustain.unit.Durations;
import dev.sustain.unit.Units;
import java.io.PrintWriter;

/** The lines a write ends with in text: what it wrote, its intervals, its run folder. Stateless. */
final class WriteSummary {

  private WriteSummary() {}

  /** What it wrote in what time and at what average, its interval rates, and its run folder. */
  static void print(PrintWriter out, WriteResult r) {
    String verb =
        switch (r.status()) {
          case COMPLETE, RUNNING -> "Wrote";
          case INTERRUPTED -> "Interrupted after writing";
          case FAILED, KILLED -> "Failed after writing";
        };
    Lines.println(
        out,
        "%s %s in %s: average %s%s",
        verb,
        Lines.bothUnits(r.bytes()),
        Durations.inWords(r.seconds()),
        Units.rate(r.averageMegabytesPerSecond()),
        r.flushSeconds() > 0.0005
            ? " (the final flush took " + Durations.inWords(r.flushSeconds()) + ", counted)"
            : "");
    if (r.stats().intervals() > 0) {
      Lines.println(
          out,
          "Per interval: %s over %s",
          r.stats().describe(),
          Units.count(r.stats().intervals(), "interval"));
    }
    out.println(
        "Run folder: "
            + r.runFolder()
            + (r.testFileKept() ? "  (test file kept: " + r.testFile() + ")" : ""));
    out.flush();
  }
}
