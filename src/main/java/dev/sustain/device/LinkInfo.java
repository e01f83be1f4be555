package dev.sustain.device;

import dev.sustain.unit.Units;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The link between the host and the drive, as negotiated now, with its practical ceiling: the
 * highest sequential rate a fast drive reaches through it in practice, so that a burst within about
 * 10% of it reads as "capped by the link", not as the drive's own speed. Immutable.
 *
 * <p>Ceilings, in MB/s (10^6 B/s): USB 2.0 40; USB 3.x 5 Gb/s 450; 10 Gb/s 1000; 20 Gb/s 2000 (the
 * rates that UAS enclosures reach after 8b/10b or 128b/132b coding and protocol overhead); PCIe 95%
 * of the lanes' coded rate (Gen3 x4 3742, Gen4 x4 7483: the fastest drives reach 94-95%); SATA 93%
 * of the coded rate (6.0 Gb/s: 558).
 *
 * @param kind {@code usb}, {@code pcie} or {@code sata}
 * @param description for people, e.g. {@code USB 3.2 Gen 2 (10 Gb/s), uas}, {@code PCIe Gen4 x4}
 * @param gbps the signalling rate in Gb/s (all lanes), or null
 * @param pcieGen the PCIe generation now, or null
 * @param lanes the PCIe lanes now, or null
 * @param maxPcieGen what the device could do on a better slot, or null
 * @param maxLanes likewise
 * @param usbVersion the device's bcdUSB, e.g. {@code 3.20}, or null
 * @param usbDriver {@code uas} or {@code usb-storage} (BOT, slower per command), or null
 * @param bridge the USB bridge, e.g. {@code JMicron JMS583 (152d:0583)}, or null
 * @param ceilingMBps the practical ceiling in MB/s, or null when not known
 */
