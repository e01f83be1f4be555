package dev.sustain.device;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What several drives have in common on the way to the CPU, read from where sysfs puts them: the
 * same device (loop devices whose backing files sit on one disk), the same USB hub, USB bus (root
 * hub) or bridge, the same SCSI host or ATA port, the same PCIe switch or root port, the same
 * controller. A drive's directory under {@code /sys/devices} is the path from the CPU to it, so the
 * parts two drives share are the directories their paths share. Pure apart from reading attributes
 * under the root; tested on fake trees. Immutable.
 *
 * @param devices each target's whole device, e.g. {@code /dev/sdb}, in the order given (null where
 *     a target has no block device)
 * @param parts the shared parts, the closest to the drives first (empty when they share nothing
 *     below the CPU's root complex, or a target has no block device)
 * @param unknown why nothing can be said (a target without a block device), or null
 */
public record SharedParts(List<String> devices, List<Part> parts, String unknown) {

  /**
   * One shared part.
   *
   * @param kind {@code device}, {@code usb-hub}, {@code usb-device}, {@code usb-bus}, {@code
   *     scsi-host}, {@code ata-port}, {@code pcie-switch}, {@code pcie-root-port} or {@code
   *     controller}
   * @param name its sysfs name, e.g. {@code 2-1}, {@code usb2}, {@code 0000:00:14.0}, or the device
   *     path for {@code device}
   * @param description for people, e.g. {@code USB hub 2-1 (VIA Labs USB3.0 Hub, 5 Gb/s)}
   * @param ceilingMBps the practical ceiling of its link where known (see {@link LinkInfo}), or
   *     null
   */
  public record Part(String kind, String name, String description, Double ceilingMBps) {

    public Map<String, Object> toJsonMap() {
      return JsonMaps.ordered(
          "kind", kind, "name", name, "description", description, "ceiling_MBps", ceilingMBps);
    }
  }

  private static final Pattern USB_DEVICE = Pattern.compile("\\d+-\\d+(\\.\\d+)*");
  private static final Pattern USB_BUS = Pattern.compile("usb\\d+");
  private static final Pattern PCI_FUNCTION =
      Pattern.compile("[0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\\.[0-7]");
  private static final Pattern PCI_ROOT = Pattern.compile("pci[0-9a-f]{4}:[0-9a-f]{2}");
  private static final Pattern SCSI_HOST = Pattern.compile("host\\d+");
  private static final Pattern ATA_PORT = Pattern.compile("ata\\d+");

  public SharedParts {
    devices = java.util.Collections.unmodifiableList(new ArrayList<>(devices));
    parts = List.copyOf(parts);
  }

  /**
   * The parts the drives in {@code disks} share.
   *
   * @param sysRoot the root the disks' sysfs paths are under ({@code /} live, a temp dir in tests)
   * @param disks each target's whole device, null where a target has none
   */
  static SharedParts of(Path sysRoot, List<DeviceInfo> disks) {
    List<String> devices = new ArrayList<>();
    for (DeviceInfo d : disks) {
      devices.add(d == null ? null : d.devicePath());
    }
    if (disks.size() < 2) {
      return new SharedParts(devices, List.of(), "one target: nothing to share");
    }
    if (disks.contains(null)) {
      return new SharedParts(devices, List.of(), "a target has no block device (e.g. tmpfs)");
    }
    Path devicesRoot =
        Sysfs.real(sysRoot.resolve("sys/devices")).orElse(sysRoot.resolve("sys/devices"));
    List<List<String>> paths = new ArrayList<>();
    for (DeviceInfo d : disks) {
      Path p = Path.of(d.sysfsPath());
      if (!p.startsWith(devicesRoot)) {
        return new SharedParts(devices, List.of(), "no sysfs path for " + d.devicePath());
      }
      List<String> names = new ArrayList<>();
      for (Path part : devicesRoot.relativize(p)) {
        names.add(part.toString());
      }
      paths.add(names);
    }
    int common = commonPrefix(paths);
    List<Part> parts = new ArrayList<>();
    if (common == paths.getFirst().size() && allSameLength(paths)) {
      parts.add(
          new Part(
              "device",
              disks.getFirst().devicePath(),
              "the same device, " + disks.getFirst().devicePath() + deviceDetail(disks.getFirst()),
              disks.getFirst().linkCeilingMBps()));
    }
    Path dir = devicesRoot;
    List<Path> ancestors = new ArrayList<>();
    for (int k = 0; k < common; k++) {
      dir = dir.resolve(paths.getFirst().get(k));
      ancestors.add(dir);
    }
    for (int k = ancestors.size() - 1; k >= 0; k--) {
      Path a = ancestors.get(k);
      Part p = part(a, k == 0 ? null : ancestors.get(k - 1));
      if (p != null) {
        parts.add(p);
      }
    }
    return new SharedParts(devices, parts, null);
  }

  private static String deviceDetail(DeviceInfo d) {
    StringBuilder b = new StringBuilder();
    if (d.model() != null) {
      b.append(' ').append(d.model());
    }
    if (d.loopBackingFile() != null) {
      b.append(" (loop device over ").append(d.loopBackingFile()).append(')');
    }
    return b.toString();
  }

  private static int commonPrefix(List<List<String>> paths) {
    int k = 0;
    while (true) {
      String name = k < paths.getFirst().size() ? paths.getFirst().get(k) : null;
      for (List<String> p : paths) {
        if (name == null || k >= p.size() || !p.get(k).equals(name)) {
          return k;
        }
      }
      k++;
    }
  }

  private static boolean allSameLength(List<List<String>> paths) {
    return paths.stream().allMatch(p -> p.size() == paths.getFirst().size());
  }

  /**
   * The part a shared directory is, or null for one that limits nothing (a block dir, "virtual").
   */
  static Part part(Path dir, Path parent) {
    String name = Sysfs.name(dir);
    if (USB_DEVICE.matcher(name).matches()) {
      String product = describeUsb(dir);
      LinkInfo link = LinkInfo.usb(Sysfs.read(dir.resolve("speed")), null, null, null);
      String speed = link == null ? "" : ", " + speedWords(link);
      boolean hub = "09".equals(Sysfs.read(dir.resolve("bDeviceClass")));
      return new Part(
          hub ? "usb-hub" : "usb-device",
          name,
          (hub ? "USB hub " : "USB device ") + name + " (" + product + speed + ")",
          link == null ? null : link.ceilingMBps());
    }
    if (USB_BUS.matcher(name).matches()) {
      LinkInfo link = LinkInfo.usb(Sysfs.read(dir.resolve("speed")), null, null, null);
      String controller = parent == null ? "" : " of controller " + Sysfs.name(parent);
      return new Part(
          "usb-bus",
          name,
          "USB bus "
              + name.substring(3)
              + " (root hub"
              + (link == null ? "" : ", " + speedWords(link))
              + ")"
              + controller,
          link == null ? null : link.ceilingMBps());
    }
    if (SCSI_HOST.matcher(name).matches()) {
      return new Part("scsi-host", name, "SCSI host " + name, null);
    }
    if (ATA_PORT.matcher(name).matches()) {
      return new Part("ata-port", name, "ATA port " + name + " (a port multiplier)", null);
    }
    if (PCI_FUNCTION.matcher(name).matches()) {
      return pciPart(dir, name, parent);
    }
    return null; // pci root complex, "virtual", "platform", block folders: nothing that caps
  }

  private static Part pciPart(Path dir, String name, Path parent) {
    String cls = Sysfs.read(dir.resolve("class"));
    String ids = ids(dir);
    LinkInfo link =
        LinkInfo.pcie(
            Sysfs.read(dir.resolve("current_link_speed")),
            Sysfs.read(dir.resolve("current_link_width")),
            null,
            null);
    String linkText = link == null ? "" : ", " + link.description();
    Double ceiling = link == null ? null : link.ceilingMBps();
    if (cls != null && cls.startsWith("0x0604")) {
      boolean rootPort = parent == null || PCI_ROOT.matcher(Sysfs.name(parent)).matches();
      return new Part(
          rootPort ? "pcie-root-port" : "pcie-switch",
          name,
          (rootPort ? "PCIe root port " : "PCIe switch port ") + name + " (" + ids + linkText + ")",
          ceiling);
    }
    return new Part(
        "controller",
        name,
        controllerWord(cls) + " " + name + " (" + ids + linkText + ")",
        ceiling);
  }

  private static String controllerWord(String cls) {
    if (cls == null) {
      return "controller";
    }
    return switch (cls.length() >= 6 ? cls.substring(0, 6) : cls) {
      case "0x0106" -> "SATA controller";
      case "0x0107" -> "SAS controller";
      case "0x0108" -> "NVMe controller";
      case "0x0104" -> "RAID controller";
      case "0x0c03" -> "USB controller";
      case "0x0100" -> "SCSI controller";
      default -> "controller";
    };
  }

  private static String ids(Path dir) {
    String v = Sysfs.read(dir.resolve("vendor"));
    String d = Sysfs.read(dir.resolve("device"));
    if (v == null || d == null) {
      return "ids unknown";
    }
    return v.replace("0x", "") + ":" + d.replace("0x", "");
  }

  private static String describeUsb(Path dir) {
    String product = Sysfs.read(dir.resolve("product"));
    String maker = Sysfs.read(dir.resolve("manufacturer"));
    String v = Sysfs.read(dir.resolve("idVendor"));
    String p = Sysfs.read(dir.resolve("idProduct"));
    StringBuilder b = new StringBuilder();
    if (maker != null) {
      b.append(maker).append(' ');
    }
    b.append(product == null ? "product unknown" : product);
    if (v != null && p != null) {
      b.append(", ").append(v).append(':').append(p);
    }
    return b.toString();
  }

  private static String speedWords(LinkInfo usb) {
    String d = usb.description();
    int open = d.indexOf('(');
    int close = d.indexOf(')');
    return open >= 0 && close > open ? d.substring(open + 1, close) : d;
  }

  /** The closest shared part, or null. */
  public Part closest() {
    return parts.isEmpty() ? null : parts.getFirst();
  }

  /** One line for people: what they share, or that nothing was found. */
  public String describe() {
    if (unknown != null) {
      return "cannot tell what they share: " + unknown;
    }
    if (parts.isEmpty()) {
      return "nothing shared below the CPU's PCIe root complex, as sysfs shows it";
    }
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < parts.size(); i++) {
      b.append(i == 0 ? "" : ", on ").append(parts.get(i).description());
    }
    return b.toString();
  }

  /** As group.json and {@code info --json} carry it. */
  public Map<String, Object> toJsonMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("devices", devices);
    m.put("parts", parts.stream().map(Part::toJsonMap).toList());
    m.put("summary", describe());
    return m;
  }
}
