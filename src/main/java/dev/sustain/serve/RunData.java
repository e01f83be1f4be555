package dev.sustain.serve;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sustain.document.NewerFormatException;
import dev.sustain.document.RunDocument;
import dev.sustain.document.RunDocumentCodec;
import dev.sustain.sampling.SamplesCsv;
import dev.sustain.store.RunFolders;
import dev.sustain.store.RunLiveness;
import dev.sustain.store.RunRecord;
import dev.sustain.store.SampleStore;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A run's samples and run.json as the dashboard serves them: from the history (where runs of every
 * host are), or, for a run recorded before the history kept samples, from its run folder when that
 * folder is on this host. Rows become JSON objects keyed by the samples.csv header. Stateless.
 */
final class RunData {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** Run folders of this host can be read; those of other hosts only through the store. */
  private static final String LOCAL_HOST = RunFolders.localHostName();

  /** Rows read from the store in one query. */
  static final int PAGE_ROWS = 5000;

  private RunData() {}

  /**
   * A run's samples.
   *
   * @param header the samples.csv header, or null when the run has no samples anywhere
   * @param lines the rows, in order
   */
  record Samples(String header, List<SampleStore.Line> lines) {
    static final Samples NONE = new Samples(null, List.of());

    /** header and rows as the lines of a samples.csv. */
    List<String> csvLines() {
      List<String> out = new ArrayList<>(lines.size() + 1);
      out.add(header);
      for (SampleStore.Line l : lines) {
        out.add(l.text());
      }
      return out;
    }
  }

  /**
   * True when the run has a row to draw, stored or in its local folder. A run still running with
   * none yet counts as having them: its first row is on its way.
   */
  static boolean hasSamples(SampleStore store, RunRecord run) {
    if (RunLiveness.mayChange(run.status())) {
      return true;
    }
    if (store.header(run.runId()).isPresent() && !store.lines(run.runId(), -1, 1).isEmpty()) {
      return true;
    }
    return localFolder(run) != null;
  }

  /** Every row of the run: stored ones, else its local folder's samples.csv. */
  static Samples samples(SampleStore store, RunRecord run) {
    String header = store.header(run.runId()).orElse(null);
    if (header != null) {
      List<SampleStore.Line> all = new ArrayList<>();
      long after = -1;
      while (true) {
        List<SampleStore.Line> page = store.lines(run.runId(), after, PAGE_ROWS);
        all.addAll(page);
        if (page.size() < PAGE_ROWS) {
          break;
        }
        after = page.getLast().seq();
      }
      if (!all.isEmpty()) {
        return new Samples(header, all);
      }
    }
    Samples local = fromFolder(run).orElse(null);
    return local != null ? local : header == null ? Samples.NONE : new Samples(header, List.of());
  }

  /**
   * The local folder's samples.csv through {@link SamplesCsv.Reader}: its header and rows as
   * written (blank lines skipped), each row's sequence number its place after the header.
   */
  private static Optional<Samples> fromFolder(RunRecord run) {
    Path folder = localFolder(run);
    return folder == null ? Optional.empty() : fromFolder(folder);
  }

  /** As {@link #fromFolder(RunRecord)}, for a folder known to be local. */
  static Optional<Samples> fromFolder(Path folder) {
    try (SamplesCsv.Reader in = SamplesCsv.Reader.open(folder.resolve("samples.csv"))) {
      if (in.headerLine() == 0) {
        return Optional.empty();
      }
      List<SampleStore.Line> lines = new ArrayList<>();
      for (SamplesCsv.Row r = in.next(); r != null; r = in.next()) {
        lines.add(new SampleStore.Line(r.lineNumber() - in.headerLine() - 1, r.text()));
      }
      return Optional.of(new Samples(in.headerText(), lines));
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  /** The run's run.json: stored, else from its local folder, else null. */
  static JsonNode runJson(SampleStore store, RunRecord run) {
    String text = store.runJson(run.runId()).orElse(null);
    if (text == null) {
      Path folder = localFolder(run);
      if (folder != null) {
        try {
          text = Files.readString(folder.resolve("run.json"), StandardCharsets.UTF_8);
        } catch (IOException e) {
          text = null;
        }
      }
    }
    if (text == null) {
      return null;
    }
    try {
      JsonNode node = JSON.readTree(text);
      return node != null && node.isObject() ? node : null;
    } catch (IOException e) {
      return null;
    }
  }

  /**
   * {@code runJson} ({@link #runJson}) as its record; empty when there is none, or a newer sustain
   * wrote it (its parts could mean something else, so the page shows the curve without them).
   */
  static Optional<RunDocument> document(JsonNode runJson) {
    if (runJson == null) {
      return Optional.empty();
    }
    try {
      return Optional.of(RunDocumentCodec.decode(runJson, RunDocumentCodec.FILE));
    } catch (NewerFormatException e) {
      return Optional.empty();
    }
  }

  /** The run folder when it was made on this host and is still there; else null. */
  static Path localFolder(RunRecord run) {
    if (run.runFolder() == null || !run.host().equals(LOCAL_HOST)) {
      return null;
    }
    try {
      Path p = Path.of(run.runFolder());
      return p.isAbsolute() && Files.isRegularFile(p.resolve("samples.csv")) ? p : null;
    } catch (RuntimeException e) {
      return null;
    }
  }

  /** The column names of a header. */
  static String[] columns(String header) {
    return SamplesCsv.header(header).toArray(String[]::new);
  }

  /**
   * One row as a JSON object keyed by the header: numbers as numbers, an empty cell as null, words
   * (a phase) as text.
   */
  static ObjectNode row(String[] columns, String line) {
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    String[] cells = SamplesCsv.cells(line);
    for (int i = 0; i < columns.length; i++) {
      String c = i < cells.length ? cells[i].strip() : "";
      if (c.isEmpty()) {
        o.putNull(columns[i]);
        continue;
      }
      try {
        if (c.indexOf('.') < 0 && c.indexOf('e') < 0 && c.indexOf('E') < 0) {
          o.put(columns[i], Long.parseLong(c));
        } else {
          double v = Double.parseDouble(c);
          if (Double.isFinite(v)) {
            o.put(columns[i], v);
          } else {
            o.putNull(columns[i]);
          }
        }
      } catch (NumberFormatException e) {
        o.put(columns[i], c);
      }
    }
    return o;
  }
}
