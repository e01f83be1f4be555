package dev.sustain.device;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Builds a {@link DeviceInfo} for one whole-disk directory of a sysfs tree, with the mount table
 * and swap list given as text: pure apart from reading files under the root, so it is tested on
 * fake trees. smartctl, when wanted, comes in as a function. Thread-safe.
 *
 * @param sysfs the sysfs tree
 * @param mounts the mount table
 * @param swaps the active swap areas, as {@code /proc/swaps} names them
 * @param smartctl runs {@code smartctl -j -i -A} on a device path and parses it, or answers null;
 *     null when smartctl is not to be used
 * @param smartctlWhyNot why smartctl is not used, for the pass-through detail (e.g. not root)
 * @param sourceToName maps a mount or swap source ({@code /dev/disk/by-uuid/...}) to a kernel name
 *     where the live system can resolve it, else null; the simple {@code /dev/NAME} and {@code
 *     /dev/mapper/NAME} forms are handled here
 */
record DeviceProber(
    Sysfs sysfs,
    List<MountEntry> mounts,
    List<String> swaps,
    Function<String, SmartctlReport> smartctl,
    String smartctlWhyNot,
    Function<String, String> sourceToName) {

  private static final Pattern USB = Pattern.compile("/usb\\d+/");
  private static final Pattern ATA = Pattern.compile("/ata\\d+/");
  private static final Pattern VIRTIO = Pattern.compile("/virtio\\d+/");
  private static final Pattern SCSI = Pattern.compile("/host\\d+/");

  static Transport transportOf(String name, String relativePath, Path dir) {
    String rel = "/" + relativePath + "/";
    if (name.startsWith("loop")) {
      return Transport.LOOP;
    }
    if (name.startsWith("dm-")) {
      return Transport.DM;
    }
    if (name.startsWith("md") && Files.isDirectory(dir.resolve("md"))) {
      return Transport.MD;
    }
    if (USB.matcher(rel).find()) {
      return Transport.USB;
    }
    if (name.startsWith("nvme") || rel.contains("/nvme/") || rel.contains("/nvme-subsystem/")) {
      return Transport.NVME;
    }
    if (ATA.matcher(rel).find()) {
      return Transport.SATA;
    }
    if (VIRTIO.matcher(rel).find()) {
      return Transport.VIRTIO;
    }
    if (name.startsWith("mmcblk")) {
      return Transport.MMC;
    }
    if (SCSI.matcher(rel).find()) {
      return Transport.SCSI;
    }
    return Transport.UNKNOWN;
  }

  DeviceInfo probe(Path diskDir) {
    String name = Sysfs.name(diskDir);
    String rel = sysfs.relative(diskDir);
    Transport transport = transportOf(name, rel, diskDir);
    Path queue = diskDir.resolve("queue");
    long size = Sysfs.readLong(diskDir.resolve("size"), 0) * 512;
    int logical = (int) Sysfs.readLong(queue.resolve("logical_block_size"), 512);
    int physical = (int) Sysfs.readLong(queue.resolve("physical_block_size"), logical);
    boolean rotational = Sysfs.readLong(queue.resolve("rotational"), 0) == 1;
    long discardMax = Sysfs.readLong(queue.resolve("discard_max_bytes"), 0);
    long discardGran = Sysfs.readLong(queue.resolve("discard_granularity"), 0);

    String model = null;
    String serial = null;
    String firmware = null;
    String vendor = null;
    String wwn = Sysfs.read(diskDir.resolve("wwid"));
    LinkInfo link = null;
    List<Path> hwmonParents = new ArrayList<>();
    String loopBacking = null;
    String virtualSerial = null;
    AtaIdentify ata = null;
    SmartctlReport report = null;
    String devPath = "/dev/" + name;

    switch (transport) {
      case NVME -> {
        Path ctrl = DeviceLinks.nvmeController(diskDir);
        Path ids = Sysfs.real(diskDir.resolve("device")).orElse(ctrl);
        if (ids != null) {
          model = Sysfs.read(ids.resolve("model"));
          serial = Sysfs.read(ids.resolve("serial"));
          firmware = Sysfs.read(ids.resolve("firmware_rev"));
        }
        if (ctrl != null) {
          hwmonParents.add(ctrl);
          String tr = Sysfs.read(ctrl.resolve("transport"));
          Optional<Path> pci = Sysfs.real(ctrl.resolve("device"));
          if (pci.isPresent()) {
            hwmonParents.add(pci.get());
            if (tr == null || tr.equals("pcie")) {
              Path p = pci.get();
              link =
                  LinkInfo.pcie(
                      Sysfs.read(p.resolve("current_link_speed")),
                      Sysfs.read(p.resolve("current_link_width")),
                      Sysfs.read(p.resolve("max_link_speed")),
                      Sysfs.read(p.resolve("max_link_width")));
            }
          }
        }
      }
      case SATA, USB, SCSI -> {
        Optional<Path> scsiDev = Sysfs.real(diskDir.resolve("device"));
        String inquiryModel = null;
        String vpdSerial = null;
        if (scsiDev.isPresent()) {
          Path d = scsiDev.get();
          hwmonParents.add(d);
          vendor = Sysfs.read(d.resolve("vendor"));
          inquiryModel = Sysfs.read(d.resolve("model"));
          firmware = Sysfs.read(d.resolve("rev"));
          ata = AtaIdentify.fromVpd89(Sysfs.readBytes(d.resolve("vpd_pg89")));
          vpdSerial = AtaIdentify.serialFromVpd80(Sysfs.readBytes(d.resolve("vpd_pg80")));
          if (wwn == null) {
            wwn = Sysfs.read(d.resolve("wwid"));
          }
        }
        String usbSerial = null;
        if (transport == Transport.USB && scsiDev.isPresent()) {
          DeviceLinks.UsbFacts usb = DeviceLinks.usbFacts(scsiDev.get());
          if (usb != null) {
            link = usb.link();
            usbSerial = usb.serial();
          }
        }
        if (transport == Transport.SATA && scsiDev.isPresent()) {
          link = LinkInfo.sata(DeviceLinks.sataSpeed(scsiDev.get()));
        }
        report = runSmartctl(devPath);
        boolean smart = report != null && report.identified();
        if (link == null && transport == Transport.SATA && smart) {
          link = LinkInfo.sata(report.interfaceSpeedCurrent());
        }
        if (link != null && transport == Transport.USB && smart) {
          // a SATA drive behind a fast USB bridge is capped by its SATA link
          link = link.behind(LinkInfo.sata(report.interfaceSpeedCurrent()));
        }
        model =
            first(
                smart ? report.model() : null,
                ata == null ? null : ata.model(),
                scsiModel(vendor, inquiryModel));
        serial =
            first(
                smart ? report.serial() : null,
                ata == null ? null : ata.serial(),
                vpdSerial,
                usbSerial);
        firmware = first(smart ? report.firmware() : null, ata == null ? null : ata.firmware());
        if (firmware == null && scsiDev.isPresent()) {
          firmware = Sysfs.read(scsiDev.get().resolve("rev"));
        }
        if (smart && report.wwn() != null && wwn == null) {
          wwn = "naa." + report.wwn();
        }
      }
      case VIRTIO -> {
        Path d = diskDir.resolve("device");
        vendor = Sysfs.read(d.resolve("vendor"));
        if (Files.exists(d.resolve("model"))) {
          // virtio-scsi: a SCSI disk (QEMU HARDDISK...) with INQUIRY and VPD pages
          model = scsiModel(vendor, Sysfs.read(d.resolve("model")));
          firmware = Sysfs.read(d.resolve("rev"));
          virtualSerial = AtaIdentify.serialFromVpd80(Sysfs.readBytes(d.resolve("vpd_pg80")));
          if (wwn == null) {
            wwn = Sysfs.read(d.resolve("wwid"));
          }
        } else {
          virtualSerial = Sysfs.read(diskDir.resolve("serial"));
        }
        serial = virtualSerial;
      }
      case MMC -> {
        Path d = diskDir.resolve("device");
        model = Sysfs.read(d.resolve("name"));
        serial = Sysfs.read(d.resolve("serial"));
        firmware = Sysfs.read(d.resolve("fwrev"));
        vendor = Sysfs.read(d.resolve("manfid"));
      }
      case LOOP -> loopBacking = Sysfs.read(diskDir.resolve("loop/backing_file"));
      default -> {}
    }

    Integer rpm = null;
    boolean smartOk = report != null && report.identified();
    if (transport == Transport.NVME || smartOk && "NVMe".equalsIgnoreCase(report.protocol())) {
      rpm = 0;
    } else if (smartOk && report.rotationRateRpm() != null) {
      rpm = report.rotationRateRpm();
    } else if (ata != null && ata.rotationRateRpm() == 1) {
      rpm = 0;
    } else if (ata != null && ata.rotationRateRpm() > 1 && ata.rotationRateRpm() < 0xFFFF) {
      rpm = ata.rotationRateRpm();
    }
    if (rpm != null) {
      rotational = rpm > 0;
    }

    String tempSource = "none";
    Optional<HwmonFinder.Match> hw = HwmonFinder.find(sysfs, hwmonParents);
    if (hw.isPresent()) {
      tempSource = hw.get().source();
    } else if (transport == Transport.NVME) {
      report = runSmartctl(devPath);
      if (report != null && report.temperatureCelsius() != null) {
        tempSource = "smartctl";
      }
    } else if (report != null && report.temperatureCelsius() != null) {
      tempSource = "smartctl";
    }
    PassThrough pass = PassThrough.classify(transport, report, ata, smartctlWhyNot);
    String smartType = report != null && report.identified() ? report.deviceType() : null;
    DriveIdentity identity =
        DriveIdentity.of(name, size, model, serial, wwn, loopBacking, virtualSerial);
    return new DeviceInfo(
        name,
        devPath,
        Sysfs.read(diskDir.resolve("dev")),
        transport,
        model,
        serial,
        firmware,
        vendor,
        wwn,
        size,
        logical,
        physical,
        rotational,
        rpm,
        Sysfs.readLong(diskDir.resolve("removable"), 0) == 1,
        Sysfs.readLong(diskDir.resolve("ro"), 0) == 1,
        discardMax > 0,
        discardMax,
        discardMax > 0 ? discardGran : 0,
        link,
        tempSource,
        smartType,
        pass,
        loopBacking,
        identity,
        usage(diskDir),
        diskDir.toString());
  }

  private SmartctlReport runSmartctl(String devPath) {
    if (smartctl == null) {
      return null;
    }
    try {
      return smartctl.apply(devPath);
    } catch (RuntimeException e) {
      return null;
    }
  }

  private static String scsiModel(String vendor, String model) {
    if (model == null) {
      return null;
    }
    // libata fills the vendor with "ATA"; a bridge's own vendor is worth keeping.
    return vendor == null || vendor.equals("ATA") ? model : vendor + " " + model;
  }

  private static String first(String... values) {
    for (String v : values) {
      if (v != null && !v.isBlank()) {
        return v.trim();
      }
    }
    return null;
  }

  /**
   * What uses the block device at {@code dir} (a whole disk or a partition): its partitions, the
   * devices stacked on them (transitively), and the mounts and swaps on any of those.
   */
  BlockUsage usage(Path dir) {
    String name = Sysfs.name(dir);
    List<String> partitions = Sysfs.isPartition(dir) ? List.of() : Sysfs.partitions(dir);
    // kernel name -> its sysfs dir, for this device, its partitions and everything above them
    Map<String, Path> all = new LinkedHashMap<>();
    all.put(name, dir);
    for (String p : partitions) {
      all.put(p, dir.resolve(p));
    }
    List<BlockUsage.Holder> holders = new ArrayList<>();
    List<String> frontier = new ArrayList<>(all.keySet());
    Set<String> seen = new LinkedHashSet<>(frontier);
    while (!frontier.isEmpty()) {
      String below = frontier.removeFirst();
      Path belowDir = all.get(below);
      for (String h : Sysfs.list(belowDir.resolve("holders"))) {
        Optional<Path> hd = Sysfs.real(belowDir.resolve("holders").resolve(h));
        if (hd.isEmpty() || !seen.add(h)) {
          continue;
        }
        holders.add(new BlockUsage.Holder(h, holderKind(hd.get()), holderLabel(hd.get()), below));
        all.put(h, hd.get());
        frontier.add(h);
        for (String p : Sysfs.partitions(hd.get())) {
          if (seen.add(p)) {
            all.put(p, hd.get().resolve(p));
            frontier.add(p);
          }
        }
      }
    }
    Map<String, String> byMajMin = new LinkedHashMap<>();
    for (Map.Entry<String, Path> e : all.entrySet()) {
      String mm = Sysfs.read(e.getValue().resolve("dev"));
      if (mm != null) {
        byMajMin.put(mm, e.getKey());
      }
    }
    List<BlockUsage.Mounted> mounted = new ArrayList<>();
    for (MountEntry m : mounts) {
      String dev = byMajMin.get(m.major() + ":" + m.minor());
      if (dev == null) {
        String n = kernelName(m.source());
        dev = n != null && all.containsKey(n) ? n : null;
      }
      if (dev != null) {
        mounted.add(new BlockUsage.Mounted(dev, m.mountPoint(), m.fsType()));
      }
    }
    List<String> swapOn = new ArrayList<>();
    for (String s : swaps) {
      String n = kernelName(s);
      if (n != null && all.containsKey(n)) {
        swapOn.add(s);
      }
    }
    return new BlockUsage(name, partitions, mounted, swapOn, holders);
  }

  /** The kernel name behind {@code /dev/NAME}, {@code /dev/mapper/NAME} or a live symlink. */
  String kernelName(String source) {
    if (source == null || !source.startsWith("/dev/")) {
      return null;
    }
    String live = sourceToName == null ? null : sourceToName.apply(source);
    if (live != null) {
      return live;
    }
    if (source.startsWith("/dev/mapper/")) {
      String dmName = source.substring("/dev/mapper/".length());
      for (String n : Sysfs.list(sysfs.sys("block"))) {
        if (n.startsWith("dm-")
            && dmName.equals(Sysfs.read(sysfs.sys("block/" + n + "/dm/name")))) {
          return n;
        }
      }
      return null;
    }
    String rest = source.substring("/dev/".length());
    return rest.contains("/") ? null : rest;
  }

  static String holderKind(Path holderDir) {
    String n = Sysfs.name(holderDir);
    if (n.startsWith("md")) {
      return "md";
    }
    String uuid = Sysfs.read(holderDir.resolve("dm/uuid"));
    if (uuid == null) {
      return n.startsWith("dm-") ? "dm" : "other";
    }
    if (uuid.startsWith("LVM-")) {
      return "lvm";
    }
    if (uuid.startsWith("CRYPT-")) {
      return "crypt";
    }
    if (uuid.startsWith("mpath-")) {
      return "multipath";
    }
    return "dm";
  }

  static String holderLabel(Path holderDir) {
    String dm = Sysfs.read(holderDir.resolve("dm/name"));
    return dm != null ? dm : Sysfs.read(holderDir.resolve("md/level"));
  }
}
