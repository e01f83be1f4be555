package dev.sustain.device;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * A SCSI disk's facts (SATA through libata, USB through a bridge, SAS or other SCSI): INQUIRY's
 * vendor, model and revision, the ATA IDENTIFY and serial VPD pages, the SATA or USB link, and
 * smartctl's answer, which names the drive itself where a bridge passes commands through and so
 * wins over the bridge's INQUIRY strings.
 */
final class ScsiSource {

  private ScsiSource() {}

  /**
   * @param smartctl runs smartctl on a device path, or answers null (never throws)
   */
  static DriveFacts read(
      Path diskDir,
      Transport transport,
      String wwn,
      String devicePath,
      Function<String, SmartctlReport> smartctl) {
    Optional<Path> scsiDevice = Sysfs.real(diskDir.resolve("device"));
    Inquiry inquiry = scsiDevice.map(Inquiry::of).orElse(Inquiry.NONE);
    LinkInfo link = null;
    String usbSerial = null;
    if (transport == Transport.USB && scsiDevice.isPresent()) {
      DeviceLinks.UsbFacts usb = DeviceLinks.usbFacts(scsiDevice.get());
      if (usb != null) {
        link = usb.link();
        usbSerial = usb.serial();
      }
    }
    if (transport == Transport.SATA && scsiDevice.isPresent()) {
      link = LinkInfo.sata(DeviceLinks.sataSpeed(scsiDevice.get()));
    }
    SmartctlReport report = smartctl.apply(devicePath);
    boolean smart = report != null && report.identified();
    link = smart ? linkWithSmart(link, transport, report) : link;
    AtaIdentify ata = inquiry.ata();
    String model =
        DriveFacts.first(
            smart ? report.model() : null,
            ata == null ? null : ata.model(),
            DriveFacts.scsiModel(inquiry.vendor(), inquiry.model()));
    String serial =
        DriveFacts.first(
            smart ? report.serial() : null,
            ata == null ? null : ata.serial(),
            inquiry.vpdSerial(),
            usbSerial);
    String firmware =
        DriveFacts.first(
            smart ? report.firmware() : null,
            ata == null ? null : ata.firmware(),
            inquiry.revision());
    String name = wwn != null ? wwn : inquiry.wwn();
    if (smart && report.wwn() != null && name == null) {
      name = "naa." + report.wwn();
    }
    List<Path> hwmonParents = scsiDevice.map(List::of).orElse(List.of());
    return new DriveFacts(
        model,
        serial,
        firmware,
        inquiry.vendor(),
        name,
        link,
        hwmonParents,
        ata,
        report,
        null,
        null);
  }

  private static LinkInfo linkWithSmart(LinkInfo link, Transport transport, SmartctlReport report) {
    if (link == null && transport == Transport.SATA) {
      return LinkInfo.sata(report.interfaceSpeedCurrent());
    }
    if (link != null && transport == Transport.USB) {
      // a SATA drive behind a fast USB bridge is capped by its SATA link
      return link.behind(LinkInfo.sata(report.interfaceSpeedCurrent()));
    }
    return link;
  }

  /** What the SCSI device directory says of itself: INQUIRY strings and the VPD pages. */
  private record Inquiry(
      String vendor, String model, String revision, AtaIdentify ata, String vpdSerial, String wwn) {

    static final Inquiry NONE = new Inquiry(null, null, null, null, null, null);

    static Inquiry of(Path device) {
      return new Inquiry(
          Sysfs.read(device.resolve("vendor")),
          Sysfs.read(device.resolve("model")),
          Sysfs.read(device.resolve("rev")),
          AtaIdentify.fromVpd89(Sysfs.readBytes(device.resolve("vpd_pg89"))),
          AtaIdentify.serialFromVpd80(Sysfs.readBytes(device.resolve("vpd_pg80"))),
          Sysfs.read(device.resolve("wwid")));
    }
  }
}
