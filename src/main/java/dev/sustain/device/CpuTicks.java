package dev.sustain.device;

import java.util.ArrayList;
import java.util.List;

/**
 * Cumulative CPU time of one CPU line of {@code /proc/stat}, in clock ticks. {@code total} is user
 * + nice + system + idle + iowait + irq + softirq + steal (guest time is already inside user and
 * nice); busy is total less idle and iowait. Immutable.
 *
 * @param cpu {@code cpu} for all CPUs together, {@code cpu0}, {@code cpu1}... for each
 */
public record CpuTicks(String cpu, long total, long idle, long iowait) {

  /** Ticks in which the CPU ran something. */
  public long busy() {
    return total - idle - iowait;
  }

  /**
   * The CPU lines of a {@code /proc/stat} text: first the aggregate {@code cpu}, then each CPU in
   * the kernel's order. Other lines are ignored.
   */
  public static List<CpuTicks> parseProcStat(String text) {
    List<CpuTicks> out = new ArrayList<>();
    for (String line : text.split("\n")) {
      if (!line.startsWith("cpu")) {
        continue;
      }
      String[] f = line.trim().split("\\s+");
      if (f.length < 5) {
        continue;
      }
      try {
        long[] v = new long[8];
        for (int i = 0; i < v.length && i + 1 < f.length; i++) {
          v[i] = Long.parseLong(f[i + 1]);
        }
        long total = 0;
        for (long x : v) {
          total += x;
        }
        out.add(new CpuTicks(f[0], total, v[3], v[4]));
      } catch (NumberFormatException e) {
        // not a cpu line
      }
    }
    return List.copyOf(out);
  }
}
