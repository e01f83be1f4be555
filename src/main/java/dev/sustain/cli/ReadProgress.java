package dev.sustain.cli;

import dev.sustain.sampling.SampleRow;
import dev.sustain.unit.Durations;
import dev.sustain.unit.Units;
import dev.sustain.verify.ReadBackResult;
import dev.sustain.verify.ReadObserver;
import dev.sustain.verify.ReadSource;
import java.io.PrintWriter;
import java.nio.file.Path;

/**
 * What a person sees while {@code read} or {@code verify} goes: one line redrawn in place on a
 * terminal, a plain line at most once a second elsewhere.
 */
final class ReadProgress implements ReadObserver {

  private final PrintWriter out;
  private final boolean terminal;
  private long goalBytes;
  private double lastPrinted = -1;

  ReadProgress(PrintWriter out, boolean terminal) {
    this.out = out;
    this.terminal = terminal;
  }

  @Override
  public void started(
      String runId,
      Path runFolder,
      ReadSource source,
      long goal,
      String engine,
      boolean verifying) {
    this.goalBytes = goal;
    out.println(
        "Run "
            + runId
            + ": "
            + (verifying ? "verifying " : "reading ")
            + Units.decimalBytes(goal)
            + " of "
            + source.file()
            + " with engine "
            + engine);
    out.println("Run folder: " + runFolder);
    out.flush();
  }

  @Override
  public void sample(SampleRow row, long totalBytes, double elapsedSeconds) {
    if (!terminal && elapsedSeconds - lastPrinted < 0.999) {
      return;
    }
    lastPrinted = elapsedSeconds;
    double fraction = goalBytes > 0 ? Math.min(1, totalBytes / (double) goalBytes) : 1;
    double average = elapsedSeconds > 0 ? totalBytes / elapsedSeconds / 1e6 : 0;
    StringBuilder b = new StringBuilder(100);
    if (terminal) {
      b.append('\r');
    }
    b.append(Units.fixed(fraction * 100, 0)).append("% ");
    b.append(Units.decimalBytes(totalBytes)).append(" / ").append(Units.decimalBytes(goalBytes));
    b.append("  now ").append(Units.rate(row.megabytesPerSecond()));
    b.append("  avg ").append(Units.rate(average));
    b.append("  ").append(Durations.format(elapsedSeconds));
    if (average > 0 && goalBytes > totalBytes) {
      b.append("  ETA ").append(Durations.format((goalBytes - totalBytes) / (average * 1e6)));
    }
    LiveProgress.show(out, terminal, b);
  }

  @Override
  public void finished(ReadBackResult result) {
    LiveProgress.endLine(out, terminal);
  }
}
