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
import java.util.function.UnaryOperator;

/**
 * What a person sees while a group writes: one line per target (its rate now, what it has written,
 * how it stands) and one for the sum, redrawn in place on a terminal and printed as a block at most
 * once a second elsewhere. Solo passes, each target's start, warnings, notes and end get their own
 * lines. Called from the targets' threads: every method is synchronized.
 */
final class GroupProgress implements GroupObserver {

  // A target's state while it writes, until its phase is known.
  private static final String WRITING = "writing";

  private final PrintWriter out;
  private final boolean terminal;
  private final List<String> names;
  private final int width;
  private final Map<String, Long> written = new LinkedHashMap<>();
  private final Map<String, String> state = new LinkedHashMap<>();
  private final Map<String, String> analyses = new LinkedHashMap<>();
  private final Map<String, String> phases = new LinkedHashMap<>();
  private int linesDrawn;
  private double lastPrintedSeconds = -1;
  private boolean together;
  private UnaryOperator<RunObserver> keeping = UnaryOperator.identity();

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

  /**
   * One target's run as this progress shows it: its warnings and notes as lines, its start, its
   * rows, its live phase in its line of the block, its analysis for the end; its end is {@link
   * #finished(String, MemberResult)}'s, which the group tells once the run has returned.
   */
  @Override
  public RunObserver member(String name) {
    return keeping.apply(shown(name));
  }

  /**
   * Each target's observer also given to {@code keeping} (the history's, which keeps what each run
   * wrote for its record: {@link DbOption#keeping}).
   */
  GroupProgress keeping(UnaryOperator<RunObserver> keeping) {
    this.keeping = keeping;
    return this;
  }

  private RunObserver shown(String name) {
    return new RunObserver() {
      @Override
      public void warning(String message) {
        line(name, "warning: ", message);
      }

      @Override
      public void note(String message) {
        line(name, "note: ", message);
      }

      @Override
      public void started(RunInfo info) {
        GroupProgress.this.started(name, info);
      }

      @Override
      public void sample(SampleRow row, long totalBytes, double elapsedSeconds) {
        GroupProgress.this.sample(name, row, totalBytes, elapsedSeconds);
      }

      @Override
      public void phase(String words) {
        GroupProgress.this.phase(name, words);
      }

      @Override
      public void analysed(String text) {
        GroupProgress.this.analysed(name, text);
      }
    };
  }

  private synchronized void line(String name, String kind, String message) {
    line(kind + name + ": " + message);
  }

  /** Where a target's curve is now (in cache, after the cliff...), in its line while it writes. */
  private synchronized void phase(String name, String words) {
    phases.put(name, words == null ? "" : words);
  }

  private synchronized void started(String name, RunObserver.RunInfo info) {
    phases.remove(name); // a solo pass's phase is not the run's together
    if (together) {
      state.put(name, WRITING);
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

  private synchronized void sample(
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
          .append(state(n))
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

  /** How target {@code name} stands: its phase while it writes, once known, else its state. */
  private String state(String name) {
    String phase = phases.getOrDefault(name, "");
    return WRITING.equals(state.get(name)) && !phase.isEmpty() ? phase : state.get(name);
  }

  private String row(String name, String rate) {
    StringBuilder b = new StringBuilder("  ").append(name);
    b.append(" ".repeat(width - name.length() + 2)).append(rate);
    b.append(" ".repeat(Math.max(1, 14 - rate.length())));
    return b.toString();
  }

  private synchronized void analysed(String name, String text) {
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