public record LinkInfo(
    String kind,
    String description,
    Double gbps,
    Integer pcieGen,
    Integer lanes,
    Integer maxPcieGen,
    Integer maxLanes,
    String usbVersion,
    String usbDriver,
    String bridge,
    Double ceilingMBps) {

  /** A USB speed: the least Mb/s the {@code speed} file says for it, its name and its ceiling. */
  private record UsbSpeed(double minMbps, String name, double ceilingMBps) {}

  /** Fastest first: a link is the first whose least speed it reaches. */
  private static final List<UsbSpeed> USB_SPEEDS =
      List.of(
          new UsbSpeed(40000, "USB4 (40 Gb/s)", 3800),
          new UsbSpeed(20000, "USB 3.2 Gen 2x2 (20 Gb/s)", 2000),
          new UsbSpeed(10000, "USB 3.2 Gen 2 (10 Gb/s)", 1000),
          new UsbSpeed(5000, "USB 3.2 Gen 1 (5 Gb/s)", 450),
          new UsbSpeed(480, "USB 2.0 (480 Mb/s)", 40),
          new UsbSpeed(12, "USB 1.1 (12 Mb/s)", 1));

  /**
   * A USB link from the device's {@code speed} file (Mb/s: 480, 5000, 10000, 20000).
   *
   * @return null when the speed text is not a number
   */
  public static LinkInfo usb(String speedMbpsText, String version, String driver, String bridge) {
    double mbps;
    try {
      mbps = Double.parseDouble(speedMbpsText.trim());
    } catch (NumberFormatException | NullPointerException e) {
      return null;
    }
    String name = "USB (" + Units.plain(mbps, 2) + " Mb/s)";
    Double ceiling = null;
    for (UsbSpeed speed : USB_SPEEDS) {
      if (mbps >= speed.minMbps()) {
        name = speed.name();
        ceiling = speed.ceilingMBps();
        break;
      }
    }
    String desc = driver == null ? name : name + ", " + driver;
    return new LinkInfo(
        "usb", desc, mbps / 1000.0, null, null, null, null, version, driver, bridge, ceiling);
  }

  /**
   * A PCIe link from a function's {@code current_link_speed} ({@code 16.0 GT/s PCIe}) and {@code
   * current_link_width} files; the max values may be null.
   *
   * @return null when the speed or width is not understood (e.g. {@code Unknown})
   */
  public static LinkInfo pcie(
      String speedText, String widthText, String maxSpeedText, String maxWidthText) {
    Double gt = gigaTransfers(speedText);
    Integer lanes = intOrNull(widthText);
    if (gt == null || lanes == null || lanes <= 0) {
      return null;
    }
    Integer gen = pcieGen(gt);
    Double maxGt = gigaTransfers(maxSpeedText);
    Integer maxGen = maxGt == null ? null : pcieGen(maxGt);
    Integer maxLanes = intOrNull(maxWidthText);
    double ceiling = 0.95 * lanes * pcieLaneMBps(gt);
    String desc =
        (gen == null ? Units.plain(gt, 2) + " GT/s" : "PCIe Gen" + gen)
            + " x"
            + lanes
            + (maxGen != null && gen != null && maxGen > gen || maxLanes != null && maxLanes > lanes
                ? " (device can do "
                    + (maxGen == null ? "" : "Gen" + maxGen)
                    + (maxLanes == null ? "" : " x" + maxLanes)
                    + ")"
                : "");
    return new LinkInfo(
        "pcie",
        desc,
        gt * lanes,
        gen,
        lanes,
        maxGen,
        maxLanes,
        null,
        null,
        null,
        Math.rint(ceiling));
  }

  /**
   * A SATA link from libata's {@code sata_spd} ({@code 6.0 Gbps}) or smartctl's {@code 6.0 Gb/s}.
   *
   * @return null when not understood (e.g. {@code <unknown>})
   */
  public static LinkInfo sata(String spdText) {
    if (spdText == null) {
      return null;
    }
    String t = spdText.trim().replace("Gbps", "").replace("Gb/s", "").trim();
    double g;
    try {
      g = Double.parseDouble(t);
    } catch (NumberFormatException e) {
      return null;
    }
    if (g <= 0) {
      return null;
    }
    double coded = g * 1000 / 10; // 8b/10b: 10 bits on the wire per byte
    return new LinkInfo(
        "sata",
        "SATA " + Units.fixed(g, 1) + " Gb/s",
        g,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        Math.rint(0.93 * coded));
  }

  /**
   * This link with a slower one behind it, e.g. a SATA drive in a 10 Gb/s USB enclosure: the
   * description names both and the ceiling is the lower of the two, since that is what caps a
   * burst.
   */
  public LinkInfo behind(LinkInfo inner) {
    if (inner == null) {
      return this;
    }
    Double ceiling = ceilingMBps;
    if (inner.ceilingMBps() != null && (ceiling == null || inner.ceilingMBps() < ceiling)) {
      ceiling = inner.ceilingMBps();
    }
    return new LinkInfo(
        kind,
        description + "; the drive on " + inner.description() + " inside",
        gbps,
        pcieGen,
        lanes,
        maxPcieGen,
        maxLanes,
        usbVersion,
        usbDriver,
        bridge,
        ceiling);
  }

  /** The PCIe generation for a transfer rate in GT/s, or null for an unknown rate. */
  static Integer pcieGen(double gt) {
    if (gt == 2.5) {
      return 1;
    } else if (gt == 5) {
      return 2;
    } else if (gt == 8) {
      return 3;
    } else if (gt == 16) {
      return 4;
    } else if (gt == 32) {
      return 5;
    } else if (gt == 64) {
      return 6;
    }
    return null;
  }

  /** One lane's coded rate in MB/s: 8b/10b up to 5 GT/s, 128b/130b from 8, FLIT from 64. */
  static double pcieLaneMBps(double gt) {
    if (gt <= 5) {
      return gt * 1000 / 10;
    } else if (gt < 64) {
      return gt * 1000 / 8 * 128 / 130;
    }
    return gt * 1000 / 8 * 236 / 256;
  }

  private static Double gigaTransfers(String text) {
    if (text == null) {
      return null;
    }
    String t = text.trim();
    int i = t.indexOf("GT/s");
    if (i < 0) {
      return null;
    }
    try {
      return Double.parseDouble(t.substring(0, i).trim());
    } catch (NumberFormatException e) {
      return null;
    }
  }

  private static Integer intOrNull(String text) {
    if (text == null) {
      return null;
    }
    try {
      return Integer.parseInt(text.trim());
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** This link as a JSON object with snake_case keys; null fields are left out. */
  public Map<String, Object> toJsonMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("kind", kind);
    m.put("description", description);
    putIfNotNull(m, "gbps", gbps);
    putIfNotNull(m, "pcie_gen", pcieGen);
    putIfNotNull(m, "lanes", lanes);
    putIfNotNull(m, "max_pcie_gen", maxPcieGen);
    putIfNotNull(m, "max_lanes", maxLanes);
    putIfNotNull(m, "usb_version", usbVersion);
    putIfNotNull(m, "usb_driver", usbDriver);
    putIfNotNull(m, "bridge", bridge);
    m.put("ceiling_MBps", ceilingMBps);
    return m;
  }

  static void putIfNotNull(Map<String, Object> m, String key, Object value) {
    if (value != null) {
      m.put(key, value);
    }
  }
}
