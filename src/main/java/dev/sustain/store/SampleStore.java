package dev.sustain.store;

import dev.sustain.analysis.SampleSeries;
import dev.sustain.input.CurveReader;
import dev.sustain.input.InputFormatException;
import dev.sustain.input.InputLimits;
import dev.sustain.sampling.SamplesCsv;
import dev.sustain.sampling.SamplesCsvLines;
import dev.sustain.unit.Units;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.statement.PreparedBatch;

/**
 * The samples of runs in the history (schema V2): each samples.csv row of a run under its place in
 * the file ({@code seq}), with run.json and the samples header beside them, so that a dashboard on
 * any host can draw a run that another host is writing. Rows are written as they come and again
 * from samples.csv at the end; a row already stored is left as it is, so none is ever stored twice.
 *
 * <p>Not thread-safe when made with {@link #open} (one connection); thread-safe over a pool ({@link
 * #over}).
 */
public final class SampleStore implements AutoCloseable {

  /** Rows sent to the database in one statement batch. */
  static final int BATCH_ROWS = 1000;

  /**
   * One samples.csv row: its place (0 = the first row after the header) and its text.
   *
   * @param seq the row's index in samples.csv, from 0
   * @param text the CSV line without its newline
   */
  public record Line(long seq, String text) {}

  private final DbLocation location;
  private final Jdbi jdbi;
  private final boolean ownConnection;
  private Handle handle; // the own connection, while open

  private SampleStore(DbLocation location, Jdbi jdbi, boolean ownConnection) {
    this.location = location;
    this.jdbi = jdbi;
    this.ownConnection = ownConnection;
  }

  /** A store on one connection of its own (opened at first use, reopened after a failure). */
  public static SampleStore open(DbLocation location) {
    return new SampleStore(location, JdbiStores.unpooled(location), true);
  }

  /** A store over a pool: every call takes a connection and gives it back. */
  public static SampleStore over(JdbiStores.Pool pool) {
    return new SampleStore(pool.location(), pool.jdbi(), false);
  }

  // ---- writing (the run's process) --------------------------------------------------------

  private static final String UPSERT_DOCUMENT =
      """
      INSERT INTO run_documents (run_id, run_json, samples_header, updated_ms)
      VALUES (:run_id, :run_json, :samples_header, :updated_ms)
      ON CONFLICT (run_id) DO UPDATE SET
        run_json = COALESCE(excluded.run_json, run_documents.run_json),
        samples_header = COALESCE(excluded.samples_header, run_documents.samples_header),
        updated_ms = excluded.updated_ms
      """;

  private static final String INSERT_SAMPLE =
      """
      INSERT INTO samples (run_id, seq, time_s, rate_mbps, bytes, temp_c, phase, line)
      VALUES (:run_id, :seq, :time_s, :rate_mbps, :bytes, :temp_c, :phase, :line)
      ON CONFLICT (run_id, seq) DO NOTHING
      """;

  /**
   * Keeps run.json and the samples header of a run; a null leaves what is stored.
   *
   * @param header the first line of samples.csv, or null
   */
  public void saveDocument(String runId, String runJson, String header) {
    write(
        "record run.json of run " + runId,
        h -> {
          saveDocument(h, runId, runJson, header);
          return null;
        });
  }

  /** {@link #saveDocument(String, String, String)} inside the caller's transaction. */
  static void saveDocument(Handle h, String runId, String runJson, String header) {
    h.createUpdate(UPSERT_DOCUMENT)
        .bind("run_id", runId)
        .bind("run_json", runJson)
        .bind("samples_header", header)
        .bind("updated_ms", System.currentTimeMillis())
        .execute();
  }

  /** Forgets the stored rows of a run: a run id starting a new series (a resumed fill). */
  public void restart(String runId) {
    write(
        "clear the samples of run " + runId,
        h -> {
          restart(h, runId);
          return null;
        });
  }

  /** {@link #restart(String)} inside the caller's transaction. */
  static void restart(Handle h, String runId) {
    h.createUpdate("DELETE FROM samples WHERE run_id = :run_id").bind("run_id", runId).execute();
  }

  /**
   * Stores rows read by {@code header}; rows already there (same run and seq) stay as they are.
   * Lines that do not hold a number in {@code time_s} (a line cut short by a kill) are left out.
   *
   * @return how many rows were new
   */
  public int append(String runId, String header, List<Line> lines) {
    int added = 0;
    for (int from = 0; from < lines.size(); from += BATCH_ROWS) {
      List<Line> chunk = lines.subList(from, Math.min(lines.size(), from + BATCH_ROWS));
      added += write("record samples of run " + runId, h -> append(h, runId, header, chunk));
    }
    return added;
  }

