package dev.sustain.device;

import dev.sustain.sampling.IntervalProbe;
import dev.sustain.sampling.TemperatureSensor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Factories for the live sensors and probes of a run, for the sampler: the drive's temperature
 * (hwmon where the kernel has it, else {@code smartctl} polled in the background, else {@link
 * TemperatureSensor#NONE}), system CPU and iowait, and the kernel's counters of the device under
 * the target. The caller closes what it gets. Thread-safe.
 */
public final class DriveSensors {

  private DriveSensors() {}

  /**
   * The temperature sensor for a drive, smartctl polled every {@link
   * SmartctlTemperatureSensor#DEFAULT_CADENCE}.
   */
  public static TemperatureSensor temperature(DeviceInfo device) {
    return temperature(device, SmartctlTemperatureSensor.DEFAULT_CADENCE);
  }

  /**
   * The temperature sensor for a drive: the NVMe {@code Composite} or drivetemp hwmon input; else
   * smartctl every {@code smartctlCadence} where smartctl gave a temperature when the device was
   * resolved; else none. Never a made-up number.
   */
  public static TemperatureSensor temperature(DeviceInfo device, Duration smartctlCadence) {
    return temperature(device, Path.of("/"), Smartctl.find(), smartctlCadence);
  }

  static TemperatureSensor temperature(
      DeviceInfo device, Path root, Optional<Smartctl> smartctl, Duration smartctlCadence) {
    Sysfs sysfs = new Sysfs(root);
    Path dir = Path.of(device.sysfsPath());
    Optional<HwmonFinder.Match> hw =
        HwmonFinder.find(sysfs, DeviceLinks.hwmonParents(dir, device.transport()));
    if (hw.isPresent()) {
      return new HwmonTemperatureSensor(hw.get().input(), hw.get().source());
    }
    if (smartctl.isPresent()
        && device.smartctlType() != null
        && "smartctl".equals(device.temperatureSource())) {
      return SmartctlTemperatureSensor.start(
          smartctl.get(), device.devicePath(), device.smartctlType(), smartctlCadence);
    }
    return TemperatureSensor.NONE;
  }

  /** System CPU, iowait and busiest-CPU percentages per interval from {@code /proc/stat}. */
  public static IntervalProbe systemCpu() {
    return new SystemCpuProbe(reader(Path.of("/proc/stat")));
  }

  /**
   * The kernel's byte counters of the disk(s) under a resolved target: the bottom disk and, under a
   * RAID or a multi-disk volume, the others too, added up.
   */
  public static IntervalProbe deviceCounters(DeviceResolution resolution) {
    List<String> names = new ArrayList<>();
    names.add(resolution.device().name());
    resolution.otherDisks().forEach(d -> names.add(d.name()));
    return deviceCounters(names);
  }

  /** The kernel's byte counters of these devices (kernel names), added up. */
  public static IntervalProbe deviceCounters(List<String> kernelNames) {
    return new DiskStatsProbe(kernelNames, reader(Path.of("/proc/diskstats")));
  }

  /**
   * The sensors and probes for a run on {@code target} (a file to be written, its folder, or a
   * device node). A path that does not exist yet is resolved through its nearest existing parent.
   * Never fails for want of a device: without one the run gets the CPU probe and no temperature.
   */
  public static RunSensors forTarget(String target) {
    return forTarget(target, DeviceResolver.system(), SmartctlTemperatureSensor.DEFAULT_CADENCE);
  }

  static RunSensors forTarget(String target, DeviceResolver resolver, Duration smartctlCadence) {
    List<IntervalProbe> probes = new ArrayList<>();
    probes.add(systemCpu());
    DeviceResolution r = null;
    String why = null;
    try {
      r = resolver.resolve(nearestExisting(target));
    } catch (NoBlockDeviceException e) {
      why = e.getMessage();
    }
    if (r == null) {
      return new RunSensors(null, why, TemperatureSensor.NONE, probes);
    }
    probes.add(deviceCounters(r));
    return new RunSensors(r, null, temperature(r.device(), smartctlCadence), probes);
  }

  /** The path itself if it exists, else its nearest existing ancestor (a file not made yet). */
  static String nearestExisting(String target) {
    Path p = Path.of(target).toAbsolutePath().normalize();
    while (p != null && !Files.exists(p)) {
      p = p.getParent();
    }
    return p == null ? target : p.toString();
  }

  static Supplier<String> reader(Path file) {
    return () -> {
      try {
        return Files.readString(file);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    };
  }
}
