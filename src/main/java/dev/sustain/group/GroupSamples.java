package dev.sustain.group;

import dev.sustain.unit.Units;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;

/**
 * The group's own {@code samples.csv}: {@code time_s}, one {@code <name>_MBps} column per target
 * and {@code sum_MBps}, one row per interval of the group's clock, appended and flushed as it
 * comes.
 *
 * <p>Every target keeps its own sampler (its own run folder is an ordinary one), so their rows end
 * at slightly different moments. Each target row's bytes are spread over the group intervals it
 * overlaps, in proportion to the overlap, so the bytes of every column add up to the target's own
 * total. A target's cell is its bytes in the interval over the interval's length (a target that
 * started or ended inside it reads low there, as a run's own first and last rows do), and empty
 * where it was not writing at all; {@code sum_MBps} is the sum of the cells. A row is written once
 * every target has reported past its end (or ended, or is not due to start yet).
 *
 * <p>The group's time zero is the first target's start (its sampler's), estimated from its rows: a
 * row reported at {@code now} with {@code time_s = t} started its run no later than {@code now -
 * t}. Thread-safe: rows arrive from every target's sampler thread.
 */
final class GroupSamples implements AutoCloseable {

  /** A written row, for live progress: rates NaN where a target was not writing. */
  @FunctionalInterface
  interface RowListener {
    void onRow(double timeSeconds, double[] rateMBps, double sumMBps);
  }

  private final BufferedWriter out;
  private final int targets;
  private final long intervalNanos;
  private final RowListener listener;

  /** Per target: the earliest its run can have started (launch or planned launch), nanoTime. */
  private final long[] notBeforeNanos;

  /** Per target: its run's start, estimated from its rows; MAX_VALUE until its first row. */
  private final long[] startNanos;

  /** Per target: the real time its rows have covered so far. */
  private final long[] elapsedNanos;

  /** Per target: everything up to here has been reported, nanoTime. */
  private final long[] knownUntilNanos;

  private final boolean[] ended;

  /**
   * The rows written, as the file holds them (each number read back from its printed digits), for
   * the group's analysis at its end: at most {@link #MAX_KEPT_CELLS} rates, beyond which (a group
   * of days at a short interval) none are kept and the end reads the file.
   */
  private double[] keptTime = new double[64];

  private double[][] keptRate;
  private int keptRows;
  private boolean keptAll = true;

  /** 4 million rates, 32 MB: a day of four targets at 0.1 s intervals. */
  static final int MAX_KEPT_CELLS = 4_000_000;

  /** The rows written: {@code timeSeconds} and {@code rateMBps[target][row]}, NaN where idle. */
  record Rows(double[] timeSeconds, double[][] rateMBps) {}

  private final ArrayDeque<double[]> pending = new ArrayDeque<>();
  private long zeroNanos = Long.MIN_VALUE;
  private long nextRow;

