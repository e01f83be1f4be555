package dev.sustain.sampling;

import java.lang.management.ManagementFactory;

/** CPU time used by this process, in nanoseconds; tests substitute a fake one. */
@FunctionalInterface
public interface CpuClock {

  /**
   * The shortest span a CPU figure is read over, in nanoseconds (the process's in samples.csv's
   * {@code cpu_pct}, the system's in {@code sys_cpu_pct} and its neighbours): CPU time comes in the
   * kernel's clock ticks (10 ms at the usual 100 per second), so over a span d a figure is off by
   * up to a tick, 1 s / (100 d) of a core: 10% over the shortest interval a run may choose (100
   * ms), 789% over the 1.3 ms row of a 4 KiB write, which read "all 2 cores busy". A shorter row (a
   * tiny run's only row, a flush) leaves those cells empty.
   */
  long MIN_READ_NANOS = 100_000_000L;

  /** The JVM's own count of CPU time for the whole process, or -1 when unavailable. */
  CpuClock PROCESS =
      () -> {
        if (ManagementFactory.getOperatingSystemMXBean()
            instanceof com.sun.management.OperatingSystemMXBean os) {
          return os.getProcessCpuTime();
        }
        return -1;
      };

  long cpuNanos();
}
