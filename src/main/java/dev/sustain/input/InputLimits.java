package dev.sustain.input;

import dev.sustain.unit.Units;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * What no real curve file is, and the streaming reader that holds every reader to it: memory stays
 * bounded whatever a file holds (a 2 GB file of zeros, a time jump to the year 2038), and what
 * could only give garbage figures (a rate of 1e308 MB/s, time_s in epoch nanoseconds) is refused on
 * the line where it is. The bounds are far past any drive and any run: a real log never meets them.
 * Stateless.
 */
public final class InputLimits {

  /** A line longer than this is no CSV or fio line (samples.csv lines are a few hundred). */
  public static final int MAX_LINE_CHARS = 64 * 1024;

  /** A rate above this is no drive's: 10^7 MB/s is 10 TB/s, a hundred times the fastest. */
  public static final double MAX_MBPS = 1e7;

  /** A time above this (31 years into a run) is a clock's epoch time, not a run's time. */
  public static final double MAX_TIME_SECONDS = 1e9;

  /** Two lines more than this apart in time are no log of one run (a run logs every few s). */
  public static final double MAX_STEP_SECONDS = 86_400;

  /**
   * The most samples one curve may have: a day in 50 ms intervals, 23 days at one a second. It
   * bounds the memory a curve takes (about 100 MB) and the zero periods a fio log's gaps restore.
   */
  public static final int MAX_SAMPLES = 2_000_000;

  /** A run.json or group.json larger than this is no run's (they are a few kB). */
  public static final long MAX_JSON_BYTES = 16L << 20;

  private InputLimits() {}

  /**
   * {@code file} as lines, streamed: strict UTF-8, a byte-order mark at the start dropped (a
   * spreadsheet's CSV export writes one), and a line longer than {@link #MAX_LINE_CHARS} refused
   * with its number before it is held in memory.
   *
   * @throws InputFormatException when the file is missing or cannot be opened
   */
  public static BufferedReader open(Path file) {
    InputStream in;
    try {
      in = Files.newInputStream(file);
    } catch (IOException e) {
      throw cannotRead(file, e);
    }
    var decoder =
        StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    return new BufferedReader(new Bounded(new InputStreamReader(in, decoder)));
  }

  /** An I/O failure while opening or reading {@code file}, in one line naming it. */
  public static InputFormatException cannotRead(Path file, IOException e) {
    if (e instanceof LineTooLong l) {
      return new InputFormatException(
          file,
          l.lineNumber,
          "a line longer than " + MAX_LINE_CHARS + " characters: not a CSV nor a fio log");
    }
    if (e instanceof CharacterCodingException) {
      return new InputFormatException(file, 0, "not a text file (not UTF-8)");
    }
    if (e instanceof NoSuchFileException) {
      return new InputFormatException(file, 0, "no such file");
    }
    if (e instanceof AccessDeniedException) {
      return new InputFormatException(file, 0, "cannot be read: permission denied");
    }
    if (e instanceof FileSystemException fs && fs.getReason() != null) {
      return new InputFormatException(file, 0, "cannot be read: " + fs.getReason());
    }
    return new InputFormatException(file, 0, "cannot be read: " + e.getMessage());
  }

  /**
   * Checks a time against the one of the line before ({@code previousSeconds}, 0 for the first).
   *
   * @throws IllegalArgumentException naming what is wrong (the caller adds file:line)
   */
  static void checkTime(double seconds, double previousSeconds, String what) {
    checkTimeBound(seconds, what);
    if (seconds - previousSeconds > MAX_STEP_SECONDS) {
      throw new IllegalArgumentException(
          what
              + " jumps by more than a day, from "
              + shown(previousSeconds)
              + " s to "
              + shown(seconds)
              + " s: not one run's log");
    }
  }

  /** Checks a time on its own: not past {@link #MAX_TIME_SECONDS}. */
  static void checkTimeBound(double seconds, String what) {
    if (seconds > MAX_TIME_SECONDS) {
      throw new IllegalArgumentException(
          what
              + " of "
              + shown(seconds)
              + " s is over 31 years into a run (above 1e9 s): an epoch time or a wrong unit?");
    }
  }

