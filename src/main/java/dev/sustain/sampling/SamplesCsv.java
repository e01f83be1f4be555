package dev.sustain.sampling;

import dev.sustain.unit.Units;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

/**
 * {@code samples.csv}: one line per interval, appended and flushed as it comes, so that a crash
 * loses at most the interval in progress. Numbers are locale-proof; a missing value is an empty
 * cell. The last column, {@code phase}, says what the run was doing in the interval. The writer is
 * used from the sampler's thread only; {@link Reader} reads any version back by column name.
 */
public final class SamplesCsv implements SampleListener, AutoCloseable {

  /** The fixed columns, in order; probes' columns follow, then {@link #PHASE_COLUMN}. */
  public static final List<String> FIXED_COLUMNS =
      List.of(
          "time_s",
          "write_MBps",
          "bytes",
          "iops",
          "lat_p50_ms",
          "lat_p99_ms",
          "lat_max_ms",
          "cpu_pct",
          "temp_C");

  /** The last column: what the run was doing in the interval. */
  public static final String PHASE_COLUMN = "phase";

  /** Writing the data (a fill's per-file fsyncs included: they are part of its writing). */
  public static final String WRITE = "write";

  /** The final fsync of a write: the drive takes what the page cache or its own DRAM held. */
  public static final String FLUSH = "flush";

  /** Reading back (a copy's check, a read-back run). */
  public static final String READ = "read";

  /** A pause between passes: nothing is asked of the drive. */
  public static final String COOLDOWN = "cooldown";

  /** {@code time_s}'s usual resolution: the millisecond. */
  private static final int TIME_DECIMALS = 3;

  /** {@code time_s}'s finest resolution: the nanosecond, the clock's own. */
  private static final int FINEST_TIME_DECIMALS = 9;

  private final HeldAppender out;

  /**
   * Creates the file with its header.
   *
   * @param rateColumn {@code write_MBps} for writes, {@code read_MBps} for read-back runs
   */
  public SamplesCsv(Path file, String rateColumn, List<String> extraColumns) throws IOException {
    List<String> header = new ArrayList<>(FIXED_COLUMNS);
    header.set(1, rateColumn);
    header.addAll(extraColumns);
    header.add(PHASE_COLUMN);
    out = new HeldAppender(file);
    out.append(String.join(",", header) + "\n");
    if (out.heldBytes() > 0) {
      out.close(); // no room even for the header: refused now, as before any row is made
    }
  }

  /**
   * The time a row ending {@code nanos} after the start shows in {@code time_s}, when the row
   * before it shows {@code previousSeconds} (0 for the first row): the clock's reading cut to the
   * millisecond, unless that would not come after {@code previousSeconds} (a row closer than a
   * millisecond to the one before: a phase of microseconds); then with as many more decimals as it
   * takes, up to the nanosecond. Cut, not rounded: a shown time is never after the true one, so a
   * row's true end, which is after the one before it, always shows after the time shown before it,
   * and the rows' lengths as the file shows them are never zero. A reading no later than the one
   * before (the same nanosecond) shows one nanosecond after it.
   */
  public static double timeAfter(double previousSeconds, long nanos) {
    BigDecimal previous = BigDecimal.valueOf(previousSeconds);
    BigDecimal exact = BigDecimal.valueOf(nanos, FINEST_TIME_DECIMALS);
    for (int decimals = TIME_DECIMALS; decimals <= FINEST_TIME_DECIMALS; decimals++) {
      BigDecimal shown = exact.setScale(decimals, RoundingMode.FLOOR);
      if (shown.compareTo(previous) > 0) {
        return shown.doubleValue();
      }
    }
    return previous
        .add(BigDecimal.ONE.movePointLeft(FINEST_TIME_DECIMALS))
        .setScale(FINEST_TIME_DECIMALS, RoundingMode.HALF_UP)
        .doubleValue();
  }

  /**
   * One CSV line for {@code row}, without the newline. {@code time_s} shows the row's time to the
   * nanosecond at most and without trailing zeros: the sampler's rows hold it as {@link #timeAfter}
   * made it (milliseconds, more decimals only where a row is closer than that to the one before).
   */
  public static String line(SampleRow row) {
    StringBuilder b = new StringBuilder(96);
    b.append(Units.plain(row.timeSeconds(), FINEST_TIME_DECIMALS)).append(',');
    b.append(Units.plain(row.megabytesPerSecond(), 3)).append(',');
    b.append(row.bytes()).append(',');
    b.append(Units.plain(row.iops(), 1)).append(',');
    b.append(Units.plain(row.latP50Millis(), 3)).append(',');
    b.append(Units.plain(row.latP99Millis(), 3)).append(',');
    b.append(Units.plain(row.latMaxMillis(), 3)).append(',');
    b.append(Units.plain(row.cpuPercent(), 1)).append(',');
    b.append(Units.plain(row.temperatureCelsius(), 1));
    for (String cell : row.extraCells()) {
      b.append(',').append(cell);
    }
    b.append(',').append(row.phase());
    return b.toString();
  }

