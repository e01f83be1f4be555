package dev.sustain.device;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One whole block device: identity, geometry, TRIM, transport and link, temperature source,
 * pass-through for an erase, and what uses it. Sizes in bytes. Immutable; a snapshot taken when it
 * was resolved. Fields that the system did not tell are null, never guessed.
 *
 * @param name the kernel name, e.g. {@code nvme0n1}, {@code sdb}, {@code loop0}
 * @param devicePath e.g. {@code /dev/nvme0n1}
 * @param majMin e.g. {@code 259:0}
 * @param transport how it is attached
 * @param model the drive's model (the drive's own where a bridge passes IDENTIFY), or null
 * @param serial likewise
 * @param firmware likewise
 * @param vendor the SCSI vendor or virtio PCI vendor, or null
 * @param wwn the world-wide name, e.g. {@code eui.0025388b...}, {@code naa.5002538e...}, or null
 * @param sizeBytes the capacity in bytes
 * @param logicalBlockBytes the smallest addressable unit (512 or 4096)
 * @param physicalBlockBytes the unit the drive writes internally (often 4096)
 * @param rotational true for spinning disks (as the kernel believes; USB bridges often say true for
 *     SSDs)
 * @param removable the kernel's removable flag
 * @param readOnly the kernel's read-only flag
 * @param discard true when the kernel will send TRIM/UNMAP/deallocate (discard_max_bytes > 0)
 * @param discardMaxBytes the largest single discard, 0 without TRIM
 * @param discardGranularityBytes the discard unit, 0 without TRIM
 * @param link the host link and its practical ceiling, or null (virtual devices)
 * @param temperatureSource {@code hwmon:nvme Composite}, {@code hwmon:drivetemp}, {@code smartctl}
 *     or {@code none}
 * @param smartctlType the {@code -d} type smartctl used for this device, or null when it did not
 *     identify it; the smartctl temperature sensor uses it
 * @param passThrough what a sanitize or secure erase would need, and whether it can reach the drive
 * @param loopBackingFile a loop device's backing file, or null
 * @param identity the stable key for history
 * @param usage partitions, mounts, swaps, holders
 * @param sysfsPath the device's directory under /sys/devices, for sensors (e.g. hwmon lookup)
 */
public record DeviceInfo(
    String name,
    String devicePath,
    String majMin,
    Transport transport,
    String model,
    String serial,
    String firmware,
    String vendor,
    String wwn,
    long sizeBytes,
    int logicalBlockBytes,
    int physicalBlockBytes,
    boolean rotational,
    Integer rotationRateRpm,
    boolean removable,
    boolean readOnly,
    boolean discard,
    long discardMaxBytes,
    long discardGranularityBytes,
    LinkInfo link,
    String temperatureSource,
    String smartctlType,
    PassThrough passThrough,
    String loopBackingFile,
    DriveIdentity identity,
    BlockUsage usage,
    String sysfsPath) {

  /** The link's practical ceiling in MB/s (10^6 B/s), or null when there is no known link. */
  public Double linkCeilingMBps() {
    return link == null ? null : link.ceilingMBps();
  }

  /**
   * This device as the JSON object that {@code info --json} prints and run.json carries under
   * {@code target.device}: snake_case keys, stable order, nulls kept for facts not known (so a
   * reader can tell "unknown" from "absent"). Values are String, Number, Boolean, List or Map.
   */
  public Map<String, Object> toJsonMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("name", name);
    m.put("path", devicePath);
    m.put("maj_min", majMin);
    m.put("transport", transport.jsonName());
    m.put("model", model);
    m.put("serial", serial);
    m.put("firmware", firmware);
    m.put("vendor", vendor);
    m.put("wwn", wwn);
    m.put("size_bytes", sizeBytes);
    m.put("logical_block_bytes", logicalBlockBytes);
    m.put("physical_block_bytes", physicalBlockBytes);
    m.put("rotational", rotational);
    m.put("rotation_rate_rpm", rotationRateRpm);
    m.put("removable", removable);
    m.put("read_only", readOnly);
    m.put("discard", discard);
    m.put("discard_max_bytes", discardMaxBytes);
    m.put("discard_granularity_bytes", discardGranularityBytes);
    m.put("link", link == null ? null : link.toJsonMap());
    m.put("link_ceiling_MBps", linkCeilingMBps());
    m.put("temperature_source", temperatureSource);
    m.put("pass_through", passThrough.toJsonMap());
    m.put("loop_backing_file", loopBackingFile);
    Map<String, Object> id = new LinkedHashMap<>();
    id.put("kind", identity.kind());
    id.put("key", identity.key());
    m.put("identity", id);
    m.put("partitions", usage.partitions());
    m.put("mounts", usage.mounts().stream().map(BlockUsage.Mounted::toJsonMap).toList());
    m.put("swaps", usage.swaps());
    m.put("holders", usage.holders().stream().map(BlockUsage.Holder::toJsonMap).toList());
    m.put("holds_root", usage.holdsRoot());
    return m;
  }

  /** The short form of {@link #toJsonMap}: the fields docs/FORMATS.md lists for run.json. */
  public Map<String, Object> toShortJsonMap() {
    Map<String, Object> full = toJsonMap();
    Map<String, Object> m = new LinkedHashMap<>();
    for (String k :
        List.of("name", "model", "serial", "size_bytes", "rotational", "discard", "transport")) {
      m.put(k, full.get(k));
    }
    return m;
  }
}
