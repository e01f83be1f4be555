package dev.sustain.device;

import dev.sustain.sampling.IntervalProbe;
import dev.sustain.unit.Units;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The bytes the kernel sent to and read from the device(s) in each interval, from {@code
 * /proc/diskstats} ({@code dev_write_bytes}, {@code dev_read_bytes}: sectors of 512 bytes), and how
 * busy the device was ({@code dev_util_pct}, iostat's %util, the busiest device when there are
 * several). Beside the bytes the tool completed, the difference shows the page cache at work. Cells
 * are empty when a reading failed or a device vanished. Used from the sampler thread only.
 */
public final class DiskStatsProbe implements IntervalProbe {

  private final List<String> devices;
  private final Supplier<String> diskstats;
  private Map<String, DiskCounters> previous;
  private long previousNanos;

  /**
   * @param devices kernel names to add up, e.g. the whole disk under the target
   * @param diskstats the text of {@code /proc/diskstats} now
   */
  public DiskStatsProbe(List<String> devices, Supplier<String> diskstats) {
    if (devices.isEmpty()) {
      throw new IllegalArgumentException("no device to count");
    }
    this.devices = List.copyOf(devices);
    this.diskstats = diskstats;
  }

  @Override
  public List<String> columnNames() {
    return List.of("dev_write_bytes", "dev_read_bytes", "dev_util_pct");
  }

  @Override
  public void begin(long nowNanos) {
    previous = read();
    previousNanos = nowNanos;
  }

  @Override
  public void endInterval(long nowNanos, List<String> cellsOut) {
    Map<String, DiskCounters> now = read();
    Map<String, DiskCounters> before = previous;
    long elapsedNanos = nowNanos - previousNanos;
    previous = now;
    previousNanos = nowNanos;
    long written = 0;
    long read = 0;
    double util = 0;
    boolean known = now != null && before != null;
    for (String d : devices) {
      if (!known) {
        break;
      }
      DiskCounters a = before.get(d);
      DiskCounters b = now.get(d);
      if (a == null
          || b == null
          || b.sectorsWritten() < a.sectorsWritten()
          || b.sectorsRead() < a.sectorsRead()) {
        known = false; // vanished, or re-created with fresh counters
        break;
      }
      written += b.writtenBytes() - a.writtenBytes();
      read += b.readBytes() - a.readBytes();
      if (elapsedNanos > 0) {
        util = Math.max(util, (b.ioTicksMillis() - a.ioTicksMillis()) * 1e8 / elapsedNanos);
      }
    }
    if (!known) {
      cellsOut.addAll(List.of("", "", ""));
      return;
    }
    cellsOut.add(Long.toString(written));
    cellsOut.add(Long.toString(read));
    cellsOut.add(elapsedNanos > 0 ? Units.plain(Math.min(100, Math.max(0, util)), 1) : "");
  }

  private Map<String, DiskCounters> read() {
    try {
      String text = diskstats.get();
      return text == null ? null : DiskCounters.parse(text);
    } catch (RuntimeException e) {
      return null;
    }
  }
}