  /** Creates the file with its header. */
  GroupSamples(Path file, List<String> names, long intervalNanos, RowListener listener)
      throws IOException {
    this.targets = names.size();
    this.intervalNanos = intervalNanos;
    this.listener = listener;
    this.notBeforeNanos = new long[targets];
    this.startNanos = new long[targets];
    this.elapsedNanos = new long[targets];
    this.knownUntilNanos = new long[targets];
    this.ended = new boolean[targets];
    Arrays.fill(startNanos, Long.MAX_VALUE);
    keptRate = new double[targets][keptTime.length];
    out =
        Files.newBufferedWriter(
            file, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
    StringBuilder header = new StringBuilder("time_s");
    for (String n : names) {
      header.append(',').append(n).append("_MBps");
    }
    out.write(header.append(",sum_MBps\n").toString());
    out.flush();
  }

  /** The column of a target's rate. */
  static String column(String name) {
    return name + "_MBps";
  }

  /**
   * The group's clock starts: time zero, and the moment before which each target cannot write (its
   * turn). No row comes before this.
   */
  synchronized void open(long zeroNanos, long[] notBeforeNanos) {
    this.zeroNanos = zeroNanos;
    for (int i = 0; i < targets; i++) {
      this.notBeforeNanos[i] = notBeforeNanos[i];
      this.knownUntilNanos[i] = Math.max(this.knownUntilNanos[i], notBeforeNanos[i]);
    }
    flushReady();
  }

  /**
   * A row of target {@code i}, reported at {@code nowNanos}. Its place in time comes from the real
   * lengths of the target's rows (their sum is the real time since its start; a row's nominal time
   * is its interval boundary, which a late wake-up overshoots), anchored at its start, estimated as
   * the earliest {@code now - elapsed} seen.
   *
   * @param intervalSeconds the row's real length
   * @param writing false for a row of another phase (the final flush): its time passes, but the
   *     target is not writing in it (its bytes, if any, still count)
   */
  synchronized void row(int i, long nowNanos, double intervalSeconds, long bytes, boolean writing) {
    elapsedNanos[i] += Math.round(intervalSeconds * 1e9);
    startNanos[i] =
        Math.min(startNanos[i], Math.max(nowNanos - elapsedNanos[i], notBeforeNanos[i]));
    long end = startNanos[i] + elapsedNanos[i];
    long begin = end - Math.round(intervalSeconds * 1e9);
    if (writing || bytes > 0) {
      spread(i, begin, end, bytes);
    }
    knownUntilNanos[i] = Math.max(knownUntilNanos[i], end);
    flushReady();
  }

  /** Target {@code i} has ended: nothing more of it will come. */
  synchronized void ended(int i) {
    ended[i] = true;
    flushReady();
  }

  /** Target {@code i}'s start in seconds of the group's clock, NaN when it reported no row. */
  synchronized double startSeconds(int i) {
    return startNanos[i] == Long.MAX_VALUE ? Double.NaN : (startNanos[i] - zeroNanos) / 1e9;
  }

  /**
   * Spreads a row's bytes over the group intervals it overlaps, in proportion to the overlap; a
   * part that falls before the first interval not yet written (a target that started a moment
   * before the group's zero) is kept in that interval, so no byte is lost.
   */
  private void spread(int i, long begin, long end, long bytes) {
    double length = Math.max(1, end - begin);
    long first = Math.floorDiv(begin - zeroNanos, intervalNanos);
    long last = Math.max(first, Math.floorDiv(end - 1 - zeroNanos, intervalNanos));
    for (long k = first; k <= last; k++) {
      long from = Math.max(begin, zeroNanos + k * intervalNanos);
      long to = Math.min(end, zeroNanos + (k + 1) * intervalNanos);
      double[] cell = cell(Math.max(k, nextRow));
      cell[2 * i] += bytes * (first == last ? 1.0 : Math.max(0, to - from) / length);
      cell[2 * i + 1] = 1; // the target was writing in this interval
    }
  }

  /** The pending cells of interval {@code k}: per target bytes and a written-in flag. */
  private double[] cell(long k) {
    while (nextRow + pending.size() <= k) {
      pending.addLast(new double[2 * targets]);
    }
    int index = (int) (k - nextRow);
    int at = 0;
    for (double[] c : pending) {
      if (at++ == index) {
        return c;
      }
    }
    throw new IllegalStateException("cannot happen: interval " + k + " not pending");
  }

  private void flushReady() {
    if (zeroNanos == Long.MIN_VALUE) {
      return;
    }
    long known = Long.MAX_VALUE;
    for (int i = 0; i < targets; i++) {
      if (!ended[i]) {
        known = Math.min(known, knownUntilNanos[i]);
      }
    }
    while (!pending.isEmpty()) {
      long rowEnd = zeroNanos + (nextRow + 1) * intervalNanos;
      if (known != Long.MAX_VALUE && rowEnd > known) {
        return;
      }
      write(nextRow, pending.removeFirst());
      nextRow++;
    }
  }

  private void write(long k, double[] cells) {
    double seconds = intervalNanos / 1e9;
    double[] rates = new double[targets];
    double sum = 0;
    StringBuilder b = new StringBuilder(16 + 12 * targets);
    String time = Units.plain((k + 1) * seconds, 3);
    b.append(time);
    double[] printed = new double[targets];
    for (int i = 0; i < targets; i++) {
      b.append(',');
      if (cells[2 * i + 1] > 0) {
        rates[i] = cells[2 * i] / seconds / 1e6;
        sum += rates[i];
        String rate = Units.plain(rates[i], 3);
        b.append(rate);
        printed[i] = Double.parseDouble(rate);
      } else {
        rates[i] = Double.NaN;
        printed[i] = Double.NaN;
      }
    }
    keep(Double.parseDouble(time), printed);
    b.append(',').append(Units.plain(sum, 3)).append('\n');
    try {
      out.write(b.toString());
      out.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    listener.onRow((k + 1) * seconds, rates, sum);
  }

  /** Keeps a written row, as long as the rows kept stay under {@link #MAX_KEPT_CELLS}. */
  private void keep(double timeSeconds, double[] rateMBps) {
    if (!keptAll) {
      return;
    }
    if ((long) (keptRows + 1) * Math.max(1, targets) > MAX_KEPT_CELLS) {
      keptAll = false;
      keptTime = null;
      keptRate = null;
      return;
    }
    if (keptRows == keptTime.length) {
      keptTime = Arrays.copyOf(keptTime, 2 * keptRows);
      for (int i = 0; i < targets; i++) {
        keptRate[i] = Arrays.copyOf(keptRate[i], 2 * keptRows);
      }
    }
    keptTime[keptRows] = timeSeconds;
    for (int i = 0; i < targets; i++) {
      keptRate[i][keptRows] = rateMBps[i];
    }
    keptRows++;
  }

  /** The rows written so far, or null when there were too many to keep. */
  synchronized Rows rows() {
    if (!keptAll) {
      return null;
    }
    double[][] rate = new double[targets][];
    for (int i = 0; i < targets; i++) {
      rate[i] = Arrays.copyOf(keptRate[i], keptRows);
    }
    return new Rows(Arrays.copyOf(keptTime, keptRows), rate);
  }

  /** Writes every interval still pending (all targets have ended) and closes the file. */
  @Override
  public synchronized void close() throws IOException {
    Arrays.fill(ended, true);
    try {
      flushReady();
    } finally {
      out.close();
    }
  }
}
