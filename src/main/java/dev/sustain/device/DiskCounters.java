package dev.sustain.device;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One device's cumulative counters from {@code /proc/diskstats}. Sectors there are always 512
 * bytes, whatever the device's block size. Immutable.
 *
 * @param name the kernel name, e.g. {@code nvme0n1}
 * @param sectorsRead 512-byte sectors read since boot
 * @param sectorsWritten 512-byte sectors written since boot
 * @param ioTicksMillis milliseconds the device had I/O in flight (iostat's %util numerator)
 * @param sectorsDiscarded 512-byte sectors discarded (0 on kernels before 4.18)
 */
public record DiskCounters(
    String name, long sectorsRead, long sectorsWritten, long ioTicksMillis, long sectorsDiscarded) {

  public static final long SECTOR_BYTES = 512;

  /** Bytes read since boot. */
  public long readBytes() {
    return sectorsRead * SECTOR_BYTES;
  }

  /** Bytes written since boot. */
  public long writtenBytes() {
    return sectorsWritten * SECTOR_BYTES;
  }

  /** Parses {@code /proc/diskstats} text into counters by kernel name; bad lines are skipped. */
  public static Map<String, DiskCounters> parse(String text) {
    Map<String, DiskCounters> out = new LinkedHashMap<>();
    for (String line : text.split("\n")) {
      String[] f = line.trim().split("\\s+");
      // maj min name rd rd_merged rd_sectors rd_ms wr wr_merged wr_sectors wr_ms inflight io_ms
      // weighted_ms [discards discards_merged discard_sectors discard_ms [flushes flush_ms]]
      if (f.length < 14) {
        continue;
      }
      try {
        long discarded = f.length >= 17 ? Long.parseUnsignedLong(f[16]) : 0;
        out.put(
            f[2],
            new DiskCounters(
                f[2],
                Long.parseUnsignedLong(f[5]),
                Long.parseUnsignedLong(f[9]),
                Long.parseUnsignedLong(f[12]),
                discarded));
      } catch (NumberFormatException e) {
        // not a diskstats line
      }
    }
    return out;
  }
}
