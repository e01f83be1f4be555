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
    Transport transport = transportOf(name, sysfs.relative(diskDir), diskDir);
    Path queue = diskDir.resolve("queue");
    long size = Sysfs.readLong(diskDir.resolve("size"), 0) * 512;
    int logical = (int) Sysfs.readLong(queue.resolve("logical_block_size"), 512);
    int physical = (int) Sysfs.readLong(queue.resolve("physical_block_size"), logical);
    long discardMax = Sysfs.readLong(queue.resolve("discard_max_bytes"), 0);
    long discardGran = Sysfs.readLong(queue.resolve("discard_granularity"), 0);
    String devPath = "/dev/" + name;
    DriveFacts facts = facts(diskDir, transport, devPath);
    Integer rpm = rotationRateRpm(transport, facts);
    boolean rotational =
        rpm != null ? rpm > 0 : Sysfs.readLong(queue.resolve("rotational"), 0) == 1;
    // NVMe's temperature comes from smartctl only when hwmon has none: asked for then, not before
    SmartctlReport report = facts.smartctl();
    Optional<HwmonFinder.Match> hw = HwmonFinder.find(sysfs, facts.hwmonParents());
    if (hw.isEmpty() && transport == Transport.NVME) {
      report = runSmartctl(devPath);
    }
    String tempSource =
        hw.map(HwmonFinder.Match::source)
            .orElse(report != null && report.temperatureCelsius() != null ? "smartctl" : "none");
    boolean smart = report != null && report.identified();
    return new DeviceInfo(
        name,
        devPath,
        Sysfs.read(diskDir.resolve("dev")),
        transport,
        facts.model(),
        facts.serial(),
        facts.firmware(),
        facts.vendor(),
        facts.wwn(),
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
        facts.link(),
        tempSource,
        smart ? report.deviceType() : null,
        PassThrough.classify(transport, report, facts.ata(), smartctlWhyNot),
        facts.loopBacking(),
        identity(name, size, facts),
        usage(diskDir),
        diskDir.toString());
  }

  /** The drive's own facts, from the one source its transport has. */
  private DriveFacts facts(Path diskDir, Transport transport, String devPath) {
    String wwn = Sysfs.read(diskDir.resolve("wwid"));
    return switch (transport) {
      case NVME -> NvmeSource.read(diskDir, wwn);
      case SATA, USB, SCSI -> ScsiSource.read(diskDir, transport, wwn, devPath, this::runSmartctl);
      case VIRTIO -> VirtualSource.virtio(diskDir, wwn);
      case MMC -> VirtualSource.mmc(diskDir, wwn);
      case LOOP -> VirtualSource.loop(diskDir, wwn);
      default -> DriveFacts.nothing(wwn);
    };
  }

  /**
   * The spindle speed, 0 for solid state, or null when nothing says: NVMe is never rotating,
   * smartctl's figure beats IDENTIFY's word 217 (1 = non-rotating, 0x0401-0xFFFE = rpm).
   */
  static Integer rotationRateRpm(Transport transport, DriveFacts facts) {
    SmartctlReport report = facts.smartctl();
    boolean smart = facts.smartIdentified();
    AtaIdentify ata = facts.ata();
    if (transport == Transport.NVME || smart && "NVMe".equalsIgnoreCase(report.protocol())) {
      return 0;
    }
    if (smart && report.rotationRateRpm() != null) {
      return report.rotationRateRpm();
    }
    if (ata != null && ata.rotationRateRpm() == 1) {
      return 0;
    }
    if (ata != null && ata.rotationRateRpm() > 1 && ata.rotationRateRpm() < 0xFFFF) {
      return ata.rotationRateRpm();
    }
    return null;
  }

  private static DriveIdentity identity(String name, long sizeBytes, DriveFacts facts) {
    return DriveIdentity.of(
        name,
        sizeBytes,
        facts.model(),
        facts.serial(),
        facts.wwn(),
        facts.loopBacking(),
        facts.virtualSerial());
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