  /** {@link #append(String, String, List)} inside the caller's transaction. */
  static int append(Handle h, String runId, String header, List<Line> lines) {
    Columns cols = Columns.of(header);
    int added = 0;
    for (int from = 0; from < lines.size(); from += BATCH_ROWS) {
      PreparedBatch batch = h.prepareBatch(INSERT_SAMPLE);
      int n = 0;
      for (Line l : lines.subList(from, Math.min(lines.size(), from + BATCH_ROWS))) {
        String[] cells = SamplesCsv.cells(l.text());
        Double time = cols.number(cells, cols.time);
        if (time == null) {
          continue;
        }
        Double bytes = cols.number(cells, cols.bytes);
        batch
            .bind("run_id", runId)
            .bind("seq", l.seq())
            .bind("time_s", time)
            .bind("rate_mbps", cols.number(cells, cols.rate))
            .bind("bytes", bytes == null ? null : (Long) Math.round(bytes))
            .bind("temp_c", cols.number(cells, cols.temp))
            .bind("phase", cols.text(cells, cols.phase))
            .bind("line", l.text())
            .add();
        n++;
      }
      if (n > 0) {
        added += Arrays.stream(batch.execute()).map(c -> Math.max(0, c)).sum();
      }
    }
    return added;
  }

  /** The samples.csv header an imported log's curve is stored under. */
  static final String LOG_HEADER = "time_s,write_MBps,bytes";

  /**
   * Stores an imported log's curve (a fio log, another tool's CSV) as samples.csv rows, so its run
   * page draws it on any host; the log itself stays where it was. Rows already stored (the same log
   * imported twice) are kept.
   *
   * @return how many rows were new
   * @throws StoreException when the database cannot be written
   */
  public int fillFromLog(String runId, Path log) {
    SampleSeries s = CurveReader.read(log).series();
    saveDocument(runId, null, LOG_HEADER);
    List<Line> lines = new ArrayList<>(s.size());
    for (int k = 0; k < s.size(); k++) {
      lines.add(
          new Line(
              k,
              Units.plain(s.timeSeconds(k), 3)
                  + ","
                  + Units.plain(s.writeMBps(k), 3)
                  + ","
                  + s.bytes(k)));
    }
    return append(runId, LOG_HEADER, lines);
  }

  /**
   * Stores run.json and every complete row of {@code folder}'s samples.csv that is not stored yet:
   * the rows a live recording missed (a store that was down, a run recorded only at its end).
   *
   * @return how many rows were new
   * @throws StoreException when the database cannot be written
   */
  public int fillFromFolder(String runId, Path folder) {
    StoreException[] unread = {null};
    int added =
        write(
            "record the samples of run " + runId,
            h -> {
              try {
                return fillFromFolder(h, runId, folder);
              } catch (StoreException e) {
                unread[0] = e; // what was read before stays: committed, then the failure
                return 0;
              }
            });
    if (unread[0] != null) {
      throw unread[0];
    }
    return added;
  }

  /**
   * {@link #fillFromFolder(String, Path)} inside the caller's transaction: run.json, the header and
   * the rows go in with whatever else the caller writes, in one commit.
   *
   * @throws StoreException when samples.csv cannot be read (what went in before stays)
   */
  static int fillFromFolder(Handle h, String runId, Path folder) {
    String runJson = null;
    try {
      runJson = Files.readString(folder.resolve("run.json"), StandardCharsets.UTF_8);
    } catch (IOException e) {
      // A folder without a readable run.json still has samples worth keeping.
    }
    return fillFromSamples(h, runId, folder, runJson);
  }

  /**
   * {@code runJson} as given (the run's own text: a run's end is recorded without reading its
   * run.json back) and every row of the folder's samples.csv, read once through {@link
   * SamplesCsv.Reader}, inside the caller's transaction. A row's {@code seq} is its place after the
   * header line, blank lines counted, as {@code serve} numbers a local folder's rows.
   *
   * @param runJson run.json's text, or null to leave what is stored
   * @throws StoreException when samples.csv cannot be read (what went in before stays)
   */
  static int fillFromSamples(Handle h, String runId, Path folder, String runJson) {
    Path samples = folder.resolve("samples.csv");
    if (!Files.isRegularFile(samples)) {
      saveDocument(h, runId, runJson, null); // a run that failed before its first row
      return 0;
    }
    // Streamed, a chunk at a time: a long run's samples.csv may be larger than the heap.
    try (SamplesCsv.Reader in = SamplesCsv.Reader.of(InputLimits.open(samples))) {
      if (in.headerLine() == 0) {
        saveDocument(h, runId, runJson, null);
        return 0;
      }
      String header = in.headerText();
      saveDocument(h, runId, runJson, header);
      int added = 0;
      List<Line> chunk = new ArrayList<>(FILL_CHUNK_ROWS);
      for (SamplesCsv.Row r = in.next(); r != null; r = in.next()) {
        chunk.add(new Line(r.lineNumber() - in.headerLine() - 1, r.text()));
        if (chunk.size() == FILL_CHUNK_ROWS) {
          added += append(h, runId, header, chunk);
          chunk.clear();
        }
      }
      return added + append(h, runId, header, chunk);
    } catch (IOException e) {
      throw new StoreException(InputLimits.cannotRead(samples, e).getMessage());
    } catch (InputFormatException e) {
      throw new StoreException(e.getMessage());
    }
  }

