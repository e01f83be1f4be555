package dev.sustain.cli;

import dev.sustain.run.RunObserver;
import dev.sustain.sampling.SampleRow;
import dev.sustain.unit.Durations;
import dev.sustain.unit.Units;
import java.io.Console;
import java.io.PrintWriter;

/**
 * What a person sees while a run goes: on a terminal, one line redrawn in place with a bar, done
 * and total, the current and average rate, elapsed time and ETA; elsewhere (a log, a pipe) the same
 * facts as a plain line at most once a second.
 */
final class LiveProgress implements RunObserver {

  private static final int BAR_WIDTH = 24;

  private final PrintWriter out;
  private final boolean terminal;
  private RunInfo info;
  private double lastPrintedSeconds = -1;
  private volatile String phase = "";
  private volatile String analysis;

  LiveProgress(PrintWriter out, boolean terminal) {
    this.out = out;
    this.terminal = terminal;
  }

  /** True when stdout is an interactive terminal. */
  static boolean stdoutIsTerminal() {
    Console c = System.console();
    return c != null && c.isTerminal();
  }

  /** A few words on where the curve is (in cache, after the cliff...), shown once known. */
  @Override
  public void phase(String words) {
    this.phase = words == null ? "" : words;
  }

  @Override
  public void analysed(String text) {
    analysis = text;
  }

  /** The analysis of the finished run, or null. */
  String analysis() {
    return analysis;
  }

  @Override
  public void warning(String message) {
    out.println("warning: " + message);
    out.flush();
  }

  @Override
  public void note(String message) {
    out.println("note: " + message);
    out.flush();
  }

  @Override
  public void started(RunInfo i) {
    this.info = i;
    this.analysis = null; // a pass of --repeat prints its own analysis, never the last pass's
    this.phase = "";
    out.println("Run " + i.runId() + ": writing " + i.testFile() + " with engine " + i.engine());
    out.println("Run folder: " + i.runFolder());
    out.flush();
  }

  @Override
  public void sample(SampleRow row, long totalBytes, double elapsedSeconds) {
    if (info == null) {
      return;
    }
    if (!terminal && elapsedSeconds - lastPrintedSeconds < 0.9) {
      return;
    }
    lastPrintedSeconds = elapsedSeconds;
    double fraction;
    String done;
    double etaSeconds = Double.NaN;
    double average = elapsedSeconds > 0 ? totalBytes / elapsedSeconds / 1e6 : 0;
    if (info.goalBytes() > 0) {
      fraction = Math.min(1, totalBytes / (double) info.goalBytes());
      done = Units.decimalBytes(totalBytes) + " / " + Units.decimalBytes(info.goalBytes());
      if (average > 0) {
        etaSeconds = (info.goalBytes() - totalBytes) / (average * 1e6);
      }
    } else {
      fraction = Math.min(1, elapsedSeconds / info.goalSeconds());
      done = Units.decimalBytes(totalBytes);
      etaSeconds = Math.max(0, info.goalSeconds() - elapsedSeconds);
    }
    StringBuilder b = new StringBuilder(120);
    if (terminal) {
      int filled = (int) Math.round(fraction * BAR_WIDTH);
      b.append('\r').append('[');
      b.append("#".repeat(filled)).append(" ".repeat(BAR_WIDTH - filled)).append("] ");
    }
    b.append(Units.fixed(fraction * 100, 0)).append("% ");
    b.append(done);
    b.append("  now ").append(Units.rate(row.megabytesPerSecond()));
    b.append("  avg ").append(Units.rate(average));
    b.append("  ").append(Durations.format(elapsedSeconds));
    if (!Double.isNaN(etaSeconds)) {
      b.append("  ETA ").append(Durations.format(etaSeconds));
    }
    if (!phase.isEmpty()) {
      b.append("  ").append(phase);
    }
    show(out, terminal, b);
  }

  @Override
  public void finished(Ended ended) {
    endLine(out, terminal);
  }

  /**
   * Shows one progress line: on a terminal over the one before (it starts with a carriage return),
   * elsewhere as a line of its own.
   */
  static void show(PrintWriter out, boolean terminal, StringBuilder line) {
    if (terminal) {
      line.append("\u001b[K");
      out.print(line);
    } else {
      out.println(line);
    }
    out.flush();
  }

  /** Ends a terminal's progress line, so what follows starts on a line of its own. */
  static void endLine(PrintWriter out, boolean terminal) {
    if (terminal) {
      out.println();
    }
    out.flush();
  }
}
