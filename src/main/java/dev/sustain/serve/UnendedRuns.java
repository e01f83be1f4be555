package dev.sustain.serve;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.document.NewerFormatException;
import dev.sustain.document.RunDocument;
import dev.sustain.document.RunDocumentCodec;
import dev.sustain.run.RunProcess;
import dev.sustain.run.RunStatus;
import dev.sustain.sampling.SamplesCsv;
import dev.sustain.store.RunLiveness;
import dev.sustain.store.RunRecord;
import dev.sustain.store.SampleStore;
import dev.sustain.unit.Units;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a run that never recorded its end wrote: a running run (so far), a killed one and a stale
 * one. Such a run's record holds the figures of its start (0 bytes in 0 s) or, once {@code clean}
 * wrote it down, those of its run.json (still 0 bytes: the run never counted them), while its rows
 * are in the history. So its bytes, time and rate are summed from its stored rows, as the run
 * page's curve is, and its note says what it left behind and the {@code sustain clean} to run on
 * its host. Rows are read incrementally (only those after the last one read), at most once a second
 * per run. Thread-safe.
 */
final class UnendedRuns {

  /** Runs whose tallies are kept. */
  static final int KEPT_RUNS = 256;

  /** A tally is brought up to date at most this often. */
  static final long REFRESH_MILLIS = 1_000;

  private final SampleStore samples;
  private final Map<String, Tally> tallies =
      new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Tally> eldest) {
          return size() > KEPT_RUNS;
        }
      };

  /** One run's rows summed so far, and what its run.json says it left. */
  private static final class Tally {
    long lastSeq = -1;
    long bytes;
    double seconds;
    int bytesColumn = -2; // -2: the header is not read yet; -1: the run has no such column
    int timeColumn = -1;
    long refreshedMillis;
    String documentKey;
    Leftover leftover;
  }

  /**
   * What the run left on its host, from its run.json.
   *
   * @param folder the run folder ({@code sustain clean FOLDER}), or null when unknown
   * @param testFile the test file, or null when the run.json names none
   * @param cleaned true when {@code clean} recorded the run's end in its run.json
   */
  record Leftover(String folder, String testFile, boolean cleaned) {}

  UnendedRuns(SampleStore samples) {
    this.samples = samples;
  }

  /** True for the statuses whose figures come from the rows. */
  static boolean applies(String status) {
    return RunLiveness.mayChange(status) || RunStatus.KILLED.word().equals(status);
  }

  /**
   * Puts into {@code o} (a run as the API shows it) the bytes, seconds and average of its stored
   * rows, {@code figures_from: "samples"}, and for a killed or stale run a note that says what it
   * left and how to clean it. Does nothing for a run that recorded its end, or one without rows.
   */
  void put(RunRecord run, ObjectNode o) {
    if (!applies(run.status())) {
      return;
    }
    Tally t;
    synchronized (tallies) {
      t = tallies.computeIfAbsent(run.runId(), id -> new Tally());
    }
    synchronized (t) {
      refresh(run, t);
      if (t.bytesColumn >= 0 && t.seconds > 0) {
        o.put("bytes", t.bytes);
        o.put("seconds", Math.round(t.seconds * 1000) / 1000.0);
        o.put("average_MBps", Math.round(t.bytes / t.seconds / 1e5) / 10.0);
        o.put("figures_from", "samples");
      }
      if (!RunStatus.RUNNING.word().equals(run.status())) {
        String note = note(run, t.leftover);
        o.put("status_note", note);
        if (t.leftover != null && !t.leftover.cleaned() && t.leftover.folder() != null) {
          o.put("clean_command", "sustain clean " + t.leftover.folder());
          o.put("leftover_file", t.leftover.testFile());
        }
      }
    }
  }

  private void refresh(RunRecord run, Tally t) {
    long now = System.currentTimeMillis();
    String key = run.status() + "|" + run.ended() + "|" + run.error();
    if (now - t.refreshedMillis < REFRESH_MILLIS && key.equals(t.documentKey)) {
      return;
    }
    t.refreshedMillis = now;
    if (t.bytesColumn == -2) {
      String header = samples.header(run.runId()).orElse(null);
      if (header == null) {
        return; // no row yet: read the header again next time
      }
      List<String> names = List.of(RunData.columns(header));
      t.bytesColumn = names.indexOf("bytes");
      t.timeColumn = names.indexOf("time_s");
    }
    while (t.bytesColumn >= 0 && t.timeColumn >= 0) {
      List<SampleStore.Line> page = samples.lines(run.runId(), t.lastSeq, RunData.PAGE_ROWS);
      for (SampleStore.Line l : page) {
        String[] cells = SamplesCsv.cells(l.text());
        t.bytes += number(cells, t.bytesColumn);
        t.seconds = Math.max(t.seconds, number(cells, t.timeColumn));
        t.lastSeq = l.seq();
      }
      if (page.size() < RunData.PAGE_ROWS) {
        break;
      }
    }
    if (!key.equals(t.documentKey)) {
      t.leftover = leftover(run);
      t.documentKey = key;
    }
  }

  private static double number(String[] cells, int column) {
    if (column >= cells.length || cells[column].isBlank()) {
      return 0;
    }
    try {
      double v = Double.parseDouble(cells[column].strip());
      return Double.isFinite(v) && v > 0 ? v : 0;
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  private Leftover leftover(RunRecord runRecord) {
    JsonNode doc = RunData.runJson(samples, runRecord);
    String folder = runRecord.runFolder();
    if (doc == null) {
      return new Leftover(folder, null, false);
    }
    RunDocument run;
    try {
      run = RunDocumentCodec.decode(doc, "run.json of run " + runRecord.runId());
    } catch (NewerFormatException e) {
      return new Leftover(folder, null, false); // its fields may mean something else: none read
    }
    String testFile = run.target().testFile().orElse("");
    boolean cleaned = RunStatus.KILLED.word().equals(run.result().status().orElse(""));
    return new Leftover(folder, testFile.isEmpty() ? null : testFile, cleaned);
  }

  /** The killed or stale run's note: what it means, where its figures are from, what it left. */
  static String note(RunRecord run, Leftover left) {
    boolean killed = RunStatus.KILLED.word().equals(run.status());
    StringBuilder b = new StringBuilder();
    if (left != null && left.cleaned()) {
      return "killed, or crashed, before it finished; its figures are those of"
          + " its stored intervals, and sustain clean removed what it wrote and recorded its end";
    }
    b.append(RunLiveness.note(run.status()))
        .append("; its figures are those of its stored intervals");
    if (left == null || left.folder() == null) {
      return b.toString();
    }
    String what = left.testFile() == null ? "what it wrote" : "its test file " + left.testFile();
    String size = localSize(run, left.testFile());
    b.append(killed ? ". It left " : ". If it is dead, it left ")
        .append(what)
        .append(size)
        .append(" on ")
        .append(run.host())
        .append(": run `sustain clean ")
        .append(left.folder())
        .append("` there to remove it and record the run's end");
    return b.toString();
  }

  /** " (2.1 GB)" when the file is on this host and there; else nothing. */
  private static String localSize(RunRecord run, String testFile) {
    if (testFile == null || !run.host().equals(RunProcess.thisHost())) {
      return "";
    }
    try {
      Path f = Path.of(testFile);
      return Files.isRegularFile(f)
          ? String.format(Locale.ROOT, " (%s)", Units.decimalBytes(Files.size(f)))
          : "";
    } catch (java.io.IOException | RuntimeException e) {
      return "";
    }
  }
}
