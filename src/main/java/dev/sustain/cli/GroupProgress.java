package dev.sustain.cli;

import dev.sustain.group.GroupObserver;
import dev.sustain.group.MemberResult;
import dev.sustain.run.RunObserver;
import dev.sustain.sampling.SampleRow;
import dev.sustain.unit.Durations;
import dev.sustain.unit.Units;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a person sees while a group writes: one line per target (its rate now, what it has written,
 * how it stands) and one for the sum, redrawn in place on a terminal and printed as a block at most
 * once a second elsewhere. Solo passes and each target's start and end get their own lines. Called
 * from the targets' threads: every method is synchronized.
 */
final class GroupProgress implements GroupObserver {

  private final PrintWriter out;
  private final boolean terminal;
  private final List<String> names;
  private final int width;
  private final Map<String, Long> written = new LinkedHashMap<>();
  private final Map<String, String> state = new LinkedHashMap<>();
  private final Map<String, String> analyses = new LinkedHashMap<>();
  private int linesDrawn;
  private double lastPrintedSeconds = -1;
  private boolean together;

  GroupProgress(PrintWriter out, boolean terminal, List<String> names) {
    this.out = out;
    this.terminal = terminal;
    this.names = List.copyOf(names);
    this.width = Math.max(4, names.stream().mapToInt(String::length).max().orElse(4));
    for (String n : names) {
      written.put(n, 0L);
      state.put(n, "waiting");
    }
  }

  /** Each target's own analysis, as text, by name (in the order they came). */
  synchronized Map<String, String> analyses() {
    return new LinkedHashMap<>(analyses);
  }

  @Override
  public synchronized void soloPass(String name) {
    line("Solo pass: " + name + " writes alone");
  }

  @Override
  public synchronized void together() {
    together = true;
    line("Together: " + String.join(", ", names));
  }

  @Override
  public synchronized void warning(String name, String message) {
    line("warning: " + name + ": " + message);
  }

  @Override
  public synchronized void started(String name, RunObserver.RunInfo info) {
    if (together) {
      state.put(name, "writing");
    }
    line(
        name
            + ": run "
            + info.runId()
            + " writing "
            + info.testFile()
            + " ("
            + info.engine()
            + ")");
  }

  @Override
  public synchronized void sample(
      String name, SampleRow row, long totalBytes, double elapsedSeconds) {
    if (!together) {
      // A solo pass: the target alone, one plain line a second.
      if (elapsedSeconds - lastPrintedSeconds >= 0.9 || elapsedSeconds < lastPrintedSeconds) {
        lastPrintedSeconds = elapsedSeconds;
        line(
            "  "
                + name
                + " alone: now "
                + Units.rate(row.megabytesPerSecond())
                + ", "
                + Units.decimalBytes(totalBytes)
                + " in "
                + Durations.format(elapsedSeconds));
      }
      return;
    }
    written.put(name, totalBytes);
  }

  @Override
  public synchronized void groupRow(double timeSeconds, double[] rateMBps, double sumMBps) {
    if (!terminal && timeSeconds - lastPrintedSeconds < 0.9 && lastPrintedSeconds >= 0) {
      return;
    }
    lastPrintedSeconds = timeSeconds;
    StringBuilder b = new StringBuilder();
    if (terminal && linesDrawn > 0) {
      b.append("\u001b[").append(linesDrawn).append('A');
    }
    for (int i = 0; i < names.size(); i++) {
      String n = names.get(i);
      b.append(row(n, Double.isNaN(rateMBps[i]) ? "-" : Units.rate(rateMBps[i])))
          .append(Units.decimalBytes(written.get(n)))
          .append(" written, ")
          .append(state.get(n))
          .append(terminal ? "\u001b[K\n" : "\n");
    }
    b.append(row("sum", Units.rate(sumMBps)))
        .append("at ")
        .append(Durations.format(timeSeconds))
        .append(terminal ? "\u001b[K\n" : "\n");
    out.print(b);
    out.flush();
    linesDrawn = names.size() + 1;
  }

  private String row(String name, String rate) {
    StringBuilder b = new StringBuilder("  ").append(name);
    b.append(" ".repeat(width - name.length() + 2)).append(rate);
    b.append(" ".repeat(Math.max(1, 14 - rate.length())));
    return b.toString();
  }

  @Override
  public synchronized void analysed(String name, String text) {
    if (together) {
      analyses.put(name, text);
    }
  }

  @Override
  public synchronized void finished(String name, MemberResult result) {
    if (together) {
      state.put(name, result.status().word());
      written.put(name, result.bytes());
    }
    line(
        name
            + (together ? "" : " (solo)")
            + ": "
            + result.status().word()
            + " after "
            + Units.decimalBytes(result.bytes())
            + (result.error() == null ? "" : ": " + result.error()));
    lastPrintedSeconds = together ? lastPrintedSeconds : -1;
  }

  /** A line of its own: the block below is drawn afresh after it. */
  private void line(String text) {
    out.println(text);
    out.flush();
    linesDrawn = 0;
  }
}
