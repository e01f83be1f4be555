package dev.sustain.device;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Where a disk hangs in sysfs: its NVMe controller, the USB bridge or SATA link above it, and the
 * devices its hwmon sensor may sit on. Read from a sysfs tree (real or fake) and nothing else, so
 * it is tested on fake trees. Stateless.
 */
final class DeviceLinks {

  private static final Pattern ATA_PORT = Pattern.compile("ata\\d+");

  private DeviceLinks() {}

  /**
   * The devices a drive's hwmon may hang from: NVMe controller and PCI function, or SCSI device.
   */
  static List<Path> hwmonParents(Path diskDir, Transport transport) {
    List<Path> out = new ArrayList<>();
    if (transport == Transport.NVME) {
      Path ctrl = nvmeController(diskDir);
      if (ctrl != null) {
        out.add(ctrl);
        Sysfs.real(ctrl.resolve("device")).ifPresent(out::add);
      }
    } else if (transport == Transport.SATA
        || transport == Transport.USB
        || transport == Transport.SCSI) {
      Sysfs.real(diskDir.resolve("device")).ifPresent(out::add);
    }
    return out;
  }

  /**
   * The NVMe controller directory of a namespace: {@code device} points at the controller without
   * native multipath, at the subsystem with it (then the first controller linked from there).
   */
  static Path nvmeController(Path nsDir) {
    Optional<Path> dev = Sysfs.real(nsDir.resolve("device"));
    if (dev.isEmpty()) {
      return null;
    }
    Path d = dev.get();
    if (Files.exists(d.resolve("cntlid")) || Files.exists(d.resolve("transport"))) {
      return d;
    }
    for (String n : Sysfs.list(d)) {
      if (n.matches("nvme\\d+")) {
        Optional<Path> c = Sysfs.real(d.resolve(n));
        if (c.isPresent() && Files.exists(c.get().resolve("transport"))) {
          return c.get();
        }
      }
    }
    return null;
  }

  record UsbFacts(LinkInfo link, String serial) {}

  /** The USB device above a SCSI device: the first ancestor with {@code idVendor} and speed. */
  static UsbFacts usbFacts(Path scsiDev) {
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
        return new UsbFacts(link, Sysfs.read(p.resolve("serial")));
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
