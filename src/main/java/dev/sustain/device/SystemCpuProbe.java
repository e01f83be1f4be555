package dev.sustain.device;

import dev.sustain.sampling.CpuClock;
import dev.sustain.unit.Units;
import java.util.List;
import java.util.function.Supplier;

/**
 * Whole-system CPU per interval from {@code /proc/stat} deltas: {@code sys_cpu_pct} (busy share of
 * all CPUs, 0-100), {@code iowait_pct} (share of all CPUs idle waiting for I/O, 0-100) and {@code
 * busiest_cpu_pct} (the busiest single CPU, 0-100: one core pinned at 100 while the rate is flat
 * says CPU-bound even when the total looks low). Cells are empty when a reading failed. Used from
 * the sampler thread only.
 */
public final class SystemCpuProbe extends CounterProbe<List<CpuTicks>> {

  /**
   * @param procStat the text of {@code /proc/stat} now; null or an exception when unreadable
   */
  public SystemCpuProbe(Supplier<String> procStat) {
    super(
        List.of("sys_cpu_pct", "iowait_pct", "busiest_cpu_pct"), procStat, CpuTicks::parseProcStat);
  }

  @Override
  boolean cells(
      List<CpuTicks> before, List<CpuTicks> now, long elapsedNanos, List<String> cellsOut) {
    if (now.isEmpty() || before.isEmpty() || elapsedNanos < CpuClock.MIN_READ_NANOS) {
      return false; // too short for the clock's ticks (see CpuClock.MIN_READ_NANOS)
    }
    CpuTicks a = before.getFirst();
    CpuTicks b = now.getFirst();
    long total = b.total() - a.total();
    if (total <= 0) {
      return false;
    }
    cellsOut.add(pct(b.busy() - a.busy(), total));
    cellsOut.add(pct(b.iowait() - a.iowait(), total));
    double busiest = -1;
    for (int i = 1; i < now.size(); i++) {
      CpuTicks n = now.get(i);
      CpuTicks o = before.stream().filter(x -> x.cpu().equals(n.cpu())).findFirst().orElse(null);
      long t = o == null ? 0 : n.total() - o.total();
      if (t > 0) {
        busiest = Math.max(busiest, 100.0 * (n.busy() - o.busy()) / t);
      }
    }
    cellsOut.add(busiest < 0 ? "" : Units.plain(clamp(busiest), 1));
    return true;
  }

  private static String pct(long part, long total) {
    return Units.plain(clamp(100.0 * part / total), 1);
  }

  private static double clamp(double v) {
    return Math.max(0, Math.min(100, v));
  }
}