  /**
   * {@link #fillFromSamples} of rows already read ({@code samples}, as the run's end read its
   * samples.csv): the same rows under the same {@code seq}, the file not opened.
   */
  static int fillFromLines(Handle h, String runId, String runJson, SamplesCsvLines samples) {
    saveDocument(h, runId, runJson, samples.header());
    List<Line> lines = new ArrayList<>(samples.lines().size());
    for (SamplesCsvLines.Line l : samples.lines()) {
      lines.add(new Line(l.seq(), l.text()));
    }
    return append(h, runId, samples.header(), lines);
  }

  /** Rows read from a samples.csv before they are sent (in batches of {@link #BATCH_ROWS}). */
  private static final int FILL_CHUNK_ROWS = 10 * BATCH_ROWS;

  // ---- reading (the dashboard) ------------------------------------------------------------

  /** The stored header of the run's samples.csv. */
  public Optional<String> header(String runId) {
    return document("samples_header", "read the samples header of run " + runId, runId);
  }

  /** The stored run.json of the run. */
  public Optional<String> runJson(String runId) {
    return document("run_json", "read run.json of run " + runId, runId);
  }

  /** One text column of the run's stored documents; {@code column} is one of ours, never input. */
  private Optional<String> document(String column, String what, String runId) {
    return read(
        what,
        h ->
            h.createQuery("SELECT " + column + " FROM run_documents WHERE run_id = :run_id")
                .bind("run_id", runId)
                .mapTo(String.class)
                .findOne());
  }

  /** Rows after {@code afterSeq} (-1 for all), in order, at most {@code limit}. */
  public List<Line> lines(String runId, long afterSeq, int limit) {
    return read(
        "read samples of run " + runId,
        h ->
            h.createQuery(
                    "SELECT seq, line FROM samples WHERE run_id = :run_id AND seq > :after"
                        + " ORDER BY seq LIMIT :limit")
                .bind("run_id", runId)
                .bind("after", afterSeq)
                .bind("limit", limit)
                .map((rs, ctx) -> new Line(rs.getLong("seq"), rs.getString("line")))
                .list());
  }

  /** How many rows of the run are stored. */
  public long count(String runId) {
    return read(
        "count samples of run " + runId,
        h ->
            h.createQuery("SELECT COUNT(*) FROM samples WHERE run_id = :run_id")
                .bind("run_id", runId)
                .mapTo(Long.class)
                .one());
  }

  // ---- connections ------------------------------------------------------------------------

  @FunctionalInterface
  private interface Work<T> {
    T run(Handle h);
  }

  private <T> T write(String what, Work<T> work) {
    return JdbiStores.call(location, what, () -> withHandle(h -> h.inTransaction(work::run)));
  }

  private <T> T read(String what, Work<T> work) {
    return JdbiStores.call(location, what, () -> withHandle(work));
  }

  private <T> T withHandle(Work<T> work) {
    if (!ownConnection) {
      return jdbi.withHandle(work::run);
    }
    if (handle == null) {
      handle = jdbi.open();
    }
    try {
      return work.run(handle);
    } catch (RuntimeException e) {
      // A broken connection is not reused: the next call opens a new one.
      closeHandle();
      throw e;
    }
  }

  private void closeHandle() {
    Handle h = handle;
    handle = null;
    if (h != null) {
      try {
        h.close();
      } catch (RuntimeException ignored) {
        // Closing a broken connection can fail; it is dropped either way.
      }
    }
  }

  @Override
  public void close() {
    closeHandle();
  }

  /** Where the columns the store keeps by name sit in a header; -1 when absent. */
  private record Columns(int time, int rate, int bytes, int temp, int phase) {

    static Columns of(String header) {
      List<String> names = new ArrayList<>();
      for (String n : SamplesCsv.cells(header)) {
        names.add(n.strip().toLowerCase(Locale.ROOT));
      }
      // The rate is the second column whatever its name (write_MBps, read_MBps).
      return new Columns(
          names.indexOf("time_s"),
          names.size() > 1 ? 1 : -1,
          names.indexOf("bytes"),
          names.indexOf("temp_c"),
          names.indexOf("phase"));
    }

    Double number(String[] cells, int i) {
      if (i < 0 || i >= cells.length || cells[i].isBlank()) {
        return null;
      }
      try {
        double v = Double.parseDouble(cells[i].strip());
        return Double.isFinite(v) ? v : null;
      } catch (NumberFormatException e) {
        return null;
      }
    }

    String text(String[] cells, int i) {
      return i < 0 || i >= cells.length || cells[i].isBlank() ? null : cells[i].strip();
    }
  }
}
