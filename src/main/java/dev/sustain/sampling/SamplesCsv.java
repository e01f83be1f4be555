package dev.sustain.sampling;

import dev.sustain.unit.Units;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code samples.csv}: one line per interval, appended and flushed as it comes, so that a crash
 * loses at most the interval in progress. Numbers are locale-proof; a missing value is an empty
 * cell. Used from the sampler's thread only.
 */
public final class SamplesCsv implements SampleListener, AutoCloseable {

  /** The fixed columns, in order; probes' columns follow. */
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

  private final BufferedWriter out;

  /**
   * Creates the file with its header.
   *
   * @param rateColumn {@code write_MBps} for writes, {@code read_MBps} for read-back runs
   */
  public SamplesCsv(Path file, String rateColumn, List<String> extraColumns) throws IOException {
    List<String> header = new ArrayList<>(FIXED_COLUMNS);
    header.set(1, rateColumn);
    header.addAll(extraColumns);
    out =
        Files.newBufferedWriter(
            file, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
    out.write(String.join(",", header));
    out.write('\n');
    out.flush();
  }

  /** One CSV line for {@code row}, without the newline. */
  public static String line(SampleRow row) {
    StringBuilder b = new StringBuilder(96);
    b.append(Units.plain(row.timeSeconds(), 3)).append(',');
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
    return b.toString();
  }

  @Override
  public void onSample(SampleRow row) {
    try {
      out.write(line(row));
      out.write('\n');
      out.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() throws IOException {
    out.close();
  }
}
