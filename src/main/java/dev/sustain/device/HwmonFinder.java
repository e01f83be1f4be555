package dev.sustain.device;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Finds the hwmon temperature input that belongs to a drive: {@code /sys/class/hwmon/hwmonN} whose
 * {@code device} is the NVMe controller (or its PCI function, on older kernels) with name {@code
 * nvme} and the channel labelled {@code Composite}; or the SCSI device, with name {@code drivetemp}
 * (SATA drives, when the drivetemp module is loaded). Pure over a sysfs root.
 */
final class HwmonFinder {

  private HwmonFinder() {}

  /**
   * @param input the {@code tempN_input} file (millidegrees Celsius)
   * @param source e.g. {@code hwmon:nvme Composite}
   */
  record Match(Path input, String source) {}

  static Optional<Match> find(Sysfs sysfs, List<Path> parents) {
    if (parents.isEmpty()) {
      return Optional.empty();
    }
    Path classDir = sysfs.sys("class/hwmon");
    for (String h : Sysfs.list(classDir)) {
      Path dir = Sysfs.real(classDir.resolve(h)).orElse(null);
      if (dir == null) {
        continue;
      }
      Optional<Path> parent = Sysfs.real(dir.resolve("device"));
      if (parent.isEmpty() || !parents.contains(parent.get())) {
        continue;
      }
      String name = Sysfs.read(dir.resolve("name"));
      if ("nvme".equals(name)) {
        for (int i = 1; i <= 9; i++) {
          if ("Composite".equals(Sysfs.read(dir.resolve("temp" + i + "_label")))) {
            return Optional.of(
                new Match(dir.resolve("temp" + i + "_input"), "hwmon:nvme Composite"));
          }
        }
        if (Sysfs.read(dir.resolve("temp1_input")) != null) {
          return Optional.of(new Match(dir.resolve("temp1_input"), "hwmon:nvme temp1"));
        }
      } else if ("drivetemp".equals(name) && Sysfs.read(dir.resolve("temp1_input")) != null) {
        return Optional.of(new Match(dir.resolve("temp1_input"), "hwmon:drivetemp"));
      }
    }
    return Optional.empty();
  }
}