  /** Checks a rate: finite (the caller's parse made sure), not negative, no drive's beyond. */
  static void checkRate(double megabytesPerSecond, String what) {
    if (megabytesPerSecond < 0) {
      throw new IllegalArgumentException(
          what + " cannot be negative: " + shown(megabytesPerSecond));
    }
    if (megabytesPerSecond > MAX_MBPS) {
      throw new IllegalArgumentException(
          what
              + " of "
              + shown(megabytesPerSecond)
              + " MB/s is above 1e7 MB/s (10 TB/s), far past any drive: a wrong unit or a broken"
              + " line?");
    }
  }

  /** A temperature a drive reports: above absolute zero, below a melting solder joint. */
  static void checkTemperature(double celsius) {
    if (celsius < -273.15 || celsius > 1000) {
      throw new IllegalArgumentException(
          "temp_C of " + shown(celsius) + " is no drive's temperature (-273.15 to 1000 °C)");
    }
  }

  /** A CPU share: 0 to 100 per core, for a million cores at most. */
  static void checkCpuPercent(double percent) {
    if (percent < 0 || percent > 1e8) {
      throw new IllegalArgumentException(
          "cpu_pct of " + shown(percent) + " is no CPU's share (0 to 100 per core)");
    }
  }

  /**
   * The bytes of one interval: no more than {@link #MAX_BYTES_PER_INTERVAL}, so that the sum of
   * every interval of a curve stays far inside a long.
   */
  static void checkIntervalBytes(long bytes) {
    if (bytes > MAX_BYTES_PER_INTERVAL) {
      throw new IllegalArgumentException(
          "bytes of "
              + bytes
              + " in one interval is more than 10^15 (a petabyte): a wrong unit or a broken line?");
    }
  }

  /** See {@link #checkIntervalBytes}: 10^15, times {@link #MAX_SAMPLES} still inside a long. */
  static final long MAX_BYTES_PER_INTERVAL = 1_000_000_000_000_000L;

  /** A number for a message: plain when of a readable size, else in powers of ten. */
  static String shown(double v) {
    return Math.abs(v) < 1e12 ? Units.plain(v, 3) : String.format(Locale.ROOT, "%.3e", v);
  }

  /** A line of {@link #open} over {@link #MAX_LINE_CHARS}; carries the line's number. */
  static final class LineTooLong extends IOException {
    final long lineNumber;

    LineTooLong(long lineNumber) {
      super("line " + lineNumber + " is longer than " + MAX_LINE_CHARS + " characters");
      this.lineNumber = lineNumber;
    }
  }

  /**
   * Passes characters through, counting those since the last line break: a reader above it (a
   * BufferedReader's readLine) never gets to build a line longer than the limit. Drops a leading
   * byte-order mark.
   */
  private static final class Bounded extends Reader {
    private final Reader in;
    private boolean started;
    private long lineNumber = 1;
    private long lineChars;

    Bounded(Reader in) {
      this.in = in;
    }

    @Override
    public int read(char[] buf, int off, int len) throws IOException {
      int n = in.read(buf, off, len);
      if (n <= 0) {
        return n;
      }
      if (!started) {
        started = true;
        if (buf[off] == '\uFEFF') {
          System.arraycopy(buf, off + 1, buf, off, n - 1);
          n--;
          if (n == 0) {
            return read(buf, off, len);
          }
        }
      }
      for (int i = off; i < off + n; i++) {
        char c = buf[i];
        if (c == '\n' || c == '\r') {
          if (c == '\n') {
            lineNumber++;
          }
          lineChars = 0;
        } else if (++lineChars > MAX_LINE_CHARS) {
          throw new LineTooLong(lineNumber);
        }
      }
      return n;
    }

    @Override
    public void close() throws IOException {
      in.close();
    }
  }
}
