package dev.sustain.device;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The facts of disks that are not drives on a bus of their own: virtio, MMC/SD cards, loops. */
final class VirtualSource {

  private VirtualSource() {}

  static DriveFacts virtio(Path diskDir, String wwn) {
    Path d = diskDir.resolve("device");
    String vendor = Sysfs.read(d.resolve("vendor"));
    if (!Files.exists(d.resolve("model"))) {
      // virtio-blk: only the serial the host gave the disk
      String serial = Sysfs.read(diskDir.resolve("serial"));
      return new DriveFacts(
          null, serial, null, vendor, wwn, null, List.of(), null, null, serial, null);
    }
    // virtio-scsi: a SCSI disk (QEMU HARDDISK...) with INQUIRY and VPD pages
    String serial = AtaIdentify.serialFromVpd80(Sysfs.readBytes(d.resolve("vpd_pg80")));
    return new DriveFacts(
        DriveFacts.scsiModel(vendor, Sysfs.read(d.resolve("model"))),
        serial,
        Sysfs.read(d.resolve("rev")),
        vendor,
        wwn != null ? wwn : Sysfs.read(d.resolve("wwid")),
        null,
        List.of(),
        null,
        null,
        serial,
        null);
  }

  static DriveFacts mmc(Path diskDir, String wwn) {
    Path d = diskDir.resolve("device");
    return new DriveFacts(
        Sysfs.read(d.resolve("name")),
        Sysfs.read(d.resolve("serial")),
        Sysfs.read(d.resolve("fwrev")),
        Sysfs.read(d.resolve("manfid")),
        wwn,
        null,
        List.of(),
        null,
        null,
        null,
        null);
  }

  static DriveFacts loop(Path diskDir, String wwn) {
    String backing = Sysfs.read(diskDir.resolve("loop/backing_file"));
    return new DriveFacts(null, null, null, null, wwn, null, List.of(), null, null, null, backing);
  }
}
