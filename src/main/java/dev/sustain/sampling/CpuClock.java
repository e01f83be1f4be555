package dev.sustain.sampling;

import java.lang.management.ManagementFactory;

/** CPU time used by this process, in nanoseconds; tests substitute a fake one. */
@FunctionalInterface
public interface CpuClock {

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
