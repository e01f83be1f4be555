package dev.sustain.device;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * What sysfs says of the link above a SCSI disk: a USB bridge's speed, version, driver and name
 * (with the serial the bridge reports), or libata's negotiated SATA speed.
 *
 * @param link the USB link
 * @param serial the USB device's serial, or null
 */
record LinkFacts(LinkInfo link, String serial) {

  private static final Pattern ATA_PORT = Pattern.compile("ata\\d+");

  /** The USB device above a SCSI device: the first ancestor with {@code idVendor} and speed. */
  static LinkFacts usb(Path scsiDev) {
    Path iface = null;
    for (Path p = scsiDev; p != null && p.getNameCount() > 0; p = p.getParent()) {
      if (Files.exists(p.resolve("idVendor")) && Files.exists(p.resolve("speed"))) {
        String driver = iface == null ? null : Sysfs.linkName(iface.resolve("driver"));
        String vid = Sysfs.read(p.resolve("idVendor"));
        String pid = Sysfs.read(p.resolve("idProduct"));
        StringBuilder bridge = new StringBuilder();
        for (String s :
            new String[] {
              Sysfs.read(p.resolve("manufacturer")), Sysfs.read(p.resolve("product"))
            }) {
          if (s != null) {
            bridge.append(bridge.isEmpty() ? "" : " ").append(s);
          }
        }
        if (vid != null && pid != null) {
          bridge.append(bridge.isEmpty() ? "" : " ").append('(').append(vid).append(':');
          bridge.append(pid).append(')');
        }
        LinkInfo link =
            LinkInfo.usb(
                Sysfs.read(p.resolve("speed")),
                Sysfs.read(p.resolve("version")),
                driver,
                bridge.isEmpty() ? null : bridge.toString());
        return new LinkFacts(link, Sysfs.read(p.resolve("serial")));
      }
      iface = p;
    }
    return null;
  }

  /** libata's negotiated speed: {@code ataN/linkN/ata_link/linkN/sata_spd} above the disk. */
  static String sataSpeed(Path scsiDev) {
    for (Path p = scsiDev; p != null && p.getNameCount() > 0; p = p.getParent()) {
      if (ATA_PORT.matcher(p.getFileName().toString()).matches()) {
        for (String link : Sysfs.list(p)) {
          if (!link.startsWith("link")) {
            continue;
          }
          Path ataLink = p.resolve(link).resolve("ata_link").resolve(link);
          String spd = Sysfs.read(ataLink.resolve("sata_spd"));
          if (spd != null && !spd.startsWith("<")) {
            return spd;
          }
        }
        return null;
      }
    }
    return null;
  }
}
