package dev.sustain.cli;

import dev.sustain.run.RunObserver;
import dev.sustain.sampling.SampleRow;
import dev.sustain.unit.Durations;
import dev.sustain.unit.Units;
import java.io.PrintWriter;

/**
 * What a person sees while {@code read} or {@code verify} goes: one line redrawn in place on a
 * terminal, a plain line at most once a second elsewhere.
 */
final class ReadProgress implements RunObserver {

  private final PrintWriter out;
  private final boolean terminal;
  private long goalBytes;
  private double lastPrinted = -1;

  ReadProgress(PrintWriter out, boolean terminal) {
    this.out = out;
    this.terminal = terminal;
  }

  /** The read's start: its command ({@code read} or {@code verify}) and the file it reads. */
  @Override
  public void started(RunInfo info) {
    this.goalBytes = info.goalBytes();
    out.println(
        "Run "
            + info.runId()
            + ": "
            + ("verify".equals(info.command()) ? "verifying " : "reading ")
            + Units.decimalBytes(info.goalBytes())
            + " of "
            + info.testFile()
            + " with engine "
            + info.engine());
    out.println("Run folder: " + info.runFolder());
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
  public void finished(Ended ended) {
    LiveProgress.endLine(out, terminal);
  }
}
