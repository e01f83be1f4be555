package dev.sustain.device;

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
public final class DiskStatsProbe extends CounterProbe<Map<String, DiskCounters>> {

  private final List<String> devices;

  /**
   * @param devices kernel names to add up, e.g. the whole disk under the target
   * @param diskstats the text of {@code /proc/diskstats} now
   */
  public DiskStatsProbe(List<String> devices, Supplier<String> diskstats) {
    super(
        List.of("dev_write_bytes", "dev_read_bytes", "dev_util_pct"),
        diskstats,
        DiskCounters::parse);
    if (devices.isEmpty()) {
      throw new IllegalArgumentException("no device to count");
    }
    this.devices = List.copyOf(devices);
  }

  @Override
  boolean cells(
      Map<String, DiskCounters> before,
      Map<String, DiskCounters> now,
      long elapsedNanos,
      List<String> cellsOut) {
    long written = 0;
    long read = 0;
    double util = 0;
    for (String d : devices) {
      DiskCounters a = before.get(d);
      DiskCounters b = now.get(d);
      if (a == null
          || b == null
          || b.sectorsWritten() < a.sectorsWritten()
          || b.sectorsRead() < a.sectorsRead()) {
        return false; // vanished, or re-created with fresh counters
      }
      written += b.writtenBytes() - a.writtenBytes();
      read += b.readBytes() - a.readBytes();
      if (elapsedNanos > 0) {
        util = Math.max(util, (b.ioTicksMillis() - a.ioTicksMillis()) * 1e8 / elapsedNanos);
      }
    }
    cellsOut.add(Long.toString(written));
    cellsOut.add(Long.toString(read));
    cellsOut.add(elapsedNanos > 0 ? Units.plain(Math.min(100, Math.max(0, util)), 1) : "");
    return true;
  }
}