  @Override
  public void onSample(SampleRow row) {
    try {
      out.append(line(row) + "\n");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() throws IOException {
    out.close();
  }

  /**
   * The cells of one line, split at every comma (as many as the line has: empty ones kept), the one
   * split of samples.csv's lines, for rows kept as text elsewhere (the history's).
   */
  public static String[] cells(String line) {
    return line.split(",", -1);
  }

  /** The column names of a header line as written, stripped, quotes removed. */
  public static List<String> header(String line) {
    List<String> names = new ArrayList<>();
    for (String c : line.split(",", -1)) {
      String name = c.strip();
      if (name.length() >= 2 && name.startsWith("\"") && name.endsWith("\"")) {
        name = name.substring(1, name.length() - 1);
      }
      names.add(name);
    }
    return List.copyOf(names);
  }

  /**
   * Reads a samples.csv (or any CSV with a header line) row by row, finding columns by their header
   * name in any case, so that folders of every version read alike: columns added later are simply
   * absent from older files, and a file without {@code phase} reads as all {@link #WRITE}. Blank
   * lines and lines starting with {@code #} are skipped. Streams: nothing grows with the file. Not
   * thread-safe.
   */
  public static final class Reader implements AutoCloseable {

    private final BufferedReader in;
    private final List<String> columns;
    private final String headerText;
    private final int headerLine;
    private final int phase;
    private int lineNumber;
    private Row ahead;

    private Reader(BufferedReader in) throws IOException {
      this.in = in;
      String header = nextContent();
      if (header == null) {
        this.columns = List.of();
        this.headerText = "";
        this.headerLine = 0;
      } else {
        this.columns = header(header);
        this.headerText = header;
        this.headerLine = lineNumber;
      }
      this.phase = column(PHASE_COLUMN);
      this.ahead = readRow();
    }

    /** Opens {@code file} and reads its header (none when the file is empty). */
    public static Reader open(Path file) throws IOException {
      return new Reader(Files.newBufferedReader(file, StandardCharsets.UTF_8));
    }

    /** Reads samples.csv text kept elsewhere (the history keeps a run's lines). */
    public static Reader of(java.io.Reader text) throws IOException {
      return new Reader(new BufferedReader(text));
    }

    /** The header's names as written (quotes removed); empty for an empty file. */
    public List<String> columns() {
      return columns;
    }

    /** The header line as written (stripped), empty when there is none. */
    public String headerText() {
      return headerText;
    }

    /** The 1-based line number of the header, 0 when there is none. */
    public int headerLine() {
      return headerLine;
    }

    /** The index of the column named {@code name} (any case), or -1 when there is none. */
    public int column(String name) {
      for (int i = 0; i < columns.size(); i++) {
        if (columns.get(i).equalsIgnoreCase(name)) {
          return i;
        }
      }
      return -1;
    }

    /** Whether the file has a {@code phase} column (older folders do not). */
    public boolean hasPhase() {
      return phase >= 0;
    }

    /** The next row, or null at the end of the file. */
    public Row next() throws IOException {
      Row r = ahead;
      if (r != null) {
        ahead = readRow();
        if (ahead == null) {
          r = new Row(r.lineNumber, r.cells, r.phase, true);
        }
      }
      return r;
    }

    /** The next row whose phase {@code keep} accepts, or null at the end of the file. */
    public Row next(Predicate<String> keep) throws IOException {
      Row r;
      while ((r = next()) != null && !keep.test(r.phase())) {
        // a row of another phase
      }
      return r;
    }

    private Row readRow() throws IOException {
      String line = nextContent();
      if (line == null) {
        return null;
      }
      String[] cells = cells(line);
      String p = WRITE;
      if (phase >= 0 && phase < cells.length && !cells[phase].isBlank()) {
        p = cells[phase].strip().toLowerCase(Locale.ROOT);
      }
      return new Row(lineNumber, cells, p, false);
    }

    private String nextContent() throws IOException {
      String line;
      while ((line = in.readLine()) != null) {
        lineNumber++;
        String t = line.strip();
        if (!t.isEmpty() && !t.startsWith("#")) {
          return t;
        }
      }
      return null;
    }

    @Override
    public void close() throws IOException {
      in.close();
    }
  }

  /**
   * One row of a {@link Reader}.
   *
   * @param lineNumber its 1-based line in the file
   * @param cells its cells, split at commas (as many as the line has: a line cut short by a kill
   *     has fewer than the header)
   * @param phase its phase in lower case, {@link #WRITE} when the file has no phase column or the
   *     cell is empty
   * @param last whether no row follows it
   */
  public record Row(int lineNumber, String[] cells, String phase, boolean last) {

    /** The line as written (stripped): its cells joined at the commas they were split at. */
    public String text() {
      return String.join(",", cells);
    }

    /** The cell at {@code column}, stripped; empty when the column is -1 or the line is short. */
    public String cell(int column) {
      return column >= 0 && column < cells.length ? cells[column].strip() : "";
    }
  }
}
