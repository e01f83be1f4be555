package dev.sustain.device;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * An NVMe namespace's facts from sysfs: model, serial and firmware from the namespace's device (or
 * its controller), the PCIe link of the controller's PCI function, and where its hwmon sensor sits.
 */
final class NvmeSource {

  private NvmeSource() {}

  static DriveFacts read(Path diskDir, String wwn) {
    Path ctrl = DeviceLinks.nvmeController(diskDir);
    Path ids = Sysfs.real(diskDir.resolve("device")).orElse(ctrl);
    String model = ids == null ? null : Sysfs.read(ids.resolve("model"));
    String serial = ids == null ? null : Sysfs.read(ids.resolve("serial"));
    String firmware = ids == null ? null : Sysfs.read(ids.resolve("firmware_rev"));
    List<Path> hwmonParents = new ArrayList<>();
    LinkInfo link = null;
    if (ctrl != null) {
      hwmonParents.add(ctrl);
      String fabric = Sysfs.read(ctrl.resolve("transport"));
      Optional<Path> pci = Sysfs.real(ctrl.resolve("device"));
      if (pci.isPresent()) {
        hwmonParents.add(pci.get());
        // NVMe over fabrics (tcp, rdma, fc) has no PCIe link of its own
        if (fabric == null || fabric.equals("pcie")) {
          link = pcieLink(pci.get());
        }
      }
    }
    return new DriveFacts(
        model, serial, firmware, null, wwn, link, hwmonParents, null, null, null, null);
  }

  private static LinkInfo pcieLink(Path pci) {
    return LinkInfo.pcie(
        Sysfs.read(pci.resolve("current_link_speed")),
        Sysfs.read(pci.resolve("current_link_width")),
        Sysfs.read(pci.resolve("max_link_speed")),
        Sysfs.read(pci.resolve("max_link_width")));
  }
}
