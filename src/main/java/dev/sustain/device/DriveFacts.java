package dev.sustain.device;

import java.nio.file.Path;
import java.util.List;

/**
 * What one source of facts (the NVMe controller's sysfs, SCSI INQUIRY and VPD pages with smartctl,
 * virtio, MMC, a loop device) told about a drive's identity and link. A field the source did not
 * tell is null, never guessed; {@link DeviceProber} puts them together with the block layer's
 * geometry.
 *
 * @param model the drive's model, or null
 * @param serial the drive's serial, or null
 * @param firmware the firmware revision, or null
 * @param vendor the SCSI or virtio vendor, or null
 * @param wwn the world-wide name, or null
 * @param link the host link, or null
 * @param hwmonParents the sysfs directories under which the drive's hwmon sensor may sit
 * @param ata the ATA IDENTIFY page a SCSI layer passed through (VPD page 0x89), or null
 * @param smartctl what smartctl said of the device, or null when it was not asked or failed
 * @param virtualSerial the serial a virtual disk was given (virtio), or null
 * @param loopBacking a loop device's backing file, or null
 */
record DriveFacts(
    String model,
    String serial,
    String firmware,
    String vendor,
    String wwn,
    LinkInfo link,
    List<Path> hwmonParents,
    AtaIdentify ata,
    SmartctlReport smartctl,
    String virtualSerial,
    String loopBacking) {

  DriveFacts {
    hwmonParents = List.copyOf(hwmonParents);
  }

  /** A source that told nothing but the block layer's own world-wide name. */
  static DriveFacts nothing(String wwn) {
    return new DriveFacts(null, null, null, null, wwn, null, List.of(), null, null, null, null);
  }

  /** True when smartctl identified the device (its figures can be trusted over sysfs). */
  boolean smartIdentified() {
    return smartctl != null && smartctl.identified();
  }

  /** The first of the values that says something, trimmed. */
  static String first(String... values) {
    for (String v : values) {
      if (v != null && !v.isBlank()) {
        return v.trim();
      }
    }
    return null;
  }

  /** An INQUIRY model with its vendor, unless the vendor is libata's placeholder "ATA". */
  static String scsiModel(String vendor, String model) {
    if (model == null) {
      return null;
    }
    return vendor == null || vendor.equals("ATA") ? model : vendor + " " + model;
  }
}
